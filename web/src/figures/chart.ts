// Building blocks every figure kind shares: the accessible SVG frame, axes
// whose ticks come from d3-scale, horizontal bars, the summary list and the
// data table (the chart's text alternative, built from the same core result).
//
// Tick *values* are chosen by d3-scale (round numbers or powers of two on the
// axis); tick *labels* only spell those round values out. Values the reader
// compares — bar and point values — are always the core's display strings.

import { format as d3format } from 'd3-format';
import type { ScaleLinear, ScaleLogarithmic } from 'd3-scale';
import type { View } from '../runtime/bind';
import type { Json } from '../runtime/engine';
import { text, type WidgetConfig } from '../runtime/config';
import { coord } from '../runtime/format';
import { howButtonAttrs, howLater, howView, type How, type HowQuestion } from '../runtime/how';
import { el, type Mark } from './marks';
import { clauses, joined } from './joins';

export type NumScale = ScaleLinear<number, number> | ScaleLogarithmic<number, number>;

/** Drawing widths: the column's (≥ 640 px, text at full size) and a phone's (≈ 300 px). */
export const WIDE = 640;
export const NARROW = 300;

/** One layout of a figure: its own width and height in SVG units, and its shapes. */
export interface Drawing {
  width: number;
  height: number;
  children: Mark[];
}

/**
 * The accessible SVG frame, drawn twice: a wide layout and a narrow one laid
 * out for a phone, both prerendered, and CSS shows the one that fits the
 * figure's width (a container query in figures.css). So every text is drawn
 * at about its own size and nothing scrolls sideways, with or without
 * JavaScript. The narrow copy drops test ids, and is named by the wide
 * one's title and description (aria-labelledby reads hidden text too), so
 * each id stays unique and the page does not carry those texts twice.
 */
export function svgFrame(id: string, title: string, desc: string, draw: (width: number) => Drawing): Mark {
  const drawing = draw(WIDE);
  const wide = svgElement(id, 'fig-svg is-wide', drawing, [el('title', { id: `${id}-svg-title` }, title), el('desc', { id: `${id}-svg-desc` }, desc)]);
  const narrow = svgElement(id, 'fig-svg is-narrow', draw(NARROW), []);
  return el('div', { class: 'fig-scroll', role: 'group', 'aria-label': title, ...readableFrame(id, drawing.children) }, [wide, withoutTestIds(narrow)]);
}

/**
 * A chart whose marks read out (figures/readout.ts) is one tab stop; the
 * arrow keys then step through its marks, as the hint the readout adds
 * under this id says. Written here, not by the script, so the hydrated
 * markup stays the prerendered one.
 */
function readableFrame(id: string, marks: Mark[]): Record<string, string> {
  const readable = (m: Mark): boolean => 'data-read' in (m.attrs ?? {}) || 'data-read-grid' in (m.attrs ?? {}) || (m.children ?? []).some(readable);
  return marks.some(readable) ? { tabindex: '0', 'aria-describedby': `${id}-readout-hint` } : {};
}

function svgElement(id: string, cls: string, d: Drawing, named: Mark[]): Mark {
  return el(
    'svg',
    {
      class: cls,
      viewBox: `0 0 ${d.width} ${d.height}`,
      role: 'img',
      'aria-labelledby': `${id}-svg-title ${id}-svg-desc`,
      'data-testid': 'figure-svg',
    },
    [...named, ...d.children],
  );
}

/** Tests find a figure's values by test id: only the wide drawing carries them. */
function withoutTestIds(m: Mark): Mark {
  const attrs = Object.fromEntries(Object.entries(m.attrs ?? {}).filter(([k]) => k !== 'data-testid'));
  return m.children ? { ...m, attrs, children: m.children.map(withoutTestIds) } : { ...m, attrs };
}

const BINARY = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];
const COUNT = ['', 'K', 'M', 'G', 'T', 'P', 'E'];

