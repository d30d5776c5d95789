// Typed boundary to the C++ core (compiled to WASM). The core computes and
// formats every number; this file only checks the response shape and turns
// integer fields into bigint, because the core sends integers above 2^53 as
// decimal strings and smaller ones as JSON numbers.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
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

/** The core answered something this wrapper cannot read: a bug, never user input. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

// ---------------------------------------------------------------------------
// Result types (only the fields the site uses are decoded).

export interface ForwardItem {
  id: string;
  label: string;
  section: string;
  shape: string;
  weight: string;
  formula: string;
  substituted: string;
  layers: bigint;
  per_call: bigint;
  flops: bigint;
  display: string;
}
export interface ForwardResult {
  total: bigint;
  display: string;
  n_pair: bigint;
  rows: bigint;
  items: ForwardItem[];
  displays: Record<string, string>;
  /** Core remarks, e.g. a context beyond the model's released length. */
  notes: string[];
  /** "How was this computed?" map, when asked with explain: true (runtime/how.ts); else null. */
  how: Json;
}

export interface CapacitySegment {
  id: string; // "weights" | "workspace" | "kv" | "free"
  label: string;
  bytes: bigint;
  /** Decimal (GB), as a card's memory is stated. */
  display: string;
  /** The same bytes in binary (GiB), for views that show state in GiB. */
  binary_display: string;
}
export interface CapacityResult {
  requests: bigint;
  display: string;
  device_bytes: bigint;
  weight_bytes: bigint;
  workspace_bytes: bigint;
  kv_bytes_per_request: bigint;
  kv_bytes_total: bigint;
  free_bytes: bigint;
  /** 0 unless weights + workspace alone exceed the device. */
  shortfall_bytes: bigint;
  items: CapacitySegment[];
  /** Any extra preformatted strings the core adds (…_display), kept verbatim. */
  displays: Record<string, string>;
  notes: string[];
  /** See ForwardResult.how. */
  how: Json;
}

export interface RequestResult {
  decode_steps: bigint;
  kv_read_tokens: bigint;
  kv_read_bytes: bigint;
  kv_read_display: string;
  new_kv_bytes: bigint;
  new_kv_display: string;
  prefill_kv_bytes: bigint;
  final_kv_bytes: bigint;
  final_kv_display: string;
  total: bigint;
  display: string;
  prefill_flops: bigint;
  decode_flops: bigint;
  displays: Record<string, string>;
  notes: string[];
  /** See ForwardResult.how. */
  how: Json;
}

export interface KvResult {
  bytes_per_token: bigint;
  total: bigint;
  display: string;
}

/** kv_footprint: requests × (tokens × bytes per token [+ window]). */
export interface FootprintResult {
  source: string;
  total: bigint;
  display: string;
  gb_display: string;
  gib_display: string;
  bytes_per_token_display: string;
  /** Fixed per-request bytes (a model's full local window); 0 for a bare per-token figure. */
  window_bytes: bigint;
  window_display: string;
  per_request_display: string;
  tokens_display: string;
  requests_display: string;
  formula: string;
  /** Against baseline_bytes_per_token, when asked: "1/4". */
  ratio_display: string;
}

/** replay_window: one frame of the replay-window animation. */
export interface ReplayFrameResult {
  length: bigint;
  position: bigint;
  window: bigint;
  window_first: bigint;
  window_last: bigint;
  selected: bigint[];
  display: string;
  position_display: string;
  window_display: string;
  selected_display: string;
}

/** effort_scale: one point of the 1 … 100 reasoning-effort scale. */
export interface EffortResult {
  effort: bigint;
  display: string;
  band: string;
  band_display: string;
  published: boolean;
  /** effort / max as exact text ("0.5"), for the bar's length only. */
  fraction: string;
}

/** `state`: one request's state by kind at `tokens` positions and one decode step's reads. */
export interface StateItem {
  id: string;
  label: string;
  section: string;
  bytes: bigint;
  display: string;
}
export interface StateResult {
  total: bigint;
  display: string;
  decode_read_bytes: bigint;
  decode_read_display: string;
  items: StateItem[];
  notes: string[];
}

