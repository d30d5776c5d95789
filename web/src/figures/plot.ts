// Pieces the content-configured x–y kinds share (widgets/line-chart, gantt,
// plane-points; roofline reads its exact values here too): asking the core
// with a request template, reading an exact value as a coordinate, a value
// axis declared in content (linear or log, tick style), reference lines whose
// values are the core's, and the series legend. Nothing here computes a
// figure: positions are the core's values, labels are its displays.

import { format as d3format } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';
import { displayText, follow } from '../runtime/cells';
import { text, type WidgetConfig } from '../runtime/config';
import type { Engine, Fields, Json } from '../runtime/engine';
import { coord } from '../runtime/format';
import { binaryBytesLabel, binaryLinearScale } from './byte-ticks';
import { labelWidth, tickLabel, type NumScale, type TickStyle } from './chart';
import { el, type Mark } from './marks';
import { blameControl, fillRequest } from './request-template';

/** An exact value as the core sent it (125.7, "125.7", "7/3", 42) → a coordinate; NaN for anything else. */
export function exactCoord(v: Json | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  const [a, b] = v.split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

/**
 * The values at a path that may step through every element of a list once:
 * "rows[*].interval_seconds" is each row's interval_seconds, in the rows'
 * order (one answer's rows become one series). A path without "[*]" must
 * lead to a list itself ("batches"). Undefined when the list is not there.
 */
export function followEach(answer: Json | undefined, path: string): Json[] | undefined {
  const star = path.indexOf('[*]');
  if (star < 0) {
    const list = follow(answer, path);
    return Array.isArray(list) ? list : undefined;
  }
  const list = follow(answer, path.slice(0, star));
  if (!Array.isArray(list)) return undefined;
  const rest = path.slice(star + 3).replace(/^\./, '');
  return list.map((row) => (rest ? follow(row, rest) : row) as Json);
}

/**
 * Where a reference line or marker stands, as content declares it: at a
 * result `path` (its `display`, or the value, is the text), at a request
 * `field` as the controls filled it, or at a constant `value` written in the
 * content (a 7 s deadline, a 20 ms budget). `format` words the text:
 * "{v} ms".
 */
export interface LevelSource {
  path?: string;
  display?: string;
  field?: string;
  value?: string | number;
  format?: string;
}

/** A level's coordinate and text, read from the answer (for a path) or the filled request (for a field). */
export function levelOf(source: LevelSource, answer: Json | undefined, request: Fields): { at: number; text: string } {
  let raw: Json | undefined;
  let shown: Json | undefined;
  if (source.path !== undefined) {
    raw = follow(answer, source.path);
    shown = source.display === undefined ? raw : follow(answer, source.display);
  } else if (source.field !== undefined) {
    raw = shown = request[source.field] as Json | undefined;
  } else {
    raw = shown = source.value;
  }
  return { at: exactCoord(raw), text: fillWords(source.format ?? '{v}', { v: displayText(shown) }) };
}

/**
 * Asks the core for one op with a content request template ("$name" is the
 * control whose field is "$name", anywhere inside it) and `extra` fields on
 * top (a sampled x). Answers are kept per request within one recomputation,
 * and a refusal names the control that filled the refused field.
 */
export class TemplateAsker {
  private readonly memo = new Map<string, Promise<Json>>();

  constructor(
    private readonly engine: Engine,
    private readonly vars: Fields,
  ) {}

  /** The filled request (without `extra`), as the core will see it. */
  request(template: Fields): Fields {
    return fillRequest(template, this.vars).fields;
  }

  ask(op: string, template: Fields, extra: Fields = {}): Promise<Json> {
    const { fields, origin } = fillRequest(template, this.vars);
    for (const k of Object.keys(extra)) origin.delete(k);
    const request = { ...fields, ...extra };
    const key = `${op} ${JSON.stringify(request)}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.engine.raw(op, request).then(
        (r) => r as Json,
        (err: unknown) => {
          throw blameControl(err, origin);
        },
      );
      this.memo.set(key, pending);
    }
    return pending;
  }
}

/** A value axis as content declares it. */
export interface AxisSpec {
  /** "linear" (default) or "log". */
  scale?: 'linear' | 'log';
  /** Tick labels: "plain" (default: three significant digits, grouped), or a chart.ts style. */
  ticks?: TickStyle | 'plain';
  /** A linear axis starts at 0 (default true for y, false for x). */
  zero?: boolean;
}

/** Values worth an axis: finite, and positive on a log axis. */
export function drawable(axis: AxisSpec | undefined, v: number): boolean {
  return Number.isFinite(v) && (axis?.scale !== 'log' || v > 0);
}

/** The d3 scale of a declared axis over the values it must hold; `nice` rounds its ends outwards (not for a sampled x, which ends where the samples do). */
export function axisScale(axis: AxisSpec | undefined, values: number[], range: [number, number], zeroByDefault: boolean, nice = true): NumScale {
  const vs = values.filter((v) => drawable(axis, v));
  if (axis?.scale === 'log') {
    const lo = vs.length ? Math.min(...vs) : 1;
    const hi = vs.length ? Math.max(...vs) : 10;
    // Byte and token ticks are powers of two ("8 GiB", "4K"): the scale's ticks must be too, or a tick at 10^9 would read "1 GiB".
    const base = axis.ticks === 'bytes' || axis.ticks === 'tokens' ? 2 : 10;
    const log = scaleLog()
      .base(base)
      .domain([lo, hi > lo ? hi : lo * base])
      .range(range);
    return nice ? log.nice() : log;
  }
  const zero = axis?.zero ?? zeroByDefault;
  let lo = vs.length ? Math.min(...vs) : 0;
  let hi = vs.length ? Math.max(...vs) : 1;
  if (zero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  if (hi === lo) hi = lo + 1;
  // Byte ticks on a linear axis: round numbers of one binary unit, labelled with their true values (axisTicks).
  if (axis?.ticks === 'bytes') return binaryLinearScale(lo, hi, range, nice);
  const linear = scaleLinear().domain([lo, hi]).range(range);
  return nice ? linear.nice() : linear;
}

const plain = d3format(',.3~r');

/** A tick label of a declared axis (round values d3 chose; never a value the reader compares). */
export function axisTicks(axis: AxisSpec | undefined): (v: number) => string {
  const style = axis?.ticks ?? 'plain';
  // tickLabel's byte style spells powers of two (a log axis's ticks); a linear axis's ticks are any multiple of a unit.
  if (style === 'bytes' && axis?.scale !== 'log') return binaryBytesLabel;
  // Token ticks spell powers of two ("4K"): right on a log axis of base 2, wrong for a linear axis's round
  // decimal ticks (6,000 would read "4K"), which read as grouped integers instead.
  if (style === 'tokens' && axis?.scale !== 'log') return tickLabel('int');
  return style === 'plain' ? (v) => plain(v) : tickLabel(style);
}

/** "{x}", "{lane}" … in a content string → the values given; unknown names stay as written. */
export function fillWords(template: string, values: Record<string, string>): string {
  return template.replace(/\{([\w-]+)\}/g, (whole, k: string) => values[k] ?? whole);
}

/** A content string that may be absent (an optional text key). */
export function optionalText(cfg: WidgetConfig, key: string): string | undefined {
  return cfg.text[key] === undefined ? undefined : text(cfg, key);
}

/** Where a plot's drawing area lies, in SVG units. */
export interface PlotBox {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** One reference line to draw: where it stands (in SVG units), its name and the core's display. */
export interface RuleMark {
  axis: 'x' | 'y';
  pos: number;
  name: string;
  value: string;
  testid: string;
  cls?: string;
}

interface Rect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}
const RULE_TEXT = 12; // .bar-value's size (styles/figures.css)
const overlaps = (a: Rect, b: Rect): boolean => a.x0 < b.x1 + 3 && b.x0 < a.x1 + 3 && a.y0 < b.y1 && b.y0 < a.y1;

/** A label's box for a baseline at (x, y) with an anchor. */
function labelRect(label: string, x: number, y: number, anchor: 'start' | 'end'): Rect {
  const w = labelWidth(label);
  const x0 = anchor === 'start' ? x : x - w;
  // A line box of the text (glyphs of a CJK face rise about an em above the baseline and drop a third below).
  return { x0, x1: x0 + w, y0: y - RULE_TEXT - 1, y1: y + 4 };
}

/** Where a label may go, in order of preference: beside an x rule near the top (then lower), or at either end of a y rule (above it, then below). */
function labelSpots(r: RuleMark, box: PlotBox): Array<{ x: number; y: number; anchor: 'start' | 'end' }> {
  if (r.axis === 'x') {
    const rightHalf = r.pos > (box.left + box.right) / 2;
    const near = rightHalf ? { x: r.pos - 4, anchor: 'end' as const } : { x: r.pos + 4, anchor: 'start' as const };
    const far = rightHalf ? { x: r.pos + 4, anchor: 'start' as const } : { x: r.pos - 4, anchor: 'end' as const };
    // The row above the plot first, then rows inside it from the top down.
    const rows = [box.top - 6, ...[1, 2, 3, 4, 5].map((k) => box.top + k * (RULE_TEXT + 6))];
    return rows.flatMap((y) => [
      { ...near, y },
      { ...far, y },
    ]);
  }
  // At the left end above the line (the right end is where a chart's lines and points usually end), then below it, then the right end.
  const left = box.left + 4;
  const right = box.right - 4;
  return [
    { x: left, y: r.pos - 5, anchor: 'start' },
    { x: left, y: r.pos + RULE_TEXT + 3, anchor: 'start' },
    { x: right, y: r.pos - 5, anchor: 'end' },
    { x: right, y: r.pos + RULE_TEXT + 3, anchor: 'end' },
  ];
}

/**
 * Reference lines across a plot (see referenceLine), their labels placed so
 * they neither overlap one another nor the y axis's title above the plot
 * (`yTitle`): each label takes the first free spot of its line's
 * preferences. A label with no free spot takes the first (a reader can still
 * read it in the summary).
 */
export function referenceLines(rules: RuleMark[], box: PlotBox, wide: boolean, yTitle = ''): Mark[] {
  // The y axis's title: 11 units, its baseline 12 above the plot (chart.ts axisLeft).
  const taken: Rect[] = yTitle ? [{ x0: box.left, x1: box.left + labelWidth(yTitle), y0: box.top - 12 - 12, y1: box.top - 12 + 4 }] : [];
  // The x rules first (their labels sit in the row above the plot), left to right; then the y rules, top down.
  const order = [...rules.keys()].sort((i, j) => {
    const a = rules[i]!;
    const b = rules[j]!;
    return a.axis === b.axis ? a.pos - b.pos : a.axis === 'x' ? -1 : 1;
  });
  const out: Mark[] = new Array<Mark>(rules.length);
  for (const i of order) {
    const r = rules[i]!;
    const label = wide ? `${r.name} ${r.value}` : r.value;
    const spots = labelSpots(r, box);
    const inside = (rect: Rect) => rect.x0 >= 0 && rect.x1 <= box.right + 16 && rect.y0 >= 0 && rect.y1 <= box.bottom + 2;
    const spot =
      spots.find((s) => {
        const rect = labelRect(label, s.x, s.y, s.anchor);
        return inside(rect) && !taken.some((t) => overlaps(t, rect));
      }) ?? spots[0]!;
    taken.push(labelRect(label, spot.x, spot.y, spot.anchor));
    out[i] = ruleMark(r, box, label, spot);
  }
  return out;
}

function ruleMark(r: RuleMark, box: PlotBox, label: string, spot: { x: number; y: number; anchor: 'start' | 'end' }): Mark {
  const line =
    r.axis === 'x'
      ? el('line', { x1: coord(r.pos), x2: coord(r.pos), y1: coord(box.top), y2: coord(box.bottom) })
      : el('line', { x1: coord(box.left), x2: coord(box.right), y1: coord(r.pos), y2: coord(r.pos) });
  return el('g', { class: `marker rule ${r.cls ?? ''}`.trim(), 'data-testid': r.testid }, [
    line,
    el('text', { class: 'bar-value', x: coord(spot.x), y: coord(spot.y), 'text-anchor': spot.anchor }, label),
  ]);
}

/**
 * A reference line across the plot at a core value: vertical at x = `at`
 * (axis "x") or horizontal at y = `at` (axis "y"), dashed, with its name and
 * the core's display at its end. `wide` names it in full; a phone's
 * drawing shows the value only. (One line alone; referenceLines places
 * several so their labels avoid each other.)
 */
export function referenceLine(axis: 'x' | 'y', pos: number, box: PlotBox, name: string, value: string, wide: boolean, testid: string, cls = ''): Mark {
  return referenceLines([{ axis, pos, name, value, testid, cls }], box, wide)[0]!;
}

/** A line at a core value on one axis, as figure data declares it: the core's value and its display. */
export interface AxisLevel {
  spec: { axis: 'x' | 'y'; label: string; id: string };
  at: number;
  text: string;
}

/**
 * Reference lines for declared levels (a line chart's rules, a plane's
 * thresholds), those the axes can draw, each labelled with its name and the
 * core's display, with test ids `${testidPrefix}${id}`.
 */
export function levelLines(
  levels: AxisLevel[],
  axes: { x?: AxisSpec; y?: AxisSpec },
  scales: { x: NumScale; y: NumScale },
  box: PlotBox,
  wide: boolean,
  yTitle: string,
  testidPrefix: string,
): Mark[] {
  const drawn = levels.filter((l) => drawable(axes[l.spec.axis], l.at));
  return referenceLines(
    drawn.map((l) => ({ axis: l.spec.axis, pos: scales[l.spec.axis](l.at), name: l.spec.label, value: l.text, testid: `${testidPrefix}${l.spec.id}` })),
    box,
    wide,
    yTitle,
  );
}

/**
 * The legend of a figure's series or kinds: a swatch in series k's colour and
 * its name; a series that declares its stroke ("solid", "dashed") shows it
 * in its swatch too, so the legend says which line is which without colour.
 */
export function seriesLegend(labels: string[], strokes: ReadonlyArray<string | undefined> = []): Mark {
  return el(
    'ul',
    { class: 'fig-legend' },
    labels.map((label, k) =>
      el('li', { class: strokes[k] ? `series-${k} stroke-${strokes[k]}` : `series-${k}` }, [
        el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''),
        el('span', {}, label),
      ]),
    ),
  );
}
