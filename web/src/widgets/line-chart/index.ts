// A line chart configured in content: one or more x–y series from core
// answers. The x values are either a request field sampled over a declared
// range (one request per sample: the samples are inputs the core validates,
// like a table's rows) or a list the op returns (one request; "rows[*].x"
// reads a member of each row); each series' y is a result path, its readout
// the core's display at that path. A series may read its own request (one
// line per model or per card: data.requests, each the shared request with
// its own fields on top). Optional: reference lines at a result value (a
// crossing the core finds), a request field or a constant the content
// states (a deadline, a budget), and a reader x the reader drags
// (figures/drag-marker.ts) that asks the core at that x, as roofline's M
// does. The data table under the chart is the text alternative and holds
// every sampled point.
//
// The instance's JSON is documented in docs/widget-kinds.md; in short:
//   data.op, data.request (with "$variables"),
//   data.requests? [{ id, fields?, op? }] (more requests: the shared one with fields on top),
//   data.x  { field, from, to, samples, scale?, integer? } | { path, display? } (+ ticks, zero),
//   data.y  { scale?, ticks?, zero? },
//   data.series [{ id, label, path, display?, request?, stroke? ("solid" | "dashed") }],
//   data.rules? [{ id, axis: "x" | "y", label, path | field | value, display?, format?, request? }]
//     (read from the request as written),
//   data.reader? { control, step? } (the control holding x; data.request[x.field] is its "$variable"),
//   text.chart_title, chart_desc, x_axis, y_axis, x_point ("e/b = {x}"),
//   and with a reader text.reader_label and text.reader_text ("{x}", each series' "{id}").

