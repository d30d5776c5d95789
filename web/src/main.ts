// Browser entry: styles, then hydrate every prerendered widget on the page.
//
// The page loads this module with `async`, so it can run while the HTML is
// still being parsed: the WASM core starts compiling at once, and the widgets
// are hydrated as soon as the document is complete.
import 'katex/dist/katex.min.css';
import './styles/site.css';
import './styles/figures.css';

import { HashStore } from './runtime/hash-state';
import { loadEngine } from './runtime/loader';
import { siteWidgets } from './runtime/site-config';
import { idle } from './runtime/idle';
import { hydrateWidget } from './runtime/widget';
import { widgets } from './widgets/registry';

performance.mark('tally:main');
const { status, widgets: configs } = siteWidgets;
const engine = loadEngine();

if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

const store = new HashStore(window);
const hydrated = [...document.querySelectorAll<HTMLElement>('[data-widget][data-instance]')].map((root) => {
  const instance = root.dataset.instance ?? '';
  const cfg = configs[instance];
  const def = cfg && widgets[cfg.kind];
  if (!cfg || !def) throw new Error(`unknown widget instance "${instance}"`);
  return hydrateWidget(root, def, { instance, cfg }, engine, store, status);
});

// The WASM starts in its baseline tier; V8 optimizes functions only once they
// are hot. Running each widget's computation a few times in idle periods after
// hydration gets the reader's first edits onto optimized code (an edit should
// update the page within one frame). Small slices keep input responsive.
const WARM_ROUNDS = 40;
await Promise.all(hydrated.map((w) => w.ready));
for (let round = 0; round < WARM_ROUNDS; round++) {
  await idle();
  for (const w of hydrated) await w.warm();
}
performance.mark('tally:warm');
