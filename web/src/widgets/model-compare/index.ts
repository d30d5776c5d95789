// Figures 2-25 to 2-31 and 2-36: the chapter's five models side by side on
// one scale — depth, width, routed experts, weights, one decode step, state,
// a whole request. One `compare` call per configured condition (2-31 draws
// two: 8K and 1M); bars, values and table are the core's rows. A figure
// whose input is a context length (2-30) draws a thin context axis above
// its bars with a draggable H (figures/context-strip.ts).

import { scaleLinear, scaleLog } from 'd3-scale';
import { text, type WidgetConfig } from '../../runtime/config';
import type { CompareRow, Engine, Fields, Json } from '../../runtime/engine';
import { groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import {
  axisBottom,
  dataTable,
  FigureHows,
  hbars,
  labelledTicks,
  notesMark,
  num,
  svgFrame,
  tickLabel,
  WIDE,
  type Bar,
  type Drawing,
  type NumScale,
  type Shown,
  type TickStyle,
} from '../../figures/chart';
import { byteAxis, byteFamily } from '../../figures/byte-ticks';
import { ConfiguredCall, dataOf } from '../../figures/content';
import { marksMarkup, marksView } from '../../figures/marks';
import { joined, labelled } from '../../figures/joins';
import { contextStrip, readerLength, STRIP_H, stripOf } from '../../figures/context-strip';
import { enhanceDragMarkers, withSliderRole } from '../../figures/drag-marker';

interface Call {
  /** Shown next to each bar when there are several calls (e.g. "8K", "1M"). */
  label: string;
  /** Request fields; "$name" takes the value of the control whose field is `name`. */
  fields: Record<string, Json>;
}
interface Spec {
  metric: string;
  /** Which `…_display` of the row shows the value; absent for plain counts (layers, hidden). */
  display?: string;
  scale: 'linear' | 'log';
  ticks: TickStyle;
  unit?: string;
  calls?: Call[];
}
interface Data {
  spec: Spec;
  /** Each call's request, so a table cell can ask the core to explain its value. */
  calls: Array<{ label: string; request: Fields; rows: CompareRow[] }>;
  /** The reader's context length, where the strip's marker stands (figures without a strip: null). */
  h: bigint | null;
}

const PAD = { left: 28, right: 120, top: 8, bottom: 50 };
const ROW_H = 44;

function specOf(cfg: WidgetConfig): Spec {
  const spec = dataOf<Spec>(cfg, 'chart');
  if (typeof spec.metric !== 'string' || (spec.scale !== 'linear' && spec.scale !== 'log')) {
    throw new Error(`${cfg.title}: data.chart needs metric and scale (linear|log)`);
  }
  return spec;
}

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const spec = specOf(cfg);
  const calls = spec.calls ?? [{ label: '', fields: {} }];
  const referenced = ConfiguredCall.referenced(calls.map((c) => c.fields));
  const out: Data['calls'] = [];
  for (const call of calls) {
    const configured = new ConfiguredCall(call.fields, fields, referenced);
    try {
      out.push({ label: call.label, request: configured.request, rows: (await engine('compare', configured.request)).rows });
    } catch (err) {
      throw configured.blame(err);
    }
  }
  // Asked after the rows: their requests have accepted (or named) the length.
  const strip = stripOf(cfg);
  const h = strip ? await readerLength(engine, fields[strip.field]) : null;
  return { spec, calls: out, h };
}

function valueOf(row: CompareRow, spec: Spec): { value: bigint; display: string } | null {
  const v = row.values[spec.metric];
  if (row.error || v === undefined) return null;
  return { value: v, display: spec.display ? (row.displays[spec.display] ?? '') : groupDigits(v) };
}

/** A table cell: the row's display, explained by the row's own "how" (plain counts are spec facts). */
function cellOf(call: Data['calls'][number], row: CompareRow, spec: Spec): Shown {
  const v = valueOf(row, spec);
  if (!v) return { text: row.error };
  const ask = spec.display ? { op: 'compare', fields: call.request, path: `rows[model=${row.model}].${spec.display}` } : null;
  return { text: v.display, ask };
}

/**
 * The bars' scale and its labelled ticks. A linear byte axis ticks in the
 * prefix family of the bars' own labels (byte-ticks.ts); other axes (counts,
 * FLOPs, log scales) keep d3-scale's ticks in the configured style.
 */
function axisOf(
  spec: Spec,
  bars: Bar[],
  [lo, hi]: [number, number],
  range: [number, number],
  count: number,
): { scale: NumScale; ticks: Array<[number, string]> } {
  if (spec.scale === 'linear' && spec.ticks === 'si' && spec.unit === 'B') return byteAxis(hi, range, byteFamily(bars.map((b) => b.display)), count);
  const scale: NumScale = spec.scale === 'log' ? scaleLog().domain([lo, hi]).nice().range(range) : scaleLinear().domain([0, hi]).nice().range(range);
  return { scale, ticks: labelledTicks(scale, count, tickLabel(spec.ticks, spec.unit ?? '')) };
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const { spec } = d;
  const hows = new FigureHows(instance, cfg);
  const models = d.calls[0]?.rows ?? [];
  const many = d.calls.length > 1;
  // One Shown per value: the bar's label and the table cell share its explanation.
  const cells = models.map((_, i) => d.calls.map((call) => cellOf(call, call.rows[i]!, spec)));
  const bars: Bar[] = [];
  models.forEach((m, i) => {
    d.calls.forEach((call, c) => {
      const row = call.rows[i]!;
      const v = valueOf(row, spec);
      bars.push({
        id: `${m.model}${many ? `-${c}` : ''}`,
        label: many ? joined(m.name, call.label) : m.name,
        value: v ? num(v.value) : 0,
        display: v ? v.display : row.error,
        cls: many ? `series-${c}` : 'series-0',
        how: hows.key(cells[i]![c]!),
      });
    });
  });
  const positive = bars.map((b) => b.value).filter((v) => v > 0);
  const hi = Math.max(1, ...positive);
  const lo = Math.min(hi / 2, ...positive);
  const strip = d.h === null ? null : stripOf(cfg);
  const top = PAD.top + (strip ? STRIP_H : 0);
  const height = top + bars.length * ROW_H + PAD.bottom;
  const draw = (width: number): Drawing => {
    const { scale, ticks } = axisOf(spec, bars, [lo, hi], [PAD.left, width - PAD.right], width === WIDE ? 5 : 3);
    return {
      width,
      height,
      children: [
        axisBottom(scale, height - PAD.bottom + 6, ticks, undefined, text(cfg, 'x_axis'), top),
        ...(strip ? contextStrip(cfg, strip, d.h!, width, PAD.left, PAD.top, width === WIDE) : []),
        ...hbars(bars, scale, top, ROW_H),
      ],
    };
  };
  const frame = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  const chart = strip ? withSliderRole(frame) : frame;
  const head = [text(cfg, 'col_model'), ...d.calls.map((c) => c.label || text(cfg, 'col_value'))];
  const rows = models.map((m, i) => ({ id: m.model, cells: [m.name, ...cells[i]!] }));
  const errors = models.filter((m) => m.error).map((m) => labelled(m.name, m.error!));
  return hows.into(marksView([chart, notesMark(errors), dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), head, rows, hows)]));
}

export const modelCompare: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  // Only a figure with a context strip has a marker to wire.
  enhance: (root, { cfg }) => {
    if (stripOf(cfg)) enhanceDragMarkers(root);
  },
};

export default modelCompare;
