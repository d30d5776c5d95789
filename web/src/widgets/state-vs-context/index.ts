// Figures 2-18 and 2-19: one request's state (or one decode step's state
// reads) against the context length, log–log, for the chapter's five models.
// Every point is the core's `state_curve` answer; the data table lists the
// tick lengths with the core's display strings.
//
// The x-axis spans a fixed range from content (data.x_max, the chapter's
// 1M), widened only when the reader's H lies beyond it, so the curves stay
// put while H moves. H is a draggable marker (figures/drag-marker.ts) with
// a dot on each curve at H and the core's values at H read out above; the
// curves are sampled at every length the marker can stop at, so a drag
// shows the core's answers on every frame without waiting for the core.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { text, type WidgetConfig } from '../../runtime/config';
import { encodeIntegerInput, type Engine, type Fields, type Json, type StateCurveResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dataTable, dot, FigureHows, notesMark, num, svgFrame, tickLabel, tickValues, WIDE, type Drawing } from '../../figures/chart';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { modelNames, stringList } from '../../figures/content';
import { dragMarks, enhanceDragMarkers, markerStops, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';
import { EngineError } from '../../runtime/engine';
import { joined, labelled, listOf } from '../../figures/joins';

type Metric = 'total' | 'decode_read_bytes';

interface Series {
  model: string;
  name: string;
  curve: StateCurveResult;
}
interface Data {
  metric: Metric;
  /** The reader's H: the marker's length, always one of the sampled lengths. */
  h: bigint;
  /** The request fields besides model and length (a table cell asks `state` with them to explain its value). */
  fields: Fields;
  /** The axis' end: data.x_max, or H when the reader goes beyond it. */
  max: bigint;
  series: Series[];
  /** Rows of the table: the axis ticks plus the reader's H. */
  rows: TableRow[];
}

interface TableRow {
  len: bigint;
  /** The row's id (data-row, cell test ids): the length, or `<H>-h` for H's own row when it repeats a tick. */
  id: string;
  /** H's own row when a tick already shows H: kept (hidden) so the table's shape does not change. */
  repeat: boolean;
}

/** Height and tick counts per drawing width (the narrow one is a phone's, chart.ts NARROW). */
const LAYOUT = {
  wide: { height: 380, xTicks: 6, yTicks: 6 },
  narrow: { height: 300, xTicks: 3, yTicks: 4 },
};
const PAD = { left: 70, right: 16, top: 30, bottom: 48 };
const SAMPLES = 32;

interface Axis {
  x_max: number;
  landmarks: number[];
}

function axisOf(cfg: WidgetConfig): Axis {
  const a = cfg.data as Partial<Axis> | undefined;
  if (!Number.isSafeInteger(a?.x_max) || !Array.isArray(a?.landmarks)) throw new Error(`${cfg.title}: data.x_max and data.landmarks are required`);
  return { x_max: a!.x_max!, landmarks: a!.landmarks! };
}

function metricOf(cfg: WidgetConfig): Metric {
  const m = (cfg.data as { metric?: string } | undefined)?.metric;
  if (m !== 'total' && m !== 'decode_read_bytes') throw new Error(`${cfg.title}: data.metric must be total or decode_read_bytes`);
  return m;
}

/**
 * Log-spaced integer lengths 1…max (inputs to the core, not results), with
 * the table's lengths and every stop of the marker included: the curves are
 * asked once and kept, so a drag or a key step lands on a length whose
 * values the core has already given.
 */
function sampleLengths(max: bigint, extra: bigint[], landmarks: number[]): bigint[] {
  const stops = markerStops({ scale: xScale(max), log: true, landmarks });
  const set = new Set<bigint>([...extra, ...stops.map((v) => BigInt(v))]);
  const top = Number(max);
  for (let i = 0; i <= SAMPLES; i++) set.add(BigInt(Math.max(1, Math.round(top ** (i / SAMPLES)))));
  set.add(max);
  return [...set].filter((v) => v >= 1n && v <= max).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function xScale(max: bigint, width = WIDE) {
  return scaleLog()
    .base(2)
    .domain([1, Math.max(2, num(max))])
    .range([PAD.left, width - PAD.right]);
}

/**
 * The curves over the axis do not depend on H, so each is asked once per
 * request and kept, decoded: they hold every length the marker can stop at,
 * so a drag asks the core nothing and only a typed H off those lengths asks
 * for the values at H. Kept per engine (one per page).
 */
const curves = new WeakMap<Engine, Map<string, Promise<StateCurveResult>>>();
const KEPT_CURVES = 64;

function curveOver(engine: Engine, request: Fields): Promise<StateCurveResult> {
  let kept = curves.get(engine);
  if (!kept) curves.set(engine, (kept = new Map()));
  const key = JSON.stringify(request);
  let curve = kept.get(key);
  if (!curve) {
    if (kept.size >= KEPT_CURVES) kept.clear();
    curve = engine('state_curve', request);
    kept.set(key, curve);
    curve.catch(() => kept.delete(key)); // a refusal is asked again (and explained) next time
  }
  return curve;
}

/** A sampled curve with the core's answer at one more length put in its place. */
function withLength(base: StateCurveResult, one: StateCurveResult): StateCurveResult {
  const t = one.tokens[0]!;
  const found = base.tokens.findIndex((v) => v > t);
  const at = found < 0 ? base.tokens.length : found;
  const put = <T>(list: T[], extra: T[]): T[] => [...list.slice(0, at), extra[0]!, ...list.slice(at)];
  const each = <T>(a: Record<string, T[]>, b: Record<string, T[]>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, put(v, b[k] ?? [])]));
  return {
    ...base,
    tokens: put(base.tokens, one.tokens),
    total: put(base.total, one.total),
    total_display: put(base.total_display, one.total_display),
    decode_read_bytes: put(base.decode_read_bytes, one.decode_read_bytes),
    decode_read_display: put(base.decode_read_display, one.decode_read_display),
    by_kind: each(base.by_kind, one.by_kind),
    by_kind_display: each(base.by_kind_display, one.by_kind_display),
    notes: [...new Set([...base.notes, ...one.notes])],
  };
}

