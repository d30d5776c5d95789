// Read any mark: hovering a bar, a segment, a dot or a grid cell, tapping
// it, or stepping to it with the arrow keys shows its label and the core's
// display of its value in a small box beside the mark.
//
// Marks declare what they read in their markup (figures/chart.ts readAttrs,
// readableGrid), so this module knows no figure kind and computes nothing:
// it shows the strings the figure was built with. It listens on the widget's
// root, because the output region is rebuilt when a figure's structure
// changes, and it works the same in a page, embed.html's iframe and a
// <tally-widget>'s shadow root (it only looks inside the root).
//
// Keyboard: each chart is one tab stop (its .fig-scroll box); the arrow keys
// move between its marks (up and down by rows in a grid), Home and End go to
// the first and last, Escape closes. The box is a polite live region, so a
// screen reader says each reading once.

import { shapeKeys } from './motion';
import { placeBeside, type Box } from './readout-place';

const MARK = '[data-read], [data-read-grid] > *';
const CHART = '.fig-scroll';
/** A drawing whose marks read: the marks figures' own, or a widget's hand-drawn SVG that opts in. */
export const READABLE_SVG = 'svg.fig-svg, svg[data-readable]';
/** An area over a line's plot that reads the line's point nearest the pointer (a polyline has no marks of its own). */
const NEAREST = '[data-read-nearest]';

export interface Reading {
  label: string;
  value: string;
}

/** What a mark says: its own attributes, or for a grid cell its grid's words and its place. */
export function readingOf(mark: Element): Reading {
  const own = mark.getAttribute('data-read');
  if (own !== null) return { label: mark.getAttribute('data-read-label') ?? '', value: own };
  const grid = mark.parentElement!;
  const i = [...grid.children].indexOf(mark);
  const cols = Math.max(1, Number(grid.getAttribute('data-read-cols')) || 1);
  const place: Record<string, number> = { n: i + 1, row: Math.floor(i / cols) + 1, col: (i % cols) + 1 };
  const label = (grid.getAttribute('data-read-grid') ?? '').replace(/\{(n|row|col)\}/g, (_, k: string) => String(place[k]));
  const kinds = JSON.parse(grid.getAttribute('data-read-kinds') ?? '{}') as Record<string, string>;
  const kind = [...mark.classList].find((c) => c in kinds);
  return { label, value: kind ? kinds[kind]! : '' };
}

/** The readable mark an event landed on, if any (only inside a figure's drawing). */
function markAt(target: EventTarget | null): Element | null {
  if (!(target instanceof Element) || !target.closest(READABLE_SVG)) return null;
  const own = target.closest('[data-read]');
  if (own) return own;
  return target.parentElement?.hasAttribute('data-read-grid') ? target : null;
}

/** The marks of a chart's drawing on screen (the wide or the narrow one). */
function marksOf(chart: Element): Element[] {
  const svg = [...chart.querySelectorAll(READABLE_SVG)].find((s) => s.getBoundingClientRect().width > 0);
  return svg ? [...svg.querySelectorAll(MARK)] : [];
}

/** Under a nearest-point area: the readable mark of its drawing closest to the pointer. */
function nearestTo(target: EventTarget | null, x: number, y: number): Element | null {
  const area = target instanceof Element ? target.closest(NEAREST) : null;
  const svg = area?.closest('svg');
  if (!svg) return null;
  let best: Element | null = null;
  let bestDistance = Infinity;
  for (const mark of svg.querySelectorAll('[data-read]')) {
    const b = mark.getBoundingClientRect();
    const distance = Math.hypot((b.left + b.right) / 2 - x, (b.top + b.bottom) / 2 - y);
    if (distance < bestDistance) [best, bestDistance] = [mark, distance];
  }
  return best;
}

const boxOf = (r: DOMRect): Box => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });

