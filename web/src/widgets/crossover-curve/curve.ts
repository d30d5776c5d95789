// Example 2-2 against the batch: one decode step of B requests at H reads
// the shared weights once (flat) and each request's context once (rising).
// The core's `crossover_curve` picks the sampled batches, the reads at each
// and the crossover B*; this file only places them on a log–log chart with
// a draggable B marker (figures/drag-marker.ts) and the values at B.

import { scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { text, type WidgetConfig } from '../../runtime/config';
import { EngineError, type CrossoverCurveResult, type Engine, type Fields } from '../../runtime/engine';
import { cellRequest } from '../../runtime/cells';
import { coord, groupDigits } from '../../runtime/format';
import { axisBottom, axisLeft, dataTable, dot, notesMark, num, summary, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { BATCH_PAD as PAD, batchLayout, batchScale, batchTicks, indexOfBatch, landmarksOn, ruleLabelAttrs, secondFrame } from '../../figures/batch-curve';
import { dataOf } from '../../figures/content';
import { dragMarks, readoutMark, withHoverPoints, withSliderRole } from '../../figures/drag-marker';
import { el, type Mark } from '../../figures/marks';
import { joined } from '../../figures/joins';
import type { View } from '../../runtime/bind';

export interface CurveData {
  curve: CrossoverCurveResult;
  /** The reader's B (always one of the sampled batches). */
  b: bigint;
}

/**
 * Ask the core for the curve at the reader's givens. The request's fields
 * are content's "$variables" (data.curve_fields), so a refusal names the
 * control it came from, as the example's steps do.
 */
export async function computeCurve(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<CurveData> {
  const { fields, origin } = cellRequest(vars, dataOf<Fields>(cfg, 'curve_fields'), { max_batch: dataOf<number>(cfg, 'max_batch') });
  try {
    const curve = await engine('crossover_curve', fields);
    return { curve, b: curve.batch };
  } catch (err) {
    if (err instanceof EngineError && origin.has(err.field)) throw new EngineError(origin.get(err.field)!, err.message, err.detail, err.code, err.params);
    throw err;
  }
}

/** "B = 64：權重 15.26 GiB、上下文 72 GiB（上下文讀取為主）": the core's values at one sampled batch. */
function valuesAt(c: CrossoverCurveResult, i: number, cfg: WidgetConfig): string {
  const side = text(cfg, `dominant_${c.dominant[i]}`);
  return text(cfg, 'marker_text')
    .replace('{b}', groupDigits(c.batches[i]!))
    .replace('{w}', c.weight_read_display[i]!)
    .replace('{kv}', c.kv_read_display[i]!)
    .replace('{side}', side);
}

function drawing(d: CurveData, width: number, cfg: WidgetConfig, markerText: string): Drawing {
  const c = d.curve;
  const wide = width === WIDE;
  const { height, yTicks } = batchLayout(wide);
  const x = batchScale(c.axis_end, width);
  const values = [...c.weight_read_bytes, ...c.kv_read_bytes].filter((v) => v > 0n);
  const lo = values.reduce((a, v) => (v < a ? v : a), values[0] ?? 1n);
  const hi = values.reduce((a, v) => (v > a ? v : a), values[0] ?? 1n);
  const y = scaleLog()
    .base(2)
    .domain([num(lo), Math.max(num(hi), num(lo) * 2)])
    .nice()
    .range([height - PAD.bottom, PAD.top]);
  const pt = (i: number, col: bigint[]): [number, number] => [Number(coord(x(num(c.batches[i]!)))), Number(coord(y(num(col[i]!))))];
  const path = line<[number, number]>();
  const series = [
    { key: 'weights', col: c.weight_read_bytes, shown: c.weight_read_display },
    { key: 'context', col: c.kv_read_bytes, shown: c.kv_read_display },
  ];
  const lines: Mark[] = series.map((s, k) =>
    el('g', { class: `series series-${k}`, 'data-series': s.key }, [el('path', { class: 'line', d: path(c.batches.map((_, i) => pt(i, s.col))) ?? '' })]),
  );
  // The crossover: a dashed rule at B* with its name, and the point where
  // the rising line meets the flat one (read on hover or focus).
  const star = indexOfBatch(c.batches, c.crossover_batch);
  const [sx, sy] = pt(star, c.kv_read_bytes);
  const crossing: Mark = el('g', { class: 'crossover', 'data-testid': 'crossover-mark' }, [
    el('line', {
      x1: coord(sx),
      x2: coord(sx),
      y1: coord(PAD.top),
      y2: coord(height - PAD.bottom),
      stroke: 'currentColor',
      'stroke-dasharray': '4 3',
      'stroke-opacity': '0.6',
    }),
    el('text', ruleLabelAttrs(sx, width, PAD.top, c.crossover_display, text(cfg, 'y_axis')), c.crossover_display),
    dot(
      'end',
      sx,
      sy,
      joined(text(cfg, 'crossover_label'), `B = ${groupDigits(c.crossover_batch)}`),
      `${text(cfg, 'legend_context')} ${c.kv_read_display[star]}`,
    ),
  ]);
  const at = indexOfBatch(c.batches, d.b);
  const dots: Mark[] = series.map((s, k) => {
    const [cx, cy] = pt(at, s.col);
    return el('g', { class: `series series-${k}`, 'data-series': s.key }, [
      dot('end', cx, cy, joined(text(cfg, `legend_${s.key}`), `B = ${groupDigits(d.b)}`), s.shown[at] ?? ''),
    ]);
  });
  const marker = dragMarks({
    control: 'B',
    label: text(cfg, 'marker_label'),
    value: num(d.b),
    valueText: markerText,
    scale: x,
    log: true,
    landmarks: landmarksOn(c.axis_end, dataOf<number[]>(cfg, 'landmarks'), [c.crossover_batch]),
    top: PAD.top,
    bottom: height - PAD.bottom,
  });
  return {
    width,
    height,
    children: [
      axisLeft(y, PAD.left, width - PAD.left - PAD.right, yTicks, tickLabel('bytes'), text(cfg, 'y_axis')),
      axisBottom(x, height - PAD.bottom, batchTicks(c.axis_end, wide), String, text(cfg, 'x_axis')),
      ...lines,
      crossing,
      ...marker,
      ...dots,
    ],
  };
}

/** The curve's marks: values at B, the chart, its legend and its data table; plus the hover points. */
export function curveMarks(d: CurveData, cfg: WidgetConfig, instance: string): { marks: Mark[]; hover: (view: View) => View } {
  const c = d.curve;
  const at = indexOfBatch(c.batches, d.b);
  const markerText = valuesAt(c, at, cfg);
  const id = `${instance}-curve`;
  const chart = withSliderRole(
    secondFrame(
      svgFrame(id, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (width) => drawing(d, width, cfg, markerText)),
      instance,
    ),
  );
  const atB = summary([
    { label: text(cfg, 'at_weights').replace('{b}', groupDigits(d.b)), value: c.weight_read_display[at]!, testid: 'reads-weights' },
    { label: text(cfg, 'at_context').replace('{b}', groupDigits(d.b)), value: c.kv_read_display[at]!, testid: 'reads-context' },
    { label: text(cfg, 'at_total').replace('{b}', groupDigits(d.b)), value: c.total_read_display[at]!, testid: 'reads-total' },
    { label: text(cfg, 'at_side'), value: text(cfg, `dominant_${c.dominant[at]}`), testid: 'reads-side' },
  ]);
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    ['weights', 'context'].map((k, i) =>
      el('li', { class: `series-${i}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, `legend_${k}`))]),
    ),
  );
  // The table: the content's landmark batches, B* and the reader's B.
  const shownBatches = new Set(landmarksOn(c.axis_end, dataOf<number[]>(cfg, 'landmarks'), [c.crossover_batch, d.b]));
  const rows = c.batches
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => shownBatches.has(num(b)))
    .map(({ b, i }) => ({ id: b.toString(), cells: [groupDigits(b), c.weight_read_display[i]!, c.kv_read_display[i]!, c.total_read_display[i]!] }));
  const table = dataTable(
    text(cfg, 'table_summary'),
    text(cfg, 'chart_title'),
    [text(cfg, 'col_batch'), text(cfg, 'legend_weights'), text(cfg, 'legend_context'), text(cfg, 'col_total')],
    rows,
  );
  const marks = [el('p', { class: 'curve-lead' }, text(cfg, 'curve_heading')), atB, readoutMark(markerText), chart, legend, notesMark(c.notes), table];
  const hover = (view: View) =>
    withHoverPoints(
      view,
      c.batches.map(num),
      c.batches.map((_, i) => valuesAt(c, i, cfg)),
    );
  return { marks, hover };
}
