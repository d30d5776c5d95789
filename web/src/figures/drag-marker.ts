// A draggable marker on a chart whose x-axis is one of the widget's inputs
// (context length on the state curves). The marker is part of the figure's
// marks, so it is prerendered at the default value and moves when the core's
// answer for a new value arrives; nothing here computes a figure.
//
// In the browser (enhanceDragMarkers) the marker is a role="slider": a drag
// with mouse, pen or touch, or the keys, picks a value on the axis and
// writes it into the widget's own control with an `input` event, exactly as
// typing does, so the text field, the URL hash and every linked value follow
// through the one path the widget already has. Hovering the plot shows a
// ghost line at the nearest sampled point and its values (the core's display
// strings, carried in the View) in a readout above the chart, never over it.

import type { View } from '../runtime/bind';
import { coord } from '../runtime/format';
import { viewOf } from '../runtime/views';
import type { NumScale } from './chart';
import { el, type Mark } from './marks';

/** What the marker needs to know about its axis and the reader's value. */
export interface DragAxis {
  /** Key of the widget control the marker sets. */
  control: string;
  /** Accessible name of the slider (the control's own words). */
  label: string;
  /** The reader's value, where the marker stands. */
  value: number;
  /** The value in the reader's words, with the core's values at it. */
  valueText: string;
  scale: NumScale;
  log: boolean;
  /** Values the marker snaps to when near, and PageUp/PageDown jump between (the chapter's 4K … 1M). */
  landmarks: number[];
  /** Plot top and bottom in SVG units. */
  top: number;
  bottom: number;
  /** Radius of the round handle at the bottom (default 7; a thin strip's is smaller). */
  handle?: number;
  /** Spacing of the stops on a linear axis whose input takes decimals (0.1 for a rate); default: whole numbers. */
  step?: number;
}

/** View key of the hover points: sampled x values and the readout text at each. */
const HOVER_KEY = 'drag:points';

/** Snap to a landmark when the pointer is this close to it (SVG units). */
const LANDMARK_PULL = 10;

/**
 * The marks of one drawing's marker, in drawing order after the chart's
 * lines: a transparent plot area that takes pointer input, the hover ghost,
 * and the marker itself.
 */
export function dragMarks(axis: DragAxis): Mark[] {
  const [x0, x1] = axis.scale.range() as [number, number];
  const [min, max] = axis.scale.domain() as [number, number];
  const height = coord(axis.bottom - axis.top);
  // data-drag-for: a drawing may hold several markers (one per strip); a press on a plot moves its own.
  const plot = el('rect', {
    class: 'drag-plot',
    x: coord(x0),
    y: coord(axis.top),
    width: coord(x1 - x0),
    height,
    'aria-hidden': 'true',
    'data-drag-for': axis.control,
  });
  const ghost = el('g', { class: 'drag-ghost', 'aria-hidden': 'true' }, [el('line', { x1: '0', x2: '0', y1: coord(axis.top), y2: coord(axis.bottom) })]);
  const marker = el(
    'g',
    {
      class: 'drag-marker',
      role: 'slider',
      tabindex: '0',
      'aria-label': axis.label,
      'aria-orientation': 'horizontal',
      'aria-valuemin': String(min),
      'aria-valuemax': String(max),
      'aria-valuenow': String(axis.value),
      'aria-valuetext': axis.valueText,
      'data-drag': axis.control,
      'data-range': `${coord(x0)} ${coord(x1)}`,
      'data-domain': `${min} ${max}`,
      'data-log': axis.log ? '1' : '0',
      'data-landmarks': axis.landmarks.join(' '),
      ...(axis.step ? { 'data-step': String(axis.step) } : {}),
      'data-testid': 'drag-marker',
      // A value below or beyond the axis (a length of 0) stands at its end; aria-valuenow still says it.
      transform: `translate(${coord(axis.scale(Math.min(max, Math.max(min, axis.value))))},0)`,
    },
    [
      el('rect', { class: 'drag-grab', x: '-12', y: coord(axis.top), width: '24', height }),
      el('line', { class: 'drag-line', x1: '0', x2: '0', y1: coord(axis.top), y2: coord(axis.bottom) }),
      el('circle', { class: 'drag-handle', cx: '0', cy: coord(axis.bottom), r: String(axis.handle ?? 7) }),
    ],
  );
  return [plot, ghost, marker];
}

/**
 * The chart's frame with its drawings as role="group" instead of "img": an
 * image's children are presentational, so a slider inside one would be
 * invisible to assistive technology.
 */
