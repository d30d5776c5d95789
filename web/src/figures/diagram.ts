// Diagrams as content: boxes, labels, arrows, dots and cells described in
// content/ch02/widgets/figures-diagrams.json, drawn as SVG marks. Shapes may
// belong to a step (data-step) for the step-through of web/src/figures/stepper.ts.

import { scaleLog } from 'd3-scale';
import { coord } from '../runtime/format';
import { valueLabel } from './chart';
import { el, type Mark } from './marks';
import { stepAttrs } from './stepper';

export interface Shape {
  type: 'box' | 'text' | 'arrow' | 'dot' | 'cell' | 'line';
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  r?: number;
  /** Arrow or line: a polyline through these points (the last one gets the head). */
  points?: Array<[number, number]>;
  label?: string;
  cls?: string;
  anchor?: 'start' | 'middle' | 'end';
  step?: number;
  /** Box width from a core value (data.values[w_value].amount) on the diagram's widthScale, centred on it. */
  w_value?: string;
  /** Per line of the label: view key of the explanation of the one core value in it (FigureHows.key). */
  lineHows?: Array<string | null>;
  /**
   * Drawn only while each named core value (data.values[value].amount) lies in [min, max]:
   * a package's stacks and dies follow the card chosen (4-6).
   */
  when?: ShownWhen[];
}

export interface ShownWhen {
  value: string;
  min?: number;
  max?: number;
}

/** Log scale from a value to a box width: 1 → min, the value named by domain_max → max. */
export interface WidthScale {
  min: number;
  max: number;
  center: number;
  domain_max: string;
}

/**
 * The diagram laid out for a phone (chart.ts NARROW units wide), derived from
 * the wide one so the content states each shape and label once: parts that
 * sit side by side move under one another, and arrows follow the shapes they
 * join.
 */
export interface NarrowLayout {
  height: number;
  /** A shape whose x (a box: its centre) lies in [from, to) moves by (dx, dy). */
  bands?: Array<{ from: number; to: number; dx: number; dy: number }>;
  /** Then x is squeezed around a point: x' = to + (x − from)·k (boxes keep their size; their centres move). */
  squeeze?: { from: number; to: number; k: number };
  /** Per shape index: where it goes ([x, y]: a box's or cell's top-left corner, a text's or dot's point). */
  at?: Record<string, [number, number]>;
  /** Per shape index: fields that replace the moved ones (an arrow's own route, a label, a width). */
  overrides?: Record<string, Partial<Shape>>;
  /** The narrow layout's own width scale (2-22), when the shapes sized by it move. */
  widthScale?: WidthScale;
}

export interface DiagramSpec {
  width: number;
  height: number;
  shapes: Shape[];
  narrow?: NarrowLayout;
  /** One caption per step; present for step-through diagrams. */
  steps?: string[];
  widthScale?: WidthScale;
}

/**
 * Shapes whose width shows a core value (2-22's narrowing pool): a log scale
 * from 1 to the value named by widthScale.domain_max, centred. Coordinates
 * only; the numbers the reader reads are the labels' core displays.
 */
export function sizeShapes(shapes: Shape[], ws: WidthScale | undefined, amounts: Record<string, number>, where: string): Shape[] {
  if (!ws) return shapes;
  const amount = (name: string): number => {
    const v = amounts[name];
    if (v === undefined) throw new Error(`${where}: w_value "${name}" needs data.values.${name}.amount`);
    return Math.max(1, v); // log scale: a count of 0 or 1 draws the narrowest box
  };
  const width = scaleLog()
    .domain([1, Math.max(2, amount(ws.domain_max))])
    .range([ws.min, ws.max])
    .clamp(true);
  return shapes.map((s) => {
    if (s.w_value === undefined) return s;
    const w = width(amount(s.w_value));
    return { ...s, w, x: ws.center - w / 2 };
  });
}

/** The shapes whose `when` holds for the core's amounts; a `when` naming a value without an amount fails the build. */
export function shownShapes(shapes: Shape[], amounts: Record<string, number>, where: string): Shape[] {
  const holds = ({ value, min = -Infinity, max = Infinity }: ShownWhen): boolean => {
    const v = amounts[value];
    if (v === undefined) throw new Error(`${where}: when "${value}" needs data.values.${value}.amount`);
    return v >= min && v <= max;
  };
  return shapes.filter((s) => (s.when ?? []).every(holds));
}

/** The point a shape is placed by: a box's or cell's centre, a text's or dot's own point. */
function anchor(s: Shape): [number, number] {
  const x = s.x ?? 0;
  const y = s.y ?? 0;
  return s.type === 'box' || s.type === 'cell' ? [x + (s.w ?? 0) / 2, y + (s.h ?? 0) / 2] : [x, y];
}

