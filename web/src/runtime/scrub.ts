// Scrubbable numbers (Tangle-style): drag a given sideways with a mouse, pen
// or finger, or focus it and use the keys of a slider. A scrub only writes
// the widget's own control and announces it as typing does (an `input`
// event), so the URL hash, the core's answers and every bound number follow
// through the widget's usual path (runtime/widget.ts); the number itself is
// redrawn from the View like any other value.
//
// Markup comes from runtime/scrub-template.ts (`[data-scrub]` names the
// control's id). Listeners are delegated from the widget's root, so a
// re-rendered output region keeps working, in a page, in embed.html and
// inside <tally-widget>'s shadow root alike.

import { clampTo, draggedValue, keyedValue, SCRUB_KEYS, type ScrubKey, type ScrubRange, type ScrubScale } from './scrub-values';

/** Movement (px) before a press becomes a drag; a vertical one is left to page scrolling. */
const DRAG_START_PX = 4;

function scrubOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('[data-scrub]') : null;
}

function rangeOf(el: HTMLElement): ScrubRange {
  return {
    min: Number(el.getAttribute('aria-valuemin') ?? '0'),
    max: Number(el.getAttribute('aria-valuemax') ?? '0'),
    scale: (el.dataset.scale === 'tokens' ? 'tokens' : 'count') as ScrubScale,
  };
}

function controlOf(root: HTMLElement, el: HTMLElement): HTMLInputElement | null {
  const id = el.dataset.scrub ?? '';
  const found = root.querySelector(`#${CSS.escape(id)}`);
  return found instanceof HTMLInputElement ? found : null;
}

/**
 * The value to move from: the control's digits (already the newest, even
 * before the core has answered), else the value the core read from the
 * reader's text ("32K" → 32,768, in aria-valuenow).
 */
function currentValue(control: HTMLInputElement, el: HTMLElement): number | null {
  if (/^\d+$/.test(control.value)) return Number(control.value);
  const now = el.getAttribute('aria-valuenow');
  return now !== null && /^\d+$/.test(now) ? Number(now) : null;
}

function setValue(control: HTMLInputElement, v: number): void {
  const text = String(v);
  if (control.value === text) return;
  control.value = text;
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

function onKey(root: HTMLElement, e: KeyboardEvent): void {
  const el = scrubOf(e.target);
  if (!el || !SCRUB_KEYS.has(e.key)) return;
  const control = controlOf(root, el);
  if (!control) return;
  e.preventDefault(); // no page scroll for arrows, PageUp/PageDown, Home/End
  const r = rangeOf(el);
  const v = currentValue(control, el);
  // A value the core could not read starts from the range's low end.
  setValue(control, keyedValue(v === null ? r.min : clampTo(v, r), e.key as ScrubKey, e.shiftKey, r));
}

/** One press on a number: it becomes a drag once it moves sideways more than up or down. */
function onPointerDown(root: HTMLElement, e: PointerEvent): void {
  const el = scrubOf(e.target);
  if (!el || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
  const control = controlOf(root, el);
  if (!control) return;
  if (e.pointerType === 'mouse') e.preventDefault(); // no text selection while dragging
  el.focus({ preventScroll: true });
  const r = rangeOf(el);
  const start = clampTo(currentValue(control, el) ?? r.min, r);
  const [x0, y0] = [e.clientX, e.clientY];
  let dragging = false;

  const move = (m: PointerEvent): void => {
    if (m.pointerId !== e.pointerId) return;
    const dx = m.clientX - x0;
    if (!dragging) {
      if (Math.abs(dx) < DRAG_START_PX || Math.abs(dx) < Math.abs(m.clientY - y0)) return;
      dragging = true;
      el.setPointerCapture(e.pointerId);
      el.dataset.scrubbing = 'true'; // scrub.css: touch-action none, ew-resize everywhere
    }
    m.preventDefault();
    setValue(control, draggedValue(start, dx, r));
  };
  const end = (u: PointerEvent): void => {
    if (u.pointerId !== e.pointerId) return;
    root.removeEventListener('pointermove', move);
    for (const t of ['pointerup', 'pointercancel'] as const) root.removeEventListener(t, end);
    delete el.dataset.scrubbing;
    if (el.hasPointerCapture(e.pointerId)) el.releasePointerCapture(e.pointerId);
  };
  // On the root: before capture the pointer may leave the number (captured
  // events still bubble there).
  root.addEventListener('pointermove', move);
  for (const t of ['pointerup', 'pointercancel'] as const) root.addEventListener(t, end);
}

/** Make every scrubbable number under `root` respond (once per widget). */
export function wireScrubs(root: HTMLElement): void {
  root.addEventListener('keydown', (e) => onKey(root, e));
  root.addEventListener('pointerdown', (e) => onPointerDown(root, e));
}
