// A line chart configured in content: one or more x–y series from one core
// op. The x values are either a request field sampled over a declared range
// (one request per sample: the samples are inputs the core validates, like a
// table's rows) or an array the op returns (one request); each series' y is a
// result path, its readout the core's display at that path. Optional:
// reference lines at result values (a crossing the core finds), and a reader
// x the reader drags (figures/drag-marker.ts) that asks the core at that x,
// as roofline's M does. The data table under the chart is the text
// alternative and holds every sampled point.
//
// The instance's JSON is documented in docs/widget-kinds.md; in short:
//   data.op, data.request (with "$variables"),
//   data.x  { field, from, to, samples, scale?, integer? } | { path, display? } (+ ticks, zero),
//   data.y  { scale?, ticks?, zero? },
//   data.series [{ id, label, path, display? }],
//   data.rules? [{ id, axis: "x" | "y", label, path, display? }] (read from the request as written),
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
import { axisScale, axisTicks, drawable, exactCoord, fillWords, referenceLine, seriesLegend, TemplateAsker, type AxisSpec } from '../../figures/plot';

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
interface SeriesSpec {
  id: string;
  label: string;
  path: string;
  display?: string;
}
interface RuleSpec {
  id: string;
  axis: 'x' | 'y';
  label: string;
  path: string;
  display?: string;
}
interface ReaderSpec {
  control: string;
  step?: number;
}
interface Spec {
  op: string;
  request: Fields;
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
/** One sampled x: where it stands, how it is written, and each series' value there. */
interface Sample {
  x: number;
  xText: string;
  ys: Point[];
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
  if (!('path' in spec.x) && !(spec.x.field && spec.x.samples >= 2))
    throw new Error(`${cfg.title}: data.x needs a path, or a field with from, to and samples ≥ 2`);
  if (data.reader && !('field' in spec.x)) throw new Error(`${cfg.title}: a reader needs a sampled x (data.x.field)`);
  return { ...spec, y: data.y, rules: data.rules, reader: data.reader };
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

const valueAt = (s: SeriesSpec, answer: Json, x: number, index?: number): Point => {
  const pick = (path: string) => (index === undefined ? follow(answer, path) : (follow(answer, path) as Json[] | undefined)?.[index]);
  return { x, y: exactCoord(pick(s.path)), text: displayText(pick(s.display ?? s.path)) };
};

/** "e/b = 1.5：電壓固定 2/3、電壓跟著降 0.87358": the core's values at one x, in the content's words. */
function readerText(cfg: WidgetConfig, spec: Spec, xText: string, ys: Point[]): string {
  return fillWords(text(cfg, 'reader_text'), { x: xText, ...Object.fromEntries(spec.series.map((s, k) => [s.id, ys[k]!.text])) });
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const spec = specOf(cfg);
  const core = new TemplateAsker(engine, vars);
  const base = core.ask(spec.op, spec.request);
  let samples: Sample[];
  if ('path' in spec.x) {
    const answer = await base;
    const xs = (follow(answer, spec.x.path) as Json[] | undefined) ?? [];
    const xDisplay = spec.x.display;
    samples = xs.map((raw, i) => {
      const x = exactCoord(raw);
      const xText = displayText(xDisplay ? (follow(answer, xDisplay) as Json[] | undefined)?.[i] : raw);
      return { x, xText, ys: spec.series.map((s) => valueAt(s, answer, x, i)) };
    });
  } else {
    const field = spec.x.field;
    const inputs = sampleInputs(spec.x);
    const answers = await Promise.all(inputs.map((v) => core.ask(spec.op, spec.request, { [field]: v })));
    samples = inputs.map((v, i) => ({ x: exactCoord(v), xText: displayText(v), ys: spec.series.map((s) => valueAt(s, answers[i]!, exactCoord(v))) }));
  }
  const answer = await base;
  const rules = (spec.rules ?? []).map((r) => ({ spec: r, at: exactCoord(follow(answer, r.path)), text: displayText(follow(answer, r.display ?? r.path)) }));
  let reader: Reader | null = null;
  if (spec.reader && 'field' in spec.x) {
    // The reader's x is the request's own value (the control's), as the core accepted it.
    const input = core.request(spec.request)[spec.x.field];
    const x = exactCoord(input);
    const ys = spec.series.map((s) => valueAt(s, answer, x));
    reader = { x, xText: displayText(input), ys, valueText: readerText(cfg, spec, displayText(input), ys) };
  }
  return { samples, rules, reader };
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const spec = specOf(cfg);
  const wide = width === WIDE;
  const height = wide ? 320 : 280;
  const box = { left: PAD.left, right: width - PAD.right, top: PAD.top, bottom: height - PAD.bottom };
  const points = d.samples.flatMap((s) => s.ys);
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
    const pts = d.samples.map((sample) => ({ sample, p: sample.ys[k]! })).filter(({ p }) => ok(p));
    children.push(
      el('g', { class: `series series-${k}`, 'data-series': s.id, 'data-testid': `line-${s.id}` }, [
        el('path', { class: 'line', d: path(pts.map(({ p }) => p)) ?? '' }),
        ...pts.map(({ sample, p }) => dot('end sample', x(p.x), y(p.y), joined(s.label, fillWords(text(cfg, 'x_point'), { x: sample.xText })), p.text)),
      ]),
    );
  });
  d.rules.forEach((r) => {
    if (!drawable(r.spec.axis === 'x' ? spec.x : spec.y, r.at)) return;
    const pos = r.spec.axis === 'x' ? x(r.at) : y(r.at);
    children.push(referenceLine(r.spec.axis, pos, box, r.spec.label, r.text, wide, `rule-mark-${r.spec.id}`));
  });
  if (d.reader && drawable(spec.x, d.reader.x)) children.push(...readerMarks(d.reader, spec, x, y, box, cfg));
  return { width, height, children };
}

/** The reader's x on the chart: its point on each line, and the marker that drags it. */
function readerMarks(r: Reader, spec: Spec, x: NumScale, y: NumScale, box: { top: number; bottom: number }, cfg: WidgetConfig): Mark[] {
  const marker = dragMarks({
    control: spec.reader!.control,
    label: text(cfg, 'reader_label'),
    value: r.x,
    valueText: r.valueText,
    scale: x,
    log: spec.x.scale === 'log',
    landmarks: [],
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
      data.samples.map((s, i) => ({ id: String(i), cells: [s.xText, ...s.ys.map((p) => p.text)] })),
    );
    const marks = [
      ...readings(data, spec, cfg),
      ...(data.reader ? [readoutMark(data.reader.valueText)] : []),
      frame,
      seriesLegend(spec.series.map((s) => s.label)),
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