function place(s: Shape, [ax, ay]: [number, number]): Shape {
  return s.type === 'box' || s.type === 'cell' ? { ...s, x: ax - (s.w ?? 0) / 2, y: ay - (s.h ?? 0) / 2 } : { ...s, x: ax, y: ay };
}

function mapPoint([x, y]: [number, number], layout: NarrowLayout): [number, number] {
  const band = layout.bands?.find((b) => x >= b.from && x < b.to);
  const [bx, ny] = band ? [x + band.dx, y + band.dy] : [x, y];
  let nx = bx;
  const sq = layout.squeeze;
  if (sq) nx = sq.to + (nx - sq.from) * sq.k;
  return [nx, ny];
}

/** The box or dot an arrow's end touches (within 3 units), if any: the nearest one. */
function touched([px, py]: [number, number], shapes: Shape[]): number | null {
  let best: number | null = null;
  let bestD = Infinity;
  shapes.forEach((s, i) => {
    if (s.type !== 'box' && s.type !== 'dot') return;
    const [cx, cy] = anchor(s);
    const near =
      s.type === 'dot' ? Math.hypot(px - cx, py - cy) <= (s.r ?? 8) + 3 : Math.abs(px - cx) <= (s.w ?? 0) / 2 + 3 && Math.abs(py - cy) <= (s.h ?? 0) / 2 + 3;
    const d = Math.hypot(px - cx, py - cy);
    if (near && d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

/** Where the segment from a shape's centre towards (tx, ty) leaves the shape (a dot: one unit outside it). */
function edgeToward(s: Shape, [tx, ty]: [number, number]): [number, number] {
  const [cx, cy] = anchor(s);
  const [dx, dy] = [tx - cx, ty - cy];
  const len = Math.hypot(dx, dy) || 1;
  if (s.type === 'dot') {
    const r = (s.r ?? 8) + 1;
    return [cx + (dx / len) * r, cy + (dy / len) * r];
  }
  const t = Math.min((s.w ?? 0) / 2 / (Math.abs(dx) || 1e-9), (s.h ?? 0) / 2 / (Math.abs(dy) || 1e-9));
  return [cx + dx * t, cy + dy * t];
}

/**
 * An arrow in the narrow layout: between two shapes it joins, the straight
 * line from one to the other, cut at their edges; otherwise each end keeps
 * its offset from the shape it touches, and a free point moves with its band.
 */
function moveArrow(s: Shape, wide: Shape[], placed: Shape[], layout: NarrowLayout): Shape {
  const pts = s.points ?? [];
  const ends = pts.map((p) => touched(p, wide));
  const [a, b] = [ends[0], ends[ends.length - 1]];
  if (pts.length === 2 && a != null && b != null && a !== b) {
    const [ca, cb] = [anchor(placed[a]!), anchor(placed[b]!)];
    return { ...s, points: [edgeToward(placed[a]!, cb), edgeToward(placed[b]!, ca)] };
  }
  return {
    ...s,
    points: pts.map((p, i) => {
      const at = ends[i];
      if (at == null) return mapPoint(p, layout);
      const [ox, oy] = anchor(wide[at]!);
      const [nx, ny] = anchor(placed[at]!);
      return [nx + p[0] - ox, ny + p[1] - oy];
    }),
  };
}

/** The shapes of the narrow layout: placed (by `at`, bands and squeeze) and overridden, then the arrows rejoined. */
export function narrowShapes(shapes: Shape[], layout: NarrowLayout): Shape[] {
  const own = (i: number) => layout.overrides?.[String(i)] ?? {};
  const placed = shapes.map((s, i) => {
    if (s.points) return s;
    const at = layout.at?.[String(i)];
    const moved = at ? { ...s, x: at[0], y: at[1] } : place(s, mapPoint(anchor(s), layout));
    return { ...moved, ...own(i) };
  });
  return placed.map((s, i) => (s.points ? { ...moveArrow(s, shapes, placed, layout), ...own(i) } : s));
}

/** Distance between the lines of a wrapped note. */
const LINE_GAP = 16;

/** Rough advance of a character at a 12-unit font: CJK and full-width forms a full em, the rest about half. */
function advance(ch: string): number {
  return /[\u2E80-\uFFEF]/.test(ch) ? 12 : 6.8;
}

/**
 * Where a long line may break: after CJK punctuation (preferred: ，；。、：）
 * written as escapes, so the code holds no CJK) or ")", else at a space.
 */
const PUNCT = /[\uFF0C\uFF1B\u3002\u3001\uFF1A\uFF09)]/;
const SPACE = /\s/;

/**
 * One line broken into lines of at most `max` units (estimated): after the
 * last punctuation that fits, else the last space, else before the character
 * that does not fit. Punctuation that would start a line hangs at the end of
 * the previous one instead.
 */
function wrapLine(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  let punct = -1;
  let space = -1;
  for (const ch of text) {
    if (width + advance(ch) > max && line && !PUNCT.test(ch)) {
      const cut = punct > 0 ? punct : space > 0 ? space : line.length;
      lines.push(line.slice(0, cut).trimEnd());
      line = line.slice(cut).trimStart();
      width = [...line].reduce((a, c) => a + advance(c), 0);
      punct = -1;
      space = -1;
    }
    line += ch;
    width += advance(ch);
    if (PUNCT.test(ch)) punct = line.length;
    else if (SPACE.test(ch)) space = line.length;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A note (or a box's label) too long for the narrow drawing, wrapped onto
 * lines of at most `max` units (a box: its own width). Each line keeps the
 * explanation of the number its source line showed.
 */
export function wrapText(s: Shape, max: number): Shape {
  if ((s.type !== 'text' && s.type !== 'box') || !s.label) return s;
  const room = s.type === 'box' ? (s.w ?? 80) - 8 : max;
  const source = s.label.split('\n');
  const lines: string[] = [];
  const hows: Array<string | null> = [];
  source.forEach((line, i) => {
    for (const part of wrapLine(line, room)) {
      lines.push(part);
      hows.push(s.lineHows?.[i] ?? null);
    }
  });
  return lines.length === source.length ? s : { ...s, label: lines.join('\n'), lineHows: hows };
}

function withStep(attrs: Record<string, string>, s: Shape, lastStep: number): Record<string, string> {
  return s.step === undefined ? attrs : { ...attrs, ...stepAttrs(s.step, lastStep) };
}

/** Arrowhead marker; its id is scoped to the widget so several diagrams can share a page. */
export function arrowDefs(id: string): Mark {
  return el('defs', {}, [
    el('marker', { id: `${id}-head`, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' }, [
      el('path', { class: 'arrowhead', d: 'M0 0L10 5L0 10z' }),
    ]),
  ]);
}

/** A shape as marks; `lastStep`: the last step of a step-through (the drawing opens at step 0). */
export function shapeMark(s: Shape, id: string, lastStep = 0): Mark {
  const x = s.x ?? 0;
  const y = s.y ?? 0;
  switch (s.type) {
    case 'box': {
      const w = s.w ?? 80;
      const h = s.h ?? 30;
      const children: Mark[] = [el('rect', { class: `box ${s.cls ?? ''}`.trim(), x: coord(x), y: coord(y), width: coord(w), height: coord(h), rx: '4' })];
      if (s.label) {
        const lines = s.label.split('\n');
        lines.forEach((line, i) => {
          const ty = y + h / 2 + 4 + (i - (lines.length - 1) / 2) * 14;
          children.push(el('text', valueLabel({ class: 'label', x: coord(x + w / 2), y: coord(ty), 'text-anchor': 'middle' }, s.lineHows?.[i]), line));
        });
      }
      return el('g', withStep({ class: 'shape' }, s, lastStep), children);
    }
    case 'cell':
      return el(
        'rect',
        withStep({ class: `cell ${s.cls ?? ''}`.trim(), x: coord(x), y: coord(y), width: coord(s.w ?? 20), height: coord(s.h ?? 20) }, s, lastStep),
      );
    case 'dot':
      return el('circle', withStep({ class: `dot ${s.cls ?? ''}`.trim(), cx: coord(x), cy: coord(y), r: coord(s.r ?? 8) }, s, lastStep));
    case 'text': {
      const lines = (s.label ?? '').split('\n');
      const line = (t: string, i: number) =>
        el(
          'text',
          valueLabel(
            withStep({ class: `label ${s.cls ?? ''}`.trim(), x: coord(x), y: coord(y + i * LINE_GAP), 'text-anchor': s.anchor ?? 'start' }, s, lastStep),
            s.lineHows?.[i],
          ),
          t,
        );
      // One line stays one <text> (the wide drawings); a wrapped note is a group of lines.
      return lines.length === 1 ? line(lines[0]!, 0) : el('g', {}, lines.map(line));
    }
    case 'arrow':
    case 'line': {
      const pts = s.points ?? [];
      const d = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${coord(px)} ${coord(py)}`).join('');
      const attrs: Record<string, string> = { class: `arrow ${s.cls ?? ''}`.trim(), d };
      if (s.type === 'arrow') attrs['marker-end'] = `url(#${id}-head)`;
      return el('path', withStep(attrs, s, lastStep));
    }
  }
}
