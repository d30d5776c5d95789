// Every edition's pages have zh-Hant's structure (issue 36): the same ids
// (every figure, table, example, exercise and section anchor), the same
// widgets in the same order, and links to the same places. The browser
// suite runs axe and the page sweeps on zh-Hant's pages in full
// (tests/browser/chapters.spec.ts); this holds the other editions to them,
// in the built HTML, so a page an edition leaves out, a widget it drops or an
// anchor it renames fails here.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { BUILT, builtPage, CHAPTERS, DEFAULT_LANG } from './site-pages.mjs';

const zhHant = BUILT.find((e) => e.lang === DEFAULT_LANG);

/** What an edition's copy of a page must share with zh-Hant's. */
function structure(document) {
  const all = (selector, read) => [...document.querySelectorAll(selector)].map(read);
  return {
    ids: all('[id]', (el) => el.id),
    widgets: all('[data-widget]', (el) => `${el.getAttribute('data-widget')} ${el.getAttribute('data-instance') ?? ''}`),
    // Links inside the site (each edition's language switch and offer name the others, so they are left out).
    links: all('a[href]', (el) => (el.closest('.lang-switch, [data-lang-offer]') ? null : el.getAttribute('href'))).filter((href) => href !== null && !/^[a-z]+:/.test(href)),
  };
}

for (const e of BUILT.filter((edition) => edition !== zhHant)) {
  for (const chapter of CHAPTERS) {
    test(`${chapter.id} ${e.lang}: every page has zh-Hant's ids, widgets and links`, () => {
      for (const file of chapter.pages) {
        const theirs = structure(builtPage(e, file));
        const ours = structure(builtPage(zhHant, file));
        assert.ok(ours.ids.length > 0, `${file}: no ids`);
        for (const key of Object.keys(ours)) assert.deepEqual(theirs[key], ours[key], `${e.dir}${file}: ${key}`);
      }
    });
  }
}