/** A power-of-two tick spelled with binary prefixes: 2^23 → "8 Mi" + unit. */
function powerOfTwoLabel(v: number, prefixes: string[], unit: string): string {
  const e = Math.round(Math.log2(v));
  const head = 2 ** (e % 10);
  const p = prefixes[Math.floor(e / 10)] ?? `×2^${e - (e % 10)}`;
  return `${head}${unit ? ` ${p}${unit}` : p}`;
}

/** Tick label styles: byte sizes (powers of two), token counts (powers of two), SI (FLOPs, GB), plain integers. */
export type TickStyle = 'bytes' | 'tokens' | 'si' | 'int';

export function tickLabel(style: TickStyle, unit = ''): (v: number) => string {
  switch (style) {
    case 'bytes':
      return (v) => powerOfTwoLabel(v, BINARY, 'B');
    case 'tokens':
      return (v) => powerOfTwoLabel(v, COUNT, '');
    case 'si': {
      // d3-format's SI prefix ("20G"), then a space before prefix + unit: "20 GB", "1 TFLOPs".
      const f = d3format('~s');
      // Below 1 a plain decimal ("0.1 μs", not "100 m μs"): the axes' units are already scaled.
      const small = d3format('~g');
      return (v) => (v === 0 ? '0' : Math.abs(v) < 1 ? `${small(v)}${unit ? ` ${unit}` : ''}` : f(v).replace(/^(-?[\d.]+)(.*)$/, `$1 $2${unit}`));
    }
    default: {
      const f = d3format(',d');
      return (v) => f(v);
    }
  }
}

/** Tick values: d3-scale's own choice (log scales use base 2 or 10 as constructed). */
export function tickValues(scale: NumScale, count: number): number[] {
  return scale.ticks(count);
}

function isLog(scale: NumScale): scale is ScaleLogarithmic<number, number> {
  return 'base' in scale;
}

/**
 * Ticks worth drawing, with their labels. A log scale returns every 1…9
 * multiple; d3's own tickFormat(count, …) blanks the ones it would not label,
 * and those are left out so the axis stays readable.
 */
export function labelledTicks(scale: NumScale, count: number, label: (v: number) => string): Array<[number, string]> {
  const values = tickValues(scale, count);
  // d3's log tickFormat accepts a formatting function at run time; its typings only list a specifier string.
  const logFormat = (s: ScaleLogarithmic<number, number>) =>
    (s.tickFormat as unknown as (c: number, f: (v: number) => string) => (v: number) => string).call(s, count, label);
  const fmt = isLog(scale) ? logFormat(scale) : label;
  return values.map((v): [number, string] => [v, fmt(v)]).filter(([, t]) => t !== '');
}

/** A tick label's drawn width in the drawing's units, at the 12-unit axis text of a phone drawing (styles/figures.css): CJK and full-width characters an em, others about 0.6 em. */
export function labelWidth(text: string): number {
  let em = 0;
  for (const ch of text) em += /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/.test(ch) ? 1 : 0.6;
  return em * 12;
}

/**
 * The labels an axis can show side by side (issue 39 item 6: "100 GFLOPs"
 * and "200 GFLOPs" ran together on a 300-unit phone drawing): from the left,
 * a label that would overlap the last one kept is left out; its tick and grid
 * line stay. The labels kept are the scale's own ticks, never new values.
 */
export function spacedLabels(ticks: Array<[number, string]>, at: (v: number) => number, gap = 6): Set<number> {
  const kept = new Set<number>();
  let right = -Infinity;
  ticks.forEach(([v, t], i) => {
    const half = labelWidth(t) / 2;
    if (at(v) - half < right + gap) return;
    kept.add(i);
    right = at(v) + half;
  });
  return kept;
}

/**
 * Horizontal axis at y (ticks go down), labels centred under each tick.
 * Ticks: a count for d3-scale to choose values spelled by `label`, or the
 * values and labels themselves (a byte axis in its prefix family, byte-ticks.ts).
 */