/**
 * The core's refusal of H, named as the reader sees it (the `tokens` field of
 * one `state` call), or nothing when the core takes it. Asked only when
 * something went wrong or H is text to read: a length from the drag or the
 * keys needs no call of its own.
 */
async function checkLength(engine: Engine, rest: Fields, model: string, tokens: Json | undefined): Promise<void> {
  await engine('state', { ...rest, model, tokens: tokens ?? null });
}

/** H as the core reads it ("32K" → 32768): the marker and the sampled lengths need the number. */
async function lengthOf(engine: Engine, rest: Fields, model: string, tokens: Json | undefined): Promise<bigint> {
  if (typeof tokens === 'number') return BigInt(tokens);
  await checkLength(engine, rest, model, tokens);
  return BigInt(String(((await engine.raw('read_quantity', { text: String(tokens), kind: 'tokens' })) as { value: string }).value));
}

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const metric = metricOf(cfg);
  const models = stringList(cfg, 'models');
  const { tokens, ...rest } = fields;
  const h = await lengthOf(engine, rest, models[0]!, tokens);
  const axis = axisOf(cfg);
  const fixedMax = BigInt(axis.x_max);
  const max = h > fixedMax ? h : fixedMax;
  const ticks = tickValues(xScale(max), LAYOUT.wide.xTicks)
    .map((v) => BigInt(Math.round(v)))
    .filter((v) => v <= max);
  const lengths = sampleLengths(max, ticks, axis.landmarks).map((v) => encodeIntegerInput(v.toString()));
  const atH = [encodeIntegerInput(h.toString())];
  const asked = models.map(async (model) => {
    const base = await curveOver(engine, { ...rest, model, lengths });
    return base.tokens.includes(h) ? base : withLength(base, await engine('state_curve', { ...rest, model, lengths: atH }));
  });
  let found: StateCurveResult[];
  try {
    found = await Promise.all(asked);
  } catch (err) {
    // A typed H the curve op refuses (0, a negative number): the `state`
    // call's refusal names the field the reader typed into.
    if (err instanceof EngineError && typeof tokens === 'number') await checkLength(engine, rest, models[0]!, tokens);
    throw err;
  }
  const names = await modelNames(engine);
  const series: Series[] = models.map((model, i) => ({ model, name: names.get(model) ?? model, curve: found[i]! }));
  return { metric, h, fields: rest, max, series, rows: tableRows(ticks, h) };
}

