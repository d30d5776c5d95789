// What the page tests know about the chapter: read from content/, so a new
// page or table is tested without editing the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// @ts-expect-error: a plain ES module of the site build (no types)
import { siteChapters } from '../../web/scripts/book-chapters.mjs';

const contentOf = (chapter: string) => path.resolve(import.meta.dirname, '../../content', chapter);
const content = contentOf('ch02');
const json = (file: string, dir = content) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

/** A chapter's page files in reading order (content/<chapter>/site.json "pages"), as served paths. */
export function sitePages(chapter: string): string[] {
  return (json('site.json', contentOf(chapter)).pages as string[]).map((p) => `${p}.html`);
}

export interface Chapter {
  id: string;
  /** Its folder under content/. */
  content: string;
  /** Its page files in reading order, the landing page first. */
  pages: string[];
}

/** Every published chapter of content/book.json, in book order (a draft chapter is not on the site). */
export const CHAPTERS: Chapter[] = (siteChapters(path.resolve(import.meta.dirname, '../..')) as Array<{ id: string; content: string }>).map((c) => ({
  id: c.id,
  content: c.content,
  pages: sitePages(c.content),
}));

/** Chapter 2's pages. */
export const PAGES: string[] = sitePages('ch02');

/** A chapter's widget config files (widgets.json, widgets/*.json), relative to the repository. */
export function widgetFiles(chapter: string): string[] {
  const dir = contentOf(chapter);
  const files = [
    'widgets.json',
    ...readdirSync(path.join(dir, 'widgets'))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => `widgets/${f}`),
  ];
  return files.filter((f) => existsSync(path.join(dir, f))).map((f) => `content/${chapter}/${f}`);
}

type Fields = Record<string, unknown>;
export interface ControlCfg {
  key: string;
  field: string;
  kind: 'integer' | 'select';
  label: string;
  default: string;
  options?: string;
  /** A select's own list (chapter 3), instead of a catalog named by "options". */
  choices?: Array<{ value: string }>;
  profile?: string;
}
export interface WidgetCfg {
  kind: string;
  title: string;
  fixed: Fields;
  controls: ControlCfg[];
  table?: {
    corner: string;
    fields?: Fields;
    /** A row's path, when given, replaces its columns' (Table 2-D: one row per stage). */
    rows?: Array<{ label: string; fields?: Fields; path?: string }>;
    list?: { op: string; fields?: Fields; path: string; label: string };
    columns: Array<{ header: string; op?: string; fields?: Fields; path?: string }>;
  };
  steps?: Array<{ text: string; op: string; fields?: Fields; path: string }>;
  fields?: Fields;
  check?: { answer: string; right: string; wrong: string };
}

/** Every widget configuration of a chapter (content/<chapter>/widgets.json and widgets/*.json), by instance. */
export function chapterWidgets(chapter: string): Record<string, WidgetCfg> {
  return Object.assign({}, ...widgetFiles(chapter).map((f) => json(f, path.resolve(import.meta.dirname, '../..')).widgets));
}

/** Every widget configuration of chapter 2, by instance. */
export const WIDGETS: Record<string, WidgetCfg> = chapterWidgets('ch02');

/** The gallery repeats every figure; the chapter's own pages are the others. */
export const GALLERY = 'figures.html';
export const CHAPTER_PAGES: string[] = PAGES.filter((p) => p !== GALLERY);

/**
 * Which page of a chapter holds each widget instance (from the ```widget …```
 * blocks), the chapter's gallery of figures left out (it repeats them).
 */
export function pageOfInstance(chapter = 'ch02'): Record<string, string> {
  const dir = contentOf(chapter);
  const pages = sitePages(chapter).filter((p) => !p.endsWith('figures.html'));
  const out: Record<string, string> = {};
  for (const page of pages) {
    const src = readFileSync(path.join(dir, page.replace(/\.html$/, '.md')), 'utf8');
    for (const m of src.matchAll(/^```widget\s+(\S+)/gm)) out[m[1]!] = page;
  }
  return out;
}

/**
 * The chapter's exercises, labs and think boxes in reading order, each with
 * the page that places it (```exercise lab-4-5 blocks; the progress table aside).
 */
export function placedExercises(chapter: string): Array<{ id: string; page: string }> {
  const dir = contentOf(chapter);
  return sitePages(chapter).flatMap((page) =>
    [...readFileSync(path.join(dir, page.replace(/\.html$/, '.md')), 'utf8').matchAll(/^```exercise[ \t]+(\S+)[ \t\r]*$/gm)]
      .map((m) => m[1]!)
      .filter((id) => id !== 'progress')
      .map((id) => ({ id, page })),
  );
}

/** The anchors the chapter must have: every figure, table, example and exercise. */
export const ANCHORS: string[] = [
  ...Array.from({ length: 36 }, (_, i) => `fig-2-${i + 1}`),
  ...['1', '2', '3', '4', '5', '6', 'A', 'B', 'C', 'D', 'E'].map((t) => `tab-2-${t}`),
  ...Array.from({ length: 4 }, (_, i) => `example-2-${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `exercise-2-${i + 1}`),
];

// The request rules and display rules, one copy with the Node tests' (tests/content/shown-values.mjs).
export { asInteger, at, cellRequest, shown } from '../content/shown-values.mjs';