export function axisBottom(
  scale: NumScale,
  y: number,
  ticksOrCount: number | Array<[number, string]>,
  label: (v: number) => string = String,
  title = '',
  /** Where the grid lines end above: a figure with a strip on top (context-strip.ts) stops them below it. */
  gridTop = 8,
): Mark {
  const [x0, x1] = scale.range() as [number, number];
  const chosen = typeof ticksOrCount === 'number' ? labelledTicks(scale, ticksOrCount, label) : ticksOrCount;
  const shown = spacedLabels(chosen, (v) => scale(v));
  const ticks = chosen.map(([v, t], i) => {
    const x = coord(scale(v));
    return el('g', { class: 'tick', transform: `translate(${x},${coord(y)})` }, [
      el('line', { y2: '5' }),
      el('line', { class: 'grid', y2: coord(-(y - gridTop)) }),
      ...(shown.has(i) ? [el('text', { y: '18', 'text-anchor': 'middle' }, t)] : []),
    ]);
  });
  const children = [el('path', { class: 'domain', d: `M${coord(x0)} ${coord(y)}H${coord(x1)}` }), ...ticks];
  if (title) children.push(el('text', { class: 'axis-title', x: coord(x1), y: coord(y + 34), 'text-anchor': 'end' }, title));
  return el('g', { class: 'axis axis-x', 'aria-hidden': 'true' }, children);
}

/** Vertical axis at x (ticks go left), labels right-aligned. */
export function axisLeft(scale: NumScale, x: number, width: number, count: number, label: (v: number) => string, title = ''): Mark {
  const [y0, y1] = scale.range() as [number, number];
  const ticks = labelledTicks(scale, count, label).map(([v, t]) => {
    const y = coord(scale(v));
    return el('g', { class: 'tick', transform: `translate(${coord(x)},${y})` }, [
      el('line', { x2: '-5' }),
      el('line', { class: 'grid', x2: coord(width) }),
      el('text', { x: '-8', dy: '4', 'text-anchor': 'end' }, t),
    ]);
  });
  const children = [el('path', { class: 'domain', d: `M${coord(x)} ${coord(y0)}V${coord(y1)}` }), ...ticks];
  if (title) children.push(el('text', { class: 'axis-title', x: coord(x), y: coord(Math.min(y0, y1) - 12), 'text-anchor': 'start' }, title));
  return el('g', { class: 'axis axis-y', 'aria-hidden': 'true' }, children);
}

/** bigint (bytes, FLOPs, counts from the core) → number, for coordinates only. */
export function num(v: bigint): number {
  return Number(v);
}

/** A number (or decimal string) a result field holds, as a coordinate; `kind: field` names a missing one. */
export function coordOf(v: Json | undefined, kind: string, field: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`${kind}: ${field} is not a number`);
  return n;
}

/**
 * A number a figure shows in its summary or data table: the core's display,
 * and the question that makes the core explain it (the op and fields that
 * produced it, and the path of the value in that op's result), asked with
 * explain only when the reader opens its "how was this computed?" popover, so
 * the figure's own requests (curves, many rows) stay lean. No question: a
 * fact of a spec or an input, which has nothing to explain.
 */
export interface Shown {
  text: string;
  ask?: HowQuestion | null;
  /** The explanation itself, when the figure's own request already asked for it. */
  how?: How | null;
}

/**
 * Collects a figure's "how" buttons while its marks are built: each button
 * is a mark (so it is prerendered and hydrated like the rest) and its
 * question goes into the View under the button's key.
 */
export class FigureHows {
  private readonly explained: Array<[string, Shown]> = [];
  private readonly keys = new Map<Shown, string>();
  private readonly prefix: string;

  constructor(
    private readonly instance: string,
    cfg: WidgetConfig,
  ) {
    this.prefix = text(cfg, 'how');
  }

  /**
   * The view key explaining `value`, or null when the core has no explanation
   * for it. The same Shown gets the same key wherever it is drawn, so a bar's
   * value label and its data-table cell open one explanation.
   */
  key(value: Shown): string | null {
    if (!value.ask && !value.how) return null;
    let key = this.keys.get(value);
    if (key === undefined) {
      key = `how${this.explained.length}`;
      this.explained.push([key, value]);
      this.keys.set(value, key);
    }
    return key;
  }

