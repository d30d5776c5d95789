// The book's chapters (content/book.json). Every per-chapter directory, id
// pattern and ledger file pattern is read from here, so adding a chapter is
// content (its directory and one entry in book.json), not code.
import book from '../../../content/book.json';

export interface Chapter {
  /** "ch02": the name `tally reproduce` takes. */
  id: string;
  number: number;
  title: string;
  /** Directory under content/ holding the chapter's pages, widgets and exercises. */
  content: string;
  /** Element ids of the chapter's figures: "fig-2-" + a number. */
  figure_prefix: string;
  /** Numbers of the chapter's exercises, labs and 思考 boxes: "2-" + a number (the id adds its kind's prefix: lab-4-1). */
  exercise_prefix: string;
  /** Glob (under tests/ledger/) of the chapter's ledger of printed numbers. */
  ledger: string;
  /** The model set the chapter compares (content/model_sets.json); a chapter comparing no fixed set has none. */
  model_set?: string;
  /** A chapter still being wired: the ledger and `tally reproduce` see it, the site does not (yet). */
  draft?: boolean;
}

/**
 * A kind of self-checking question, as the book labels it: 練習 N-k, 實驗 N-k,
 * the 思考 boxes. Its id (the file name, the ```exercise block, the key in
 * saved progress) is `id_prefix` + the number; its element id is
 * `anchor_prefix` + the number. 練習 has no id prefix, so progress saved
 * before there were kinds ("2-7") is still found under the same key.
 */
export interface ExerciseKind {
  kind: string;
  id_prefix: string;
  anchor_prefix: string;
  /** The label the book prints before the number, in this edition's words. */
  label: string;
}

export const exerciseKinds: ExerciseKind[] = book.exercise_kinds;

/** An exercise id read: its kind and its number ("lab-4-1" → lab, "4-1"); null when it is not an id of the book's kinds. */
export function parseExerciseId(id: string): { kind: ExerciseKind; number: string } | null {
  // A prefixed kind first: the unprefixed one would otherwise claim every id.
  const byPrefix = [...exerciseKinds].sort((a, b) => b.id_prefix.length - a.id_prefix.length);
  for (const kind of byPrefix) {
    if (!id.startsWith(kind.id_prefix)) continue;
    const number = id.slice(kind.id_prefix.length);
    return /^\d+-\d+$/.test(number) ? { kind, number } : null;
  }
  return null;
}

/** The element id of an exercise (2-5 → exercise-2-5, lab-4-1 → lab-4-1); an unknown id keeps the 練習 form. */
export function exerciseAnchor(id: string): string {
  const parsed = parseExerciseId(id);
  return parsed ? `${parsed.kind.anchor_prefix}${parsed.number}` : `${exerciseKinds[0]!.anchor_prefix}${id}`;
}

/** "實驗 4-1": the book's label of an exercise id, in this edition's words (the id itself when it is not one). */
export function exerciseLabel(id: string): { kind: string; number: string } {
  const parsed = parseExerciseId(id);
  return parsed ? { kind: parsed.kind.label, number: parsed.number } : { kind: exerciseKinds[0]!.label, number: id };
}

/** Book order of exercise ids: chapter, then the kinds in book.json's order, then the number within. */
export function compareExerciseIds(a: string, b: string): number {
  const key = (id: string): number[] => {
    const p = parseExerciseId(id);
    if (!p) return [Number.MAX_SAFE_INTEGER, 0, 0];
    const [chapter, k] = p.number.split('-').map(Number) as [number, number];
    return [chapter, exerciseKinds.indexOf(p.kind), k];
  };
  const [x, y] = [key(a), key(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return a.localeCompare(b);
}

/** Every chapter book.json lists, drafts included. */
const bookChapters: Chapter[] = book.chapters;

/**
 * The chapters on the site: every chapter but a draft. Everything the site
 * builds or runs reads chapters through this one filter
 * (web/scripts/book-chapters.mjs applies the same rule to the build scripts).
 */
export const chapters: Chapter[] = bookChapters.filter((c) => c.draft !== true);

/** A chapter's landing page, its overview: named by its id (ch02.html), first in its site.json (web/scripts/build-site.mjs checks). */
export function landingPage(c: Pick<Chapter, 'id'>): string {
  return `${c.id}.html`;
}

/** Strings every widget shares (the "how" popover's); a file's or a widget's own text wins. */
export const widgetText: Record<string, string> = book.widget_text;

/** A figure's id (fig-2-18): figures are their own anchors (runtime/widget.ts). */
export function isFigureId(instance: string): boolean {
  return chapters.some((c) => instance.startsWith(c.figure_prefix) && /^\d+$/.test(instance.slice(c.figure_prefix.length)));
}

/**
 * The entries of a Vite glob over content/<dir>/… that belong to the book's
 * chapters, chapter by chapter in book order (a glob literal cannot name the
 * chapters: Vite needs it at build time, so it reads content/* and this keeps
 * the book's).
 */
export function chapterEntries<T>(files: Record<string, T>): [file: string, value: T, chapter: Chapter][] {
  return chapters.flatMap((chapter) =>
    Object.entries(files)
      .filter(([file]) => contentDirOf(file) === chapter.content)
      .map(([file, value]): [string, T, Chapter] => [file, value, chapter]),
  );
}

/** "../../../content/ch02/widgets/x.json" → "ch02". */
function contentDirOf(file: string): string | undefined {
  return /(?:^|\/)content\/([^/]+)\//.exec(file)?.[1];
}