/** `state_curve`: the same at many lengths, as parallel arrays (with the core's displays). */
export interface StateCurveResult {
  tokens: bigint[];
  total: bigint[];
  total_display: string[];
  decode_read_bytes: bigint[];
  decode_read_display: string[];
  by_kind: Record<string, bigint[]>;
  by_kind_display: Record<string, string[]>;
  notes: string[];
}

/**
 * One model of `compare`. Integer fields (layers, hidden, params,
 * weight_bytes, decode_flops, …) are in `values`; every `…_display` string in
 * `displays`. A model the core cannot compute carries `error` instead.
 */
export interface CompareRow {
  model: string;
  name: string;
  error: string;
  values: Record<string, bigint>;
  displays: Record<string, string>;
}
export interface CompareResult {
  rows: CompareRow[];
}

export interface RoutingResult {
  experts: bigint;
  top_k: bigint;
  assignments: bigint;
  distinct_experts: bigint;
  distinct_display: string;
  max_tokens_per_expert: bigint;
  flops_display: string;
  display: string;
  moe_layers: bigint;
  bytes_all_layers_display: string;
}

/** `crossover`: B* and the two read volumes it compares (Example 2-2, Figure 2-8). */
export interface CrossoverResult {
  batch: bigint;
  display: string;
  weight_read_bytes: bigint;
  weight_read_display: string;
  weight_read_binary_display: string;
  kv_bytes_per_request: bigint;
  kv_per_request_display: string;
}

export interface ParamBudgetResult {
  total: bigint;
  display: string;
  device_bytes: bigint;
  device_display: string;
  items: CapacitySegment[];
  notes: string[];
}

export interface CatalogEntry {
  id: string;
  name: string;
}
export interface CatalogGpu extends CatalogEntry {
  memory_bytes: bigint;
  display: string;
}
export interface Catalog {
  models: CatalogEntry[];
  gpus: CatalogGpu[];
  dtypes: CatalogEntry[];
}

/**
 * A result read generically by path (tables, worked examples, checks): its
 * strings are the core's displays, shown verbatim; integers are only grouped.
 */
export type RawResult = { [key: string]: Json };

export interface OpResults {
  forward: ForwardResult;
  capacity: CapacityResult;
  request: RequestResult;
  kv: KvResult;
  catalog: Catalog;
  params: RawResult;
  kv_footprint: FootprintResult;
  replay_window: ReplayFrameResult;
  effort_scale: EffortResult;
  state: StateResult;
  state_curve: StateCurveResult;
  compare: CompareResult;
  routing: RoutingResult;
  param_budget: ParamBudgetResult;
  crossover: CrossoverResult;
}

/** Ops whose results widgets read by path (see web/src/runtime/cells.ts). */
export const RAW_OPS = ['params', 'state', 'routing', 'compare', 'crossover', 'param_budget', 'forward', 'request', 'capacity', 'kv', 'turn', 'candidate_pool', 'dependency_chain'] as const;
export type RawOp = (typeof RAW_OPS)[number];
export type Op = keyof OpResults;


/**
 * evaluate(op, fields) → typed result, or rejects with EngineError.
 * `raw(op, fields)` returns the result object undecoded, for callers that read
 * fields named in content (the exercises: "which field is the answer").
 */
export type Engine = (<K extends Op>(op: K, fields?: Fields) => Promise<OpResults[K]>) & {
  raw(op: string, fields?: Fields): Promise<RawResult>;
};

// ---------------------------------------------------------------------------
// Field readers. Each names the JSON path so a protocol mismatch is findable.

type Obj = Record<string, unknown>;

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ProtocolError(`${path}: expected object`);
  return v as Obj;
}
function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw new ProtocolError(`${path}: expected array`);
  return v;
}
function str(o: Obj, key: string, path: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ProtocolError(`${path}.${key}: expected string`);
  return v;
}
/** Integer as JSON number (≤ 2^53) or decimal string (larger) → bigint. */
export function toBigInt(v: unknown, path: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw new ProtocolError(`${path}: expected integer, got ${JSON.stringify(v)}`);
}
function int(o: Obj, key: string, path: string): bigint {
  return toBigInt(o[key], `${path}.${key}`);
}
function optStr(o: Obj, key: string, path: string): string {
  return o[key] === undefined ? '' : str(o, key, path);
}
/**
 * A quantity the core may send as an exact non-integer ("3514.25" or "7/2",
 * e.g. bytes of a 4-bit tensor). Only used for drawing proportions, so the
 * integer part is enough; what the reader sees is always the core's display.
 */
