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
// A widget's View says, per explained value, either the strings themselves
// (howView: the widget already asked with explain) or the question to ask
// the core when the reader opens the popover (howLater: a figure whose hot
// path, e.g. a state curve, is asked without explain).
//
// Markup: the page ships only the buttons (<button popovertarget>). Each
// widget has ONE native popover, created on the first click and filled on
// every click (click fires for Enter and Space too, before the popover opens)
// from the widget's current View, so a page of 140 numbers does not carry
// 140 prerendered popovers. The native popover opens and closes from the
// keyboard (Enter/Space, Esc), closes on an outside click and sits in the top
// layer at any width. Buttons stay invisible until the widget is hydrated
// (site.css), so without JavaScript none opens an empty popover.
import type { View } from './bind';
import { text, type WidgetConfig } from './config';
import type { Engine, Json } from './engine';
import { groupCoreDigits } from './format';
import { attrs } from './html';
import { joinSteps, pathSteps, stepInto } from './result-path';

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

/**
 * The core's explanation of the value at `path` in `base`, or null when the
 * core gives none (a fact from the spec, a label). The nearest "how" map on
 * the way down wins; a line item explains all of its own fields.
 */
export function howAt(base: Json | undefined, path: string): How | null {
  const parts = pathSteps(path);
  let cur: Json | undefined = base;
  let found: How | null = null;
  for (let i = 0; i < parts.length && cur !== undefined; i++) {
    if (isObj(cur)) found = asHow(isObj(cur.how) ? cur.how[joinSteps(parts.slice(i))] : undefined) ?? found;
    if (i === parts.length - 1 && isObj(cur) && found === null) found = asHow(cur);
    cur = stepInto(cur, parts[i]!);
  }
  return found;
}

// ---------------------------------------------------------------- view & markup

/** A question for the core, asked with explain when the popover opens: `path` into the result of `op`. */
export interface HowQuestion {
  op: string;
  fields: { [key: string]: Json };
  path: string;
}

/** View keys of a value's explanation; absent keys mean "no explanation". */
export function howView(view: View, key: string, how: How | null): void {
  if (!how) return;
  view[`${key}.how.f`] = how.formula;
  view[`${key}.how.s`] = how.substituted;
}

/** A value explained on demand: the popover asks the core `question` (with explain) when it opens. */
export function howLater(view: View, key: string, question: HowQuestion | null): void {
  if (question) view[`${key}.how.q`] = JSON.stringify(question);
}

/** Does the view explain `key` (now or on demand)? */
export function explains(view: View, key: string): boolean {
  return view[`${key}.how.f`] !== undefined || view[`${key}.how.q`] !== undefined;
}

/** "1" / "0" per value: part of a widget's SHAPE, so a button appears or goes with a re-render. */
export function howMask(hows: Array<unknown>): string {
  return hows.map((h) => (h ? '1' : '0')).join('');
}

/** The widget's one popover; ids must be unique on the page and valid in popovertarget. */
export function popoverId(instance: string): string {
  return `how-${instance}`.replace(/[^\w-]/g, '_');
}

/** Attributes of a "how" button for view key `key`; `label` names the number (row・column, step). */
export function howButtonAttrs(instance: string, key: string, label: string, t: Pick<HowText, 'how'>): Record<string, string> {
  return { type: 'button', class: 'how-button', popovertarget: popoverId(instance), 'aria-label': `${t.how} ${label}`, 'data-how': key };
}

/**
 * The button for view key `key`, or '' when the view has no explanation for
 * it. `label` says which number it explains (the row and column, or the
 * step): the button's accessible name and the popover's heading.
 */
export function howButton(view: View, instance: string, key: string, label: string, t: Pick<HowText, 'how'>): string {
  if (!explains(view, key)) return '';
  return `<button${attrs(howButtonAttrs(instance, key, label, t))}><span aria-hidden="true">ƒ</span></button>`;
}

// ---------------------------------------------------------------- the popover

/** What a hydrated widget lends its popover. */
export interface HowSource {
  /** Popover strings (looked up on first use: only widgets with buttons need them). */
  text(): HowText;
  /** The View on screen; computed once if the widget has not computed in the browser yet. */
  view(): View | Promise<View>;
  engine: Promise<Engine>;
}

function part(tag: string, cls: string): HTMLElement {
  const e = document.createElement(tag);
  e.className = cls;
  return e;
}

