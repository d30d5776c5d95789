// Diagrams as content: boxes, labels, arrows, dots and cells described in
// content/ch02/widgets/figures-diagrams.json, drawn as SVG marks. Shapes may
// belong to a step (data-step) for the step-through of web/src/figures/stepper.ts.

import { scaleLog } from 'd3-scale';
import { coord } from '../runtime/format';
import { valueLabel } from './chart';
import { el, type Mark } from './marks';

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
 * the wide one so the content states each shape once: parts of the drawing
 * that sit side by side move under one another.
 */
export interface NarrowLayout {
  height: number;
  /** A shape (an arrow: each of its points) whose x lies in [from, to) moves by (dx, dy). */
  bands?: Array<{ from: number; to: number; dx: number; dy: number }>;
  /** Per shape index: fields that replace the moved ones (an arrow's route, a shorter label). */
  overrides?: Record<string, Partial<Shape>>;
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
export function sizeShapes(spec: DiagramSpec, amounts: Record<string, number>, where: string): Shape[] {
  const ws = spec.widthScale;
  if (!ws) return spec.shapes;
  const amount = (name: string): number => {
    const v = amounts[name];
    if (v === undefined) throw new Error(`${where}: w_value "${name}" needs data.values.${name}.amount`);
    return Math.max(1, v); // log scale: a count of 0 or 1 draws the narrowest box
  };
  const width = scaleLog()
    .domain([1, Math.max(2, amount(ws.domain_max))])
    .range([ws.min, ws.max])
    .clamp(true);
  return spec.shapes.map((s) => {
    if (s.w_value === undefined) return s;
    const w = width(amount(s.w_value));
    return { ...s, w, x: ws.center - w / 2 };
  });
}

function moved(x: number, y: number, layout: NarrowLayout): [number, number] {
  const band = layout.bands?.find((b) => x >= b.from && x < b.to);
  return band ? [x + band.dx, y + band.dy] : [x, y];
}

/** The shapes of the narrow layout: moved by their bands, then overridden. */
export function narrowShapes(shapes: Shape[], layout: NarrowLayout): Shape[] {
  return shapes.map((s, i) => {
    const out: Shape = { ...s };
    if (s.points) out.points = s.points.map(([x, y]) => moved(x, y, layout));
    else [out.x, out.y] = moved(s.x ?? 0, s.y ?? 0, layout);
    return { ...out, ...(layout.overrides?.[String(i)] ?? {}) };
  });
}

function withStep(attrs: Record<string, string>, s: Shape): Record<string, string> {
  return s.step === undefined ? attrs : { ...attrs, 'data-step': String(s.step) };
}

/** Arrowhead marker; its id is scoped to the widget so several diagrams can share a page. */
export function arrowDefs(id: string): Mark {
  return el('defs', {}, [
    el('marker', { id: `${id}-head`, viewBox: '0 0 10 10', refX: '9', refY: '5', markerWidth: '7', markerHeight: '7', orient: 'auto-start-reverse' }, [
      el('path', { class: 'arrowhead', d: 'M0 0L10 5L0 10z' }),
    ]),
  ]);
}

export function shapeMark(s: Shape, id: string): Mark {
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
      return el('g', withStep({ class: 'shape' }, s), children);
    }
    case 'cell':
      return el('rect', withStep({ class: `cell ${s.cls ?? ''}`.trim(), x: coord(x), y: coord(y), width: coord(s.w ?? 20), height: coord(s.h ?? 20) }, s));
    case 'dot':
      return el('circle', withStep({ class: `dot ${s.cls ?? ''}`.trim(), cx: coord(x), cy: coord(y), r: coord(s.r ?? 8) }, s));
    case 'text':
      return el('text', valueLabel(withStep({ class: `label ${s.cls ?? ''}`.trim(), x: coord(x), y: coord(y), 'text-anchor': s.anchor ?? 'start' }, s), s.lineHows?.[0]), s.label ?? '');
    case 'arrow':
    case 'line': {
      const pts = s.points ?? [];
      const d = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${coord(px)} ${coord(py)}`).join('');
      const attrs: Record<string, string> = { class: `arrow ${s.cls ?? ''}`.trim(), d };
      if (s.type === 'arrow') attrs['marker-end'] = `url(#${id}-head)`;
      return el('path', withStep(attrs, s));
    }
  }
}
