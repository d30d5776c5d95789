// Reads a core result against its op's declared shape (generated/ops.ts,
// from the C++ declarations): checks every key's kind and turns exact values
// into bigint, because the core sends integers above 2^53 as decimal strings
// and smaller ones as JSON numbers.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The core answered something this wrapper cannot read: a bug, never user input. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/** One result key's declaration: its kind, whether it may be absent, a list's items. */
export interface KeyShape {
  k: 'exact' | 'ratio' | 'display' | 'text' | 'flag' | 'list' | 'exact_list' | 'text_list' | 'exact_columns' | 'display_columns' | 'object' | 'how';
  p?: 'optional' | 'nullable' | 'failure';
  items?: Shape;
}
export type Shape = { readonly [key: string]: KeyShape };

type Obj = Record<string, unknown>;

export function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ProtocolError(`${path}: expected object`);
  return v as Obj;
}
function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new ProtocolError(`${path}: expected array`);
  return v;
}
function str(v: unknown, path: string): string {
  if (typeof v !== 'string') throw new ProtocolError(`${path}: expected string`);
  return v;
}
/** Integer as JSON number (≤ 2^53) or decimal string (larger) → bigint. */
export function toBigInt(v: unknown, path: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw new ProtocolError(`${path}: expected integer, got ${JSON.stringify(v)}`);
}
/**
 * An exact quantity, maybe not whole ("3514.25" or "7/2", e.g. bytes of a
 * 4-bit tensor). Only used for drawing proportions, so the integer part is
 * enough; what the reader sees is always the core's display.
 */
export function amount(v: unknown, path: string): bigint {
  if (typeof v === 'string') {
    const frac = /^(\d+)\.\d+$/.exec(v);
    if (frac) return BigInt(frac[1]!);
    const q = /^(\d+)\/(\d+)$/.exec(v);
    if (q && q[2] !== '0') return BigInt(q[1]!) / BigInt(q[2]!);
  }
  return toBigInt(v, path);
}

function columns<T>(v: unknown, path: string, read: (x: unknown, p: string) => T): Record<string, T[]> {
  return Object.fromEntries(Object.entries(obj(v, path)).map(([k, list]) => [k, arr(list, `${path}.${k}`).map((x, i) => read(x, `${path}.${k}[${i}]`))]));
}

function value(v: unknown, s: KeyShape, path: string): unknown {
  switch (s.k) {
    case 'exact':
      return amount(v, path);
    case 'ratio':
      if (typeof v !== 'string' && typeof v !== 'number') throw new ProtocolError(`${path}: expected number or text`);
      return String(v);
    case 'display':
    case 'text':
      return str(v, path);
    case 'flag':
      if (typeof v !== 'boolean') throw new ProtocolError(`${path}: expected boolean`);
      return v;
    case 'list':
      return arr(v, path).map((x, i) => decodeObject(x, s.items ?? {}, `${path}[${i}]`));
    case 'exact_list':
      return arr(v, path).map((x, i) => amount(x, `${path}[${i}]`));
    case 'text_list':
      return arr(v, path).map((x, i) => str(x, `${path}[${i}]`));
    case 'exact_columns':
      return columns(v, path, amount);
    case 'display_columns':
      return columns(v, path, str);
    case 'object':
    case 'how':
      return obj(v, path) as Json;
  }
}

// What an absent optional key reads as: widgets show '' and draw nothing.
function absent(s: KeyShape): unknown {
  switch (s.k) {
    case 'exact':
      return undefined;
    case 'list':
    case 'exact_list':
    case 'text_list':
      return [];
    case 'exact_columns':
    case 'display_columns':
      return {};
    case 'object':
    case 'how':
      return null;
    case 'flag':
      return false;
    default:
      return '';
  }
}

/**
 * One object checked against its shape: every declared key decoded, plus
 * `displays` (every "…display" string) and `values` (every exact value) so
 * views can read keys named in content.
 */
export function decodeObject(raw: unknown, shape: Shape, path: string): Record<string, unknown> {
  const o = obj(raw, path);
  const failed = Object.entries(shape).some(([k, s]) => s.p === 'failure' && o[k] !== undefined);
  const out: Record<string, unknown> = {};
  const displays: Record<string, string> = {};
  const values: Record<string, bigint> = {};
  for (const [key, s] of Object.entries(shape)) {
    const v = o[key];
    const p = `${path}.${key}`;
    if (v === undefined) {
      if (s.p === undefined && !failed) throw new ProtocolError(`${p}: missing`);
      out[key] = absent(s);
    } else if (v === null && s.p === 'nullable') {
      out[key] = null;
    } else {
      out[key] = value(v, s, p);
      if (s.k === 'exact') values[key] = out[key] as bigint;
    }
  }
  for (const [k, v] of Object.entries(o)) if (k.endsWith('display') && typeof v === 'string') displays[k] = v;
  out.displays = displays;
  out.values = values;
  return out;
}