import { line } from 'd3-shape';
import { displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dataTable, dot, summary, svgFrame, WIDE, type Drawing, type NumScale } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { dragMarks, enhanceDragMarkers, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';
import { joined } from '../../figures/joins';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import {
  axisScale,
  axisTicks,
  drawable,
  exactCoord,
  fillWords,
  followEach,
  levelLines,
  levelOf,
  seriesLegend,
  TemplateAsker,
  type AxisSpec,
  type LevelSource,
} from '../../figures/plot';

interface SampledX extends AxisSpec {
  field: string;
  from: string | number;
  to: string | number;
  samples: number;
  /** The field takes whole numbers: samples are rounded to integers (and sent as numbers). */
  integer?: boolean;
}
interface ArrayX extends AxisSpec {
  path: string;
  display?: string;
}
type XSpec = SampledX | ArrayX;
const STROKES = ['solid', 'dashed'] as const;
type Stroke = (typeof STROKES)[number];
/** Another request: the shared one with `fields` on top, to `op` (default data.op). */
interface RequestSpec {
  id: string;
  fields?: Fields;
  op?: string;
}
interface SeriesSpec {
  id: string;
  label: string;
  path: string;
  display?: string;
  /** The id of the data.requests entry this series reads; default the shared request. */
  request?: string;
  /** The line's stroke, over the series' own dash pattern: a figure says which line is measured (solid) and which a model's (dashed). */
  stroke?: Stroke;
}
interface RuleSpec extends LevelSource {
  id: string;
  axis: 'x' | 'y';
  label: string;
  /** For a path: the request whose answer holds it (default the shared request). */
  request?: string;
}
interface ReaderSpec {
  control: string;
  step?: number;
}
interface Spec {
  op: string;
  request: Fields;
  requests?: RequestSpec[];
  x: XSpec;
  y?: AxisSpec;
  series: SeriesSpec[];
  rules?: RuleSpec[];
  reader?: ReaderSpec;
}

interface Point {
  x: number;
  y: number;
  text: string;
}
/** One sampled x: where it stands, how it is written, and each series' value there (none where a series' list lacks that x). */
interface Sample {
  x: number;
  xText: string;
  ys: (Point | undefined)[];
}
interface Rule {
  spec: RuleSpec;
  at: number;
  text: string;
}
interface Reader {
  x: number;
  xText: string;
  ys: Point[];
  valueText: string;
}
interface Data {
  samples: Sample[];
  rules: Rule[];
  reader: Reader | null;
}

const PAD = { left: 56, right: 16, top: 28, bottom: 52 };

function specOf(cfg: WidgetConfig): Spec {
  const spec = {
    op: dataOf<string>(cfg, 'op'),
    request: dataOf<Fields>(cfg, 'request'),
    x: dataOf<XSpec>(cfg, 'x'),
    series: dataOf<SeriesSpec[]>(cfg, 'series'),
  };
  const data = cfg.data as Partial<Spec>;
  if (!Array.isArray(spec.series) || !spec.series.length) throw new Error(`${cfg.title}: a line-chart needs data.series`);
  for (const s of spec.series) {
    if (s.stroke !== undefined && !STROKES.includes(s.stroke))
      throw new Error(`${cfg.title}: series ${s.id} has stroke "${String(s.stroke)}"; a stroke is "solid" or "dashed"`);
  }
  if (!('path' in spec.x) && !(spec.x.field && spec.x.samples >= 2))
    throw new Error(`${cfg.title}: data.x needs a path, or a field with from, to and samples ≥ 2`);
  if (data.reader && !('field' in spec.x)) throw new Error(`${cfg.title}: a reader needs a sampled x (data.x.field)`);
  const known = new Set((data.requests ?? []).map((r) => r.id));
  for (const named of [...spec.series, ...(data.rules ?? [])]) {
    if (named.request !== undefined && !known.has(named.request))
      throw new Error(`${cfg.title}: ${named.id} reads request "${named.request}", which data.requests does not list`);
  }
  if (!('path' in spec.x) && spec.series.some((s) => s.path.includes('[*]')))
    throw new Error(`${cfg.title}: a "[*]" path reads a list's rows, so it needs an x the op returns (data.x.path)`);
  return { ...spec, requests: data.requests, y: data.y, rules: data.rules, reader: data.reader };
}

/** The op and request template a series or rule reads: the shared one, or a data.requests entry on top of it. */
function requestOf(spec: Spec, id: string | undefined): { op: string; template: Fields } {
  const r = id === undefined ? undefined : spec.requests?.find((q) => q.id === id);
  return r ? { op: r.op ?? spec.op, template: { ...spec.request, ...(r.fields ?? {}) } } : { op: spec.op, template: spec.request };
}

/**
 * The sampled inputs: `samples` values from `from` to `to`, evenly spaced on
 * the axis's scale, written as a reader would type them (1.1, not
 * 1.1000000000000001). They are requests' inputs, validated by the core.
 */
export function sampleInputs(x: SampledX): Json[] {
  const from = Number(x.from);
  const to = Number(x.to);
  const n = x.samples;
  const out: Json[] = [];
  for (let k = 0; k < n; k++) {
    const t = k / (n - 1);
    const v = x.scale === 'log' ? from * (to / from) ** t : from + (to - from) * t;
    out.push(x.integer ? Math.round(v) : String(Number(v.toPrecision(12))));
  }
  return [...new Map(out.map((v) => [String(v), v])).values()];
}

const valueAt = (s: SeriesSpec, answer: Json, x: number): Point => ({
  x,
  y: exactCoord(follow(answer, s.path)),
  text: displayText(follow(answer, s.display ?? s.path)),
});

/** "e/b = 1.5：電壓固定 2/3、電壓跟著降 0.87358": the core's values at one x, in the content's words. */
function readerText(cfg: WidgetConfig, spec: Spec, xText: string, ys: (Point | undefined)[]): string {
  return fillWords(text(cfg, 'reader_text'), { x: xText, ...Object.fromEntries(spec.series.map((s, k) => [s.id, ys[k]?.text ?? '—'])) });
}

/**
 * An x the op returns: each series' points from its own answer's lists (x
 * and y by index). With one request they keep the list's order; series from
 * several requests meet at equal x values, in ascending order.
 */
async function listedSamples(spec: Spec & { x: ArrayX }, core: TemplateAsker): Promise<Sample[]> {
  const x = spec.x;
  const perSeries = await Promise.all(
    spec.series.map(async (s) => {
      const { op, template } = requestOf(spec, s.request);
      const answer = await core.ask(op, template);
      const xs = followEach(answer, x.path) ?? [];
      const xTexts = x.display ? followEach(answer, x.display) : xs;
      const ys = followEach(answer, s.path) ?? [];
      const shown = s.display ? followEach(answer, s.display) : ys;
      return xs.map((raw, i) => ({ x: exactCoord(raw), xText: displayText(xTexts?.[i]), y: exactCoord(ys[i]), text: displayText(shown?.[i]) }));
    }),
  );
  const oneRequest = new Set(spec.series.map((s) => s.request)).size === 1;
  if (oneRequest) {
    return perSeries[0]!.map((p, i) => ({
      x: p.x,
      xText: p.xText,
      ys: perSeries.map((pts) => (pts[i] ? { x: p.x, y: pts[i]!.y, text: pts[i]!.text } : undefined)),
    }));
  }
  const byX = new Map<number, Sample>();
  perSeries.forEach((pts, k) => {
    for (const p of pts) {
      const sample = byX.get(p.x) ?? { x: p.x, xText: p.xText, ys: spec.series.map(() => undefined) };
      sample.ys[k] = { x: p.x, y: p.y, text: p.text };
      byX.set(p.x, sample);
    }
  });
  return [...byX.values()].sort((a, b) => a.x - b.x);
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const spec = specOf(cfg);
  const core = new TemplateAsker(engine, vars);
  const answerOf = (id: string | undefined, extra: Fields = {}) => {
    const { op, template } = requestOf(spec, id);
    return core.ask(op, template, extra);
  };
  let samples: Sample[];
  if ('path' in spec.x) {
    samples = await listedSamples(spec as Spec & { x: ArrayX }, core);
  } else {
    const field = spec.x.field;
    const inputs = sampleInputs(spec.x);
    samples = await Promise.all(
      inputs.map(async (v) => {
        const x = exactCoord(v);
        const answers = await Promise.all(spec.series.map((s) => answerOf(s.request, { [field]: v })));
        return { x, xText: displayText(v), ys: spec.series.map((s, k) => valueAt(s, answers[k]!, x)) };
      }),
    );
  }
  const rules = await Promise.all(
    (spec.rules ?? []).map(async (r) => {
      const { template } = requestOf(spec, r.request);
      return { spec: r, ...levelOf(r, r.path === undefined ? undefined : await answerOf(r.request), core.request(template)) };
    }),
  );
  let reader: Reader | null = null;
  if (spec.reader && 'field' in spec.x) {
    // The reader's x is the request's own value (the control's), as the core accepted it.
    const input = core.request(spec.request)[spec.x.field];
    const x = exactCoord(input);
    const answers = await Promise.all(spec.series.map((s) => answerOf(s.request)));
    const ys = spec.series.map((s, k) => valueAt(s, answers[k]!, x));
    reader = { x, xText: displayText(input), ys, valueText: readerText(cfg, spec, displayText(input), ys) };
  }
  return { samples, rules, reader };
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const spec = specOf(cfg);
  const wide = width === WIDE;
  const height = wide ? 320 : 280;
  const box = { left: PAD.left, right: width - PAD.right, top: PAD.top, bottom: height - PAD.bottom };
  const points = d.samples.flatMap((s) => s.ys.filter((p): p is Point => p !== undefined));
  const xValues = [...d.samples.map((s) => s.x), ...(d.reader ? [d.reader.x] : []), ...d.rules.filter((r) => r.spec.axis === 'x').map((r) => r.at)];
  const yValues = [...points.map((p) => p.y), ...(d.reader ? d.reader.ys.map((p) => p.y) : []), ...d.rules.filter((r) => r.spec.axis === 'y').map((r) => r.at)];
  const x = axisScale(spec.x, xValues, [box.left, box.right], false, false);
  const y = axisScale(spec.y, yValues, [box.bottom, box.top], true);
  const children: Mark[] = [
    axisLeft(y, box.left, box.right - box.left, wide ? 5 : 4, axisTicks(spec.y), text(cfg, 'y_axis')),
    axisBottom(x, box.bottom, wide ? 6 : 4, axisTicks(spec.x), text(cfg, 'x_axis')),
  ];
  const path = line<Point>()
    .x((p) => Number(coord(x(p.x))))
    .y((p) => Number(coord(y(p.y))));
  const ok = (p: Point) => drawable(spec.x, p.x) && drawable(spec.y, p.y);
  spec.series.forEach((s, k) => {
    const pts = d.samples.flatMap((sample) => {
      const p = sample.ys[k];
      return p && ok(p) ? [{ sample, p }] : [];
    });
    children.push(
      el('g', { class: `series series-${k}`, 'data-series': s.id, 'data-testid': `line-${s.id}` }, [
        el('path', { class: strokeClass('line', s), d: path(pts.map(({ p }) => p)) ?? '' }),
        ...pts.map(({ sample, p }) => dot('end sample', x(p.x), y(p.y), joined(s.label, fillWords(text(cfg, 'x_point'), { x: sample.xText })), p.text)),
      ]),
    );
  });
  children.push(...levelLines(d.rules, spec, { x, y }, box, wide, text(cfg, 'y_axis'), 'rule-mark-'));
  // The marker snaps to the x-axis rules (a crossing the core found), and PageUp/PageDown jump to them.
  const landmarks = d.rules.filter((r) => r.spec.axis === 'x' && drawable(spec.x, r.at)).map((r) => r.at);
  if (d.reader && drawable(spec.x, d.reader.x)) children.push(...readerMarks(d.reader, spec, x, y, box, cfg, landmarks));
  return { width, height, children };
}

/** A line's classes: with a declared stroke, `stroke-solid` or `stroke-dashed` (styles/figures.css) over the series' dash. */
function strokeClass(base: string, s: SeriesSpec): string {
  return s.stroke ? `${base} stroke-${s.stroke}` : base;
}

/** The reader's x on the chart: its point on each line, and the marker that drags it. */
function readerMarks(r: Reader, spec: Spec, x: NumScale, y: NumScale, box: { top: number; bottom: number }, cfg: WidgetConfig, landmarks: number[]): Mark[] {
  const marker = dragMarks({
    control: spec.reader!.control,
    label: text(cfg, 'reader_label'),
    value: r.x,
    valueText: r.valueText,
    scale: x,
    log: spec.x.scale === 'log',
    landmarks,
    top: box.top,
    bottom: box.bottom,
    step: spec.reader!.step,
  });
  const at = fillWords(text(cfg, 'x_point'), { x: r.xText });
  const dots = spec.series.map((s, k) =>
    el(
      'g',
      { class: `series series-${k}`, 'data-series': s.id },
      drawable(spec.y, r.ys[k]!.y) ? [dot('end', x(r.x), y(r.ys[k]!.y), joined(s.label, at), r.ys[k]!.text)] : [],
    ),
  );
  return [...marker, ...dots];
}

/** The values read off the chart: each series at the reader's x, and each reference line. */
function readings(d: Data, spec: Spec, cfg: WidgetConfig): Mark[] {
  const items = [
    ...(d.reader
      ? spec.series.map((s, k) => ({
          label: joined(s.label, fillWords(text(cfg, 'x_point'), { x: d.reader!.xText })),
          value: d.reader!.ys[k]!.text,
          testid: `at-${s.id}`,
        }))
      : []),
    ...d.rules.map((r) => ({ label: r.spec.label, value: r.text, testid: `rule-${r.spec.id}` })),
  ];
  return items.length ? [summary(items)] : [];
}

export const lineChart: WidgetDef<Data> = {
  compute: (engine, vars, ctx) => compute(engine, vars, ctx.cfg),

  view(data, ctx) {
    const cfg = ctx.cfg;
    const spec = specOf(cfg);
    let frame = svgFrame(`${ctx.instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(data, w, cfg));
    if (data.reader) frame = withSliderRole(frame);
    const table = dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'chart_title'),
      [text(cfg, 'x_axis'), ...spec.series.map((s) => s.label)],
      data.samples.map((s, i) => ({ id: String(i), cells: [s.xText, ...s.ys.map((p) => p?.text ?? '—')] })),
    );
    const marks = [
      ...readings(data, spec, cfg),
      ...(data.reader ? [readoutMark(data.reader.valueText)] : []),
      frame,
      seriesLegend(
        spec.series.map((s) => s.label),
        spec.series.map((s) => s.stroke),
      ),
      table,
    ];
    const view = marksView(marks);
    if (data.reader) {
      withHoverPoints(
        view,
        data.samples.map((s) => s.x),
        data.samples.map((s) => readerText(cfg, spec, s.xText, s.ys)),
      );
    }
    return view;
  },

  renderOutput: (view) => marksMarkup(view),

  enhance(root, ctx) {
    if ((ctx.cfg.data as Partial<Spec> | undefined)?.reader) enhanceDragMarkers(root);
  },
};

export default lineChart;