function amount(o: Obj, key: string, path: string): bigint {
  const v = o[key];
  if (typeof v === 'string') {
    const frac = /^(\d+)\.\d+$/.exec(v);
    if (frac) return BigInt(frac[1]!);
    const q = /^(\d+)\/(\d+)$/.exec(v);
    if (q && q[2] !== '0') return BigInt(q[1]!) / BigInt(q[2]!);
  }
  return toBigInt(v, `${path}.${key}`);
}
function notes(o: Obj, path: string): string[] {
  if (o.notes === undefined) return [];
  return arr(o.notes, `${path}.notes`).map((n, i) => {
    if (typeof n !== 'string') throw new ProtocolError(`${path}.notes[${i}]: expected string`);
    return n;
  });
}
/** Collect every "…display" string so widgets can show extra core displays. */
function displays(o: Obj): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(o)) if (k.endsWith('display') && typeof v === 'string') out[k] = v;
  return out;
}

function strList(v: unknown, path: string): string[] {
  return arr(v, path).map((x, i) => {
    if (typeof x !== 'string') throw new ProtocolError(`${path}[${i}]: expected string`);
    return x;
  });
}
function amountList(v: unknown, path: string): bigint[] {
  return arr(v, path).map((x, i) => amount({ v: x }, 'v', `${path}[${i}]`));
}
function segments(r: Obj, p: string): CapacitySegment[] {
  return arr(r.items, `${p}.items`).map((raw, i) => {
    const q = `${p}.items[${i}]`;
    const it = obj(raw, q);
    return {
      id: str(it, 'id', q),
      label: str(it, 'label', q),
      bytes: amount(it, 'bytes', q),
      display: str(it, 'display', q),
      binary_display: str(it, 'binary_display', q),
    };
  });
}

