// Horizontal bars, each one core answer split into stacked segments (or a
// single segment): chapter 3's figures 3-26 (one RL cycle's stages at 32 and
// 64 answers), 3-30 (D/N of 7–8B dense models) and 3-31 (published GPU
// hours in A100 equivalents, on a log axis).
//
// Config (content/ch03/widgets/*.json), `data`:
//   "scale": "linear" (default) | "log"
//   "bars": [{ "id", "label", "op", "fields",
//              "segments": [{ "id", "label", "path", "display", "prefix"? }],
//              "total"?: { "path", "display" } }]
// "path" names the exact value that sets a segment's length, "display" the
// core's text shown for it; the tail of a bar is its total's display (or its
// only segment's). Fields may use "$x" for the control whose field is "$x".
// The browser only turns the core's exact values into coordinates.

import { scaleLinear, scaleLog } from 'd3-scale';

import { CellResolver, follow, type CellValue } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json, RawOp } from '../../runtime/engine';
import type { WidgetDef } from '../../runtime/widget';
import {
  axisBottom,
  dataTable,
  FigureHows,
  readAttrs,
  svgFrame,
  tickLabel,
  valueLabel,
  WIDE,
  type Drawing,
  type NumScale,
  type Shown,
} from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { joined } from '../../figures/joins';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';

interface SegmentSpec {
  id: string;
  label: string;
  path: string;
  display: string;
  prefix?: string;
}
interface BarSpec {
  id: string;
  label: string;
  op: RawOp;
  fields?: Fields;
  segments: SegmentSpec[];
  total?: { path: string; display: string };
}
interface Segment {
  id: string;
  label: string;
  value: number;
  shown: CellValue;
}
interface BarData {
  id: string;
  label: string;
  segments: Segment[];
  total: number;
  tail: CellValue;
}

const PAD = { left: 8, top: 8, bottom: 46 };
const ROW_H = 52;
const BAR_H = 20;

function barsOf(cfg: WidgetConfig): BarSpec[] {
  const bars = dataOf<BarSpec[]>(cfg, 'bars');
  if (!Array.isArray(bars) || bars.some((b) => !b.op || !Array.isArray(b.segments) || !b.segments.length)) {
    throw new Error(`${cfg.title}: every bar of data.bars needs "op" and "segments"`);
  }
  return bars;
}

/** A core value as a coordinate: integers, decimal strings and exact fractions ("1649/520"). */
function amount(v: Json | undefined, where: string): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const [n, d] = v.split('/');
    const x = d === undefined ? Number(n) : Number(n) / Number(d);
    if (Number.isFinite(x)) return x;
  }
  throw new Error(`${where}: the core sent no number`);
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<BarData[]> {
  const cells = new CellResolver(engine, vars);
  return Promise.all(
    barsOf(cfg).map(async (b) => {
      const result = await cells.result(b.op, b.fields);
      const segments = b.segments.map((s) => {
        const shown = CellResolver.read(result, { path: s.display });
        return {
          id: s.id,
          label: s.label,
          value: amount(follow(result, s.path), `${cfg.title}: ${b.label}`),
          shown: { ...shown, text: (s.prefix ?? '') + shown.text },
        };
      });
      const total = b.total ? amount(follow(result, b.total.path), `${cfg.title}: ${b.label}`) : segments.reduce((a, s) => a + s.value, 0);
      const tail = b.total ? CellResolver.read(result, { path: b.total.display }) : segments[segments.length - 1]!.shown;
      return { id: b.id, label: b.label, segments, total, tail };
    }),
  );
}

function scaleFor(cfg: WidgetConfig, bars: BarData[], range: [number, number]): NumScale {
  const values = bars.flatMap((b) => [b.total, ...b.segments.map((s) => s.value)]).filter((v) => v > 0);
  const hi = Math.max(1, ...values);
  if ((cfg.data as { scale?: string }).scale === 'log') {
    return scaleLog()
      .domain([Math.min(hi, ...values) / 2, hi])
      .range(range)
      .nice();
  }
  return scaleLinear().domain([0, hi]).range(range).nice();
}

/** One bar: its label above, its segments side by side (each its own colour), its tail value after. */
function barMark(b: BarData, scale: NumScale, y: number, hows: FigureHows, tail: Shown): Mark {
  const [x0] = scale.range() as [number, number];
  let x = x0;
  let sum = 0;
  const rects = b.segments.map((s, i) => {
    sum += s.value;
    const x1 = sum > 0 ? scale(sum) : x0;
    const w = Math.max(0, x1 - x);
    const r = el('g', { class: `bar series-${i % 5}`, 'data-segment': s.id }, [
      el('rect', {
        class: 'seg',
        x: x.toFixed(1),
        y: String(y + 18),
        width: w.toFixed(1),
        height: String(BAR_H),
        ...readAttrs(joined(b.label, s.label), s.shown.text),
      }),
    ]);
    x = x1;
    return r;
  });
  return el('g', { class: 'stack', 'data-bar': b.id }, [
    el('text', { class: 'bar-label', x: String(x0), y: String(y + 12) }, b.label),
    ...rects,
    el(
      'text',
      valueLabel({ class: 'bar-value num', x: (x + 6).toFixed(1), y: String(y + 18 + BAR_H / 2 + 4), 'data-testid': `bar-${b.id}` }, hows.key(tail)),
      tail.text,
    ),
  ]);
}

function legend(bars: BarData[]): Mark[] {
  const segments = bars[0]?.segments ?? [];
  if (segments.length < 2) return [];
  return [
    el(
      'ul',
      { class: 'tally-legend fig-legend' },
      segments.map((s, i) => el('li', {}, [el('span', { class: `swatch series-${i % 5}`, 'aria-hidden': 'true' }, ''), el('span', {}, s.label)])),
    ),
  ];
}

function view(bars: BarData[], cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  // One Shown per value: a bar's tail and its table cell open the same explanation.
  const tails: Shown[] = bars.map((b) => ({ text: b.tail.text, how: b.tail.how }));
  const segs: Shown[][] = bars.map((b) => b.segments.map((s) => ({ text: s.shown.text, how: s.shown.how })));
  const height = PAD.top + bars.length * ROW_H + PAD.bottom;
  // Room after the longest bar for its value: wide drawings have more.
  const draw = (width: number): Drawing => {
    const scale = scaleFor(cfg, bars, [PAD.left, width - (width === WIDE ? 120 : 84)]);
    const ticks = width === WIDE ? 5 : 3;
    return {
      width,
      height,
      children: [
        axisBottom(scale, height - PAD.bottom + 6, ticks, tickLabel('si'), text(cfg, 'x_axis'), PAD.top),
        ...bars.map((b, i) => barMark(b, scale, PAD.top + i * ROW_H, hows, tails[i]!)),
      ],
    };
  };
  const rows = bars.flatMap((b, i) => [
    ...b.segments.map((s, j) => ({ id: `${b.id}-${s.id}`, cells: [b.label, s.label, segs[i]![j]!] as Array<string | Shown> })),
    ...(b.segments.length > 1 ? [{ id: `${b.id}-total`, cells: [b.label, text(cfg, 'total'), tails[i]!] as Array<string | Shown> }] : []),
  ]);
  const marks: Mark[] = [
    ...legend(bars),
    svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw),
    dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_bar'), text(cfg, 'col_segment'), text(cfg, 'col_value')], rows, hows),
  ];
  return hows.into(marksView(marks));
}

export const stageStack: WidgetDef<BarData[]> = {
  compute: (engine, vars, { cfg }) => compute(engine, vars, cfg),
  view: (bars, { cfg, instance }) => view(bars, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default stageStack;
