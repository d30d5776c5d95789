// The page's code (called by web/src/main.ts once it has started the core):
// wire the page-wide affordances, hydrate every prerendered widget (those on
// screen first), then warm the core.
import { addEmbedButton, embedInfo } from './embed/button';
import { startImports, wireImports } from './import';
import { installCheckHandler } from './runtime/checks';
import type { SiteWidgets } from './runtime/config';
import { installCopyHandler } from './runtime/copy';
import type { Engine } from './runtime/engine';
import { installGlossaryKeys } from './runtime/glossary';
import { HashStore } from './runtime/hash-state';
import { idle } from './runtime/idle';
import { forwardOldLink } from './runtime/old-links';
import { showProfileProblem, wireProfileForm } from './runtime/profile-ui';
import { hydrateWidget, type HydratedWidget } from './runtime/widget';
import { widgetDef } from './widgets/registry';

/** On screen or within one screen of it (a deep link scrolls the page before this runs). */
function nearViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > -innerHeight && r.top < 2 * innerHeight;
}

/** Yield to the browser: what was hydrated so far gets painted and reported ready first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The parser has passed the element's end tag: something follows it. */
function parsed(el: Element): boolean {
  for (let n: Node | null = el; n && n !== document.body; n = n.parentNode) if (n.nextSibling) return true;
  return false;
}

/**
 * The page's first widget, once the parser has passed it; null if the page
 * finishes parsing first or has none. A long page is parsed in slices with
 * renders in between, so its DOMContentLoaded can come well after the core
 * is in; the widget at the top need not wait for the rest of the page.
 */
function firstWidgetParsed(): Promise<HTMLElement | null> {
  const find = () => {
    const root = document.querySelector<HTMLElement>('[data-widget][data-instance]');
    return root && parsed(root) ? root : null;
  };
  return new Promise((resolve) => {
    if (document.readyState !== 'loading') return resolve(null);
    const observer = new MutationObserver(() => {
      const root = find();
      if (root) done(root);
    });
    const done = (root: HTMLElement | null) => {
      observer.disconnect();
      document.removeEventListener('DOMContentLoaded', onLoaded);
      resolve(root);
    };
    const onLoaded = () => done(null);
    document.addEventListener('DOMContentLoaded', onLoaded);
    observer.observe(document, { childList: true, subtree: true });
    const root = find();
    if (root) done(root);
  });
}

/**
 * Hydrate the page. `core` is the engine load the boot module started;
 * `pageWidgets` this page's widget configs.
 */
export async function hydratePage(core: Promise<Engine>, pageWidgets: Promise<SiteWidgets>): Promise<void> {
  // Imported models (web/src/import) are restored before any widget asks the
  // core; the engine every widget, table and exercise uses inlines their specs.
  const imports = startImports(core, location.hash);
  const engine = imports.engine;
  const store = new HashStore(window);
  const embed = embedInfo(document);
  const hydrate = async (root: HTMLElement): Promise<HydratedWidget> => {
    const { status, widgets: configs } = await pageWidgets;
    const instance = root.dataset.instance ?? '';
    const cfg = configs[instance];
    const def = cfg && widgetDef(cfg.kind);
    if (!cfg || !def) throw new Error(`unknown widget instance "${instance}"`);
    if (embed) addEmbedButton(root, instance, store, embed);
    return hydrateWidget(root, def, { instance, cfg }, engine, store, status);
  };
  // The first widget is hydrated as soon as it is parsed, unless the page may
  // forward an old link (it is then decided once the page is parsed).
  const mayForward = Boolean(document.body?.dataset.oldLinks && location.hash);
  const first = mayForward ? Promise.resolve(null) : firstWidgetParsed().then(async (root) => (root ? { root, widget: await hydrate(root) } : null));

  if (document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  if (forwardOldLink(document, location)) return; // leaving for the widget's page

  // Script-only affordances (copy buttons, true/false picks) are shown from here on.
  document.documentElement.classList.add('js');
  installCopyHandler(document);
  installCheckHandler(document);
  installGlossaryKeys(document);
  showProfileProblem(document);
  wireProfileForm(document, engine);

  wireImports(document, imports, store);
  // The widgets the reader sees first become interactive first; the others
  // (25 on the longest page) follow in the next task.
  const early = await first;
  const roots = [...document.querySelectorAll<HTMLElement>('[data-widget][data-instance]')].filter((r) => r !== early?.root);
  const near = roots.filter(nearViewport);
  const hydrated = [...(early ? [early.widget] : []), ...(await Promise.all(near.map(hydrate)))];
  if (near.length) {
    // Until they are ready (or the core is in, or has failed: each widget
    // then says so), the main thread is theirs.
    await Promise.race([Promise.all(hydrated.map((w) => w.ready)), engine]).catch(() => undefined);
    await nextTask();
  }
  hydrated.push(...(await Promise.all(roots.filter((r) => !near.includes(r)).map(hydrate))));

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
