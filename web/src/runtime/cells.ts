// Cells: a value shown on the page = one core request + a path into its
// result. Tables, worked examples and the pitfall checks are configured in
// content/ch02/widgets/*.json as lists of cells, so adding a table is data,
// and every number on them is a string or integer the core sent.
//
// Request fields come from three places, merged in this order:
//   the widget's shared "fields", the row's, the cell's (column's) own.
// A string value "$X" is a variable: the reader's input in the control whose
// "field" is "$X" (controls of these widgets feed variables, not request
// fields, because one table may use the same control as "context" in one
// column and as "tokens" in another). When the core refuses a cell, the
// error is re-labelled with the variable, so it appears under that control.
//
// Paths (runtime/result-path.ts): dot-separated keys; "[3]" indexes an array;
// "[id=q_proj]" picks the array element whose field "id" equals "q_proj".  e.g.
//   "groups.attention", "items[id=kv].substituted", "rows[model=kimi-k3].request_display"
//
// Every cell asks the core with "explain": true, so each value comes with the
// core's "how was this computed?" (see runtime/how.ts) when the core has one.

import { ui } from '../i18n/ui';
import { EngineError, rawEngine, type Engine, type Fields, type Json, type RawOp, type RawResult } from './engine';
import { EXPLAINED_OPS } from './generated/ops';
import { groupDigits } from './format';
import { howAt, type How } from './how';
import { follow } from './result-path';

export interface CellSpec {
  op?: RawOp;
  fields?: Fields;
  /** Path into the result; in a list table, into the row's element. */
  path: string;
}

export interface CellValue {
  text: string;
  /** The core's formula and substituted formula for this value, if it gives one. */
  how: How | null;
}

function isVariable(v: Json | undefined): v is string {
  return typeof v === 'string' && v.startsWith('$');
}

/** The request for a cell: merged fields with variables replaced by the reader's values. */
export function cellRequest(vars: Fields, ...layers: Array<Fields | undefined>): { fields: Fields; origin: Map<string, string> } {
  const fields: Fields = {};
  const origin = new Map<string, string>(); // request field → variable it came from
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) {
      if (isVariable(v)) {
        if (!(v in vars)) throw new Error(`cells: variable ${v} has no control`);
        fields[k] = vars[v]!;
        origin.set(k, v);
      } else {
        fields[k] = v;
        origin.delete(k);
      }
    }
  }
  return { fields, origin };
}

export { follow } from './result-path';

/** A result value as display text: the core's strings verbatim, integers digit-grouped. */
export function displayText(v: Json | undefined): string {
  if (v === undefined || v === null) return '—';
  if (typeof v === 'string') return /^\d+$/.test(v) ? groupDigits(BigInt(v)) : v;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? groupDigits(BigInt(v)) : String(v);
  if (typeof v === 'boolean') return v ? ui.page.yes : ui.page.no;
  return JSON.stringify(v);
}

/**
 * Asks the core once per distinct request within one recomputation (tables
 * repeat the same request across columns), and re-labels refusals.
 */
/** The ops that take "explain" (generated from their declarations); the others refuse unknown fields. */
const EXPLAINED: ReadonlySet<RawOp> = new Set<RawOp>(EXPLAINED_OPS);

export class CellResolver {
  private readonly memo = new Map<string, Promise<RawResult>>();
  private readonly raw;

  constructor(
    engine: Engine,
    private readonly vars: Fields,
  ) {
    this.raw = rawEngine(engine);
  }

  async result(op: RawOp, ...layers: Array<Fields | undefined>): Promise<RawResult> {
    const { fields, origin } = cellRequest(this.vars, ...layers, EXPLAINED.has(op) ? { explain: true } : {});
    const key = `${op} ${JSON.stringify(fields)}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.raw(op, fields).catch((err: unknown) => {
        if (err instanceof EngineError && origin.has(err.field)) throw new EngineError(origin.get(err.field)!, err.message, err.detail, err.code, err.params);
        throw err;
      });
      this.memo.set(key, pending);
    }
    return pending;
  }

  /** A cell's text and its explanation, read from a result (or a list element). */
  static read(base: Json | undefined, spec: Pick<CellSpec, 'path'>): CellValue {
    return { text: displayText(follow(base, spec.path)), how: howAt(base, spec.path) };
  }
}
