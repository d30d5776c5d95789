// Horizontal bars, each split into stacked segments the core computed (or a
// single segment): chapter 3's figures 3-23 (the parts of training state
// against three cards' memory), 3-24 (forward plus backward against 6ND),
// 3-26 (one RL cycle's stages at 32 and 64 answers), 3-30 (D/N of 7–8B
// dense models) and 3-31 (published GPU hours in A100 equivalents, log axis).
//
// Config (content/ch03/widgets/*.json), `data`:
//   "scale": "linear" (default) | "log";  "unit"?: "B" for a byte axis
//   "bars": [{ "id", "label", "op"?, "fields"?,
//              "segments": [{ "id", "label", "path", "display", "prefix"?, "op"?, "fields"?,
//                             "series"?: colour index 0–4 (default: the segment's place) }],
//              "total"?: { "path", "display", "op"?, "fields"? } }]
//   "lines"?: reference lines across the bars, each a core value
//              { "label", "op", "fields"?, "path", "display" } or a published
//              figure shown as data { "label", "bytes", "display", "source" }
// A bar's request serves its segments and total unless they name their own
// "op" (the five parts of figure 3-23 are five requests; the total is the
// core's own sum, never one made here). "path" names the exact value that
// sets a length, "display" the core's text shown for it; the tail of a bar is
// its total's display (or its only segment's). Fields may use "$x" for the
// control whose field is "$x". The browser only turns exact values into
// coordinates.

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
import { byteAxis, byteFamily } from '../../figures/byte-ticks';
import { dataOf } from '../../figures/content';
import { joined } from '../../figures/joins';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';

/** A request of its own; without one, a part reads its bar's answer. */
interface Asks {
  op?: RawOp;
  fields?: Fields;
}
interface SegmentSpec extends Asks {
  id: string;
  label: string;
  path: string;
  display: string;
  prefix?: string;
  /** The colour: one-segment bars that are different things (Fig. 4-26's compute against memory) say which. */
  series?: number;
}
interface BarSpec extends Asks {
  id: string;
  label: string;
  segments: SegmentSpec[];
  total?: Asks & { path: string; display: string };
}
/** A reference line: a core value, or a published figure (a card's memory) shown as its source gives it. */
type LineSpec =
  { label: string; op: RawOp; fields?: Fields; path: string; display: string } | { label: string; bytes: string; display: string; source: string };
interface Line {
  label: string;
  value: number;
  shown: CellValue;
}
interface Segment {
  id: string;
  label: string;
  value: number;
  shown: CellValue;
  series?: number;
}
interface BarData {
  id: string;
  label: string;
  segments: Segment[];
  total: number;
  tail: CellValue;
}
interface Data {
  bars: BarData[];
  lines: Line[];
}

const PAD = { left: 8, top: 8, bottom: 46 };
/** Room above the bars for reference-line labels, two alternating rows so neighbours (80 and 96 GB) do not collide. */
const LINES_TOP = 40;
const ROW_H = 52;
const BAR_H = 20;

