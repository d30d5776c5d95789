// Controls: markup (shared by prerender and browser) and the mapping
// controls ⇄ raw state ⇄ request fields. Raw state is the text the reader typed
// or picked; it is never clamped or corrected here — the core validates it.

import type { ControlConfig, WidgetConfig } from './config';
import { encodeIntegerInput, type Catalog, type Fields } from './engine';
import type { Params } from './hash-state';
import { attrs, esc } from './html';

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
      // The core's display string carries the memory size (e.g. "24 GB").
      return catalog.gpus.map((g) => [g.id, `${g.name}（${g.display}）`]);
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
    // including things a number input would silently drop ("abc", "1e3").
    input = `<input${attrs({
      id,
      name: c.key,
      type: 'text',
      inputmode: 'numeric',
      autocomplete: 'off',
      spellcheck: 'false',
      value,
      'data-key': c.key,
      'data-field': c.field,
      'aria-describedby': hintId,
    })}>`;
  }
  const hint = c.hint ? `<span class="tally-hint" id="${esc(hintId ?? '')}">${esc(c.hint)}</span>` : '';
  return (
    `<div class="tally-field tally-field--${c.kind}" data-field-wrap="${esc(c.key)}">` +
    `<label for="${esc(id)}">${esc(c.label)}</label>${input}${hint}</div>`
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
