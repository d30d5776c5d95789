// Where a hit leads. Pagefind splits a page's hits by headings; a figure,
// table, worked example or exercise is a box with its own id (fig-2-14)
// whose title is a heading with "-title" appended. A hit inside such a box
// links to the box itself, so 2-3.html#fig-2-14 lands on the figure; so
// does a query whose words are all in a box's title.

import { esc } from '../runtime/html';
import type { PagefindAnchor, PagefindData, PagefindSubResult } from './pagefind';

/**
 * Pagefind tells where an anchor starts, not where its box ends: a box is
 * taken to end at the next heading or box of its own, and at most this many
 * words after the last element whose id carries its name (its controls,
 * caption, data table), so prose after a figure is not counted as the figure.
 */
const TAIL_WORDS = 80;

/**
 * Anchors that open a titled box: the box (a figure, a widget's section, an
 * exercise: fig-2-14) whose title (a figcaption or heading) is fig-2-14-title.
 */
function boxes(anchors: PagefindAnchor[]): PagefindAnchor[] {
  const titled = new Set(anchors.filter((a) => a.id.endsWith('-title')).map((a) => a.id.slice(0, -'-title'.length)));
  return anchors.filter((a) => !/^h\d$/.test(a.element) && titled.has(a.id));
}

/** Where a box's words end, as far as its anchors tell. */
function boxEnd(anchors: PagefindAnchor[], box: PagefindAnchor, boxIds: Set<string>): number {
  const own = (a: PagefindAnchor) => a.id === box.id || a.id.startsWith(`${box.id}-`);
  const next = anchors.find((b) => b.location > box.location && !own(b) && (/^h\d$/.test(b.element) || boxIds.has(b.id) || b.id.endsWith('-title')));
  const lastOwn = Math.max(...anchors.filter(own).map((a) => a.location));
  return Math.min(next?.location ?? Infinity, lastOwn + TAIL_WORDS);
}

/** The innermost titled box holding the word at `location` (anchors sorted by location). */
function boxAt(anchors: PagefindAnchor[], location: number): PagefindAnchor | undefined {
  const all = boxes(anchors);
  const ids = new Set(all.map((b) => b.id));
  return all.filter((b) => b.location <= location && location <= boxEnd(anchors, b, ids)).at(-1);
}

export interface Hit {
  title: string;
  url: string;
  excerpt: string;
}

/**
 * A hit's link from the page searched on: Pagefind gives paths from the site
 * root ("/2-3.html", "/zh-Hans/2-3.html"); a page in the searching page's
 * folder becomes its bare name ("2-3.html#fig-2-14"), any other keeps its
 * path. `folder` is the searching page's folder path ("/", "/zh-Hans/").
 */
export function pageHref(url: string, folder = '/'): string {
  if (!url.startsWith(folder)) return url;
  const clean = url.slice(folder.length);
  return clean === '' || clean.startsWith('#') ? `index.html${clean}` : clean;
}

/** The title of box `id` (its "-title" anchor's text). */
function titleOf(anchors: PagefindAnchor[], id: string): string | undefined {
  return anchors.find((a) => a.id === `${id}-title`)?.text;
}

/** The query's words, lower-cased (Chinese has no spaces: a Chinese query is one word). */
function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

/** `text` with each of `words` marked, as Pagefind marks its excerpts (escaped text, <mark> around a match). */
function marked(text: string, words: string[]): string {
  const lower = text.toLowerCase();
  const marks: Array<[number, number]> = [];
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) marks.push([at, at + word.length]);
  }
  marks.sort((a, b) => a[0] - b[0]);
  let out = '',
    from = 0;
  for (const [start, end] of marks) {
    if (start < from) continue; // overlapping words: the first mark stands
    out += `${esc(text.slice(from, start))}<mark>${esc(text.slice(start, end))}</mark>`;
    from = end;
  }
  return out + esc(text.slice(from));
}

/**
 * Boxes whose title holds every word of the query: a reader who types a
 * caption's words ("playout timeline") wants that figure, although Pagefind
 * counts the caption as part of its section, whose first match may be
 * prose before the figure.
 */
function titledHits(anchors: PagefindAnchor[], page: string, words: string[]): Hit[] {
  if (!words.length) return [];
  return boxes(anchors).flatMap((box) => {
    const title = titleOf(anchors, box.id) ?? '';
    const lower = title.toLowerCase();
    return words.every((w) => lower.includes(w)) ? [{ title, url: `${page}#${box.id}`, excerpt: marked(title, words) }] : [];
  });
}

/**
 * A page's hits: first each figure, table or exercise whose title holds the
 * query's words, then one per sub-result, leading to its box when its first
 * match is inside one. No link is listed twice.
 */
export function hitsOf(data: PagefindData, folder = '/', query = ''): Hit[] {
  const anchors = [...data.anchors].sort((a, b) => a.location - b.location);
  const page = pageHref(data.url, folder).split('#')[0]!;
  const subs: PagefindSubResult[] = data.sub_results.length
    ? data.sub_results
    : [{ title: data.meta.title ?? data.url, url: data.url, excerpt: data.excerpt, locations: data.locations }];
  const bySection = subs.map((sub) => {
    const first = Math.min(...sub.locations);
    const box = Number.isFinite(first) ? boxAt(anchors, first) : undefined;
    const url = box ? `${page}#${box.id}` : pageHref(sub.url, folder);
    const title = box ? (titleOf(anchors, box.id) ?? sub.title) : sub.title;
    return { title, url, excerpt: sub.excerpt };
  });
  const seen = new Set<string>();
  return [...titledHits(anchors, page, queryWords(query)), ...bySection].filter((hit) => !seen.has(hit.url) && seen.add(hit.url));
}
