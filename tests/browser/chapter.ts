// What the page tests know about the chapter: read from content/, so a new
// page or table is tested without editing the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const contentOf = (chapter: string) => path.resolve(import.meta.dirname, '../../content', chapter);
const content = contentOf('ch02');
const json = (file: string, dir = content) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

/** A chapter's page files in reading order (content/<chapter>/site.json "pages"), as served paths. */
export function sitePages(chapter: string): string[] {
  return (json('site.json', contentOf(chapter)).pages as string[]).map((p) => `${p}.html`);
}

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

/** The anchors the chapter must have: every figure, table, example and exercise. */
export const ANCHORS: string[] = [
  ...Array.from({ length: 36 }, (_, i) => `fig-2-${i + 1}`),
  ...['1', '2', '3', '4', '5', '6', 'A', 'B', 'C', 'D', 'E'].map((t) => `tab-2-${t}`),
  ...Array.from({ length: 4 }, (_, i) => `example-2-${i + 1}`),
  ...Array.from({ length: 9 }, (_, i) => `exercise-2-${i + 1}`),
];

/**
 * The request a cell sends, following the documented rule in
 * web/src/runtime/cells.ts: widget fields, then row, then cell; "$X" is the
 * control with field "$X". Written out here again so the test does not
 * trust the page's own merge.
 */
export function cellRequest(op: string, values: Record<string, string>, ...layers: Array<Fields | undefined>): Fields {
  const req: Fields = { op };
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) {
      req[k] = typeof v === 'string' && v.startsWith('$') ? asInteger(values[v]!) : v;
    }
  }
  return req;
}

/** A control's value as the page sends it: digits as a number, anything else as typed. */
export function asInteger(raw: string): unknown {
  return /^\d+$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
}

/** Follow "a.b[2].c[id=x]" in a JSON value. */
export function at(value: unknown, p: string): unknown {
  let cur: unknown = value;
  for (const m of p.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([\w-]+)=([^\]]+)\]/g)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (m[1] !== undefined) cur = (cur as Record<string, unknown>)[m[1]];
    else if (m[2] !== undefined) cur = (cur as unknown[])[Number(m[2])];
    else cur = (cur as Array<Record<string, unknown>>).find((e) => String(e[m[3]!]) === m[4]);
  }
  return cur;
}

/** Display of a value as the page shows it: strings verbatim, integers grouped. */
export function shown(v: unknown): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return BigInt(v).toLocaleString('en-US');
  return String(v);
}
