// Figures 3-27 and 3-28: the scaling-law fit of Example 3-5 drawn from the
// core's answer (scaling_fit). "scatter" puts each C4 run at its actual loss
// (x) and the fit's prediction (y) against the diagonal where they agree;
// "residuals" draws prediction − actual for each run around zero. Fitted and
// held-out runs are told apart by colour and in the readout. The reader's α
// and β (controls feeding the request's `alpha`, `beta`) refit the law, and
// every point moves. The table under the drawing (widgets/core-table, same
// config) is the text alternative.
//
// Config: a core-table with table.list (op scaling_fit, path points), plus
// data.mode ("scatter" | "residuals") and text.chart_title, text.chart_desc,
// text.x_axis, text.y_axis. With data.strips (figures/context-strip.ts) α and
// β have drag markers under the drawing, on the grid the fit searches.

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dot, readAttrs, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { contextStrip, STRIP_H, stripsOf, stripValue } from '../../figures/context-strip';
import { enhanceDragMarkers, withSliderRole } from '../../figures/drag-marker';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import coreTable from '../core-table';

type TableData = Awaited<ReturnType<typeof coreTable.compute>>;

interface Point {
  id: string;
  held: boolean;
  split: string;
  actual: number; // coordinates only; the readout prints the core's displays
  predicted: number;
  residual: number;
  actualDisplay: string;
  predictedDisplay: string;
  residualDisplay: string;
}
interface Data {
  table: TableData;
  points: Point[];
  /** The reader's values where the strips' markers stand, one per strip. */
  marks: Array<bigint | number>;
}

const PAD = { left: 52, right: 16, top: 26, bottom: 50 };

function num(v: Json | undefined): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : 0;
}

async function computePoints(
  engine: Parameters<typeof coreTable.compute>[0],
  vars: Parameters<typeof coreTable.compute>[1],
  cfg: WidgetConfig,
): Promise<Point[]> {
  const spec = (cfg as WidgetConfig & { table: { fields?: Fields; list: { op: string; fields?: Fields } } }).table;
  const r = (await new CellResolver(engine, vars).result(spec.list.op as never, spec.fields, spec.list.fields)) as Json;
  return ((follow(r, 'points') as Json[] | undefined) ?? []).map((p) => ({
    id: String(follow(p, 'id')),
    held: follow(p, 'split') !== 'fit',
    split: String(follow(p, 'split_display') ?? ''),
    actual: num(follow(p, 'loss')),
    predicted: num(follow(p, 'predicted')),
    residual: num(follow(p, 'residual')),
    actualDisplay: String(follow(p, 'loss_display') ?? ''),
    predictedDisplay: String(follow(p, 'predicted_display') ?? ''),
    residualDisplay: String(follow(p, 'residual_display') ?? ''),
  }));
}

function scatter(points: Point[], width: number, height: number, cfg: WidgetConfig): Mark[] {
  const all = points.flatMap((p) => [p.actual, p.predicted]);
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = (hi - lo) * 0.05 || 0.1;
  const domain: [number, number] = [lo - pad, hi + pad];
  const x = scaleLinear()
    .domain(domain)
    .nice()
    .range([PAD.left, width - PAD.right]);
  const y = scaleLinear()
    .domain(x.domain())
    .range([height - PAD.bottom, PAD.top]);
  const [d0, d1] = x.domain() as [number, number];
  return [
    axisLeft(y, PAD.left, width - PAD.left - PAD.right, 5, String, text(cfg, 'y_axis')),
    axisBottom(x, height - PAD.bottom, width === WIDE ? 6 : 4, String, text(cfg, 'x_axis')),
    // Where prediction equals actual.
    el('path', { class: 'line diagonal', d: `M${coord(x(d0))} ${coord(y(d0))}L${coord(x(d1))} ${coord(y(d1))}` }),
    ...points.map((p) =>
      el('g', { class: p.held ? 'series series-1' : 'series series-0', 'data-testid': `point-${p.id}` }, [
        dot('dot', x(p.actual), y(p.predicted), `${p.id} · ${p.split}`, `${p.actualDisplay} → ${p.predictedDisplay}`),
        el('text', { class: 'label small', x: coord(x(p.actual) + 6), y: coord(y(p.predicted) - 6) }, p.id),
      ]),
    ),
  ];
}