export function withSliderRole(frame: Mark): Mark {
  const walk = (m: Mark): Mark =>
    m.tag === 'svg' ? { ...m, attrs: { ...m.attrs, role: 'group' } } : m.children ? { ...m, children: m.children.map(walk) } : m;
  return walk(frame);
}

/** The readout line above the chart: the marker's values, or the hovered point's. */
export function readoutMark(valueText: string): Mark {
  return el('p', { class: 'drag-readout num', 'data-drag-readout': '', 'aria-hidden': 'true', 'data-testid': 'drag-readout' }, valueText);
}

/** The hover points as text, by their texts' array: a figure that keeps its points between updates (a drag) writes them once. */
const hoverText = new WeakMap<string[], string>();

/** Adds the hover points to a figure's View (not drawn; read on hover through viewOf). */
export function withHoverPoints(view: View, xs: number[], texts: string[]): View {
  let json = hoverText.get(texts);
  if (json === undefined) hoverText.set(texts, (json = JSON.stringify({ xs, texts })));
  view[HOVER_KEY] = json;
  return view;
}

// ---- browser ---------------------------------------------------------------

interface Axis {
  key: string;
  x0: number;
  x1: number;
  min: number;
  max: number;
  log: boolean;
  landmarks: number[];
  step?: number;
}

function axisOf(marker: Element): Axis {
  const nums = (name: string) => (marker.getAttribute(name) ?? '').split(' ').filter(Boolean).map(Number);
  const [x0 = 0, x1 = 1] = nums('data-range');
  const [min = 1, max = 2] = nums('data-domain');
  const step = Number(marker.getAttribute('data-step')) || undefined;
  return {
    key: marker.getAttribute('data-drag') ?? '',
    x0,
    x1,
    min,
    max,
    log: marker.getAttribute('data-log') === '1',
    landmarks: nums('data-landmarks'),
    step,
  };
}

/** Value → x in SVG units, and back (the same mapping d3-scale drew with). */
function toX(a: Axis, v: number): number {
  const t = a.log ? Math.log(v / a.min) / Math.log(a.max / a.min) : (v - a.min) / (a.max - a.min);
  return a.x0 + t * (a.x1 - a.x0);
}

/**
 * The values the marker can stop at: integers the core accepts. On a log
 * axis every power of two and the midpoint 1.5·2^k (about 14 units apart
 * on the wide drawing), the landmarks and both ends; on a linear axis
 * integers in steps of a round number.
 */
export function stopsOf(a: Pick<Axis, 'min' | 'max' | 'log' | 'landmarks' | 'step'>): number[] {
  const set = new Set<number>([a.min, a.max, ...a.landmarks.filter((v) => v >= a.min && v <= a.max)]);
  if (a.step && !a.log) {
    // Decimal stops, written as the reader would type them (3.6, not 3.6000000000000005).
    const places = (String(a.step).split('.')[1] ?? '').length;
    for (let k = 0; a.min + k * a.step <= a.max + a.step / 2; k++) set.add(Math.min(a.max, Number((a.min + k * a.step).toFixed(places))));
  } else if (a.log) {
    for (let p = 1; p <= a.max; p *= 2) {
      for (const v of [p, p * 1.5]) if (v >= a.min && v <= a.max && Number.isInteger(v)) set.add(v);
    }
  } else {
    const raw = (a.max - a.min) / 100;
    const step = Math.max(1, 10 ** Math.floor(Math.log10(Math.max(1, raw))));
    for (let v = Math.ceil(a.min / step) * step; v <= a.max; v += step) set.add(v);
  }
  return [...set].sort((x, y) => x - y);
}

/** The stop for a pointer at x: a landmark within reach first, else the nearest stop. */
function snap(a: Axis, x: number): number {
  const near = (v: number) => Math.abs(toX(a, v) - x);
  const landmark = a.landmarks.filter((v) => v >= a.min && v <= a.max).sort((p, q) => near(p) - near(q))[0];
  if (landmark !== undefined && near(landmark) <= LANDMARK_PULL) return landmark;
  return stopsOf(a).reduce((best, v) => (near(v) < near(best) ? v : best), a.min);
}

/** The value a key moves to from `now`, or null for a key the slider does not use. */
function keyTarget(a: Axis, now: number, key: string): number | null {
  const stops = stopsOf(a);
  const marks = [a.min, ...a.landmarks.filter((v) => v > a.min && v < a.max), a.max];
  const after = (list: number[]) => list.find((v) => v > now) ?? a.max;
  const before = (list: number[]) => [...list].reverse().find((v) => v < now) ?? a.min;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return after(stops);
    case 'ArrowLeft':
    case 'ArrowDown':
      return before(stops);
    case 'PageUp':
      return after(marks);
    case 'PageDown':
      return before(marks);
    case 'Home':
      return a.min;
    case 'End':
      return a.max;
    default:
      return null;
  }
}