/** Wire readouts on a hydrated widget. `hint` (content) tells a keyboard reader what the arrow keys do. */
export function attachReadout(root: HTMLElement, hint: string): void {
  const instance = root.dataset.instance ?? '';
  const box = document.createElement('div');
  box.className = 'fig-readout';
  box.setAttribute('role', 'status');
  box.setAttribute('data-testid', 'readout');
  const labelEl = box.appendChild(document.createElement('span'));
  labelEl.className = 'fig-readout-label';
  const valueEl = box.appendChild(document.createElement('span'));
  valueEl.className = 'fig-readout-value';
  // What the arrow keys do, named by each readable chart (chart.ts readableFrame).
  const hintEl = document.createElement('span');
  hintEl.id = `${instance}-readout-hint`;
  hintEl.className = 'fig-readout-hint';
  hintEl.textContent = hint;
  root.append(box, hintEl);
  root.setAttribute('data-readout', '');

  let current: Element | null = null;
  // Where the keys resume when the reader comes back to the chart.
  let last: Element | null = null;

  const place = (): void => {
    if (!current?.isConnected) return hide();
    const origin = root.getBoundingClientRect();
    const chart = current.closest(CHART) ?? root;
    const bounds = boxOf(chart.getBoundingClientRect());
    const within: Box = { ...bounds, top: origin.top, bottom: origin.bottom };
    const size = box.getBoundingClientRect();
    const at = placeBeside(boxOf(current.getBoundingClientRect()), size.width, size.height, within);
    // Absolute inside the root's padding box: subtract its border.
    box.style.left = `${at.left - origin.left - root.clientLeft}px`;
    box.style.top = `${at.top - origin.top - root.clientTop}px`;
  };

  const show = (mark: Element): void => {
    if (current !== mark) current?.removeAttribute('data-reading');
    current = last = mark;
    mark.setAttribute('data-reading', '');
    const r = readingOf(mark);
    if (labelEl.textContent !== r.label) labelEl.textContent = r.label;
    if (valueEl.textContent !== r.value) valueEl.textContent = r.value;
    labelEl.hidden = r.label === '';
    box.setAttribute('data-open', '');
    place();
  };

  function hide(): void {
    current?.removeAttribute('data-reading');
    current = null;
    box.removeAttribute('data-open');
    labelEl.textContent = valueEl.textContent = '';
  }

  // Mouse and pen: hover; touch (and any click): tap to read.
  root.addEventListener('pointerover', (e) => {
    if (e.pointerType === 'touch') return;
    const mark = markAt(e.target);
    if (mark) show(mark);
  });
  root.addEventListener('pointerout', (e) => {
    if (e.pointerType === 'touch' || !current) return;
    if (markAt(e.target) === current && markAt(e.relatedTarget) === null && !current.closest(CHART)?.matches(':focus')) hide();
  });
  root.addEventListener('click', (e) => {
    const mark = markAt(e.target) ?? nearestTo(e.target, e.clientX, e.clientY);
    if (mark) show(mark);
  });
  // Over a line's plot: the nearest point, as the pointer moves.
  root.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'touch') return;
    const mark = nearestTo(e.target, e.clientX, e.clientY);
    if (mark && mark !== current) show(mark);
  });
  root.addEventListener('pointerout', (e) => {
    const from = e.target instanceof Element ? e.target.closest(NEAREST) : null;
    if (e.pointerType === 'touch' || !from || !current) return;
    const to = e.relatedTarget instanceof Element ? e.relatedTarget : null;
    if (!to?.closest(NEAREST) && markAt(to) === null && !current.closest(CHART)?.matches(':focus')) hide();
  });
  // A tap or click anywhere else closes it (composedPath: also from a shadow root).
  const doc = root.ownerDocument;
  doc.addEventListener('pointerdown', (e) => {
    if (current && !markAt(e.composedPath()[0] ?? null)) hide();
  });

  root.addEventListener('focusin', (e) => {
    const chart = e.target instanceof Element && e.target.matches(CHART) ? e.target : null;
    if (!chart) return;
    const marks = marksOf(chart);
    const keep = marks.find((m) => m === current) ?? marks.find((m) => m === last) ?? marks[0];
    if (keep) show(keep);
  });
  root.addEventListener('focusout', (e) => {
    if (e.target instanceof Element && e.target.matches(CHART)) hide();
  });
  // Escape closes it wherever focus is (a hovered mark has none).
  doc.addEventListener('keydown', (e) => {
    // Not preventDefault: the same Escape also closes an open popover.
    if (e.key === 'Escape' && current) hide();
  });
  root.addEventListener('keydown', (e) => {
    const chart = e.target instanceof Element && e.target.matches(CHART) ? e.target : null;
    if (!chart) return;
    const next = step(marksOf(chart), current, e.key);
    if (next) {
      show(next);
      e.preventDefault();
    }
  });

  // New values: read the same mark again (in a rebuilt drawing, its
  // counterpart); once it has moved (motion), follow it.
  root.addEventListener('tally:update', () => {
    if (!current) return;
    const mark = current.isConnected ? current : counterpart(current, root);
    if (mark) show(mark);
    else hide();
  });
  root.addEventListener('transitionend', (e) => {
    if (current && e.target === current) place();
  });
}

/** The mark of a rebuilt drawing standing where `old` stood (same bar, series or place). */
function counterpart(old: Element, root: Element): Element | null {
  const oldSvg = old.closest('svg');
  const key = oldSvg && shapeKeys(oldSvg, MARK).get(old);
  if (!key) return null;
  for (const [mark, k] of shapeKeys(root, MARK)) if (k === key) return mark;
  return null;
}

/** The mark a key leads to: ±1 along the marks, ±a row in a grid, Home/End. */
function step(marks: Element[], from: Element | null, key: string): Element | null {
  if (!marks.length) return null;
  const i = from ? marks.indexOf(from) : -1;
  const cols = from?.parentElement?.hasAttribute('data-read-grid') ? Number(from.parentElement.getAttribute('data-read-cols')) || 1 : 1;
  const to = (j: number) => marks[Math.max(0, Math.min(marks.length - 1, j))] ?? null;
  switch (key) {
    case 'ArrowRight':
      return to(i + 1);
    case 'ArrowLeft':
      return to(i < 0 ? 0 : i - 1);
    case 'ArrowDown':
      return to(i < 0 ? 0 : i + cols);
    case 'ArrowUp':
      return to(i - cols);
    case 'Home':
      return to(0);
    case 'End':
      return to(marks.length - 1);
    default:
      return null;
  }
}