const decoders: { [K in Op]: (r: Obj, p: string) => OpResults[K] } = {
  forward: (r, p) => ({
    total: amount(r, 'total', p),
    display: str(r, 'display', p),
    n_pair: int(r, 'n_pair', p),
    rows: int(r, 'rows', p),
    displays: displays(r),
    notes: notes(r, p),
    how: (r.how ?? null) as Json,
    items: arr(r.items, `${p}.items`).map((raw, i) => {
      const q = `${p}.items[${i}]`;
      const it = obj(raw, q);
      return {
        id: str(it, 'id', q),
        label: str(it, 'label', q),
        section: str(it, 'section', q),
        shape: optStr(it, 'shape', q),
        weight: optStr(it, 'weight', q),
        formula: str(it, 'formula', q),
        substituted: str(it, 'substituted', q),
        layers: int(it, 'layers', q),
        per_call: amount(it, 'per_call', q),
        flops: amount(it, 'flops', q),
        display: str(it, 'display', q),
      };
    }),
  }),
  capacity: (r, p) => ({
    requests: int(r, 'requests', p),
    display: str(r, 'display', p),
    device_bytes: amount(r, 'device_bytes', p),
    weight_bytes: amount(r, 'weight_bytes', p),
    workspace_bytes: amount(r, 'workspace_bytes', p),
    kv_bytes_per_request: amount(r, 'kv_bytes_per_request', p),
    kv_bytes_total: amount(r, 'kv_bytes_total', p),
    free_bytes: amount(r, 'free_bytes', p),
    shortfall_bytes: r.shortfall_bytes === undefined ? 0n : amount(r, 'shortfall_bytes', p),
    items: segments(r, p),
    displays: displays(r),
    notes: notes(r, p),
    how: (r.how ?? null) as Json,
  }),
  request: (r, p) => ({
    decode_steps: int(r, 'decode_steps', p),
    kv_read_tokens: int(r, 'kv_read_tokens', p),
    kv_read_bytes: amount(r, 'kv_read_bytes', p),
    kv_read_display: str(r, 'kv_read_display', p),
    new_kv_bytes: amount(r, 'new_kv_bytes', p),
    new_kv_display: str(r, 'new_kv_display', p),
    prefill_kv_bytes: amount(r, 'prefill_kv_bytes', p),
    final_kv_bytes: amount(r, 'final_kv_bytes', p),
    final_kv_display: str(r, 'final_kv_display', p),
    total: amount(r, 'total', p),
    display: str(r, 'display', p),
    prefill_flops: amount(r, 'prefill_flops', p),
    decode_flops: amount(r, 'decode_flops', p),
    displays: displays(r),
    notes: notes(r, p),
    how: (r.how ?? null) as Json,
  }),
  state: (r, p) => ({
    total: amount(r, 'total', p),
    display: str(r, 'display', p),
    decode_read_bytes: amount(r, 'decode_read_bytes', p),
    decode_read_display: str(r, 'decode_read_display', p),
    items: arr(r.items, `${p}.items`).map((raw, i) => {
      const q = `${p}.items[${i}]`;
      const it = obj(raw, q);
      return {
        id: str(it, 'id', q),
        label: str(it, 'label', q),
        section: str(it, 'section', q),
        bytes: amount(it, 'bytes', q),
        display: str(it, 'display', q),
      };
    }),
    notes: notes(r, p),
  }),
  state_curve: (r, p) => {
    const kinds = obj(r.by_kind, `${p}.by_kind`);
    const kindDisplays = obj(r.by_kind_display, `${p}.by_kind_display`);
    return {
      tokens: amountList(r.tokens, `${p}.tokens`),
      total: amountList(r.total, `${p}.total`),
      total_display: strList(r.total_display, `${p}.total_display`),
      decode_read_bytes: amountList(r.decode_read_bytes, `${p}.decode_read_bytes`),
      decode_read_display: strList(r.decode_read_display, `${p}.decode_read_display`),
      by_kind: Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, amountList(v, `${p}.by_kind.${k}`)])),
      by_kind_display: Object.fromEntries(
        Object.entries(kindDisplays).map(([k, v]) => [k, strList(v, `${p}.by_kind_display.${k}`)]),
      ),
      notes: notes(r, p),
    };
  },
  compare: (r, p) => ({
    rows: arr(r.rows, `${p}.rows`).map((raw, i) => {
      const q = `${p}.rows[${i}]`;
      const row = obj(raw, q);
      const values: Record<string, bigint> = {};
      for (const [k, v] of Object.entries(row)) {
        if (k !== 'model' && !k.endsWith('display') && (typeof v === 'number' || typeof v === 'string') && k !== 'name' && k !== 'error') {
          values[k] = amount(row, k, q);
        }
      }
      return { model: str(row, 'model', q), name: optStr(row, 'name', q), error: optStr(row, 'error', q), values, displays: displays(row) };
    }),
  }),
  routing: (r, p) => ({
    experts: int(r, 'experts', p),
    top_k: int(r, 'top_k', p),
    assignments: int(r, 'assignments', p),
    distinct_experts: amount(r, 'distinct_experts', p),
    distinct_display: str(r, 'distinct_display', p),
    max_tokens_per_expert: int(r, 'max_tokens_per_expert', p),
    flops_display: str(r, 'flops_display', p),
    display: str(r, 'display', p),
    moe_layers: int(r, 'moe_layers', p),
    bytes_all_layers_display: str(r, 'bytes_all_layers_display', p),
  }),
  crossover: (r, p) => ({
    batch: int(r, 'batch', p),
    display: str(r, 'display', p),
    weight_read_bytes: amount(r, 'weight_read_bytes', p),
    weight_read_display: str(r, 'weight_read_display', p),
    weight_read_binary_display: str(r, 'weight_read_binary_display', p),
    kv_bytes_per_request: amount(r, 'kv_bytes_per_request', p),
    kv_per_request_display: str(r, 'kv_per_request_display', p),
  }),
  param_budget: (r, p) => ({
    total: int(r, 'total', p),
    display: str(r, 'display', p),
    device_bytes: amount(r, 'device_bytes', p),
    device_display: str(r, 'device_display', p),
    items: segments(r, p),
    notes: notes(r, p),
  }),
  kv: (r, p) => ({
    bytes_per_token: amount(r, 'bytes_per_token', p),
    total: amount(r, 'total', p),
    display: str(r, 'display', p),
  }),
  params: (r) => r as RawResult,
  kv_footprint: (r, p) => ({
    source: str(r, 'source', p),
    total: amount(r, 'total', p),
    display: str(r, 'display', p),
    gb_display: str(r, 'gb_display', p),
    gib_display: str(r, 'gib_display', p),
    bytes_per_token_display: str(r, 'bytes_per_token_display', p),
    window_bytes: amount(r, 'window_bytes', p),
    window_display: str(r, 'window_display', p),
    per_request_display: str(r, 'per_request_display', p),
    tokens_display: str(r, 'tokens_display', p),
    requests_display: str(r, 'requests_display', p),
    formula: str(r, 'formula', p),
    ratio_display: optStr(r, 'ratio_display', p),
  }),
  replay_window: (r, p) => ({
    length: int(r, 'length', p),
    position: int(r, 'position', p),
    window: int(r, 'window', p),
    window_first: int(r, 'window_first', p),
    window_last: int(r, 'window_last', p),
    selected: arr(r.selected, `${p}.selected`).map((v, i) => toBigInt(v, `${p}.selected[${i}]`)),
    display: str(r, 'display', p),
    position_display: str(r, 'position_display', p),
    window_display: str(r, 'window_display', p),
    selected_display: str(r, 'selected_display', p),
  }),
  effort_scale: (r, p) => {
    if (typeof r.published !== 'boolean') throw new ProtocolError(`${p}.published: expected boolean`);
    const fraction = r.fraction;
    if (typeof fraction !== 'string' && typeof fraction !== 'number') throw new ProtocolError(`${p}.fraction: expected number or text`);
    return {
      effort: int(r, 'effort', p),
      display: str(r, 'display', p),
      band: str(r, 'band', p),
      band_display: str(r, 'band_display', p),
      published: r.published,
      fraction: String(fraction),
    };
  },
  catalog: (r, p) => {
    const entries = (key: string) =>
      arr(r[key], `${p}.${key}`).map((raw, i) => {
        const q = `${p}.${key}[${i}]`;
        const e = obj(raw, q);
        return { e, q, entry: { id: str(e, 'id', q), name: str(e, 'name', q) } };
      });
    return {
      models: entries('models').map((x) => x.entry),
      dtypes: entries('dtypes').map((x) => x.entry),
      gpus: entries('gpus').map(({ e, q, entry }) => ({
        ...entry,
        memory_bytes: int(e, 'memory_bytes', q),
        display: str(e, 'display', q),
      })),
    };
  },
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

