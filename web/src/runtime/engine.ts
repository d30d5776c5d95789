// Transport to the C++ core (compiled to WASM). The core computes and
// formats every number; a result is checked against its op's declaration
// (generated/ops.ts, from src/api/ops/) by result-reader.ts.
import {
  OPS,
  RESULT_SHAPES,
  type CatalogResult,
  type CapacityItem,
  type EffortScaleResult,
  type KvFootprintResult,
  type Op,
  type OpResults,
  type ReplayWindowResult,
} from './generated/ops';
import { decodeObject, obj, ProtocolError, type Json } from './result-reader';
import { ResponseCache } from './response-cache';

export type { Json } from './result-reader';
export { ProtocolError, toBigInt } from './result-reader';
export type * from './generated/ops';
export type Fields = Record<string, Json>;

/** What the Emscripten module exposes (browser and Node builds alike). */
export interface TallyModule {
  evaluate(requestJson: string): string;
}

/**
 * The same call answered later: the core in a Web Worker (runtime/worker-core.ts).
 * Node, the site build and tests keep the synchronous TallyModule.
 */
export interface AsyncTallyModule {
  evaluate(requestJson: string): Promise<string>;
}

/**
 * The core rejected the request: `field` names the offending request field;
 * `detail`, when the core gives it, is the message without the field's name,
 * so a page can put its own on-screen label in front (runtime/controls.ts).
 * `code` is the error's stable snake_case code and `params` the values its
 * message was rendered with (docs/api.md, "Errors"): decide by the code,
 * never by the words.
 */
export class EngineError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly detail?: string,
    readonly code?: string,
    readonly params?: Readonly<Record<string, string>>,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

// ---------------------------------------------------------------------------
// Result types and their shapes are generated from the C++ declarations
// (scripts/gen-api.mjs → generated/ops.ts); these names are the ones views use.

export type Catalog = CatalogResult;
export type CapacitySegment = CapacityItem;
export type FootprintResult = KvFootprintResult;
export type ReplayFrameResult = ReplayWindowResult;
export type EffortResult = EffortScaleResult;

/**
 * A result read generically by path (tables, worked examples, checks): its
 * strings are the core's displays, shown verbatim; integers are only grouped.
 */
export type RawResult = { [key: string]: Json };

/** Ops whose results widgets read by path (see web/src/runtime/cells.ts): any op. */
export const RAW_OPS = OPS;
export type RawOp = Op;

/**
 * evaluate(op, fields) → typed result, or rejects with EngineError.
 * `raw(op, fields)` returns the result object undecoded, for callers that read
 * fields named in content (the exercises: "which field is the answer").
 */
export type Engine = (<K extends Op>(op: K, fields?: Fields) => Promise<OpResults[K]>) & {
  raw(op: string, fields?: Fields): Promise<RawResult>;
  /**
   * The same core without the kept answers (runtime/response-cache.ts): for
   * the idle-time warm-up, whose repeated calls are meant to reach the core
   * so that V8 optimizes it before the reader's first edit.
   */
  uncached?: Engine;
};

/**
 * The same call, undecoded: the result object as the core sent it. Used by
 * the path-reading widgets, which need every field of any op.
 */
export type RawEngine = (op: RawOp, fields?: Fields) => Promise<RawResult>;

/** The raw twin of an engine made by makeEngine. */
export function rawEngine(engine: Engine): RawEngine {
  return engine.raw;
}

async function call(core: { evaluate(request: string): Promise<string> | string }, op: string, fields: Fields): Promise<Record<string, unknown>> {
  const response = obj(JSON.parse(await core.evaluate(JSON.stringify({ op, ...fields }))), 'response');
  if (response.ok === true) return obj(response.result, 'result');
  if (response.ok === false) {
    const err = obj(response.error, 'error');
    const detail = typeof err.detail === 'string' ? err.detail : undefined;
    if (typeof err.message !== 'string') throw new ProtocolError('error.message: expected string');
    const code = typeof err.code === 'string' ? err.code : undefined;
    const params = err.params !== null && typeof err.params === 'object' ? (err.params as Record<string, string>) : undefined;
    throw new EngineError(typeof err.field === 'string' ? err.field : '', err.message, detail, code, params);
  }
  throw new ProtocolError('response.ok: expected boolean');
}

/**
 * Wrap a loaded module. Used by the browser (the core in a worker, or
 * tally_web on the page itself), by the site build (tally_node) and by tests,
 * so all of them read responses the same way.
 */
export function makeEngine(mod: TallyModule | AsyncTallyModule): Engine {
  // Identical requests reach the core once (runtime/response-cache.ts).
  const kept = new ResponseCache((request) => mod.evaluate(request));
  return Object.assign(engineOver(kept), { uncached: engineOver(mod) });
}

function engineOver(core: { evaluate(request: string): Promise<string> | string }): Engine {
  const raw = async (op: string, fields: Fields = {}): Promise<RawResult> => (await call(core, op, fields)) as RawResult;
  const typed = async <K extends Op>(op: K, fields: Fields = {}): Promise<OpResults[K]> =>
    decodeObject(await raw(op, fields), RESULT_SHAPES[op], 'result') as unknown as OpResults[K];
  return Object.assign(typed, { raw });
}

/**
 * Encode what the reader typed into an integer field. Safe integers travel as
 * JSON numbers; anything else (empty, "abc", "1e3", huge values) is sent as
 * the raw string so the core, not this page, decides and explains.
 */
export function encodeIntegerInput(raw: string): Json {
  if (/^-?\d+$/.test(raw)) {
    const n = Number(raw);
    if (Number.isSafeInteger(n)) return n;
  }
  return raw;
}