/**
 * The table's lengths: the axis ticks and the reader's H. H always has a row
 * of its own, hidden when it repeats a tick, so the table keeps its shape
 * while H moves and a drag only rewrites its texts (runtime/bind.ts
 * rebuilds a region whose shape changes, and the focused marker with it).
 */
function tableRows(ticks: bigint[], h: bigint): TableRow[] {
  const rows: TableRow[] = ticks.map((len) => ({ len, id: len.toString(), repeat: false }));
  const repeat = ticks.includes(h);
  rows.push({ len: h, id: repeat ? `${h}-h` : h.toString(), repeat });
  // Stable: a repeated H comes right after its tick.
  return rows.sort((a, b) => (a.len < b.len ? -1 : a.len > b.len ? 1 : 0));
}

/** "上下文 32,768 個 token：Qwen3-8B 4.5 GiB、…": a length and the core's values at it, in the reader's words. */
function valuesAt(d: Data, cfg: WidgetConfig, index: (s: Series) => number): string {
  const displays = d.series.map((s) => `${s.name} ${s.curve[displayKeyOf(d.metric)][index(s)] ?? ''}`);
  const len = d.series[0]?.curve.tokens[index(d.series[0])] ?? d.h;
  return labelled(text(cfg, 'marker_text').replace('{x}', groupDigits(len)), listOf(displays));
}

const displayKeyOf = (m: Metric) => (m === 'total' ? 'total_display' : 'decode_read_display');

/** The curves at one drawing width: axes, one line per model, a dot at H, and H's marker. */
function drawing(d: Data, width: number, cfg: WidgetConfig, markerText: string): Drawing {
  const { height, xTicks, yTicks } = width === WIDE ? LAYOUT.wide : LAYOUT.narrow;
  const x = xScale(d.max, width);
  const values = d.series.flatMap((s) => s.curve[d.metric]).filter((v) => v > 0n);
  const lo = values.reduce((a, b) => (b < a ? b : a), values[0] ?? 1n);
  const hi = values.reduce((a, b) => (b > a ? b : a), values[0] ?? 1n);
  const y = scaleLog()
    .base(2)
    .domain([num(lo), Math.max(num(hi), num(lo) * 2)])
    .nice()
    .range([height - PAD.bottom, PAD.top]);
  const path = line<[number, number]>();
  // Coordinates rounded first, so Node and the browser print the same path.
  const pointsOf = (s: Series): Array<[number, number]> =>
    s.curve.tokens.map((t, j): [number, number] => [Number(coord(x(num(t)))), Number(coord(y(num(s.curve[d.metric][j]!))))]);
  const points = d.series.map(pointsOf);
  const lines: Mark[] = d.series.map((s, i) =>
    el('g', { class: `series series-${i}`, 'data-series': s.model }, [el('path', { class: 'line', d: path(points[i]!) ?? '' })]),
  );
  // The dots at H are drawn above the marker's plot area, so a reader can
  // hover them to read them (figures/readout.ts) where the plot would
  // otherwise take the pointer for the drag.
  const dots: Mark[] = d.series.map((s, i) => {
    const at = s.curve.tokens.indexOf(d.h);
    const [cx, cy] = points[i]![at] ?? [0, 0];
    return el('g', { class: `series series-${i}`, 'data-series': s.model }, [
      dot('end', cx, cy, joined(s.name, `${text(cfg, 'col_tokens')} ${groupDigits(d.h)}`), s.curve[displayKeyOf(d.metric)][at] ?? ''),
    ]);
  });
  const marker = dragMarks({
    control: 'H',
    label: text(cfg, 'marker_label'),
    value: num(d.h),
    valueText: markerText,
    scale: x,
    log: true,
    landmarks: axisOf(cfg).landmarks,
    top: PAD.top,
    bottom: height - PAD.bottom,
  });
  return {
    width,
    height,
    children: [
      axisLeft(y, PAD.left, width - PAD.left - PAD.right, yTicks, tickLabel('bytes'), text(cfg, 'y_axis')),
      axisBottom(x, height - PAD.bottom, xTicks, tickLabel('tokens'), text(cfg, 'x_axis')),
      ...lines,
      ...marker,
      ...dots,
    ],
  };
}

