// Minimal one-way data binding. A widget turns a core result into a flat
// View (key → string); templates mark where each key goes; on every update we
// write only the text nodes / attributes whose value changed. This keeps a
// control change far below one frame without re-rendering the widget.

import { clauses } from '../figures/joins';
import { attrs, esc } from './html';

/** key → text or attribute value; null removes an attribute / empties text. */
export type View = Record<string, string | null>;

/**
 * Special key: a signature of the output's structure (e.g. the table's row ids).
 * If it changes, the bound elements no longer match and the region is re-rendered.
 */
export const SHAPE = '$shape';

/** `<tag data-b="key">text</tag>`: element whose whole text is view[key]. */
export function boundText(tag: string, key: string, view: View, extra: Record<string, string | null> = {}): string {
  return `<${tag}${attrs(extra)} data-b="${esc(key)}">${esc(view[key] ?? '')}</${tag}>`;
}

/**
 * Attributes bound to view keys: {width: 'seg.kv.w'} renders width="…" and
 * records the binding in data-a so hydration can find it again.
 */
export function boundAttrs(map: Record<string, string>, view: View): string {
  const values: Record<string, string | null> = {};
  for (const [attr, key] of Object.entries(map)) values[attr] = view[key] ?? null;
  const spec = Object.entries(map)
    .map(([attr, key]) => `${attr}:${key}`)
    .join(' ');
  return `${attrs(values)} data-a="${esc(spec)}"`;
}

/**
 * Attribute of a subtree bound by position instead of by data-a/data-b (the
 * figures' marks, web/src/figures/marks.ts): the element carrying
 * data-tree="k" has key k, its i-th child element k.i, and so on; every
 * attribute of an element at key k is bound to "k@name" and the text of a
 * leaf to "k.t". A figure's many shapes then carry no binding markup at all.
 */
export const TREE = 'data-tree';

/** Set on a bound text whose value is not the printed book's (pages.css colours the numbers). */
export const BOOK_DIFFERS = 'data-book-differs';

export class Bindings {
  private texts: Array<[Element, string]> = [];
  private attrBindings: Array<[Element, string, string]> = [];
  /** key → text as prerendered, i.e. the book's values (rememberBook). */
  private book: Map<string, string> | null = null;

  constructor(private readonly region: HTMLElement) {
    this.scan();
  }

  /** (Re)collect bound elements; called after the region's markup is replaced. */
  scan(): void {
    this.texts = [];
    this.attrBindings = [];
    for (const el of this.region.querySelectorAll('[data-b]')) this.texts.push([el, el.getAttribute('data-b') ?? '']);
    for (const el of this.region.querySelectorAll('[data-a]')) {
      for (const pair of (el.getAttribute('data-a') ?? '').split(' ')) {
        const i = pair.indexOf(':');
        if (i > 0) this.attrBindings.push([el, pair.slice(0, i), pair.slice(i + 1)]);
      }
    }
    for (const el of this.region.querySelectorAll(`[${TREE}]`)) this.scanTree(el, el.getAttribute(TREE) ?? '');
  }

  private scanTree(el: Element, key: string): void {
    for (const name of el.getAttributeNames()) if (name !== TREE) this.attrBindings.push([el, name, `${key}@${name}`]);
    const children = el.children;
    if (children.length === 0) this.texts.push([el, `${key}.t`]);
    for (let i = 0; i < children.length; i++) this.scanTree(children[i]!, `${key}.${i}`);
  }

  /**
   * Take the texts on screen as the book's. Called on a prerendered region
   * (always built from the book's defaults) before its first update, so the
   * comparison costs no extra request to the core.
   */
  rememberBook(): void {
    this.book = new Map(this.texts.map(([el, key]) => [key, el.textContent ?? '']));
  }

  /**
   * Compare what is on screen with the book's texts: mark each bound text
   * that differs (a figure's SVG texts are only counted) and return whether
   * any does. Values are compared, not inputs: a control the value does not
   * depend on (the weight format for a FLOPs column) marks nothing. A key the
   * book never showed (another model's rows) differs.
   */
  markBook(): boolean {
    if (!this.book) return false;
    let differs = false;
    for (const [el, key] of this.texts) {
      const mine = (el.textContent ?? '') !== this.book.get(key);
      differs ||= mine;
      if (key.endsWith('.t') && !el.hasAttribute('data-b')) continue; // positional (figure) text
      if (mine !== el.hasAttribute(BOOK_DIFFERS)) el.toggleAttribute(BOOK_DIFFERS, mine);
    }
    return differs;
  }

  /** Write changed values. Returns false if the structure differs (caller re-renders). */
  apply(view: View): boolean {
    if ((view[SHAPE] ?? '') !== (this.region.getAttribute('data-shape') ?? '')) return false;
    for (const [el, key] of this.texts) {
      const v = view[key] ?? '';
      if (el.textContent !== v) el.textContent = v;
    }
    for (const [el, attr, key] of this.attrBindings) {
      const v = view[key];
      if (v === null || v === undefined) {
        if (el.hasAttribute(attr)) el.removeAttribute(attr);
      } else if (el.getAttribute(attr) !== v) {
        el.setAttribute(attr, v);
      }
    }
    return true;
  }
}

/** View keys for the core's remarks (e.g. "beyond the released context"). */
export function notesView(notes: string[]): View {
  return { notes: clauses(notes), 'notes.hidden': notes.length ? null : '' };
}

/** One paragraph for the remarks; always present so it can appear without re-rendering. */
export function notesMarkup(view: View): string {
  return `<p class="tally-notes"${boundAttrs({ hidden: 'notes.hidden' }, view)} data-testid="notes" data-b="notes">${esc(view.notes ?? '')}</p>`;
}