/**
 * The values a drag or the keys can set on a marker's axis (see stopsOf),
 * for a figure that wants the core's answers at all of them in one request.
 */
export function markerStops(axis: Pick<DragAxis, 'scale' | 'log' | 'landmarks' | 'step'>): number[] {
  const [min, max] = axis.scale.domain() as [number, number];
  return stopsOf({ min, max, log: axis.log, landmarks: axis.landmarks, step: axis.step });
}

/** Pointer → x in the drawing's SVG units, kept inside the plot (the marker never leaves the axis). */
function pointerX(svg: SVGSVGElement, a: Axis, clientX: number, box: DOMRect = svg.getBoundingClientRect()): number {
  const units = svg.viewBox.baseVal.width || box.width;
  const x = ((clientX - box.left) * units) / (box.width || 1);
  return Math.min(a.x1, Math.max(a.x0, x));
}

/** Set the widget's control as typing would: the form's input handler does the rest. */
export function writeControl(root: HTMLElement, key: string, value: number): void {
  const control = root.querySelector<HTMLInputElement | HTMLSelectElement>(`#${CSS.escape(`${root.dataset.instance ?? ''}-${key}`)}`);
  if (!control || control.value === String(value)) return;
  control.value = String(value);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The marker `target` belongs to, in the drawing that holds it (wide or
 * narrow): the marker itself, the marker of the plot it lies on, or the
 * drawing's first marker (hovering a chart's lines).
 */
function markerNear(target: EventTarget | null): { svg: SVGSVGElement; marker: SVGGElement } | null {
  const svg = target instanceof Element ? target.closest('svg') : null;
  if (!svg || !(target instanceof Element)) return null;
  const key = target.closest('[data-drag-for]')?.getAttribute('data-drag-for');
  const marker =
    target.closest<SVGGElement>('.drag-marker') ??
    (key ? svg.querySelector<SVGGElement>(`.drag-marker[data-drag="${CSS.escape(key)}"]`) : null) ??
    svg.querySelector<SVGGElement>('.drag-marker');
  return marker ? { svg, marker } : null;
}

/**
 * The drawing shown now (the other one is hidden by figures.css's container
 * query): the one with the marker, when a widget has more charts than one.
 */
function shownMarker(root: HTMLElement, which: string, key: string | null = null): { svg: SVGSVGElement; marker: SVGGElement } | null {
  const marker = root.querySelector<SVGGElement>(`svg.${which} .drag-marker${key === null ? '' : `[data-drag="${CSS.escape(key)}"]`}`);
  const svg = marker?.closest<SVGSVGElement>('svg');
  return svg && marker ? { svg, marker } : null;
}

async function hoverPoints(root: HTMLElement): Promise<{ xs: number[]; texts: string[] } | null> {
  const view = await viewOf(root);
  const raw = view?.[HOVER_KEY];
  return raw ? (JSON.parse(raw) as { xs: number[]; texts: string[] }) : null;
}

/**
 * Wire every drag marker of a widget (called once per hydration; listeners
 * sit on the widget root, which survives a rebuild of the output region).
 */
