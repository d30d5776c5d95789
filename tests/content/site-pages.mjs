// The built site as the Node page tests see it (issue 36): every published
// chapter of content/book.json with its pages (content/<chapter>/site.json
// "pages") and its widget configs in each edition's words, and each page of
// dist/ parsed into a DOM (linkedom), so a new chapter is tested without
// editing a test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parseHTML } from 'linkedom';

import { siteChapters } from '../../web/scripts/book-chapters.mjs';
import { DEFAULT_LANG, EDITIONS, transformJson } from '../../web/scripts/editions.mjs';
import { root } from '../wasm/engine.mjs';

export const dist = path.join(root, 'dist');
export { DEFAULT_LANG };

/** The editions this build wrote (dist/<dir>index.html exists), zh-Hant first. */
export const BUILT = EDITIONS.filter((e) => existsSync(path.join(dist, e.dir, 'index.html')));

/** Every published chapter: { id, content, pages: ["ch03.html", …] } in book order. */
export const CHAPTERS = siteChapters(root).map((c) => ({
  id: c.id,
  content: c.content,
  pages: JSON.parse(readFileSync(path.join(root, 'content', c.content, 'site.json'), 'utf8')).pages.map((p) => `${p}.html`),
}));

/** A chapter's widget config files (widgets.json, widgets/*.json), relative to the repository. */
function widgetFiles(chapter) {
  const dir = path.join(root, 'content', chapter.content);
  const own = existsSync(path.join(dir, 'widgets')) ? readdirSync(path.join(dir, 'widgets')).filter((f) => f.endsWith('.json')).sort() : [];
  return ['widgets.json', ...own.map((f) => `widgets/${f}`)].filter((f) => existsSync(path.join(dir, f))).map((f) => `content/${chapter.content}/${f}`);
}

/** Every widget configuration of a chapter in an edition's words, by instance. */
export function widgetsIn(chapter, lang) {
  const configs = widgetFiles(chapter).map((f) => transformJson(f, JSON.parse(readFileSync(path.join(root, f), 'utf8')), lang).widgets);
  return Object.assign({}, ...configs);
}

/** A built page (`file` under the edition's folder) as a document. */
export function builtPage(edition, file) {
  return parseHTML(readFileSync(path.join(dist, edition.dir, file), 'utf8')).document;
}

/** An element's text content with whitespace collapsed, as Playwright's toHaveText compares it. */
export const textOf = (element) => element.textContent.replace(/\s+/g, ' ').trim();

/** Which page of a chapter places each widget instance (its "```widget <instance>" blocks), by instance. */
export function placedInstances(chapter) {
  const out = {};
  for (const file of chapter.pages) {
    const source = path.join(root, 'content', chapter.content, file.replace(/\.html$/, '.md'));
    for (const m of readFileSync(source, 'utf8').matchAll(/^```widget\s+(\S+)/gm)) out[m[1]] ??= file;
  }
  return out;
}
