// The generic widget: one definition per widget kind (compute → view →
// markup), rendered to HTML at build time and hydrated in the browser.

import { groupWrittenDigits } from './format';
import { notationHtml } from '../figures/notation';
import { Bindings, SHAPE, type View } from './bind';
import type { WidgetConfig } from './config';
import { isFigureId } from './book';
import {
  controlId,
  defaultState,
  differsFromBook,
  errorId,
  paramsFromState,
  readerDefaults,
  readerMessage,
  renderControls,
  requestFields,
  stateFromParams,
  wireSteppers,
  type RawState,
} from './controls';
import { EngineError, type Catalog, type Engine, type Fields } from './engine';
import type { StateStore } from './state-store';
import { attrs, esc } from './html';
import { howText, wireHow } from './how';
import { provideView } from './views';
import { whenIdle } from './idle';
import { loadProfile, onProfileChange } from './profile';
import { liveFigure } from '../figures/live';
import { FrameCoalescer } from './coalesce';

/** Strings of the "differs from the book" marker (content/ch02/widgets.json "status"). */
export interface BookText {
  differs?: string;
  reset?: string;
}

/**
 * The status line's other strings (content/ch02/widgets.json "status"):
 * `loading` follows the prerendered text while scripts run, `no_script`
 * replaces it where scripting is off (styles/no-script.css picks one with
 * the `scripting` media feature, so neither flashes), and `fixed` is the
 * whole line of a widget with no fields, which has nothing to recompute.
 */
export interface StatusText extends BookText {
  loading?: string;
  no_script?: string;
  fixed?: string;
}

/** A widget without controls (a diagram, a fixed table) only shows the core's numbers. */
const isFixed = (cfg: WidgetConfig): boolean => cfg.controls.length === 0;

/** A kind's own status line, escaped, if it has one for this instance. */
function ownStatus<T>(def: WidgetDef<T>, ctx: WidgetContext): string | undefined {
  const own = def.status?.(ctx);
  return own === undefined ? undefined : esc(own);
}

function prerenderedStatus(cfg: WidgetConfig, status: string, text: StatusText): string {
  if (isFixed(cfg) && text.fixed) return esc(text.fixed);
  const part = (cls: string, s: string | undefined) => (s ? `<span class="${cls}">${esc(s)}</span>` : '');
  return esc(status) + part('tally-status-loading', text.loading) + part('tally-status-noscript', text.no_script);
}

export interface WidgetContext {
  instance: string;
  cfg: WidgetConfig;
}

/**
 * Element id of a widget. A figure (fig-2-18) is its own anchor, so the
 * deep link the chapter promises lands on it; tables and examples are
 * anchored by their headings, so every other widget gets a "w-" prefix and
 * never collides with a heading id.
 */
export function widgetElementId(instance: string): string {
  return isFigureId(instance) ? instance : `w-${instance}`;
}

export interface WidgetDef<D> {
  /** Ask the core. Rejects with EngineError when it refuses the input. */
  compute(engine: Engine, fields: Fields, ctx: WidgetContext): Promise<D>;
  /** Core result → strings to display (core displays, digit-grouped integers, SVG coordinates). */
  view(data: D, ctx: WidgetContext): View;
  /** Inner HTML of the output region for a view (build time, or when the structure changes). */
  renderOutput(view: View, ctx: WidgetContext): string;
  /**
   * Optional browser-only behaviour after hydration (an animation, tabs).
   * Listen on `root` (the output region may be re-rendered); show core
   * results through `host.show`, never by computing figures here.
   */
  mount?(root: HTMLElement, ctx: WidgetContext, host: WidgetHost<D>): void;
  /**
   * Optional browser-only behaviour that is not a recomputation (a step
   * button walking through a prerendered diagram). Called once on hydration;
   * use event delegation on `root`, because the output region may be rebuilt.
   */
  enhance?(root: HTMLElement, ctx: WidgetContext): void;
  /**
   * Optional status line of its own, for a widget whose numbers are data
   * (measured, published) rather than the core's: replaces the chapter's
   * line, which says the core computed them. Undefined keeps the chapter's
   * line (a kind whose instances are either).
   */
  status?(ctx: WidgetContext): string | undefined;
}