export function enhanceDragMarkers(root: HTMLElement): void {
  let dragging: { pointer: number; which: string; key: string | null } | null = null;
  let focusedWhich: string | null = null;
  let focusedKey: string | null = null;
  // The drawing's box during a drag, measured once: asking for it on every
  // pointer move would make the browser lay out the page the last update
  // just changed, up to twice a frame. A scroll, a resize or a rebuilt
  // drawing measures it again.
  let measured: { svg: SVGSVGElement; box: DOMRect } | null = null;
  const forgetBox = (): void => {
    measured = null;
  };
  const boxOf = (svg: SVGSVGElement): DOMRect => {
    if (measured?.svg !== svg) measured = { svg, box: svg.getBoundingClientRect() };
    return measured.box;
  };

  const readout = () => root.querySelector<HTMLElement>('[data-drag-readout]');
  const drawingClass = (svg: SVGSVGElement) => (svg.classList.contains('is-narrow') ? 'is-narrow' : 'is-wide');

  const dragTo = (clientX: number): void => {
    const found = dragging && shownMarker(root, dragging.which, dragging.key);
    if (!found) return;
    const a = axisOf(found.marker);
    writeControl(root, a.key, snap(a, pointerX(found.svg, a, clientX, boxOf(found.svg))));
  };

  const hideGhost = (): void => {
    root.querySelectorAll<SVGGElement>('.drag-ghost[data-on]').forEach((g) => g.removeAttribute('data-on'));
    const out = readout();
    const marker = root.querySelector('svg.is-wide .drag-marker');
    if (out && marker) out.textContent = marker.getAttribute('aria-valuetext') ?? out.textContent;
  };

  const showGhost = async (svg: SVGSVGElement, marker: SVGGElement, clientX: number): Promise<void> => {
    const points = await hoverPoints(root);
    if (!points || points.xs.length === 0 || dragging) return;
    const a = axisOf(marker);
    const x = pointerX(svg, a, clientX);
    let best = 0;
    points.xs.forEach((v, i) => {
      if (Math.abs(toX(a, v) - x) < Math.abs(toX(a, points.xs[best]!) - x)) best = i;
    });
    const ghost = svg.querySelector<SVGGElement>('.drag-ghost');
    if (!ghost) return;
    // A CSS transform in px is in SVG user units here; the bound `transform`
    // attributes stay the core's (the ghost has none).
    ghost.style.transform = `translate(${toX(a, points.xs[best]!)}px, 0)`;
    ghost.setAttribute('data-on', '');
    const out = readout();
    if (out) out.textContent = points.texts[best] ?? '';
  };

  root.addEventListener('pointerdown', (e) => {
    const found = markerNear(e.target);
    if (!found || !(e.target as Element).closest('.drag-plot, .drag-marker') || e.button !== 0) return;
    e.preventDefault(); // no text selection, no focus-steal from the slider
    found.marker.focus({ preventScroll: true });
    // Captured by the root: the drawing may be rebuilt under the pointer
    // when the data table gains a row, and the capture must survive that.
    root.setPointerCapture(e.pointerId);
    forgetBox();
    addEventListener('scroll', forgetBox, { capture: true, passive: true });
    addEventListener('resize', forgetBox, { passive: true });
    dragging = { pointer: e.pointerId, which: drawingClass(found.svg), key: found.marker.getAttribute('data-drag') };
    focusedWhich = dragging.which;
    focusedKey = dragging.key;
    root.setAttribute('data-dragging', '');
    hideGhost();
    dragTo(e.clientX);
  });
  root.addEventListener('pointermove', (e) => {
    if (dragging && e.pointerId === dragging.pointer) {
      dragTo(e.clientX);
      return;
    }
    const found = markerNear(e.target);
    if (found && e.pointerType !== 'touch' && (e.target as Element).closest('.drag-plot, .drag-marker, .series'))
      void showGhost(found.svg, found.marker, e.clientX);
    else hideGhost();
  });
  const stop = (e: PointerEvent): void => {
    if (!dragging || e.pointerId !== dragging.pointer) return;
    dragging = null;
    forgetBox();
    removeEventListener('scroll', forgetBox, { capture: true });
    removeEventListener('resize', forgetBox);
    root.removeAttribute('data-dragging');
    if (root.hasPointerCapture(e.pointerId)) root.releasePointerCapture(e.pointerId);
  };
  root.addEventListener('pointerup', stop);
  root.addEventListener('pointercancel', stop);
  root.addEventListener('pointerleave', hideGhost);

  root.addEventListener('keydown', (e) => {
    const marker = (e.target as Element).closest?.('.drag-marker');
    const svg = marker?.closest('svg');
    if (!marker || !svg) return;
    const a = axisOf(marker);
    const target = keyTarget(a, Number(marker.getAttribute('aria-valuenow')), e.key);
    if (target === null) return;
    e.preventDefault();
    focusedWhich = drawingClass(svg);
    focusedKey = a.key;
    writeControl(root, a.key, target);
  });
  root.addEventListener('focusout', (e) => {
    // No relatedTarget: the marker was taken out with its drawing (or the
    // reader clicked on nothing); keep the wish to refocus. Focus moved on to
    // something else: drop it.
    if ((e.target as Element).closest?.('.drag-marker') && e.relatedTarget instanceof Element) focusedWhich = null;
  });
  // An update that changed the figure's structure rebuilds its drawing; a
  // reader stepping with the keys keeps the focus on the new marker.
  root.addEventListener('tally:update', () => {
    // Inside <tally-widget> the focus is the shadow root's, not the document's.
    const active = (root.getRootNode() as Document | ShadowRoot).activeElement;
    if (!focusedWhich || (active && root.contains(active))) return;
    shownMarker(root, focusedWhich, focusedKey)?.marker.focus({ preventScroll: true });
  });
}