/** The widget's popover, created on first use inside the widget (outside its re-rendered output). */
function popoverOf(root: HTMLElement, id: string, t: HowText): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[id="${CSS.escape(id)}"]`);
  if (found) return found;
  const pop = part('div', 'how-pop');
  pop.id = id;
  pop.setAttribute('popover', 'auto');
  pop.setAttribute('role', 'dialog');
  const title = part('p', 'how-title');
  title.id = `${id}-t`;
  pop.setAttribute('aria-labelledby', title.id);
  const label = (s: string) => Object.assign(part('p', 'how-label'), { textContent: s });
  const close = part('button', 'how-close') as HTMLButtonElement;
  Object.assign(close, { type: 'button', textContent: t.close });
  close.setAttribute('popovertarget', id);
  close.setAttribute('popovertargetaction', 'hide');
  pop.append(title, label(t.formula), part('code', 'how-formula'), label(t.substituted), part('code', 'how-substituted'), close);
  root.append(pop);
  return pop;
}

/** Fill the popover for `key` from a View (asking the core first when the View holds a question). */
async function fill(pop: HTMLElement, key: string, view: View, engine: Promise<Engine>): Promise<void> {
  const formula = pop.querySelector('.how-formula')!;
  const substituted = pop.querySelector('.how-substituted')!;
  let how: How | null = null;
  if (view[`${key}.how.f`] !== undefined) {
    how = { formula: view[`${key}.how.f`] ?? '', substituted: view[`${key}.how.s`] ?? '' };
  } else if (view[`${key}.how.q`]) {
    formula.textContent = substituted.textContent = '…';
    const q = JSON.parse(view[`${key}.how.q`]!) as HowQuestion;
    const result = await (await engine).raw(q.op, { ...q.fields, explain: true }).catch(() => undefined);
    how = result ? howAt(result, q.path) : null;
  }
  if (pop.dataset.how !== key) return; // the reader opened another number meanwhile
  // The core's strings, their long numbers grouped as its displays are (runtime/format.ts).
  formula.textContent = how ? groupCoreDigits(how.formula) : '—';
  substituted.textContent = how ? groupCoreDigits(how.substituted) : '—';
}

/**
 * A value drawn inside a chart (an SVG label) cannot hold a button; it carries
 * class how-value and the view key of the button that explains the same number
 * in the chart's data table. A click on it opens that button's popover: a
 * pointer shortcut, while keyboard and screen-reader users reach the table.
 */
function twinButton(root: HTMLElement, value: Element): HTMLButtonElement | null {
  const key = value.getAttribute('data-how');
  return key === null ? null : root.querySelector<HTMLButtonElement>(`.how-button[data-how="${CSS.escape(key)}"]`);
}

/**
 * One delegated click handler per hydrated widget: builds the popover on the
 * first click and fills it for the clicked button (or chart value) before it opens.
 */
export function wireHow(root: HTMLElement, source: HowSource): { refresh(view: View): void } {
  root.addEventListener('click', (e) => {
    const target = (e.target as Element | null)?.closest('.how-button, .how-value');
    if (!target || !root.contains(target)) return;
    const drawn = !target.matches('.how-button');
    const button = drawn ? twinButton(root, target) : (target as HTMLButtonElement);
    const id = button?.getAttribute('popovertarget');
    if (!button || !id) return;
    const t = source.text();
    const pop = popoverOf(root, id, t);
    const key = button.dataset.how ?? '';
    pop.dataset.how = key;
    const name = button.getAttribute('aria-label') ?? '';
    pop.querySelector('.how-title')!.textContent = name.startsWith(`${t.how} `) ? name.slice(t.how.length + 1) : name;
    const view = source.view();
    if (view instanceof Promise) void view.then((v) => fill(pop, key, v, source.engine));
    else void fill(pop, key, view, source.engine);
    // A button opens its popover natively (popovertarget); a chart value does it here.
    if (drawn && !pop.matches(':popover-open')) pop.showPopover();
  });
  return {
    // A new answer while a popover is open (a link, the profile): follow it.
    refresh(view: View) {
      const pop = root.querySelector<HTMLElement>('.how-pop');
      if (pop?.matches(':popover-open') && pop.dataset.how) void fill(pop, pop.dataset.how, view, source.engine);
    },
  };
}