export interface WidgetHost<D> {
  engine: Promise<Engine>;
  /** Request fields for the controls' current values. */
  fields(): Fields;
  /** Display a result computed outside the controls' flow (e.g. an animation frame). */
  show(data: D): void;
}

// Widgets of different result types live in one registry. `unknown` would not do:
// `show(data: D)` takes D as a parameter, so WidgetDef<X> is not a WidgetDef<unknown>.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWidgetDef = WidgetDef<any>;

function renderOutputRegion(def: AnyWidgetDef, view: View, ctx: WidgetContext): string {
  return `<div class="tally-output" data-output${attrs({ 'data-shape': view[SHAPE] ?? '' })}>${def.renderOutput(view, ctx)}</div>`;
}

/** Whole widget markup with its default result: what the page ships before WASM loads. */
export async function prerenderWidget(
  def: AnyWidgetDef,
  ctx: WidgetContext,
  engine: Engine,
  catalog: Catalog,
  status: string,
  book: StatusText = {},
): Promise<string> {
  const state = defaultState(ctx.cfg);
  const data = await def.compute(engine, requestFields(ctx.cfg, state), ctx);
  const view = def.view(data, ctx);
  // Written numbers grouped and scripts set as the prose sets them ("A_k" → A<sub>k</sub>).
  const intro = ctx.cfg.intro ? `<p class="tally-intro">${notationHtml(groupWrittenDigits(ctx.cfg.intro))}</p>` : '';
  return (
    `<figure class="tally-widget"${attrs({
      id: widgetElementId(ctx.instance),
      'data-widget': ctx.cfg.kind,
      'data-instance': ctx.instance,
      'data-state': 'ok',
      'aria-labelledby': `${ctx.instance}-title`,
    })}>` +
    `<figcaption class="tally-title" id="${esc(ctx.instance)}-title">${esc(ctx.cfg.title)}</figcaption>` +
    intro +
    renderControls(ctx.instance, ctx.cfg, catalog, state) +
    renderOutputRegion(def, view, ctx) +
    // Shown by the browser when the inputs are no longer the book's (reader
    // profile, link or edit); prerendered pages always show the book's values.
    (book.differs && book.reset
      ? `<p class="tally-book" data-book hidden><span>${esc(book.differs)}</span> ` + `<button type="button" data-book-reset>${esc(book.reset)}</button></p>`
      : '') +
    `<p class="tally-status" data-status>${ownStatus(def, ctx) ?? prerenderedStatus(ctx.cfg, status, book)}</p>` +
    `</figure>`
  );
}

type Control = HTMLInputElement | HTMLSelectElement;

export interface HydratedWidget {
  /** Settles after the first computation through the core. */
  ready: Promise<void>;
  /** Run the widget's current computation once without touching the DOM. */
  warm(): Promise<void>;
}

/**
 * Take over a prerendered widget: read state from the URL hash, wire the
 * controls, and recompute through the core on every input event. Markup is
 * never rebuilt for a value change; only bound text/attributes are written.
 */
