// The handle under Figure 2-7's last decode row: the reader drags it down
// to add decode steps (G grows by one per row) or up to remove them, or
// steps it with the keys. Like the chart markers (figures/drag-marker.ts) it
// only writes the widget's G field and dispatches `input`, so the URL hash
// and the core's counts under the figure follow exactly as typing does.
//
// Its range is the rows the grid can draw (one decode step up to the
// figure's limit); the keys stop where the control's slider scale does
// (content/controls.json), PageUp/PageDown by its page.

import { coord } from '../../runtime/format';
import { keyedValue, SLIDER_KEYS, sliderScale, stopsOf, type SliderKey } from '../../runtime/slider-scale';
import { writeControl } from '../../figures/drag-marker';
import { el, type Mark } from '../../figures/marks';

export interface GHandle {
  /** Key of the G control, and the slider scale it names. */
  control: string;
  scale: string;
  label: string;
  valueText: string;
  /** Handle hint drawn left of it, in the row labels' column. */
  hint: string;
  g: number;
  min: number;
  max: number;
  /** Top of the first row and the distance between rows, in SVG units. */
  top: number;
  rowH: number;
  /** The grid's left edge and width. */
  left: number;
  width: number;
}

/** The handle's height in the drawing, below the last row. */
export const HANDLE_ROOM = 26;
/** The pill's middle below the last row's bottom edge plus the rows' gap. */
const PILL_MID = 8;

/** The handle's marks: a grab area as wide as the grid, a pill and its hint. */
export function gHandleMarks(h: GHandle): Mark {
  const y = h.top + (h.g - 1) * h.rowH; // just below the last row (each row is rowH apart)
  return el(
    'g',
    {
      class: 'row-handle',
      role: 'slider',
      tabindex: '0',
      'aria-label': h.label,
      'aria-orientation': 'vertical',
      'aria-valuemin': String(h.min),
      'aria-valuemax': String(h.max),
      'aria-valuenow': String(h.g),
      'aria-valuetext': h.valueText,
      'data-row-drag': h.control,
      'data-scale': h.scale,
      'data-rows-top': coord(h.top),
      'data-row-h': coord(h.rowH),
      'data-testid': 'g-handle',
    },
    [
      el('rect', { class: 'row-grab', x: '0', y: coord(y - 4), width: coord(h.left + h.width), height: coord(HANDLE_ROOM) }),
      el('text', { class: 'label small', x: '4', y: coord(y + 12) }, h.hint),
      el('rect', { class: 'row-pill', x: coord(h.left), y: coord(y + PILL_MID - 5), width: coord(Math.min(56, h.width)), height: '10', rx: '5' }),
    ],
  );
}

// ---- browser ---------------------------------------------------------------

interface Range {
  key: string;
  min: number;
  max: number;
  top: number;
  rowH: number;
}

function rangeOf(handle: Element): Range {
  const n = (name: string) => Number(handle.getAttribute(name));
  return {
    key: handle.getAttribute('data-row-drag') ?? '',
    min: n('aria-valuemin'),
    max: n('aria-valuemax'),
    top: n('data-rows-top'),
    rowH: n('data-row-h') || 1,
  };
}

/** G for a pointer at clientY: as many rows as reach down to it, kept in range. */
function gAt(svg: SVGSVGElement, r: Range, clientY: number): number {
  const box = svg.getBoundingClientRect();
  const units = (svg.viewBox.baseVal.width || box.width) / (box.width || 1);
  const y = (clientY - box.top) * units;
  // Measured from the pill's middle, so grabbing it does not move it.
  const rows = Math.round((y - r.top - PILL_MID) / r.rowH);
  return Math.min(r.max, Math.max(r.min, rows + 1));
}

/** The key's target within the handle's range, from the control's slider scale. */
function keyed(handle: Element, r: Range, key: SliderKey): number | null {
  const scale = sliderScale(handle.getAttribute('data-scale') ?? '');
  const now = BigInt(handle.getAttribute('aria-valuenow') ?? '0');
  if (!scale) return null;
  const stops = stopsOf(scale, '').filter((v) => v >= BigInt(r.min) && v <= BigInt(r.max));
  const to = keyedValue(scale, stops, now, key);
  // A page past the range's end goes to the end.
  if (to === undefined) return key === 'PageUp' ? r.max : key === 'PageDown' ? r.min : null;
  return Number(to);
}

const shown = (root: HTMLElement, which: string) => root.querySelector<SVGGElement>(`svg.${which} .row-handle`);

/** Wire the handle (listeners on the widget root: the drawing is rebuilt as rows come and go). */
export function enhanceGHandle(root: HTMLElement): void {
  let dragging: { pointer: number; which: string } | null = null;
  let focusedWhich: string | null = null;
  const whichOf = (svg: Element) => (svg.classList.contains('is-narrow') ? 'is-narrow' : 'is-wide');

  root.addEventListener('pointerdown', (e) => {
    const handle = (e.target as Element).closest?.('.row-handle');
    const svg = handle?.closest('svg');
    if (!handle || !svg || e.button !== 0) return;
    e.preventDefault();
    (handle as SVGGElement).focus({ preventScroll: true });
    root.setPointerCapture(e.pointerId);
    dragging = { pointer: e.pointerId, which: whichOf(svg) };
    focusedWhich = dragging.which;
    root.setAttribute('data-dragging', '');
  });
  root.addEventListener('pointermove', (e) => {
    if (!dragging || e.pointerId !== dragging.pointer) return;
    const handle = shown(root, dragging.which);
    const svg = handle?.closest('svg');
    if (!handle || !svg) return;
    const r = rangeOf(handle);
    writeControl(root, r.key, gAt(svg, r, e.clientY));
  });
  const stop = (e: PointerEvent): void => {
    if (!dragging || e.pointerId !== dragging.pointer) return;
    dragging = null;
    root.removeAttribute('data-dragging');
    if (root.hasPointerCapture(e.pointerId)) root.releasePointerCapture(e.pointerId);
  };
  root.addEventListener('pointerup', stop);
  root.addEventListener('pointercancel', stop);

  root.addEventListener('keydown', (e) => {
    const handle = (e.target as Element).closest?.('.row-handle');
    const svg = handle?.closest('svg');
    if (!handle || !svg || !SLIDER_KEYS.has(e.key)) return;
    const r = rangeOf(handle);
    const to = keyed(handle, r, e.key as SliderKey);
    e.preventDefault();
    focusedWhich = whichOf(svg);
    if (to !== null) writeControl(root, r.key, to);
  });
  root.addEventListener('focusout', (e) => {
    // Focus moved on to something else: drop it; taken out with its drawing: keep it.
    if ((e.target as Element).closest?.('.row-handle') && e.relatedTarget instanceof Element) focusedWhich = null;
  });
  // A new G rebuilds the drawing (rows come and go): keep the focus on the new handle.
  root.addEventListener('tally:update', () => {
    const active = (root.getRootNode() as Document | ShadowRoot).activeElement;
    if (!focusedWhich || (active && root.contains(active))) return;
    shown(root, focusedWhich)?.focus({ preventScroll: true });
  });
}