function residuals(points: Point[], width: number, height: number, cfg: WidgetConfig): Mark[] {
  const m = Math.max(0.001, ...points.map((p) => Math.abs(p.residual)));
  const y = scaleLinear()
    .domain([-m, m])
    .nice()
    .range([height - PAD.bottom, PAD.top]);
  const band = (width - PAD.left - PAD.right) / Math.max(1, points.length);
  const zero = y(0);
  return [
    axisLeft(y, PAD.left, width - PAD.left - PAD.right, 5, String, text(cfg, 'y_axis')),
    ...points.map((p, i) => {
      const top = Math.min(y(p.residual), zero);
      const h = Math.abs(y(p.residual) - zero);
      const cx = PAD.left + band * i + band / 2;
      return el('g', { class: p.held ? 'bar series-1' : 'bar series-0', 'data-testid': `residual-${p.id}` }, [
        el('rect', {
          x: coord(cx - band * 0.3),
          y: coord(top),
          width: coord(band * 0.6),
          height: coord(Math.max(1, h)),
          ...readAttrs(`${p.id} · ${p.split}`, p.residualDisplay),
        }),
        el('text', { class: 'label small', x: coord(cx), y: coord(height - PAD.bottom + 16), 'text-anchor': 'middle' }, p.id),
      ]);
    }),
    el('path', { class: 'domain', d: `M${coord(PAD.left)} ${coord(zero)}H${coord(width - PAD.right)}` }),
    el('text', { class: 'axis-title', x: coord(width - PAD.right), y: coord(height - 8), 'text-anchor': 'end' }, text(cfg, 'x_axis')),
  ];
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const plotHeight = width === WIDE ? 320 : 280;
  const strips = stripsOf(cfg);
  const children = dataOf<string>(cfg, 'mode') === 'residuals' ? residuals(d.points, width, plotHeight, cfg) : scatter(d.points, width, plotHeight, cfg);
  // The strips sit under the drawing: the plot keeps its place and size.
  strips.forEach((strip, i) => children.push(...contextStrip(cfg, strip, d.marks[i]!, width, PAD.left, plotHeight - 4 + i * STRIP_H, width === WIDE)));
  return { width, height: plotHeight + strips.length * STRIP_H, children };
}

export const fitPoints: WidgetDef<Data> = {
  async compute(engine, vars, ctx) {
    const [table, points] = await Promise.all([coreTable.compute(engine, vars, ctx), computePoints(engine, vars, ctx.cfg)]);
    // Asked after the fit: it has accepted (or named) the reader's α and β.
    const marks = await Promise.all(stripsOf(ctx.cfg).map((strip) => stripValue(engine, strip, vars[strip.field])));
    return { table, points, marks };
  },

  // The table's shape comes first: core-table reads its row count from it ("8x5:…").
  view(data, ctx) {
    const tableView = coreTable.view(data.table, ctx);
    const frame = svgFrame(`${ctx.instance}-chart`, text(ctx.cfg, 'chart_title'), text(ctx.cfg, 'chart_desc'), (w) => drawing(data, w, ctx.cfg));
    const chart = data.marks.length ? withSliderRole(frame) : frame;
    const chartView = marksView([chart]);
    return { ...tableView, ...chartView, [SHAPE]: `${tableView[SHAPE] ?? ''}|fit-points:${chartView[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view, ctx) {
    return marksMarkup(view) + coreTable.renderOutput(view, ctx);
  },

  enhance(root, ctx) {
    coreTable.enhance?.(root, ctx);
    if (stripsOf(ctx.cfg).length) enhanceDragMarkers(root);
  },
};

export default fitPoints;
