// A request written in content with "$name" placeholders anywhere inside it,
// lists and nested objects included (the audio timeline's late chunk:
// "late": [{"chunk": 2, "network_ms": "$late"}]). A placeholder takes the
// value of the control whose "field" is "$name", as the cell widgets do
// (runtime/cells.ts), which only look at top-level fields.

import { EngineError, type Fields, type Json } from '../runtime/engine';

export interface FilledRequest {
  fields: Fields;
  /** Top-level request field → the control's field that filled it (or filled something inside it). */
  origin: Map<string, string>;
}

function fill(value: Json, vars: Fields, used: Set<string>): Json {
  if (typeof value === 'string' && value.startsWith('$')) {
    if (!(value in vars)) throw new Error(`request template: ${value} has no control`);
    used.add(value);
    return vars[value] ?? null;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, vars, used));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, vars, used)]));
  return value;
}

/** The template with every placeholder replaced by the reader's value. */
export function fillRequest(template: Fields, vars: Fields): FilledRequest {
  const fields: Fields = {};
  const origin = new Map<string, string>();
  for (const [k, v] of Object.entries(template)) {
    const used = new Set<string>();
    fields[k] = fill(v, vars, used);
    // A list field fed by one control ("late") is blamed on that control.
    if (used.size === 1) origin.set(k, [...used][0]!);
  }
  return { fields, origin };
}

/** The core refused a field a control filled: name the control, so the message lands under it. */
export function blameControl(err: unknown, origin: Map<string, string>): unknown {
  if (!(err instanceof EngineError)) return err;
  const top = err.field.replace(/[.[].*$/, '');
  const control = origin.get(top);
  return control ? new EngineError(control, err.message, err.detail, err.code, err.params) : err;
}