async function call(mod: TallyModule | AsyncTallyModule, op: string, fields: Fields): Promise<Obj> {
  const response = obj(JSON.parse(await mod.evaluate(JSON.stringify({ op, ...fields }))), 'response');
  if (response.ok === true) return obj(response.result, 'result');
  if (response.ok === false) {
    const err = obj(response.error, 'error');
    const detail = typeof err.detail === 'string' ? err.detail : undefined;
    const code = typeof err.code === 'string' ? err.code : undefined;
    const params = err.params !== null && typeof err.params === 'object' ? (err.params as Record<string, string>) : undefined;
    throw new EngineError(typeof err.field === 'string' ? err.field : '', str(err, 'message', 'error'), detail, code, params);
  }
  throw new ProtocolError('response.ok: expected boolean');
}

/**
 * Wrap a loaded module. Used by the browser (the core in a worker, or
 * tally_web on the page itself), by the site build (tally_node) and by tests,
 * so all of them read responses the same way.
 */
export function makeEngine(mod: TallyModule | AsyncTallyModule): Engine {
  const raw = async (op: string, fields: Fields = {}): Promise<RawResult> => (await call(mod, op, fields)) as RawResult;
  const typed = async <K extends Op>(op: K, fields: Fields = {}): Promise<OpResults[K]> =>
    decoders[op](await raw(op, fields), 'result');
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
