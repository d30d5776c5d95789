// Build step: the book's labels for search (issue 39, item 3). A reader who
// types a label as the book prints it ("練習 3-2", "例题 3-4", "Table
// 3.4.3-a") wants that box first; Pagefind ranks by words, and "3-2" is in
// every chapter-2 section. So the build lists every labelled box of the
// built pages — a figure, table, worked example or exercise whose title
// (a "-title" element, or a heading of its own) starts with a label — with
// its link, and the search dialog puts the boxes whose label the query is
// at the top (web/src/search/labels.ts).
//
// One file per edition (pagefind/labels.<lang>.json, beside the index the
// page's <html lang> picks), and each box carries the labels the other
// editions print for it too: a zh-Hans reader who types 練習 3-2 (or an
// English one who types 圖 3-7) still lands on it. The words of a label are
// the pages' own; none is written here.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A title that starts with a label: a word or two (圖, 例題, Table, Worked
 * Example) then a number (3-7, 3.4.3-a, 2-E).
 */
const LABEL = /^((?:\p{L}+ )?\p{L}{1,12}\.?) ?(\d+(?:[.\-–]\w+)+)/u;

const text = (markup) =>
  markup
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** Labelled boxes of one page's HTML: { id, labels, title } in page order. */
export function labelledBoxes(html) {
  const out = [];
  const seen = new Set();
  // Only the article: the contents and the pager repeat no box.
  const body = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? html;
  // A heading with an id, or a box's title (id "<box>-title": a figcaption, an exercise's heading).
  for (const m of body.matchAll(/<(h[2-6]|figcaption|p|div|span)\b[^>]*\sid="([^"]+)"[^>]*>([\s\S]*?)<\/\1>/g)) {
    const titleOfBox = m[2].endsWith('-title');
    if (!titleOfBox && !/^h\d$/.test(m[1])) continue;
    const title = text(m[3]);
    const label = LABEL.exec(title);
    if (!label || /^[A-Za-z]$/.test(label[1])) continue; // "V4.1 …" names a model, not a box
    const id = titleOfBox ? m[2].slice(0, -'-title'.length) : m[2];
    if (seen.has(id)) continue;
    seen.add(id);
    // "Worked Example 2-1" is also "Example 2-1", as the book prints it too.
    const words = label[1].split(' ');
    const labels = [`${label[1]} ${label[2]}`, ...(words.length > 1 ? [`${words.at(-1)} ${label[2]}`] : [])];
    out.push({ id, labels, title });
  }
  return out;
}

/** The edition folder of a page path ("zh-Hans/3-1.html" → "zh-Hans/", "3-1.html" → ""). */
const folderOf = (page) => (page.includes('/') ? page.slice(0, page.lastIndexOf('/') + 1) : '');

/**
 * Writes pagefind/labels.<lang>.json for each edition of `pages` (paths under
 * dist, in reading order): [{ href, page, title, labels }], href relative to
 * the edition's folder, labels every edition's printing of it.
 */
export async function writeSearchLabels(dist, pages, outDir) {
  const editions = new Map(); // folder → { lang, boxes: [{ href, page, title, label }] }
  for (const page of pages) {
    const html = await readFile(path.join(dist, page), 'utf8');
    const lang = /<html\b[^>]*\slang="([^"]+)"/.exec(html)?.[1];
    if (!lang) throw new Error(`search labels: ${page} has no <html lang>`);
    const pageTitle = text(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? page);
    const folder = folderOf(page);
    const edition = editions.get(folder) ?? { lang, boxes: [] };
    editions.set(folder, edition);
    const file = page.slice(folder.length);
    for (const box of labelledBoxes(html)) edition.boxes.push({ href: `${file}#${box.id}`, page: pageTitle, title: box.title, labels: box.labels });
  }
  // Every edition's label of each box (same page name and id in every folder).
  const labelsOf = new Map();
  for (const { boxes } of editions.values()) {
    for (const box of boxes) labelsOf.set(box.href, [...new Set([...(labelsOf.get(box.href) ?? []), ...box.labels])]);
  }
  const written = [];
  for (const { lang, boxes } of editions.values()) {
    const list = boxes.map(({ href, page, title }) => ({ href, page, title, labels: labelsOf.get(href) }));
    const file = path.join(outDir, `labels.${lang}.json`);
    await writeFile(file, JSON.stringify(list));
    written.push({ lang, boxes: list.length });
  }
  return written;
}
