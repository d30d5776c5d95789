// A roofline over the rows M of one projection (Figure 4-35, Table 4.8.1-a):
// the matrix time and the memory time as two lines on log–log axes, and the
// first row count the core finds compute-bound marked on the rows axis. The
// accelerator is the reader's (a `gpus` select), so the lines and the mark
// move when the card changes. Every point is a core answer: one request per
// row of the table under the chart (widgets/core-table, same config), which
// keeps every exact value as the text alternative.
//
// The reader's own M is a control the chart's marker drags (figures/
// drag-marker.ts): the core answers for that M too, its point sits on both
// lines, and its times and bound are read above the chart.
//
// Config: a core-table with grid rows (one per sampled M, its request field
// named by data.x), plus
//   data.lines  [{ id, label, path, display }]: a line per result value;
//   data.marker { path, label }: a row count of the first row's answer;
//   data.drag   { control, variable, bound_path }: the control (key, and its
//               "$variable") that holds the reader's M, and where the answer
//               says which side bounds it;
//   text.chart_title, text.chart_desc, text.x_axis, text.y_axis, and with a
//   drag text.marker_label and text.marker_text ("{m}", each line's "{id}",
//   "{bound}" ← text.bound_<value>).
import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';

import { dragMarks, enhanceDragMarkers, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Json, RawOp } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dot, svgFrame, tickLabel, WIDE, type Drawing, type NumScale } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { exactCoord } from '../../figures/plot';
import coreTable, { tableSpec } from '../core-table';

type TableData = Awaited<ReturnType<typeof coreTable.compute>>;

interface LineSpec {
  id: string;
  label: string;
  path: string;
  display: string;
}
interface Point {
  x: number;
  y: number;
  text: string;
}
interface Series {
  id: string;
  label: string;
  points: Point[];
}
interface DragSpec {
  control: string;
  variable: string;
  bound_path: string;
}
/** The drag of a roofline that has one (data.drag is optional: a roofline may be a plain figure). */
const dragOf = (cfg: WidgetConfig): DragSpec | undefined => (cfg.data as { drag?: DragSpec } | undefined)?.drag;

/** The reader's M: where the marker stands, the core's values there, and the texts of every sampled M for hovering. */
interface Reader {
  x: number;
  ys: number[];
  valueText: string;
  hover: { xs: number[]; texts: string[] };
}
interface Data {
  table: TableData;
  series: Series[];
  marker: { x: number; label: string; value: string } | null;
  reader: Reader | null;
}

const PAD = { left: 64, right: 16, top: 28, bottom: 52 };

/** A time tick in two significant digits, grouped: "0.2", "30", "1,000" (a drawing's label, never a value the reader reads off). */
const timeTick = (v: number): string => Number(v.toPrecision(2)).toLocaleString('en-US');

/** An exact value as the core sent it ("125.7", "7/3", 42) → a coordinate. */
const position = exactCoord;

async function computeLines(engine: Parameters<typeof coreTable.compute>[0], vars: Parameters<typeof coreTable.compute>[1], cfg: WidgetConfig) {
  const spec = tableSpec(cfg);
  const xField = dataOf<string>(cfg, 'x');
  const lines = dataOf<LineSpec[]>(cfg, 'lines');
  const marker = (cfg.data as { marker?: { path: string; label: string } } | undefined)?.marker;
  if (!spec.rows || !xField || !Array.isArray(lines) || !lines.length) throw new Error(`${cfg.title}: a roofline needs table.rows, data.x and data.lines`);
  const op = spec.columns[0]!.op as RawOp;
  const cells = new CellResolver(engine, vars);
  const answers = await Promise.all(spec.rows.map((r) => cells.result(op, spec.fields, r.fields) as Promise<Json>));
  // The sampled M are the content's own inputs (each row's request field), not values the browser derives.
  const xs = spec.rows.map((r) => position((r.fields ?? {})[xField] as Json));
  const series = lines.map((l) => ({
    id: l.id,
    label: l.label,
    points: answers.map((a, i) => ({ x: xs[i]!, y: position(follow(a, l.path)), text: displayText(follow(a, l.display)) })).filter((p) => p.x > 0 && p.y > 0),
  }));
  const m = marker ? follow(answers[0], marker.path) : undefined;
  const drag = dragOf(cfg);
  let reader: Reader | null = null;
  if (drag) {
    const mine = (await cells.result(op, spec.fields, { [xField]: drag.variable })) as Json;
    const x = position(follow(mine, xField) ?? (vars as Record<string, Json>)[drag.variable]);
    reader = {
      x,
      ys: lines.map((l) => position(follow(mine, l.path))),
      valueText: valuesAt(cfg, lines, drag, mine, x),
      hover: { xs, texts: answers.map((a, i) => valuesAt(cfg, lines, drag, a, xs[i]!)) },
    };
  }
  return { series, marker: marker && m !== null && m !== undefined ? { x: position(m), label: marker.label, value: displayText(m) } : null, reader };
}

