// Build step: the full-text search index (Pagefind, through its Node API),
// written to dist/pagefind/ after the pages. Pagefind reads each page's
// <html lang> (one index per language, so English pages get their own when
// they exist) and segments Chinese itself; it indexes what the prerendered
// pages hold inside data-pagefind-body (the chapter's article: prose,
// headings, figure and table captions, widget titles and their data tables,
// exercises, the glossary), less what is marked data-pagefind-ignore
// (the pager, the search and update chrome) and the controls below, whose
// option lists would make every page a hit for every model name.

import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as pagefind from 'pagefind';

import { writeSearchLabels } from './search-labels.mjs';

/**
 * Controls' own words (pickers list every model and GPU; buttons say "複製",
 * "嵌入", "怎麼算"), and KaTeX's second and third copies of each formula (its
 * drawn spans and the TeX source), leaving the MathML's text once.
 */
const EXCLUDE = ['select', 'option', 'button', 'datalist', 'template', '.katex-html', 'annotation'];

/** Pagefind's own UIs: search/index.ts is ours, so these would only weigh on the offline copy. */
const UNUSED = ['pagefind-ui.js', 'pagefind-ui.css', 'pagefind-modular-ui.js', 'pagefind-modular-ui.css', 'pagefind-component-ui.js', 'pagefind-component-ui.css', 'pagefind-highlight.js'];

/** Bytes under a folder (the Pagefind bundle). */
export async function sizeOf(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    total += entry.isDirectory() ? await sizeOf(file) : (await stat(file)).size;
  }
  return total;
}

/** Index the chapter pages (`pages`: file names in dist); returns the bundle's size in bytes. */
export async function buildSearchIndex(dist, pages) {
  const out = path.join(dist, 'pagefind');
  await rm(out, { recursive: true, force: true });
  const { index, errors } = await pagefind.createIndex({ excludeSelectors: EXCLUDE, keepIndexUrl: true });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    const glob = `{${pages.join(',')}}`;
    const added = await index.addDirectory({ path: dist, glob });
    if (added.errors.length) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
    if (added.page_count !== pages.length) throw new Error(`Pagefind indexed ${added.page_count} of ${pages.length} pages`);
    const written = await index.writeFiles({ outputPath: out });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
  await Promise.all(UNUSED.map((f) => rm(path.join(out, f), { force: true })));
  // The book's labels, beside each language's index (search-labels.mjs).
  await writeSearchLabels(dist, pages, out);
  return sizeOf(out);
}