  /** The button explaining `value` (named `label`), or nothing when the core has no explanation for it. */
  button(label: string, value: Shown): Mark[] {
    const key = this.key(value);
    if (key === null) return [];
    return [el('button', howButtonAttrs(this.instance, key, label, { how: this.prefix }), [el('span', { 'aria-hidden': 'true' }, 'ƒ')])];
  }

  /** The View of the marks, with every button's explanation (or question) added. */
  into(view: View): View {
    for (const [key, v] of this.explained) {
      howView(view, key, v.how ?? null);
      howLater(view, key, v.how ? null : (v.ask ?? null));
    }
    return view;
  }
}

const shown = (v: string | Shown): Shown => (typeof v === 'string' ? { text: v } : v);

/** A value with its test id, then its "how" button (the id stays on the number alone). */
function valueWithHow(tag: string, attrs: Record<string, string>, testid: string, label: string, v: Shown, hows?: FigureHows): Mark {
  const button = hows?.button(label, v) ?? [];
  if (!button.length) return el(tag, { ...attrs, 'data-testid': testid }, v.text);
  return el(tag, attrs, [el('span', { class: 'cell-value', 'data-testid': testid }, v.text), ...button]);
}

/** Summary list of headline values (the core's displays). */
export function summary(items: Array<{ label: string; value: string | Shown; testid: string }>, hows?: FigureHows, cls = 'tally-summary fig-summary'): Mark {
  return el(
    'dl',
    { class: cls },
    items.map((it) => el('div', {}, [el('dt', {}, it.label), valueWithHow('dd', { class: 'num' }, it.testid, it.label, shown(it.value), hows)])),
  );
}

/** The chart's text alternative: a data table in a disclosure, same numbers as the drawing. */
export function dataTable(
  summaryText: string,
  caption: string,
  head: string[],
  rows: Array<{ id: string; cells: Array<string | Shown> }>,
  hows?: FigureHows,
): Mark {
  return el('details', { class: 'fig-data', 'data-testid': 'figure-data' }, [
    el('summary', {}, summaryText),
    el('div', { class: 'table-wrap', tabindex: '0' }, [
      el('table', {}, [
        el('caption', {}, caption),
        el('thead', {}, [
          el(
            'tr',
            {},
            head.map((h) => el('th', { scope: 'col' }, h)),
          ),
        ]),
        el(
          'tbody',
          {},
          rows.map((r) => {
            const rowLabel = shown(r.cells[0] ?? '').text;
            return el(
              'tr',
              { 'data-row': r.id },
              r.cells.map((c, i) =>
                i === 0
                  ? el('th', { scope: 'row' }, rowLabel)
                  : valueWithHow('td', { class: 'num' }, `cell-${r.id}-${i}`, joined(rowLabel, head[i] ?? ''), shown(c), hows),
              ),
            );
          }),
        ),
      ]),
    ]),
  ]);
}

/** The core's remarks (e.g. "extrapolated past the released context"). */
export function notesMark(notes: string[]): Mark {
  return el('p', { class: notes.length ? 'tally-notes' : 'tally-notes is-empty', 'data-testid': 'notes' }, clauses(notes));
}

export interface Bar {
  id: string;
  label: string;
  /** Value for drawing (from the core), and the core's display. */
  value: number;
  display: string;
  cls?: string;
  /** View key of the display's explanation (FigureHows.key), when the core gives one. */
  how?: string | null;
}

/** Attributes of a value label drawn in a chart; `how` makes it open its explanation (runtime/how.ts). */
export function valueLabel(attrs: Record<string, string>, how: string | null | undefined): Record<string, string> {
  return how ? { ...attrs, class: `${attrs.class ?? ''} how-value`.trim(), 'data-how': how } : attrs;
}

/**
 * What a mark reads out when the reader hovers, taps or steps to it
 * (figures/readout.ts): its label and the core's display of its value. The
 * strings are the ones the figure already shows or tabulates.
 */
export function readAttrs(label: string, value: string): Record<string, string> {
  return { 'data-read-label': label, 'data-read': value };
}

/**
 * A grid whose every child cell reads out (figures/readout.ts) without
 * carrying text of its own: hundreds of cells would otherwise repeat the
 * same words. `label` may say {n} (the cell's place, from 1), {row} and
 * {col} (with `cols` columns); `kinds` maps a cell's class to what it shows
 * (the legend's words).
 */