export function hydrateWidget(
  root: HTMLElement,
  def: AnyWidgetDef,
  ctx: WidgetContext,
  enginePromise: Promise<Engine>,
  store: StateStore,
  status: { ready: string; failed: string; fixed?: string },
): HydratedWidget {
  const { cfg, instance } = ctx;
  const form = root.querySelector<HTMLFormElement>('[data-controls]');
  const output = root.querySelector<HTMLElement>('[data-output]');
  const errorEl = root.querySelector<HTMLElement>(`#${CSS.escape(errorId(instance))}`);
  const statusEl = root.querySelector<HTMLElement>('[data-status]');
  const bookEl = root.querySelector<HTMLElement>('[data-book]');
  if (!form || !output || !errorEl) throw new Error(`widget ${instance}: prerendered markup is incomplete`);

  const controls = new Map<string, Control>();
  for (const c of cfg.controls) {
    const el = root.querySelector<Control>(`#${CSS.escape(controlId(instance, c.key))}`);
    if (!el) throw new Error(`widget ${instance}: control ${c.key} missing`);
    controls.set(c.key, el);
  }
  const bindings = new Bindings(output);
  bindings.rememberBook(); // the prerendered texts are the book's values
  // The View on screen, once the browser has computed one (the popovers read it).
  let shown: View | undefined;
  let seq = 0;
  let ready = false;

  // A slider cannot hold a value outside its bounds: the browser would move
  // it silently. The raw value from the link is kept aside until the reader
  // moves the slider, so the core sees (and explains) what the link said.
  const rawOf = (el: Control): string => el.dataset.raw ?? el.value;
  const readState = (): RawState => new Map([...controls].map(([k, el]) => [k, rawOf(el)]));
  const showRangeValues = (): void => {
    for (const [key, el] of controls) {
      const out = root.querySelector<HTMLOutputElement>(`output[data-range-out="${CSS.escape(key)}"]`);
      if (out && out.textContent !== rawOf(el)) out.textContent = rawOf(el);
    }
  };

  const writeControls = (state: RawState): void => {
    for (const [key, el] of controls) {
      const v = state.get(key) ?? '';
      if (el instanceof HTMLSelectElement && ![...el.options].some((o) => o.value === v)) {
        // Keep an unknown value visible; the core will explain why it is refused.
        el.add(new Option(v, v));
      }
      if (el.value !== v) el.value = v;
      if (el.value !== v) el.dataset.raw = v;
      else delete el.dataset.raw;
    }
    showRangeValues();
  };

  const clearError = (): void => {
    if (!errorEl.hidden) errorEl.hidden = true;
    for (const el of controls.values()) {
      if (el.hasAttribute('aria-invalid')) {
        el.removeAttribute('aria-invalid');
        const hint = el.getAttribute('aria-describedby')?.replace(errorEl.id, '').trim();
        if (hint) el.setAttribute('aria-describedby', hint);
        else el.removeAttribute('aria-describedby');
      }
    }
  };

  const showError = (err: EngineError): void => {
    clearError();
    const c = cfg.controls.find((x) => x.field === err.field);
    const el = c ? controls.get(c.key) : undefined;
    // Put the message right under the control the core blamed; a field with
    // no control (a fixed one) gets the message at the end of the form.
    const host = el?.closest('[data-field-wrap]') ?? form;
    if (errorEl.parentElement !== host) host.appendChild(errorEl);
    errorEl.textContent = readerMessage(cfg, err);
    errorEl.hidden = false;
    if (el) {
      el.setAttribute('aria-invalid', 'true');
      const hint = el.getAttribute('aria-describedby');
      el.setAttribute('aria-describedby', hint ? `${hint} ${errorEl.id}` : errorEl.id);
    }
    root.dataset.state = 'error';
  };

  /** Hydrated: the core is loaded and the widget shows a core answer for its controls. */
  const markReady = (): void => {
    if (ready) return;
    ready = true;
    root.dataset.ready = 'true';
    if (statusEl) statusEl.textContent = def.status?.(ctx) ?? (isFixed(cfg) ? (status.fixed ?? status.ready) : status.ready);
    performance.mark(`tally:ready:${instance}`);
  };

  // Popovers and copy buttons read the View on click; before the browser has
  // computed one, the widget computes it then.
  const currentView = () => shown ?? enginePromise.then(async (engine) => def.view(await def.compute(engine, requestFields(cfg, readState()), ctx), ctx));
  provideView(root, currentView);
  const how = wireHow(root, { text: () => howText(cfg), view: currentView, engine: enginePromise });

  const show = (data: unknown): void => {
    const view = def.view(data, ctx);
    shown = view;
    how.refresh(view);
    if (!bindings.apply(view)) {
      // Structure changed (e.g. a different set of rows): rebuild this region
      // once, keeping open what the reader opened (a figure's data table;
      // reopened after the new markup is bound, so `open` is never a binding).
      const opened = [...output.querySelectorAll('details')].map((d) => d.open);
      output.setAttribute('data-shape', view[SHAPE] ?? '');
      output.innerHTML = def.renderOutput(view, ctx);
      bindings.scan();
      bindings.apply(view);
      output.querySelectorAll('details').forEach((d, i) => {
        if (opened[i]) d.open = true;
      });
    }
  };

  /** One computation through the core for the controls' current values, shown when it returns. */
  const compute = async (started: number): Promise<void> => {
    const mine = ++seq;
    const state = readState();
    const engine = await enginePromise;
    let data: unknown;
    let failure: EngineError | null = null;
    try {
      data = await def.compute(engine, requestFields(cfg, state), ctx);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      failure = err;
    }
    if (mine !== seq) return; // a newer input already superseded this one
    if (failure) {
      showError(failure); // the last good result stays on screen
    } else {
      show(data);
      clearError();
      if (root.dataset.state !== 'ok') root.dataset.state = 'ok';
    }
    markBook();
    markReady();
    // For benchmarks: time from the input event to the DOM being updated.
    root.dispatchEvent(new CustomEvent('tally:update', { detail: { ms: performance.now() - started, ok: !failure } }));
  };

  // A drag sends an input event per pointer move, several per frame. The
  // core is asked at most once per animation frame and one call at a time;
  // inputs arriving meanwhile only leave "recompute" pending, so when the
  // call returns the controls' latest values run next and none in between
  // (coalesce.ts). Its answer is shown even if the reader has moved on, so
  // the picture follows a drag instead of waiting for it to stop.
  const scheduler = new FrameCoalescer(compute);
  const run = (started: number, fromUser: boolean): Promise<void> => {
    if (fromUser) store.write(instance, paramsFromState(cfg, readState()));
    return scheduler.request(started);
  };

  /** Mark the numbers on screen that differ from the printed book's (see pages.css [data-book-differs]). */
  const markBook = (): void => {
    const differs = bindings.markBook();
    root.dataset.differs = differs ? 'true' : 'false';
    if (bookEl) bookEl.hidden = !differs;
  };

  // Restore state from the URL before the engine arrives, so controls show it
  // at once; controls the link does not set start from the reader profile.
  const startState = (params = store.read(instance)): RawState => stateFromParams(cfg, params, readerDefaults(cfg, loadProfile().profile));
  const initial = startState();
  writeControls(initial);
  markBook(); // the book's numbers until the core has computed the reader's
  store.subscribe(instance, (params) => {
    writeControls(startState(params));
    void run(performance.now(), false);
  });
  onProfileChange(() => {
    writeControls(startState());
    void run(performance.now(), false);
  });
  root.querySelector('[data-book-reset]')?.addEventListener('click', () => {
    writeControls(defaultState(cfg));
    void run(performance.now(), true);
  });

  def.enhance?.(root, ctx);
  liveFigure(root, cfg); // readouts and motion of a figure (figures/live.ts)
  form.addEventListener('submit', (e) => e.preventDefault());
  wireSteppers(form, cfg, enginePromise);
  // e.timeStamp shares performance.now()'s time origin, so the reported
  // latency includes any wait between the event and this handler.
  form.addEventListener('input', (e) => {
    if (e.target instanceof HTMLInputElement) delete e.target.dataset.raw;
    showRangeValues();
    void run(e.timeStamp, true);
  });
  def.mount?.(root, ctx, { engine: enginePromise, fields: () => requestFields(cfg, readState()), show });

  // With default state the page already shows the core's answer (prerendered
  // at build time by the same core), so the widget is interactive as soon as
  // the engine has loaded; the answer is recomputed in idle time as a check.
  // State from a link has to be computed before the widget is ready.
  const first = !differsFromBook(cfg, initial)
    ? enginePromise.then(() => {
        markReady();
        whenIdle(() => void run(performance.now(), false));
      })
    : run(performance.now(), false);
  // If the core cannot load, say so; the prerendered defaults stay readable.
  enginePromise.catch(() => {
    if (statusEl) statusEl.textContent = def.status?.(ctx) ?? status.failed;
  });
  return {
    ready: first,
    // Same work as an update, result discarded: lets the page warm the WASM
    // JIT for exactly the calls this widget makes (past the kept answers,
    // which would otherwise serve every round after the first).
    warm: async () => {
      const engine = await enginePromise;
      await def.compute(engine.uncached ?? engine, requestFields(cfg, readState()), ctx).catch((err: unknown) => {
        if (!(err instanceof EngineError)) throw err;
      });
    },
  };
}
