// A worked figure of chapter 3 (Figures 3-3, 3-9, 3-13 … 3-17, 3-20) drawn
// as bars of the core's numbers, with its steps (widgets/steps) kept under
// the drawing as the text alternative. Both come from the same givens, so a
// control moves the bars and the steps together; each bar reads out on
// hover, tap or the arrow keys (figures/readout.ts).
//
// Config: everything a "steps" widget takes, plus
//   data.bars [{ id, label, op, fields, raw, display }]: one bar each, its own
//     request (merged over "fields" like a step's, "$variables" allowed), the
//     exact value it is drawn to ("raw", a result path) and what it prints
//     ("display"); every bar of a chart is in one unit;
//   data.tick: "si" (FLOPs, counts), "bytes" (binary sizes) or "int";
//   text.chart_title, text.chart_desc, text.x_axis, text.col_bar, text.col_value.

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { amount } from '../../runtime/result-reader';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, hbars, num, svgFrame, tickLabel, WIDE, type Bar, type Drawing, type TickStyle } from '../../figures/chart';
import { byteAxis, byteFamily } from '../../figures/byte-ticks';
import { dataOf } from '../../figures/content';
import { marksMarkup, marksView, type Mark } from '../../figures/marks';
import steps from '../steps';

interface BarSpec {
  id: string;
  label: string;
  op: string;
  fields?: Fields;
  raw: string;
  display: string;
}

type StepsData = Awaited<ReturnType<typeof steps.compute>>;

interface Data {
  steps: StepsData;
  bars: Bar[];
}

const PAD = { left: 12, right: 110, top: 4, bottom: 44 };
const ROW_H = 44;

function barSpecs(cfg: WidgetConfig): BarSpec[] {
  const bars = dataOf<BarSpec[]>(cfg, 'bars');
  if (!Array.isArray(bars) || !bars.length || bars.some((b) => !b.id || !b.op || !b.raw || !b.display)) {
    throw new Error(`content: ${cfg.title}: data.bars needs id, op, raw and display for every bar`);
  }
  return bars;
}

async function computeBars(engine: Parameters<typeof steps.compute>[0], vars: Parameters<typeof steps.compute>[1], cfg: WidgetConfig): Promise<Bar[]> {
  const cells = new CellResolver(engine, vars);
  const fields = (cfg as WidgetConfig & { fields?: Fields }).fields;
  const specs = barSpecs(cfg);
  const results = await Promise.all(specs.map((b) => cells.result(b.op as never, fields, b.fields)));
  return specs.map((b, i) => {
    const r = results[i] as Json;
    const raw = follow(r, b.raw);
    const display = follow(r, b.display);
    return {
      id: b.id,
      label: b.label,
      // For drawing only: what the reader reads is the core's display.
      value: num(amount(raw, `${b.id}.${b.raw}`)),
      display: displayText(display),
      cls: `series-${i}`,
    };
  });
}

function drawing(bars: Bar[], width: number, cfg: WidgetConfig): Drawing {
  const wide = width === WIDE;
  const range: [number, number] = [PAD.left, width - PAD.right];
  const hi = Math.max(1, ...bars.map((b) => b.value));
  const height = PAD.top + bars.length * ROW_H + PAD.bottom;
  const style = (dataOf<string>(cfg, 'tick') ?? 'si') as TickStyle | 'bytes';
  // A byte axis ticks in the family of the bars' own labels (figures/byte-ticks.ts); others in round numbers.
  if (style === 'bytes') {
    const axis = byteAxis(hi, range, byteFamily(bars.map((b) => b.display)), wide ? 5 : 3);
    return {
      width,
      height,
      children: [...hbars(bars, axis.scale, PAD.top, ROW_H), axisBottom(axis.scale, height - PAD.bottom + 6, axis.ticks, String, text(cfg, 'x_axis'))],
    };
  }
  const x = scaleLinear().domain([0, hi]).nice().range(range);
  const label = tickLabel(style);
  const ticks = (v: number) => (v === 0 ? '0' : label(v));
  return { width, height, children: [...hbars(bars, x, PAD.top, ROW_H), axisBottom(x, height - PAD.bottom + 6, wide ? 5 : 3, ticks, text(cfg, 'x_axis'))] };
}

function chartMarks(bars: Bar[], cfg: WidgetConfig, instance: string): Mark[] {
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(bars, w, cfg));
  const table = dataTable(
    text(cfg, 'table_summary'),
    text(cfg, 'chart_title'),
    [text(cfg, 'col_bar'), text(cfg, 'col_value')],
    bars.map((b) => ({ id: b.id, cells: [b.label, b.display] })),
  );
  return [chart, table];
}

/** The steps' view keys ("s0" …) and the marks' ("m…") do not overlap; the shape is both. */
export const stepsChart: WidgetDef<Data> = {
  async compute(engine, vars, ctx) {
    const [s, bars] = await Promise.all([steps.compute(engine, vars, ctx), computeBars(engine, vars, ctx.cfg)]);
    return { steps: s, bars };
  },

  view(data, ctx) {
    const stepsView = steps.view(data.steps, ctx);
    const chartView = marksView(chartMarks(data.bars, ctx.cfg, ctx.instance));
    return { ...stepsView, ...chartView, [SHAPE]: `steps-chart:${stepsView[SHAPE] ?? ''}|${chartView[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view, ctx) {
    return marksMarkup(view) + steps.renderOutput(view, ctx);
  },

  enhance(root, ctx) {
    steps.enhance?.(root, ctx);
  },
};

export default stepsChart;