/** "M = 256：矩陣 34.6 μs、記憶體 36.6 μs，受記憶體限制": the core's values at one M, in the content's words. */
function valuesAt(cfg: WidgetConfig, lines: LineSpec[], drag: DragSpec, answer: Json, m: number): string {
  let out = text(cfg, 'marker_text').replace('{m}', groupDigits(BigInt(m)));
  for (const l of lines) out = out.replace(`{${l.id}}`, displayText(follow(answer, l.display)));
  return out.replace('{bound}', text(cfg, `bound_${String(follow(answer, drag.bound_path))}`));
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const wide = width === WIDE;
  const height = wide ? 320 : 280;
  const all = d.series.flatMap((s) => s.points);
  // The reader's M widens the axis when it lies past the sampled rows, so the marker is always on it.
  const xs = [...all.map((p) => p.x), ...(d.reader && d.reader.x > 0 ? [d.reader.x] : [])];
  const x = scaleLog()
    .domain([Math.min(...xs), Math.max(...xs)])
    .range([PAD.left, width - PAD.right]);
  const y = scaleLog()
    .domain([Math.min(...all.map((p) => p.y)), Math.max(...all.map((p) => p.y))])
    .nice()
    .range([height - PAD.bottom, PAD.top]);
  const path = line<Point>()
    .x((p) => Number(coord(x(p.x))))
    .y((p) => Number(coord(y(p.y))));
  const children: Mark[] = [
    axisLeft(y, PAD.left, width - PAD.left - PAD.right, wide ? 5 : 4, timeTick, text(cfg, 'y_axis')),
    axisBottom(x, height - PAD.bottom, wide ? 6 : 4, tickLabel('int'), text(cfg, 'x_axis')),
  ];
  d.series.forEach((s, k) => {
    const last = s.points[s.points.length - 1];
    children.push(
      el('g', { class: `series series-${k}`, 'data-series': s.id, 'data-testid': `line-${s.id}` }, [
        el('path', { class: 'line', d: path(s.points) ?? '' }),
        ...s.points.map((p) => dot('dot', x(p.x), y(p.y), `${s.label} · M = ${p.x}`, p.text)),
        ...(last ? [el('text', { class: 'label small', x: coord(x(last.x) - 4), y: coord(y(last.y) - 8), 'text-anchor': 'end' }, s.label)] : []),
      ]),
    );
  });
  if (d.marker && d.marker.x > 0) {
    const mx = coord(x(Math.min(Math.max(d.marker.x, x.domain()[0]!), x.domain()[1]!)));
    children.push(
      el('g', { class: 'marker', 'data-testid': 'ridge-rows' }, [
        el('line', { x1: mx, x2: mx, y1: String(PAD.top), y2: String(height - PAD.bottom) }),
        // A phone's drawing has room beside the line for the value only; the wide one names it.
        wide
          ? el('text', { class: 'bar-value', x: mx, y: String(PAD.top - 8), 'text-anchor': 'middle' }, `${d.marker.label} ${d.marker.value}`)
          : el('text', { class: 'bar-value', x: coord(Number(mx) + 4), y: String(PAD.top - 8), 'text-anchor': 'start' }, d.marker.value),
      ]),
    );
  }
  if (d.reader && d.reader.x > 0) children.push(...readerMarks(d.reader, d.series, x, y, height, cfg));
  return { width, height, children };
}

/** The reader's M on the chart: its point on each line, and the marker that drags it. */
function readerMarks(r: Reader, series: Series[], x: NumScale, y: NumScale, height: number, cfg: WidgetConfig): Mark[] {
  const drag = dragOf(cfg)!;
  const dots = series.map((s, k) =>
    el(
      'g',
      { class: `series series-${k}`, 'data-series': s.id },
      r.ys[k]! > 0 ? [dot('end', x(r.x), y(r.ys[k]!), `${s.label} · M = ${groupDigits(BigInt(r.x))}`, r.valueText)] : [],
    ),
  );
  const marker = dragMarks({
    control: drag.control,
    label: text(cfg, 'marker_label'),
    value: r.x,
    valueText: r.valueText,
    scale: x,
    log: true,
    landmarks: r.hover.xs,
    top: PAD.top,
    bottom: height - PAD.bottom,
  });
  return [...marker, ...dots];
}

export const roofline: WidgetDef<Data> = {
  async compute(engine, vars, ctx) {
    const [table, lines] = await Promise.all([coreTable.compute(engine, vars, ctx), computeLines(engine, vars, ctx.cfg)]);
    return { table, ...lines };
  },

  // The table's shape comes first: core-table reads its row count from it.
  view(data, ctx) {
    const tableView = coreTable.view(data.table, ctx);
    const frame = svgFrame(`${ctx.instance}-chart`, text(ctx.cfg, 'chart_title'), text(ctx.cfg, 'chart_desc'), (w) => drawing(data, w, ctx.cfg));
    const reader = data.reader;
    // With a marker the drawing holds a slider, so it is a group, not an image; the values at M are read above it.
    const marks = reader ? [readoutMark(reader.valueText), withSliderRole(frame)] : [frame];
    const chartView = reader ? withHoverPoints(marksView(marks), reader.hover.xs, reader.hover.texts) : marksView(marks);
    return { ...tableView, ...chartView, [SHAPE]: `${tableView[SHAPE] ?? ''}|roofline:${chartView[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view, ctx) {
    return marksMarkup(view) + coreTable.renderOutput(view, ctx);
  },

  enhance(root, ctx) {
    coreTable.enhance?.(root, ctx);
    if (dragOf(ctx.cfg)) enhanceDragMarkers(root);
  },
};

export default roofline;
