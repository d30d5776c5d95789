// The two curves a reader drags the batch B on (issue 16): the core's
// `crossover_curve` (Example 2-2) and `routing_curve` (Figure 2-23) results,
// read into typed columns, and the log batch axis both draw on.
//
// The decoders sit here rather than in runtime/engine.ts: the widgets ask
// these ops through engine.raw, so the typed op table stays as it is. Exact
// values are read only to place marks (their integer part is enough); every
// text the reader sees is one of the core's display strings.

import { scaleLog } from 'd3-scale';
import { ProtocolError, toBigInt, type Json } from '../runtime/engine';
import { groupDigits } from '../runtime/format';
import { num } from './chart';
import type { Mark } from './marks';

type Obj = Record<string, Json>;

export interface CrossoverCurveResult {
  /** The reader's B as the core read it; always among `batches`. */
  batch: bigint;
  axis_end: bigint;
  crossover_batch: bigint;
  crossover_display: string;
  ratio_display: string;
  batches: bigint[];
  weight_read_bytes: bigint[];
  weight_read_display: string[];
  kv_read_bytes: bigint[];
  kv_read_display: string[];
  total_read_display: string[];
  dominant: Array<'weights' | 'context' | 'equal'>;
  notes: string[];
}

export interface RoutingCurveSeries {
  dispatch: string;
  distinct_experts: bigint[];
  distinct_display: string[];
  display: string[];
  bytes_all_layers_display: string[];
}

export interface RoutingCurveResult {
  /** The reader's B as the core read it; always among `batches`. */
  batch: bigint;
  experts: bigint;
  top_k: bigint;
  axis_end: bigint;
  saturation_batch: bigint;
  batches: bigint[];
  series: RoutingCurveSeries[];
}

function list(o: Obj, key: string): Json[] {
  const v = o[key];
  if (!Array.isArray(v)) throw new ProtocolError(`${key}: expected array`);
  return v;
}
function texts(o: Obj, key: string): string[] {
  return list(o, key).map((v, i) => {
    if (typeof v !== 'string') throw new ProtocolError(`${key}[${i}]: expected string`);
    return v;
  });
}
function text(o: Obj, key: string): string {
  const v = o[key];
  if (typeof v !== 'string') throw new ProtocolError(`${key}: expected string`);
  return v;
}
/** An exact amount ("3514.25", "7/2" for a 4-bit tensor) → its integer part, for placing marks only. */
function amount(v: Json, path: string): bigint {
  if (typeof v === 'string') {
    const frac = /^(\d+)\.\d+$/.exec(v);
    if (frac) return BigInt(frac[1]!);
    const q = /^(\d+)\/(\d+)$/.exec(v);
    if (q && q[2] !== '0') return BigInt(q[1]!) / BigInt(q[2]!);
  }
  return toBigInt(v, path);
}
const amounts = (o: Obj, key: string): bigint[] => list(o, key).map((v, i) => amount(v, `${key}[${i}]`));

export function crossoverCurveOf(r: Obj): CrossoverCurveResult {
  const dominant = texts(r, 'dominant');
  if (dominant.some((d) => d !== 'weights' && d !== 'context' && d !== 'equal')) throw new ProtocolError('dominant: unknown side');
  return {
    batch: toBigInt(r.batch, 'batch'),
    axis_end: toBigInt(r.axis_end, 'axis_end'),
    crossover_batch: toBigInt(r.crossover_batch, 'crossover_batch'),
    crossover_display: text(r, 'crossover_display'),
    ratio_display: text(r, 'ratio_display'),
    batches: amounts(r, 'batches'),
    weight_read_bytes: amounts(r, 'weight_read_bytes'),
    weight_read_display: texts(r, 'weight_read_display'),
    kv_read_bytes: amounts(r, 'kv_read_bytes'),
    kv_read_display: texts(r, 'kv_read_display'),
    total_read_display: texts(r, 'total_read_display'),
    dominant: dominant as CrossoverCurveResult['dominant'],
    notes: r.notes === undefined ? [] : texts(r, 'notes'),
  };
}

export function routingCurveOf(r: Obj): RoutingCurveResult {
  return {
    batch: toBigInt(r.batch, 'batch'),
    experts: toBigInt(r.experts, 'experts'),
    top_k: toBigInt(r.top_k, 'top_k'),
    axis_end: toBigInt(r.axis_end, 'axis_end'),
    saturation_batch: toBigInt(r.saturation_batch, 'saturation_batch'),
    batches: amounts(r, 'batches'),
    series: list(r, 'series').map((raw) => {
      const s = raw as Obj;
      return {
        dispatch: text(s, 'dispatch'),
        distinct_experts: amounts(s, 'distinct_experts'),
        distinct_display: texts(s, 'distinct_display'),
        display: texts(s, 'display'),
        bytes_all_layers_display: texts(s, 'bytes_all_layers_display'),
      };
    }),
  };
}

/** Plot padding shared by both batch charts (room for byte labels on the left). */
export const BATCH_PAD = { left: 70, right: 16, top: 30, bottom: 48 };

/** Height and tick counts per drawing width (narrow: a phone's 360 px). */
export function batchLayout(wide: boolean): { height: number; xTicks: number; yTicks: number } {
  return wide ? { height: 320, xTicks: 6, yTicks: 5 } : { height: 260, xTicks: 3, yTicks: 4 };
}

/** B on a base-2 log axis, 1 … the core's axis end. */
export function batchScale(end: bigint, width: number) {
  return scaleLog()
    .base(2)
    .domain([1, Math.max(2, num(end))])
    .range([BATCH_PAD.left, width - BATCH_PAD.right]);
}

/** Batch ticks: powers of four (1, 4, 16, …) on a wide drawing, of sixteen on a narrow one, with grouped digits. */
export function batchTicks(end: bigint, wide: boolean): Array<[number, string]> {
  const step = wide ? 4n : 16n;
  const out: Array<[number, string]> = [];
  for (let b = 1n; b <= end; b *= step) out.push([num(b), groupDigits(b)]);
  return out;
}

/** The index of batch `b` among the sampled batches (the core always samples the reader's B). */
export function indexOfBatch(batches: bigint[], b: bigint): number {
  return batches.indexOf(b);
}

/** Landmarks the marker snaps to and PageUp/PageDown jump between: content's, plus any the core found (B*), on the axis. */
export function landmarksOn(end: bigint, content: number[], extra: bigint[]): number[] {
  const all = new Set<number>([...content, ...extra.map(num)]);
  return [...all].filter((v) => v >= 1 && v <= num(end)).sort((a, b) => a - b);
}

/**
 * A second chart in a widget: its own ids (`<instance>-curve-…`), but the
 * keyboard hint it names is the widget's one (figures/readout.ts adds a
 * single hint per widget, under the instance's id).
 */
export function secondFrame(frame: Mark, instance: string): Mark {
  const hint = `${instance}-readout-hint`;
  return frame.attrs && 'aria-describedby' in frame.attrs ? { ...frame, attrs: { ...frame.attrs, 'aria-describedby': hint } } : frame;
}

/** A rule's label beside it at the top, on the side with room (right of it in the left half, left of it past the middle). */
export function ruleLabelAttrs(x: number, width: number, top: number): Record<string, string> {
  const right = x < width / 2;
  return { class: 'label small', x: (Math.round((right ? x + 4 : x - 4) * 100) / 100).toFixed(2), y: (top - 8).toFixed(2), 'text-anchor': right ? 'start' : 'end' };
}
