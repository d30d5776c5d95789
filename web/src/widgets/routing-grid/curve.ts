// Figure 2-23 against the batch: the routed experts one MoE layer touches
// (U) as B grows, under each dispatch of the grids above it. Uniform
// dispatch rises as B·k_top until every expert is touched; concentrated
// dispatch stays at k_top. The core's `routing_curve` picks the sampled
// batches (with the bend and the reader's B among them) and gives U and the
// bytes at each; the reader drags B here and the grids follow.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, RoutingCurveResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { View } from '../../runtime/bind';
import { axisBottom, axisLeft, dataTable, dot, num, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { BATCH_PAD as PAD, batchLayout, batchScale, batchTicks, indexOfBatch, landmarksOn, ruleLabelAttrs, secondFrame } from '../../figures/batch-curve';
import { dataOf } from '../../figures/content';
import { aside, joined, labelled, listOf } from '../../figures/joins';
import { dragMarks, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';
import { el, type Mark } from '../../figures/marks';

export interface RoutingCurveData {
  curve: RoutingCurveResult;
  /** Each series' words (content's dispatch labels), in the core's order. */
  labels: string[];
  /** The reader's B, one of the sampled batches. */
  b: bigint;
}

/** The curve for the widget's fields (model, batch, weight format) and content's dispatches. */
export async function computeRoutingCurve(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<RoutingCurveData> {
  const dispatches = dataOf<Array<{ id: string; label: string }>>(cfg, 'dispatches');
  const curve = await engine('routing_curve', { ...fields, dispatches: dispatches.map((d) => d.id), max_batch: dataOf<number>(cfg, 'max_batch') });
  return { curve, labels: dispatches.map((d) => d.label), b: curve.batch };
}

/** "B = 64：均勻分派 U = 256（每層 768 MiB）、集中分派 U = 8（每層 24 MiB）". */
function valuesAt(d: RoutingCurveData, i: number, cfg: WidgetConfig): string {
  const each = d.curve.series.map((s, k) =>
    text(cfg, 'curve_point')
      .replace('{label}', d.labels[k] ?? s.dispatch)
      .replace('{u}', s.distinct_display[i]!)
      .replace('{bytes}', s.display[i]!),
  );
  return labelled(`B = ${groupDigits(d.curve.batches[i]!)}`, listOf(each));
}

function drawing(d: RoutingCurveData, width: number, cfg: WidgetConfig, markerText: string): Drawing {
  const c = d.curve;
  const wide = width === WIDE;
  const { height, yTicks } = batchLayout(wide);
  const x = batchScale(c.axis_end, width);
  const y = scaleLog()
    .base(2)
    .domain([1, Math.max(2, num(c.experts))])
    .range([height - PAD.bottom, PAD.top]);
  const pt = (i: number, col: bigint[]): [number, number] => [Number(coord(x(num(c.batches[i]!)))), Number(coord(y(Math.max(1, num(col[i]!)))))];
  const path = line<[number, number]>();
  const lines: Mark[] = c.series.map((s, k) =>
    el('g', { class: `series series-${k}`, 'data-series': s.dispatch }, [
      el('path', { class: 'line', d: path(c.batches.map((_, i) => pt(i, s.distinct_experts))) ?? '' }),
    ]),
  );
  // Where uniform dispatch first touches every expert: the bend of its line.
  const sat = indexOfBatch(c.batches, c.saturation_batch);
  const sx = Number(coord(x(num(c.saturation_batch))));
  const saturation = text(cfg, 'saturation_label').replace('{b}', groupDigits(c.saturation_batch));
  const bend: Mark = el('g', { class: 'saturation', 'data-testid': 'saturation-mark' }, [
    el('line', {
      x1: coord(sx),
      x2: coord(sx),
      y1: coord(PAD.top),
      y2: coord(height - PAD.bottom),
      stroke: 'currentColor',
      'stroke-dasharray': '4 3',
      'stroke-opacity': '0.6',
    }),
    el('text', ruleLabelAttrs(sx, width, PAD.top, saturation, text(cfg, 'curve_y_axis')), saturation),
  ]);
  const at = indexOfBatch(c.batches, d.b);
  const dots: Mark[] = c.series.map((s, k) => {
    const [cx, cy] = pt(at, s.distinct_experts);
    return el('g', { class: `series series-${k}`, 'data-series': s.dispatch }, [
      dot('end', cx, cy, joined(d.labels[k] ?? s.dispatch, `B = ${groupDigits(d.b)}`), aside(`U = ${s.distinct_display[at]}`, s.display[at]!)),
    ]);
  });
  const marker = dragMarks({
    control: 'B',
    label: text(cfg, 'marker_label'),
    value: num(d.b),
    valueText: markerText,
    scale: x,
    log: true,
    landmarks: landmarksOn(c.axis_end, dataOf<number[]>(cfg, 'landmarks'), sat >= 0 ? [c.saturation_batch] : []),
    top: PAD.top,
    bottom: height - PAD.bottom,
  });
  return {
    width,
    height,
    children: [
      axisLeft(y, PAD.left, width - PAD.left - PAD.right, yTicks, tickLabel('int'), text(cfg, 'curve_y_axis')),
      axisBottom(x, height - PAD.bottom, batchTicks(c.axis_end, wide), String, text(cfg, 'curve_x_axis')),
      ...lines,
      bend,
      ...marker,
      ...dots,
    ],
  };
}

/**
 * The curve's marks: its body (lead, readout at B, chart, legend), its data
 * table (set beside the grids' table), and the hover points to add to the
 * widget's View.
 */
export function routingCurveMarks(d: RoutingCurveData, cfg: WidgetConfig, instance: string): { body: Mark[]; table: Mark; hover: (view: View) => View } {
  const c = d.curve;
  const markerText = valuesAt(d, indexOfBatch(c.batches, d.b), cfg);
  const chart = withSliderRole(
    secondFrame(
      svgFrame(`${instance}-curve`, text(cfg, 'curve_title'), text(cfg, 'curve_desc'), (width) => drawing(d, width, cfg, markerText)),
      instance,
    ),
  );
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    c.series.map((s, k) =>
      el('li', { class: `series-${k}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, d.labels[k] ?? s.dispatch)]),
    ),
  );
  const shown = new Set(landmarksOn(c.axis_end, dataOf<number[]>(cfg, 'landmarks'), [c.saturation_batch, d.b]));
  const rows = c.batches
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => shown.has(num(b)))
    .map(({ b, i }) => ({ id: b.toString(), cells: [groupDigits(b), ...c.series.map((s) => aside(s.distinct_display[i]!, s.display[i]!))] }));
  const table = dataTable(
    text(cfg, 'curve_table_summary'),
    text(cfg, 'curve_title'),
    [text(cfg, 'col_batch'), ...d.labels.map((l) => labelled(l, aside('U', text(cfg, 'bytes'))))],
    rows,
  );
  const body = [el('p', { class: 'curve-lead' }, text(cfg, 'curve_heading')), readoutMark(markerText), chart, legend];
  const hover = (view: View) =>
    withHoverPoints(
      view,
      c.batches.map(num),
      c.batches.map((_, i) => valuesAt(d, i, cfg)),
    );
  return { body, table, hover };
}
