// Every page's contents list and pager in the built HTML, every chapter and
// edition (issue 36: these were checked page by page in Chromium; they are
// in the HTML as shipped, so Node reads them): the chapter's contents list
// every page in reading order with the current one marked, previous / next
// link the neighbours, every page links to the book's contents, each link
// leads to a built page, and the page loads its chapter's core.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { root } from '../wasm/engine.mjs';
import { BUILT, builtPage, CHAPTERS, dist } from './site-pages.mjs';

const book = JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8'));
/** The core a chapter's pages load (book.json "core"; the book's one core when a chapter names none). */
const coreOf = (id) => book.chapters.find((c) => c.id === id)?.core ?? 'tally_web';

for (const chapter of CHAPTERS) {
  for (const e of BUILT) {
    test(`${chapter.id} ${e.lang}: every page lists the chapter's pages, links its neighbours and the book's contents, and loads the chapter's core`, () => {
      const pages = chapter.pages;
      for (const [index, file] of pages.entries()) {
        const where = `${e.dir}${file}`;
        const doc = builtPage(e, file);
        assert.equal(doc.querySelectorAll('h1').length, 1, `${where}: one h1`);
        const toc = [...doc.querySelectorAll('nav.toc .site-toc > li > a')].map((a) => a.getAttribute('href'));
        assert.deepEqual(toc, pages, `${where}: contents`);
        assert.equal(doc.querySelector('nav.toc [aria-current="page"]')?.getAttribute('href'), file, `${where}: current page`);
        const prev = [...doc.querySelectorAll('.pager a[rel="prev"]')].map((a) => a.getAttribute('href'));
        const next = [...doc.querySelectorAll('.pager a[rel="next"]')].map((a) => a.getAttribute('href'));
        assert.deepEqual(prev, index > 0 ? [pages[index - 1]] : [], `${where}: previous`);
        assert.deepEqual(next, index < pages.length - 1 ? [pages[index + 1]] : [], `${where}: next`);
        assert.ok(doc.querySelector('a[href="contents.html"]'), `${where}: a link to the book's contents`);
        for (const href of [...toc, ...prev, ...next, 'contents.html']) assert.ok(existsSync(path.join(dist, e.dir, href)), `${where}: ${href} is built`);
        const wasm = doc.querySelector('link[data-tally="wasm"]')?.getAttribute('href') ?? '';
        assert.match(wasm, new RegExp(`(^|/)${coreOf(chapter.id)}\\.[0-9a-f]+\\.wasm$`), `${where}: the chapter's core`);
      }
    });
  }
}
