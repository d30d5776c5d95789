// Figures 2-18 and 2-19: one request's state (or one decode step's state
// reads) against the context length, log–log, for the chapter's five models.
// Every point is the core's `state_curve` answer; the data table lists the
// tick lengths with the core's display strings.
//
// The x-axis spans a fixed range from content (data.x_max, the chapter's
// 1M), widened only when the reader's H lies beyond it, so the curves stay
// put while H moves. H is a draggable marker (figures/drag-marker.ts) with
// a dot on each curve at H and the core's values at H read out above.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { text, type WidgetConfig } from '../../runtime/config';
import { encodeIntegerInput, type Engine, type Fields, type StateCurveResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dataTable, dot, FigureHows, notesMark, num, svgFrame, tickLabel, tickValues, WIDE, type Drawing } from '../../figures/chart';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { modelNames, stringList } from '../../figures/content';
import { dragMarks, enhanceDragMarkers, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';


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
  /** Lengths shown in the table: the axis ticks plus the reader's maximum. */
  rows: bigint[];
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

/** Log-spaced integer lengths 1…max (inputs to the core, not results), with the table's lengths included. */
function sampleLengths(max: bigint, extra: bigint[]): bigint[] {
  const set = new Set<bigint>(extra);
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
 * request and kept: a drag then asks the core only for the values at H.
 * Kept per engine (an engine is one core with its imported models).
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

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const metric = metricOf(cfg);
  const models = stringList(cfg, 'models');
  const { tokens, ...rest } = fields;
  // The reader's H is checked by the core (one state call), whose refusal
  // names the field; the curves are asked at the same time (each call is a
  // round trip to the core's worker), and only used once H has passed.
  const checked = engine('state', { ...rest, model: models[0]!, tokens: tokens ?? null });
  if (typeof tokens !== 'number') await checked;
  // H as the core read it ("32K" → 32768): the marker and the sampled lengths need the number.
  const h = typeof tokens === 'number' ? BigInt(tokens) : BigInt(String(((await engine.raw('read_quantity', { text: String(tokens), kind: 'tokens' })) as { value: string }).value));
  const fixedMax = BigInt(axisOf(cfg).x_max);
  const max = h > fixedMax ? h : fixedMax;
  const rows = tickValues(xScale(max), LAYOUT.wide.xTicks)
    .map((v) => BigInt(Math.round(v)))
    .filter((v) => v <= max);
  const lengths = sampleLengths(max, rows).map((v) => encodeIntegerInput(v.toString()));
  if (!rows.includes(h)) rows.push(h);
  rows.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const atH = [encodeIntegerInput(h.toString())];
  const asked = models.map(async (model) => {
    const base = await curveOver(engine, { ...rest, model, lengths });
    return base.tokens.includes(h) ? base : withLength(base, await engine('state_curve', { ...rest, model, lengths: atH }));
  });
  asked.forEach((p) => p.catch(() => undefined)); // awaited below, after the check whose refusal explains a bad H
  await checked;
  const names = await modelNames(engine);
  const found = await Promise.all(asked);
  const series: Series[] = models.map((model, i) => ({ model, name: names.get(model) ?? model, curve: found[i]! }));
  return { metric, h, fields: rest, max, series, rows };
}

/** "上下文 32,768 個 token：Qwen3-8B 4.5 GiB、…": a length and the core's values at it, in the reader's words. */
function valuesAt(d: Data, cfg: WidgetConfig, index: (s: Series) => number): string {
  const displays = d.series.map((s) => `${s.name} ${s.curve[displayKeyOf(d.metric)][index(s)] ?? ''}`);
  const len = d.series[0]?.curve.tokens[index(d.series[0])] ?? d.h;
  return `${text(cfg, 'marker_text').replace('{x}', groupDigits(len))}：${displays.join('、')}`;
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
  const lines: Mark[] = d.series.map((s, i) =>
    el('g', { class: `series series-${i}`, 'data-series': s.model }, [el('path', { class: 'line', d: path(pointsOf(s)) ?? '' })]),
  );
  // The dots at H are drawn above the marker's plot area, so a reader can
  // hover them to read them (figures/readout.ts) where the plot would
  // otherwise take the pointer for the drag.
  const dots: Mark[] = d.series.map((s, i) => {
    const at = s.curve.tokens.indexOf(d.h);
    const [cx, cy] = pointsOf(s)[at] ?? [0, 0];
    return el('g', { class: `series series-${i}`, 'data-series': s.model }, [
      dot('end', cx, cy, `${s.name}・${text(cfg, 'col_tokens')} ${groupDigits(d.h)}`, s.curve[displayKeyOf(d.metric)][at] ?? ''),
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
  const tableRows = d.rows.map((len) => ({
    id: len.toString(),
    cells: [
      groupDigits(len),
      ...d.series.map((s) => ({
        text: s.curve[displayKey][s.curve.tokens.indexOf(len)] ?? '',
        ask: { op: 'state', fields: { ...d.fields, model: s.model, tokens: encodeIntegerInput(len.toString()) }, path: statePath },
      })),
    ],
  }));
  const table = dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_tokens'), ...d.series.map((s) => s.name)], tableRows, hows);
  const notes = [...new Set(d.series.flatMap((s) => s.curve.notes))];
  const view = hows.into(marksView([readoutMark(markerText), chart, legend, notesMark(notes), table]));
  // Every sampled length's values, for the hover readout (not drawn).
  const sampled = d.series[0]?.curve.tokens ?? [];
  return withHoverPoints(view, sampled.map(num), sampled.map((_, j) => valuesAt(d, cfg, () => j)));
}

export const stateVsContext: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root) => enhanceDragMarkers(root),
};

export default stateVsContext;
