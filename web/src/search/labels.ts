// The book's labels in search (issue 39, item 3): a query that is a label
// as the book prints it ("練習 3-2", "练习3-2", "表 3.4.3-a", "Table
// 3.4.3-a") lists that box first. The build lists every labelled box
// (web/scripts/search-labels.mjs: pagefind/labels.<lang>.json, each box with
// every edition's label for it); this matches the query against them.

import type { Hit } from './anchors';

export interface LabelledBox {
  /** The box on its page, from the edition's folder: "3-1.html#exercise-3-2". */
  href: string;
  /** The page's title. */
  page: string;
  /** The box's title as this edition prints it ("練習 3-2〔核心〕：…"). */
  title: string;
  /** Its label in every edition ("練習 3-2", "练习 3-2", "Exercise 3-2"). */
  labels: string[];
}

/** Case, spaces and the dash a reader types do not matter: "練習3-2", "exercise 3–2". */
export const labelKey = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '')
    .replace(/[‐‑‒–—−]/g, '-');

let boxes: Promise<LabelledBox[]> | undefined;

/** The edition's labelled boxes (fetched once, with the index). */
export function loadLabels(url: string): Promise<LabelledBox[]> {
  boxes ??= fetch(new URL(url, document.baseURI)).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${url}`);
    return r.json() as Promise<LabelledBox[]>;
  });
  boxes.catch(() => (boxes = undefined));
  return boxes;
}

/** The boxes whose label is the query, as hits (a box on two pages, a chapter's and the figures overview: both, in reading order). */
export function labelHits(all: LabelledBox[], query: string): Array<Hit & { page: string }> {
  const q = labelKey(query);
  if (!/\d/.test(q)) return [];
  return all
    .filter((box) => box.labels.some((label) => labelKey(label) === q))
    .map((box) => ({ title: box.title, url: box.href, page: box.page, excerpt: '' }));
}
