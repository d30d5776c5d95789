// Controls: markup (shared by prerender and browser) and the mapping
// controls ⇄ raw state ⇄ request fields. Raw state is the text the reader typed
// or picked; it is never clamped or corrected here — the core validates it.

import { aside, labelled } from '../figures/joins';
import type { ControlConfig, WidgetConfig } from './config';
import { EngineError, encodeIntegerInput, type Catalog, type Engine, type Fields, type Json } from './engine';
import type { Params } from './hash-state';
import { attrs, esc } from './html';
import { readQuantity, renderWithSlider, wireSliders } from './slider';

/** key → raw text, for every control of a widget. */
export type RawState = Map<string, string>;

export function controlId(instance: string, key: string): string {
  return `${instance}-${key}`;
}
export function errorId(instance: string): string {
  return `${instance}-error`;
}

export function defaultState(cfg: WidgetConfig): RawState {
  return new Map(cfg.controls.map((c) => [c.key, c.default]));
}

/**
 * The reader's defaults: the book's, with the reader profile's values for
 * controls that opt in ("profile" slot). Links and edits still win over these.
 */
export function readerDefaults(cfg: WidgetConfig, profile: Partial<Record<string, string>>): RawState {
  const state = defaultState(cfg);
  for (const c of cfg.controls) {
    const v = c.profile ? profile[c.profile] : undefined;
    if (v !== undefined) state.set(c.key, v);
  }
  return state;
}

/** True when some control holds something other than the book's default. */
export function differsFromBook(cfg: WidgetConfig, state: RawState): boolean {
  return cfg.controls.some((c) => (state.get(c.key) ?? c.default) !== c.default);
}

/** Defaults (the book's, or `base`) overlaid with the URL's params (unknown keys ignored). */
export function stateFromParams(cfg: WidgetConfig, params: Params, base: RawState = defaultState(cfg)): RawState {
  const state = new Map(base);
  for (const c of cfg.controls) {
    const v = params.get(c.key);
    if (v !== undefined) state.set(c.key, v);
  }
  return state;
}

/** Only the keys that differ from the defaults, in control order (short links). */
export function paramsFromState(cfg: WidgetConfig, state: RawState): Params {
  const params: Params = new Map();
  for (const c of cfg.controls) {
    const v = state.get(c.key) ?? c.default;
    if (v !== c.default) params.set(c.key, v);
  }
  return params;
}

export function requestFields(cfg: WidgetConfig, state: RawState): Fields {
  const fields: Fields = { ...cfg.fixed };
  for (const c of cfg.controls) {
    const raw = state.get(c.key) ?? c.default;
    fields[c.field] = c.kind === 'select' ? raw : encodeIntegerInput(raw);
  }
  return fields;
}

function optionList(c: ControlConfig, catalog: Catalog): Array<[string, string]> {
  if (c.choices) return c.choices.map((o) => [o.value, o.label]);
  switch (c.options) {
    case 'models':
      return catalog.models.map((m) => [m.id, m.name]);
    case 'dtypes':
      return catalog.dtypes.map((d) => [d.id, d.name]);
    case 'gpus':
      // The core's display string carries the memory size (e.g. "24 GB"), in the edition's brackets.
      return catalog.gpus.map((g) => [g.id, aside(g.name, g.display)]);
    default:
      return [];
  }
}

function renderControl(instance: string, c: ControlConfig, catalog: Catalog, value: string): string {
  const id = controlId(instance, c.key);
  const hintId = c.hint ? `${id}-hint` : null;
  let input: string;
  if (c.kind === 'select') {
    const options = optionList(c, catalog);
    // A value the catalog lacks (e.g. from a hand-edited link) stays visible
    // and selected, so the core's error about it makes sense to the reader.
    if (!options.some(([v]) => v === value)) options.push([value, value]);
    input =
      `<select${attrs({ id, name: c.key, 'data-key': c.key, 'data-field': c.field, 'data-options': c.options ?? null, 'aria-describedby': hintId })}>` +
      options.map(([v, label]) => `<option${attrs({ value: v, selected: v === value ? '' : null })}>${esc(label)}</option>`).join('') +
      `</select>`;
  } else if (c.kind === 'range') {
    // The slider cannot show a value outside its bounds (the browser would
    // move it); the <output> shows the raw value the core is asked about.
    input =
      `<input${attrs({ id, name: c.key, type: 'range', min: c.min, max: c.max, step: c.step, value, 'data-key': c.key, 'data-field': c.field, 'aria-describedby': hintId })}>` +
      `<output${attrs({ for: id, 'data-range-out': c.key })}>${esc(value)}</output>`;
  } else {
    // type="text" (not number): the reader's exact text goes to the core,
    // which reads "32K", "32,768", "1e6" or "2 GiB" as the exercise boxes do,
    // and explains what it refuses. Arrow keys step it (wireSteppers).
    const field = `<input${attrs({
      id,
      name: c.key,
      type: 'text',
      inputmode: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      value,
      'data-key': c.key,
      'data-field': c.field,
      'aria-describedby': hintId,
      'aria-keyshortcuts': 'ArrowUp ArrowDown',
    })}>`;
    input = renderWithSlider(id, c, field, value);
  }
  const hint = c.hint ? `<span class="tally-hint" id="${esc(hintId ?? '')}">${esc(c.hint)}</span>` : '';
  return (
    `<div class="tally-field tally-field--${c.kind}" data-field-wrap="${esc(c.key)}">` + `<label for="${esc(id)}">${esc(c.label)}</label>${input}${hint}</div>`
  );
}

