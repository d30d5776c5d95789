// The prerendered pages in dist/ (issue 36): every data widget of every page
// of every chapter and edition already shows the core's values at the book's
// defaults before any script runs, as tests/content/shown-values.mjs
// recomputes them from the widget's config and the Node core asked in the
// edition's language. (The browser then checks, once per widget kind and
// chapter, that a control's change reaches the core: tests/browser/chapters.spec.ts.)
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadEngine } from '../wasm/engine.mjs';
import { DATA_KINDS, defaults, shownTexts } from './shown-values.mjs';
import { BUILT, builtPage, CHAPTERS, placedInstances, textOf, widgetsIn } from './site-pages.mjs';

const engine = await loadEngine();

/** The core's result for a request in `lang`; a refusal fails the test, naming the request. */
const answerIn = (lang) => (request) => {
  const response = JSON.parse(engine.evaluate(JSON.stringify({ ...request, lang })));
  assert.ok(response.ok, `${JSON.stringify(request)}: ${JSON.stringify(response.error)}`);
  return response.result;
};

test('the site was built with every published chapter, in zh-Hant at least', () => {
  assert.ok(BUILT.some((e) => e.lang === 'zh-Hant'), 'dist/index.html is missing: run `npm run build` first');
  assert.ok(CHAPTERS.length >= 2);
});

for (const chapter of CHAPTERS) {
  for (const edition of BUILT) {
    test(`${chapter.id} ${edition.lang}: every data widget's prerendered values are the core's at the book's defaults`, () => {
      const widgets = widgetsIn(chapter, edition.lang);
      const answer = answerIn(edition.lang);
      const checked = new Set();
      for (const file of chapter.pages) {
        for (const root of builtPage(edition, file).querySelectorAll('[data-widget][data-instance]')) {
          const instance = root.getAttribute('data-instance');
          const cfg = widgets[instance];
          assert.ok(cfg, `${edition.dir}${file}: widget ${instance} has no config`);
          assert.equal(root.getAttribute('data-widget'), cfg.kind, `${edition.dir}${file}: ${instance}'s kind`);
          if (!DATA_KINDS.has(cfg.kind)) continue;
          for (const { testid, within, label, text } of shownTexts(answer, cfg, instance, defaults(cfg))) {
            const found = root.querySelectorAll(`[data-testid="${testid}"]`);
            assert.equal(found.length, 1, `${edition.dir}${file}: ${label}: one element with data-testid ${testid}`);
            const element = within ? found[0].querySelector(within) : found[0];
            assert.ok(element, `${edition.dir}${file}: ${label}: ${within} inside ${testid}`);
            assert.equal(textOf(element), text, `${edition.dir}${file}: ${label}`);
            checked.add(instance);
          }
        }
      }
      // Every data widget a page places was found there and checked.
      const placed = Object.keys(placedInstances(chapter)).filter((instance) => DATA_KINDS.has(widgets[instance]?.kind));
      assert.ok(placed.length > 0, `${chapter.id}: no data widget placed`);
      assert.deepEqual(placed.filter((instance) => !checked.has(instance)), [], `${chapter.id} ${edition.lang}: placed but not prerendered`);
    });
  }
}