export function readableGrid(label: string, cols: number, kinds: Record<string, string>, cells: Mark[]): Mark {
  return el('g', { class: 'cells', 'data-read-grid': label, 'data-read-cols': String(cols), 'data-read-kinds': JSON.stringify(kinds) }, cells);
}

/** A point drawn as a dot (a curve's end) that reads out its label and the core's display. */
export function dot(cls: string, cx: number, cy: number, label: string, value: string): Mark {
  return el('circle', { class: cls, cx: coord(cx), cy: coord(cy), r: '3.5', ...readAttrs(label, value) });
}

/**
 * Labelled horizontal bars on one scale (model comparisons, variants).
 * Labels sit above each bar so long zh-Hant names fit at 360 px. A bar
 * starts at `base` (the plot's left edge unless the axis runs below zero,
 * where it is the zero's x); a negative value draws leftwards from it, so a
 * loss reads as a loss.
 */
export function hbars(bars: Bar[], scale: NumScale, top: number, rowH: number, base?: number): Mark[] {
  const [x0] = scale.range() as [number, number];
  const from = base ?? x0;
  const out: Mark[] = [];
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    // Without a base, a bar cannot go below the left edge (as before); with one, a negative value goes left of it.
    const end = b.value > 0 ? Math.max(scale(b.value), from) : base !== undefined && b.value < 0 ? scale(b.value) : from;
    const left = Math.min(from, end);
    const w = Math.abs(end - from);
    const below = end < from;
    // A negative value is written just right of the zero it hangs from: its minus sign says which way the bar goes, and
    // the text never runs off the plot's left edge.
    const valueAt: Record<string, string> = { x: coord(below ? from + 6 : left + w + 6) };
    out.push(
      el('g', { class: `bar ${b.cls ?? ''}`.trim(), 'data-bar': b.id }, [
        el('text', { class: 'bar-label', x: coord(x0), y: coord(y + 12) }, b.label),
        el('rect', { x: coord(left), y: coord(y + 18), width: coord(w), height: coord(rowH - 30), ...readAttrs(b.label, b.display) }),
        el('text', valueLabel({ class: 'bar-value num', ...valueAt, y: coord(y + rowH - 16), 'data-testid': `bar-${b.id}` }, b.how), b.display),
      ]),
    );
  });
  return out;
}

export interface Segment {
  id: string;
  label: string;
  value: number;
  display: string;
}

/** One stacked bar (weights, workspace, KV …) with its row label above it; `tailHow` explains the tail text. */
export function stackedBar(id: string, label: string, segments: Segment[], scale: NumScale, y: number, h: number, tail = '', tailHow?: string | null): Mark {
  let x = scale(0);
  const rects: Mark[] = [];
  for (const s of segments) {
    const w = Math.max(0, scale(s.value) - scale(0));
    // The readout, not a <title>: the browser's own tooltip would cover it.
    rects.push(
      el('rect', {
        class: `seg seg-${s.id}`,
        x: coord(x),
        y: coord(y + 18),
        width: coord(w),
        height: coord(h),
        ...readAttrs(joined(label, s.label), s.display),
      }),
    );
    x += w;
  }
  return el('g', { class: 'stack', 'data-bar': id }, [
    el('text', { class: 'bar-label', x: coord(scale(0)), y: coord(y + 12) }, label),
    ...rects,
    el('text', valueLabel({ class: 'bar-value num', x: coord(x + 6), y: coord(y + 18 + h / 2 + 4), 'data-testid': `bar-${id}` }, tailHow), tail),
  ]);
}

/** Legend for stacked segments (swatch + label), shared by every bar of a figure. */
export function segmentLegend(segments: Array<{ id: string; label: string }>): Mark {
  return el(
    'ul',
    { class: 'tally-legend fig-legend' },
    segments.map((s) => el('li', {}, [el('span', { class: `swatch seg-${s.id}`, 'aria-hidden': 'true' }, ''), el('span', {}, s.label)])),
  );
}
