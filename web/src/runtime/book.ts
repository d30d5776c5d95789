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
  /** Ids of the chapter's exercises: "2-" + a number. */
  exercise_prefix: string;
  /** Glob (under tests/ledger/) of the chapter's ledger of printed numbers. */
  ledger: string;
  /** The model set the chapter compares (content/model_sets.json); a chapter comparing no fixed set has none. */
  model_set?: string;
  /** A chapter still being wired: the ledger and `tally reproduce` see it, the site does not (yet). */
  draft?: boolean;
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