/** The <form> with every control, plus the (hidden) error slot. */
export function renderControls(instance: string, cfg: WidgetConfig, catalog: Catalog, state: RawState): string {
  const fields = cfg.controls.map((c) => renderControl(instance, c, catalog, state.get(c.key) ?? c.default)).join('');
  return (
    `<form class="tally-controls" data-controls novalidate>${fields}` +
    `<p class="tally-error" id="${esc(errorId(instance))}" data-testid="error" role="alert" hidden></p></form>`
  );
}

/**
 * The refusal as a reader sees it: "<the control's label>：<what is wrong>"
 * when the core blamed one of the widget's controls and says what is wrong
 * without naming its own field (`detail`); otherwise the core's message.
 * Request field names ("workspace_bytes", "context（已有上下文 S）") are the
 * API's words, not the page's.
 */
export function readerMessage(cfg: WidgetConfig, err: EngineError): string {
  const c = cfg.controls.find((x) => x.field === err.field);
  return c && err.detail ? labelled(c.label, err.detail) : err.message;
}

/** How the core reads a field's text (op read_quantity): lengths read K as 1,024, sizes take byte units. */
export type QuantityKind = 'tokens' | 'count' | 'bytes';

const TOKEN_FIELDS = new Set(['context', 'input', 'generated', 'tokens', 'length', 'position', 'window', 'head_tokens', 'stride', 'ctx_short', 'ctx_long']);
const BYTE_FIELDS = new Set(['workspace_bytes', 'bytes_per_token', 'baseline_bytes_per_token', 'budget_bytes']);

/** The request field a "$variable" control feeds somewhere in the widget's content (steps, cells, series). */
function fieldFed(value: Json | undefined, variable: string): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = fieldFed(v, variable);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (v === variable && k !== 'field') return k;
      const found = fieldFed(v, variable);
      if (found) return found;
    }
  }
  return undefined;
}

export function quantityKind(cfg: WidgetConfig, c: ControlConfig): QuantityKind {
  const field = c.field.startsWith('$') ? (fieldFed(cfg as unknown as Json, c.field) ?? '') : c.field;
  if (TOKEN_FIELDS.has(field)) return 'tokens';
  return BYTE_FIELDS.has(field) ? 'bytes' : 'count';
}

/**
 * The next value an arrow key gives. Counts move by one; lengths and sizes
 * move to the next power of two (8,192 → 16,384 → 32,768, the landmarks the
 * chapter uses), by one below 16 or with Shift for a fine step. Never below 0:
 * the core still decides what a field accepts.
 */
export function steppedValue(value: bigint, kind: QuantityKind, up: boolean, fine: boolean): bigint {
  if (fine || kind === 'count' || value < 16n || (!up && value <= 16n)) {
    const next = up ? value + 1n : value - 1n;
    return next < 0n ? 0n : next;
  }
  let p = 1n;
  while (p <= value) p <<= 1n; // smallest power of two above value
  if (up) return p;
  const below = p >> 1n; // largest power of two ≤ value
  return below === value ? below >> 1n : below;
}

/**
 * ArrowUp / ArrowDown step an integer field, and so do its −/+ buttons. The
 * core reads the current text (so "32K" steps from 32,768, exactly); the new
 * value is written as digits and announced like typing, so the widget
 * recomputes and the URL follows. Sliders beside the fields follow every
 * change of their field (runtime/slider.ts).
 */
export function wireSteppers(form: HTMLFormElement, cfg: WidgetConfig, engine: Promise<Engine>): void {
  const integerControl = (el: EventTarget | null): [HTMLInputElement, ControlConfig] | undefined => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'text') return undefined;
    const c = cfg.controls.find((x) => x.key === el.dataset.key && x.kind === 'integer');
    return c ? [el, c] : undefined;
  };
  form.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const found = integerControl(e.target);
    if (!found) return;
    e.preventDefault(); // no caret jump to the start or end
    void step(engine, found[0], quantityKind(cfg, found[1]), e.key === 'ArrowUp', e.shiftKey);
  });
  form.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('button[data-stepper]') : null;
    const found = button && integerControl(form.querySelector(`input[type="text"][data-key="${CSS.escape(button.dataset.for ?? '')}"]`));
    if (!button || !found) return;
    void step(engine, found[0], quantityKind(cfg, found[1]), button.dataset.stepper === 'up', e.shiftKey);
  });
  const followAll = wireSliders(form, cfg.controls, { engine, kindOf: (c) => quantityKind(cfg, c) });
  // A link, the reader profile or the reset button rewrite fields without an
  // input event; every recomputation ends with tally:update on the widget.
  (form.closest('[data-widget]') ?? form.parentElement)?.addEventListener('tally:update', followAll);
}

async function step(engine: Promise<Engine>, el: HTMLInputElement, kind: QuantityKind, up: boolean, fine: boolean): Promise<void> {
  const text = el.value;
  const value = await readQuantity(engine, text, kind);
  // Text the core cannot read: its message is already under the field.
  if (value === undefined || el.value !== text) return; // or the reader typed meanwhile
  el.value = steppedValue(value, kind, up, fine).toString();
  el.dispatchEvent(new Event('input', { bubbles: true }));
}
