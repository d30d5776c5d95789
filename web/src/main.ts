// Browser entry: styles, then hydrate every prerendered widget on the page.
//
// The page loads this module with `async`, so it can run while the HTML is
// still being parsed: the WASM core starts compiling at once, and the widgets
// are hydrated as soon as the document is complete.
import 'katex/dist/katex.min.css';
import './styles/site.css';
import './styles/pages.css';
import './styles/embed.css';
import './styles/article-widgets.css';
import './styles/figures.css';
// Exercise styles load with the page (their code loads later, on demand):
// prerendered exercises must look final before any script runs.
import './exercises/exercises.css';
import './import/import.css';

import { addEmbedButton, embedInfo } from './embed/button';
import { startImports, wireImports } from './import';
import { installCheckHandler } from './runtime/checks';
import { installCopyHandler } from './runtime/copy';
import { installGlossaryKeys } from './runtime/glossary';
import { HashStore } from './runtime/hash-state';
import { loadEngine } from './runtime/loader';
import { forwardOldLink } from './runtime/old-links';
import { showProfileProblem, wireProfileForm } from './runtime/profile-ui';
import { siteWidgets } from './runtime/site-config';
import { idle } from './runtime/idle';
import { hydrateWidget } from './runtime/widget';
import { loadWidget } from './widgets/registry';

performance.mark('tally:main');
const { status, widgets: configs } = siteWidgets;
// Imported models (web/src/import) are restored before any widget asks the
// core; the engine every widget, table and exercise uses inlines their specs.
const imports = startImports(loadEngine(), location.hash);
const engine = imports.engine;

if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

if (forwardOldLink(document, location)) await new Promise(() => {}); // leaving for the widget's page

// Script-only affordances (copy buttons, true/false picks) are shown from here on.
document.documentElement.classList.add('js');
installCopyHandler(document);
installCheckHandler(document);
installGlossaryKeys(document);
showProfileProblem(document);
wireProfileForm(document, engine);

const store = new HashStore(window);
wireImports(document, imports, store);
const embed = embedInfo(document);
// Each widget hydrates as soon as its kind's code has loaded.
const hydrated = await Promise.all(
  [...document.querySelectorAll<HTMLElement>('[data-widget][data-instance]')].map(async (root) => {
    const instance = root.dataset.instance ?? '';
    const cfg = configs[instance];
    const def = cfg && (await loadWidget(cfg.kind));
    if (!cfg || !def) throw new Error(`unknown widget instance "${instance}"`);
    if (embed) addEmbedButton(root, instance, store, embed);
    return hydrateWidget(root, def, { instance, cfg }, engine, store, status);
  }),
);
// Exercises sit below the widgets: they take over once the widgets are live.
// Their code (and the exercise data) loads only on a page that has some.
const exercisesReady = Promise.all(hydrated.map((w) => w.ready)).then(async () => {
  if (!document.querySelector('[data-exercise], [data-exercise-progress]')) return;
  const { hydrateExercises } = await import('./exercises/hydrate');
  await hydrateExercises(engine, store);
});

// The WASM starts in its baseline tier; V8 optimizes functions only once they
// are hot. Running each widget's computation a few times in idle periods after
// hydration gets the reader's first edits onto optimized code (an edit should
// update the page within one frame). Small slices keep input responsive.
// About 120 widget computations in all: 40 rounds for a page of three
// widgets, fewer rounds on pages with many tables (each round is idle time).
const WARM_ROUNDS = Math.max(4, Math.ceil(120 / Math.max(1, hydrated.length)));
await Promise.all(hydrated.map((w) => w.ready));
for (let round = 0; round < WARM_ROUNDS; round++) {
  await idle();
  for (const w of hydrated) await w.warm();
}
performance.mark('tally:warm');
await exercisesReady;