function barsOf(cfg: WidgetConfig): BarSpec[] {
  const bars = dataOf<BarSpec[]>(cfg, 'bars');
  const asks = (b: BarSpec) => !!b.op || (b.segments.every((s) => s.op) && (!b.total || b.total.op));
  if (!Array.isArray(bars) || bars.some((b) => !Array.isArray(b.segments) || !b.segments.length || !asks(b))) {
    throw new Error(`${cfg.title}: every bar of data.bars needs "segments" and an "op" (its own, or one on each part)`);
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

function linesOf(cfg: WidgetConfig): LineSpec[] {
  return (cfg.data as { lines?: LineSpec[] }).lines ?? [];
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const cells = new CellResolver(engine, vars);
  // A part's own request, else its bar's (the resolver asks each distinct request once).
  const answer = (part: Asks, bar: BarSpec) => (part.op ? cells.result(part.op, bar.fields, part.fields) : cells.result(bar.op!, bar.fields));
  const bars = await Promise.all(
    barsOf(cfg).map(async (b) => {
      const segments = await Promise.all(
        b.segments.map(async (s) => {
          const result = await answer(s, b);
          const shown = CellResolver.read(result, { path: s.display });
          return {
            id: s.id,
            label: s.label,
            value: amount(follow(result, s.path), `${cfg.title}: ${b.label}`),
            shown: { ...shown, text: (s.prefix ?? '') + shown.text },
            series: s.series,
          };
        }),
      );
      const totalResult = b.total ? await answer(b.total, b) : undefined;
      const total = b.total ? amount(follow(totalResult, b.total.path), `${cfg.title}: ${b.label}`) : segments.reduce((a, s) => a + s.value, 0);
      const tail = b.total ? CellResolver.read(totalResult, { path: b.total.display }) : segments[segments.length - 1]!.shown;
      return { id: b.id, label: b.label, segments, total, tail };
    }),
  );
  const lines = await Promise.all(
    linesOf(cfg).map(async (l): Promise<Line> => {
      if (!('op' in l)) return { label: l.label, value: amount(l.bytes, `${cfg.title}: ${l.label}`), shown: { text: l.display } as CellValue };
      const result = await cells.result(l.op, l.fields);
      return { label: l.label, value: amount(follow(result, l.path), `${cfg.title}: ${l.label}`), shown: CellResolver.read(result, { path: l.display }) };
    }),
  );
  return { bars, lines };
}

function scaleFor(cfg: WidgetConfig, d: Data, range: [number, number], count: number): { scale: NumScale; ticks: number | Array<[number, string]> } {
  const values = [...d.bars.flatMap((b) => [b.total, ...b.segments.map((s) => s.value)]), ...d.lines.map((l) => l.value)].filter((v) => v > 0);
  const hi = Math.max(1, ...values);
  if ((cfg.data as { unit?: string }).unit === 'B') return byteAxis(hi, range, byteFamily(d.bars.map((b) => b.tail.text)), count);
  return { scale: scaleOnly(cfg, values, hi, range), ticks: count };
}

function scaleOnly(cfg: WidgetConfig, values: number[], hi: number, range: [number, number]): NumScale {
  if ((cfg.data as { scale?: string }).scale === 'log') {
    return scaleLog()
      .domain([Math.min(hi, ...values) / 2, hi])
      .range(range)
      .nice();
  }
  return scaleLinear().domain([0, hi]).range(range).nice();
}

/** Where a bar ends: the sum of its segments' lengths. */
function barEnd(b: BarData, scale: NumScale): number {
  const [x0] = scale.range() as [number, number];
  const sum = b.segments.reduce((acc, s) => acc + s.value, 0);
  return sum > 0 ? scale(sum) : x0;
}

/** A bar's value after its end, drawn over the reference lines (its halo keeps it legible where one runs through). */
function tailMark(b: BarData, scale: NumScale, y: number, hows: FigureHows, tail: Shown): Mark {
  return el(
    'text',
    valueLabel(
      { class: 'bar-value num', x: (barEnd(b, scale) + 6).toFixed(1), y: String(y + 18 + BAR_H / 2 + 4), 'data-testid': `bar-${b.id}` },
      hows.key(tail),
    ),
    tail.text,
  );
}

/** One bar: its label above, its segments side by side (each its own colour). */
function barMark(b: BarData, scale: NumScale, y: number): Mark {
  const [x0] = scale.range() as [number, number];
  let x = x0;
  let sum = 0;
  const rects = b.segments.map((s, i) => {
    sum += s.value;
    const x1 = sum > 0 ? scale(sum) : x0;
    const w = Math.max(0, x1 - x);
    const r = el('g', { class: `bar series-${(s.series ?? i) % 5}`, 'data-segment': s.id }, [
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
  return el('g', { class: 'stack', 'data-bar': b.id }, [el('text', { class: 'bar-label', x: String(x0), y: String(y + 12) }, b.label), ...rects]);
}

/** Every distinct segment across the bars (its name in its colour), in order of first appearance. */
function legend(bars: BarData[]): Mark[] {
  const entries = new Map<string, { label: string; colour: number }>();
  for (const b of bars) {
    b.segments.forEach((s, i) => {
      const colour = (s.series ?? i) % 5;
      entries.set(`${colour}\u0000${s.label}`, { label: s.label, colour });
    });
  }
  // Bars of one segment each are named by their own labels: a legend is for telling the parts of a bar apart.
  if (!bars.some((b) => b.segments.length > 1)) return [];
  return [
    el(
      'ul',
      { class: 'tally-legend fig-legend' },
      [...entries.values()].map((e) => el('li', {}, [el('span', { class: `swatch series-${e.colour}`, 'aria-hidden': 'true' }, ''), el('span', {}, e.label)])),
    ),
  ];
}

/** Reference lines down through the bars, labelled above them (the value too when there is room). */
function lineMarks(lines: Line[], shown: Shown[], scale: NumScale, bottom: number, wide: boolean, hows: FigureHows): Mark[] {
  return lines.map((l, i) => {
    const x = scale(l.value).toFixed(1);
    const top = LINES_TOP - 16 - (i % 2) * 16;
    return el('g', { class: 'marker' }, [
      el('line', { x1: x, x2: x, y1: String(top + 4), y2: String(bottom) }),
      el(
        'text',
        valueLabel(
          { class: 'bar-value', x, y: String(top), 'text-anchor': 'middle', 'data-testid': `line-${i}`, ...readAttrs(l.label, l.shown.text) },
          hows.key(shown[i]!),
        ),
        wide ? `${l.label} ${l.shown.text}` : l.label,
      ),
    ]);
  });
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const { bars, lines } = d;
  const hows = new FigureHows(instance, cfg);
  // One Shown per value: a bar's tail and its table cell open the same explanation.
  const tails: Shown[] = bars.map((b) => ({ text: b.tail.text, how: b.tail.how }));
  const segs: Shown[][] = bars.map((b) => b.segments.map((s) => ({ text: s.shown.text, how: s.shown.how })));
  const lineShown: Shown[] = lines.map((l) => ({ text: l.shown.text, how: l.shown.how }));
  const top = lines.length ? LINES_TOP : PAD.top;
  const height = top + bars.length * ROW_H + PAD.bottom;
  const unit = (cfg.data as { unit?: string }).unit;
  // Room after the longest bar for its value: wide drawings have more.
  const draw = (width: number): Drawing => {
    const wide = width === WIDE;
    const axis = scaleFor(cfg, d, [PAD.left, width - (wide ? 120 : 84)], wide ? 5 : 3);
    return {
      width,
      height,
      children: [
        axisBottom(axis.scale, height - PAD.bottom + 6, axis.ticks, tickLabel('si', unit), text(cfg, 'x_axis'), top),
        // Bars, then the lines across them (a line shows where a bar passes a card's memory), then the bars' values over both.
        ...bars.map((b, i) => barMark(b, axis.scale, top + i * ROW_H)),
        ...lineMarks(lines, lineShown, axis.scale, height - PAD.bottom, wide, hows),
        ...bars.map((b, i) => tailMark(b, axis.scale, top + i * ROW_H, hows, tails[i]!)),
      ],
    };
  };
  const rows = bars.flatMap((b, i) => [
    ...b.segments.map((s, j) => ({ id: `${b.id}-${s.id}`, cells: [b.label, s.label, segs[i]![j]!] as Array<string | Shown> })),
    ...(b.segments.length > 1 ? [{ id: `${b.id}-total`, cells: [b.label, text(cfg, 'total'), tails[i]!] as Array<string | Shown> }] : []),
  ]);
  rows.push(...lines.map((l, k) => ({ id: `line-${k}`, cells: [l.label, text(cfg, 'col_line'), lineShown[k]!] as Array<string | Shown> })));
  const marks: Mark[] = [
    ...legend(bars),
    svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw),
    dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_bar'), text(cfg, 'col_segment'), text(cfg, 'col_value')], rows, hows),
  ];
  return hows.into(marksView(marks));
}

export const stageStack: WidgetDef<Data> = {
  compute: (engine, vars, { cfg }) => compute(engine, vars, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default stageStack;