/**
 * Every body row of the table gets a class (so rows differ in values, never
 * in shape): `is-repeat` hides H's own row where a tick shows H already
 * (figures.css).
 */
function markRepeat(table: Mark, rows: TableRow[]): Mark {
  const walk = (m: Mark): Mark => {
    if (m.tag === 'tbody')
      return { ...m, children: (m.children ?? []).map((tr, i) => ({ ...tr, attrs: { ...tr.attrs, class: rows[i]?.repeat ? 'is-repeat' : '' } })) };
    return m.children ? { ...m, children: m.children.map(walk) } : m;
  };
  return walk(table);
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    d.series.map((s, i) => el('li', { class: `series-${i}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, s.name)])),
  );
  const markerText = valuesAt(d, cfg, (s) => s.curve.tokens.indexOf(d.h));
  const chart = withSliderRole(svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (width) => drawing(d, width, cfg, markerText)));
  const displayKey = displayKeyOf(d.metric);
  // A point of the curve is explained by the single-length op it equals
  // (`state` at that length), asked only when the reader opens its popover:
  // state_curve itself never explains (its columns are long).
  const statePath = d.metric === 'total' ? 'display' : 'decode_read_display';
  const rows = d.rows.map(({ len, id }) => ({
    id,
    cells: [
      groupDigits(len),
      ...d.series.map((s) => ({
        text: s.curve[displayKey][s.curve.tokens.indexOf(len)] ?? '',
        ask: { op: 'state', fields: { ...d.fields, model: s.model, tokens: encodeIntegerInput(len.toString()) }, path: statePath },
      })),
    ],
  }));
  const table = markRepeat(
    dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_tokens'), ...d.series.map((s) => s.name)], rows, hows),
    d.rows,
  );
  const notes = [...new Set(d.series.flatMap((s) => s.curve.notes))];
  const view = hows.into(marksView([readoutMark(markerText), chart, legend, notesMark(notes), table]));
  // Every sampled length's values, for the hover readout (not drawn).
  const hover = hoverPoints(d, cfg);
  return withHoverPoints(view, hover.xs, hover.texts);
}

/**
 * Every sampled length's values for the hover readout, built once per set
 * of curves: while a drag moves H over lengths the kept curves already
 * hold, the curves (the core's answers) are the same objects every update.
 */
const hoverKept = new WeakMap<StateCurveResult, { curves: StateCurveResult[]; metric: Metric; xs: number[]; texts: string[] }>();

function hoverPoints(d: Data, cfg: WidgetConfig): { xs: number[]; texts: string[] } {
  const curves = d.series.map((s) => s.curve);
  const first = curves[0];
  const kept = first && hoverKept.get(first);
  if (kept && kept.metric === d.metric && kept.curves.length === curves.length && kept.curves.every((c, i) => c === curves[i])) return kept;
  const sampled = first?.tokens ?? [];
  const made = { curves, metric: d.metric, xs: sampled.map(num), texts: sampled.map((_, j) => valuesAt(d, cfg, () => j)) };
  if (first) hoverKept.set(first, made);
  return made;
}

export const stateVsContext: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root) => enhanceDragMarkers(root),
};

export default stateVsContext;
