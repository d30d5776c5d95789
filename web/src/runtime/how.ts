// "How was this computed?": next to a number, a button opening a popover
// with the core's formula and the same formula with the reader's numbers.
//
// Where the strings come from (all from the core, asked with "explain": true):
//   - a line item (forward/state rows, Table 2-D stages) carries its own
//     "formula" and "substituted";
//   - any object may carry "how": {"<path>": {formula, substituted}}, keyed by
//     the path of the explained field from that object ("display",
//     "groups.attention", "items[id=kv].display").
// howAt() finds the explanation of any path into a result, so every widget
// that shows a core value can offer it without knowing the op.
//
// Markup: a native popover (<button popovertarget> + <div popover>): works
// without JavaScript, opens and closes from the keyboard (Enter/Space, Esc),
// closes on an outside click, and sits in the top layer at any width.

import { boundText, type View } from './bind';
import { text, type WidgetConfig } from './config';
import type { Json } from './engine';
import { attrs, esc } from './html';

export interface How {
  formula: string;
  substituted: string;
}

/** Strings of the popover (content/ch02/widgets*.json "text"). */
export interface HowText {
  /** Button label prefix, e.g. "怎麼算的？". */
  how: string;
  formula: string;
  substituted: string;
  close: string;
}

/** The popover strings of a widget ("how", "how.formula", "how.substituted", "how.close"). */
export function howText(cfg: WidgetConfig): HowText {
  return { how: text(cfg, 'how'), formula: text(cfg, 'how.formula'), substituted: text(cfg, 'how.substituted'), close: text(cfg, 'how.close') };
}

type Obj = { [key: string]: Json };
const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function asHow(v: Json | undefined): How | null {
  if (!isObj(v)) return null;
  const { formula, substituted } = v;
  return typeof formula === 'string' && typeof substituted === 'string' && formula !== '' ? { formula, substituted } : null;
}

const STEP = /[^.[\]]+|\[[^\]]+\]/g;

/** "items[id=kv].display" → ["items", "[id=kv]", "display"]. */
function steps(path: string): string[] {
  return path.match(STEP) ?? [];
}

/** Steps back to a path: dots between keys, none before a bracket. */
function join(parts: string[]): string {
  return parts.map((p, i) => (i === 0 || p.startsWith('[') ? p : `.${p}`)).join('');
}

function step(cur: Json | undefined, part: string): Json | undefined {
  if (cur === undefined || cur === null) return undefined;
  const index = /^\[(\d+)\]$/.exec(part);
  if (index) return Array.isArray(cur) ? cur[Number(index[1])] : undefined;
  const select = /^\[([\w-]+)=([^\]]+)\]$/.exec(part);
  if (select) {
    const [, key, want] = select;
    return Array.isArray(cur) ? cur.find((e) => isObj(e) && String(e[key!]) === want) : undefined;
  }
  return isObj(cur) ? cur[part] : undefined;
}

/**
 * The core's explanation of the value at `path` in `base`, or null when the
 * core gives none (a fact from the spec, a label). The nearest "how" map on
 * the way down wins; a line item explains all of its own fields.
 */
export function howAt(base: Json | undefined, path: string): How | null {
  const parts = steps(path);
  let cur: Json | undefined = base;
  let found: How | null = null;
  for (let i = 0; i < parts.length && cur !== undefined; i++) {
    if (isObj(cur)) found = asHow(isObj(cur.how) ? cur.how[join(parts.slice(i))] : undefined) ?? found;
    if (i === parts.length - 1 && isObj(cur) && found === null) found = asHow(cur);
    cur = step(cur, parts[i]!);
  }
  return found;
}

// ---------------------------------------------------------------- view & markup

/** View keys of a value's explanation; absent keys mean "no explanation". */
export function howView(view: View, key: string, how: How | null): void {
  if (!how) return;
  view[`${key}.how.f`] = how.formula;
  view[`${key}.how.s`] = how.substituted;
}

/** "1" / "0" per value: part of a widget's SHAPE, so a button appears or goes with a re-render. */
export function howMask(hows: Array<How | null>): string {
  return hows.map((h) => (h ? '1' : '0')).join('');
}

/** Popover ids must be unique on the page and valid in popovertarget. */
function popoverId(instance: string, key: string): string {
  return `how-${instance}-${key}`.replace(/[^\w-]/g, '_');
}

/**
 * The button and its popover for view key `key`, or '' when the view has no
 * explanation for it. `label` says which number it explains (the row and
 * column, or the step), for the button's accessible name and the heading.
 */
export function howButton(view: View, instance: string, key: string, label: string, t: HowText): string {
  if (view[`${key}.how.f`] === undefined) return '';
  const id = popoverId(instance, key);
  const name = `${t.how} ${label}`;
  return (
    `<button type="button" class="how-button"${attrs({ popovertarget: id, 'aria-label': name, title: name, 'data-how': key })}>` +
    `<span aria-hidden="true">ƒ</span></button>` +
    `<div class="how-pop"${attrs({ id, popover: 'auto', role: 'dialog', 'aria-labelledby': `${id}-t` })}>` +
    `<p class="how-title" id="${esc(id)}-t">${esc(label)}</p>` +
    `<p class="how-label">${esc(t.formula)}</p>${boundText('code', `${key}.how.f`, view, { class: 'how-formula' })}` +
    `<p class="how-label">${esc(t.substituted)}</p>${boundText('code', `${key}.how.s`, view, { class: 'how-substituted', 'data-testid': `how-${key}` })}` +
    `<button type="button" class="how-close"${attrs({ popovertarget: id, popovertargetaction: 'hide' })}>${esc(t.close)}</button>` +
    `</div>`
  );
}
