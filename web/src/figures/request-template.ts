// A request written in content with "$name" placeholders anywhere inside it,
// lists and nested objects included (the audio timeline's late chunk:
// "late": [{"chunk": 2, "network_ms": "$late"}]). A placeholder takes the
// value of the control whose "field" is "$name", as the cell widgets do
// (runtime/cells.ts), which only look at top-level fields. Where each
// placeholder sat is kept, so a refusal of "windows[0].rates[0]" names the
// control that filled it, not the request's path (issue 39, item 8).

import { EngineError, type Fields, type Json } from '../runtime/engine';

export interface FilledRequest {
  fields: Fields;
  /**
   * Request path → the control's field that filled it: each placeholder's own
   * path ("windows[0].rates[0]", as the core names a field), and a top-level
   * field filled by one control alone.
   */
  origin: Map<string, string>;
}

/** `value` with its placeholders filled; `used` gets each placeholder's path (as the core spells paths). */
function fill(value: Json, vars: Fields, used: Map<string, string>, at: string): Json {
  if (typeof value === 'string' && value.startsWith('$')) {
    if (!(value in vars)) throw new Error(`request template: ${value} has no control`);
    used.set(at, value);
    return vars[value] ?? null;
  }
  if (Array.isArray(value)) return value.map((v, i) => fill(v, vars, used, `${at}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars, used, `${at}.${k}`)]));
  return value;
}

/** The template with every placeholder replaced by the reader's value. */
export function fillRequest(template: Fields, vars: Fields): FilledRequest {
  const fields: Fields = {};
  const origin = new Map<string, string>();
  for (const [k, v] of Object.entries(template)) {
    const used = new Map<string, string>();
    fields[k] = fill(v, vars, used, k);
    for (const [at, control] of used) origin.set(at, control);
    // A list field fed by one control ("late") is blamed on that control, wherever inside it.
    const controls = new Set(used.values());
    if (controls.size === 1) origin.set(k, [...controls][0]!);
  }
  return { fields, origin };
}

/** "windows[0].rates[0]" → itself, "windows[0].rates", "windows[0]", "windows": the field and what holds it. */
function enclosing(field: string): string[] {
  const out = [field];
  for (let f = field; ;) {
    const outer = f.replace(/(?:\.[^.[]*|\[[^\]]*\])$/, '');
    if (outer === f || outer === '') return out;
    out.push((f = outer));
  }
}

/** The core refused a field a control filled: name the control, so the message lands under it. */
export function blameControl(err: unknown, origin: Map<string, string>): unknown {
  if (!(err instanceof EngineError)) return err;
  const control = enclosing(err.field)
    .map((f) => origin.get(f))
    .find(Boolean);
  return control ? new EngineError(control, err.message, err.detail, err.code, err.params) : err;
}
