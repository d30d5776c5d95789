// The page's code (called by web/src/main.ts once it has started the core):
// wire the page-wide affordances, hydrate every prerendered widget (those on
// screen first), then warm the core.
import { addEmbedButton, embedInfo } from './embed/button';
import { startImports, wireImports } from './import';
import { installCheckHandler } from './runtime/checks';
import type { SiteWidgets } from './runtime/config';
import { installCopyHandler } from './runtime/copy';
import { installStateLinks } from './runtime/state-link';
import type { Engine } from './runtime/engine';
import { installGlossaryKeys } from './runtime/glossary';
import { HashStore } from './runtime/hash-state';
import { idle } from './runtime/idle';
import { wakeLazily } from './runtime/wake';
import { installPageChrome } from './runtime/page-chrome';
import { forwardOldLink } from './runtime/old-links';
import { wireProfileChip } from './runtime/profile-chip';
import { showProfileProblem, wireProfileForm } from './runtime/profile-ui';
import { hydrateWidget, type HydratedWidget } from './runtime/widget';
import { widgetDef } from './widgets/registry';
import { openPreferredEdition } from './i18n/first-visit';

/** On screen or within one screen of it (a deep link scrolls the page before this runs). */
function nearViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > -innerHeight && r.top < 2 * innerHeight;
}

/** Yield to the browser: what was hydrated so far gets painted and reported ready first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrate the page. `core` is the engine load the boot module started;
 * `pageWidgets` this page's widget configs.
 */
export async function hydratePage(core: Promise<Engine>, pageWidgets: Promise<SiteWidgets>): Promise<void> {
  // Imported models (web/src/import) are restored before any widget asks the
  // core; the engine every widget, table and exercise uses inlines their specs.
  // A first visit to the root opens the reader's edition (before anything else starts).
  if (openPreferredEdition(document)) return;
  const imports = startImports(core, location.hash);
  const engine = imports.engine;

  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  if (forwardOldLink(document, location)) return; // leaving for the widget's page

  // Script-only affordances (copy buttons, true/false picks) are shown from here on.
  document.documentElement.classList.add('js');
  installPageChrome(document);
  // Before the widgets near the screen are picked: a state link's widget is among them.
  installStateLinks(document);
  installCopyHandler(document);
  installCheckHandler(document);
  installGlossaryKeys(document);
  showProfileProblem(document);
  wireProfileForm(document, engine);
  wireProfileChip(document, engine);

  const store = new HashStore(window);
  wireImports(document, imports, store);
  const embed = embedInfo(document);
  const { status, widgets: configs } = await pageWidgets;
  const hydrate = async (root: HTMLElement): Promise<HydratedWidget> => {
    const instance = root.dataset.instance ?? '';
    const cfg = configs[instance];
    const def = cfg && widgetDef(cfg.kind);
    if (!cfg || !def) throw new Error(`unknown widget instance "${instance}"`);
    if (embed) addEmbedButton(root, instance, store, embed);
    return hydrateWidget(root, def, { instance, cfg }, engine, store, status);
  };
  // The widgets the reader sees first become interactive first; the others
  // (25 on the longest page) wake as they near the screen, or in idle time.
  const roots = [...document.querySelectorAll<HTMLElement>('[data-widget][data-instance]')];
  const near = roots.filter(nearViewport);
  const hydrated = await Promise.all(near.map(hydrate));
  if (near.length) {
    // Until they are ready (or the core is in, or has failed: each widget
    // then says so), the main thread is theirs.
    await Promise.race([Promise.all(hydrated.map((w) => w.ready)), engine]).catch(() => undefined);
    await nextTask();
  }
  hydrated.push(
    ...(await wakeLazily(
      roots.filter((r) => !near.includes(r)),
      hydrate,
    )),
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
}
