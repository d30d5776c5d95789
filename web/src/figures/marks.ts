// Marks: a figure's output (SVG shapes, summary, data table) described as a
// tree of elements whose attributes and text live in the widget's flat View.
//
// Why: the widget runtime updates a hydrated region by writing changed bound
// attributes and texts, and rebuilds the region only when its structure
// changes. Figures have many shapes; describing them once as marks gives both
// for free — the same tree renders at build time and in the browser (so
// prerendered markup equals hydrated markup), every attribute is bound, and
// the structure signature (tag, attribute names, child count) is the SHAPE.
// The markup binds by position (runtime/bind.ts TREE): the root says its key
// once and every element's key follows from where it sits, so a figure's
// hundreds of shapes carry no binding attributes.

import { SHAPE, TREE, type View } from '../runtime/bind';
import { esc } from '../runtime/html';
import { notationRuns } from './notation';

export interface Mark {
  tag: string;
  attrs?: Record<string, string>;
  /** Text content (exclusive with children). */
  text?: string;
  children?: Mark[];
}

/** Shorthand: el('rect', {x: '0'}), el('text', {x: '1'}, 'label'), el('g', {}, [child]). */
export function el(tag: string, attrs: Record<string, string> = {}, content?: string | Mark[]): Mark {
  return typeof content === 'string' ? { tag, attrs, text: content } : { tag, attrs, children: content ?? [] };
}

const ROOT = 'm';

/**
 * A drawn label with scripts in its text ("A_k", "10^20") as <tspan>s, the
 * scripts raised or lowered (figures/notation.ts, styles/figures.css); any
 * other mark as it is. A label whose scripts change changes the structure.
 */
function typeset(mark: Mark): Mark {
  if (mark.tag !== 'text' || mark.text === undefined) return mark;
  const runs = notationRuns(mark.text);
  if (runs.length === 1 && !runs[0]!.shift) return mark;
  return { tag: mark.tag, attrs: mark.attrs, children: runs.map((r) => el('tspan', r.shift ? { class: `script-${r.shift}` } : {}, r.text)) };
}

function put(view: View, key: string, given: Mark): string {
  const mark = typeset(given);
  const names = Object.keys(mark.attrs ?? {});
  const hasText = mark.text !== undefined;
  const sig = `${mark.tag}|${names.join(',')}|${hasText ? 't' : ''}`;
  view[`${key}.$`] = sig;
  for (const name of names) view[`${key}@${name}`] = mark.attrs![name]!;
  let childSig = '';
  if (hasText) {
    view[`${key}.t`] = mark.text!;
  } else {
    const children = mark.children ?? [];
    view[`${key}.$n`] = String(children.length);
    childSig = children.map((c, i) => put(view, `${key}.${i}`, c)).join(';');
  }
  return `${sig}{${childSig}}`;
}

/** FNV-1a of the structure: a short SHAPE that changes whenever the tree does. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

/** Marks → View (plus the SHAPE signature). */
export function marksView(marks: Mark[]): View {
  const view: View = {};
  const sig = put(view, ROOT, { tag: 'div', attrs: { class: 'fig-body' }, children: marks });
  view[SHAPE] = `marks:${hash(sig)}`;
  return view;
}

function render(view: View, key: string, root = false): string {
  const [tag = 'g', names = '', text = ''] = (view[`${key}.$`] ?? '').split('|');
  const attrNames = names ? names.split(',') : [];
  const attrs = attrNames.map((n) => ` ${n}="${esc(view[`${key}@${n}`] ?? '')}"`).join('');
  const tree = root ? ` ${TREE}="${esc(key)}"` : '';
  if (text === 't') return `<${tag}${tree}${attrs}>${esc(view[`${key}.t`] ?? '')}</${tag}>`;
  const n = Number(view[`${key}.$n`] ?? '0');
  let inner = '';
  for (let i = 0; i < n; i++) inner += render(view, `${key}.${i}`);
  return `<${tag}${tree}${attrs}>${inner}</${tag}>`;
}

/** View → markup: what renderOutput returns for every figure kind. */
export function marksMarkup(view: View): string {
  return render(view, ROOT, true);
}
