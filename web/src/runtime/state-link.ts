// A link to a widget's state (#capacity:gpu=h200, #fig-3-7:N=3,
// #ex-2-3:seed=7) names no element id, so the browser does not scroll to it
// as it does for a plain #anchor: the page would open at its top with the
// widget screens below. Here the page does what the browser does for an
// anchor: it brings the first element the link names into view, when the
// page opens (a reload too), and when the reader follows such a link on
// the same page.
import { exerciseAnchor } from './book';
import { parseHash } from './hash-state';

/** Where a hash segment's state lives: a widget (data-instance) or an exercise (segment ex-<id>, element #exercise-2-5 / #lab-4-1: runtime/book.ts). */
export function stateOwner(doc: Document, name: string): HTMLElement | null {
  const widget = doc.querySelector<HTMLElement>(`[data-instance="${CSS.escape(name)}"]`);
  if (widget) return widget;
  const exercise = /^ex-(.+)$/.exec(name);
  return exercise ? doc.getElementById(exerciseAnchor(exercise[1]!)) : null;
}

/** Whether part of an element is on screen. */
function onScreen(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.height > 0;
}

/**
 * Brings the first element a state link names into view, unless one it
 * names is already on screen (a reload the browser restored to where the
 * reader was). A plain anchor is left to the browser.
 */
export function revealStateLink(doc: Document, hash: string): HTMLElement | null {
  const owners = [...parseHash(hash).keys()].map((name) => stateOwner(doc, name)).filter((el): el is HTMLElement => el !== null);
  if (!owners.length || owners.some(onScreen)) return null;
  owners[0]!.scrollIntoView({ block: 'start' });
  return owners[0]!;
}

/** Reveals the widget of the page's state link now, and of every state link followed on this page. */
export function installStateLinks(doc: Document): void {
  const win = doc.defaultView;
  if (!win) return;
  revealStateLink(doc, win.location.hash);
  win.addEventListener('hashchange', () => revealStateLink(doc, win.location.hash));
}
