// Figures 2-10, 2-12 and 2-14: a few bars on one linear scale, each one value
// of a core answer — KV of structural variants (2-10: 32, 8 or 1 KV groups),
// the two MLA cache paths (2-12), the kinds of V4-Flash state (2-14).
//
// Each bar names its request (op + fields, merged over the reader's controls)
// and which value to read:
//   "total"        result.total / result.display           (kv, state)
//   "item:<id>"    the state item with that id              (state)
//   "kind:<name>"  the per-kind sum the core reports        (state_curve, first length)
//   "field:<value>:<display>"  any bytes field with its display (request, crossover)
// Bar fields may use "$name" to take the value of the control whose field is `name`.
//
// A figure whose input is a context length (2-8, 2-12, 2-14) draws a thin
// context axis above its bars with a draggable H (figures/context-strip.ts).

import { text, type WidgetConfig } from '../../runtime/config';
import { type Engine, type Fields, type Json } from '../../runtime/engine';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, FigureHows, hbars, notesMark, num, summary, svgFrame, WIDE, type Bar, type Drawing } from '../../figures/chart';
import { byteAxis, byteFamily } from '../../figures/byte-ticks';
import type { HowQuestion } from '../../runtime/how';
import { ConfiguredCall, dataOf } from '../../figures/content';
import { marksMarkup, marksView, type Mark } from '../../figures/marks';
import { contextStrip, readerLength, STRIP_H, stripOf } from '../../figures/context-strip';
import { enhanceDragMarkers, withSliderRole } from '../../figures/drag-marker';

type VariantOp = 'kv' | 'state' | 'state_curve' | 'request' | 'crossover';
interface Variant {
  id: string;
  label: string;
  op: VariantOp;
  fields: Record<string, Json>;
  value: string;
}
interface Picked {
  id: string;
  label: string;
  value: bigint;
  display: string;
  /** How to have the core explain the value (null: the core has no explanation for it). */
  ask?: HowQuestion | null;
}
interface Data {
  bars: Picked[];
  headline: Picked | null;
  notes: string[];
  /** The reader's context length, where the strip's marker stands (figures without a strip: null). */
  h: bigint | null;
}

const PAD = { left: 28, right: 120, top: 8, bottom: 50 };
const ROW_H = 48;

type Answer = { total?: bigint; display?: string; notes?: string[] } & Record<string, unknown>;

async function ask(engine: Engine, v: Variant, call: ConfiguredCall, cache: Map<string, Promise<Answer>>): Promise<Answer> {
  // state_curve takes a list: the reader's length becomes a one-element list.
  const { tokens, ...rest } = call.request;
  const request: Fields = v.op === 'state_curve' ? { ...rest, lengths: [tokens ?? null] } : call.request;
  const key = `${v.op}:${JSON.stringify(request)}`;
  let p = cache.get(key);
  if (!p) {
    p = engine(v.op, request) as unknown as Promise<Answer>;
    cache.set(key, p);
  }
  try {
    return await p;
  } catch (err) {
    throw call.blame(err);
  }
}

function pick(v: Variant, a: Answer): Picked {
  if (v.value === 'total') return { id: v.id, label: v.label, value: a.total ?? 0n, display: a.display ?? '' };
  const [how, name = ''] = v.value.split(':');
  if (how === 'item') {
    const item = (a.items as Array<{ id: string; bytes: bigint; display: string }>).find((i) => i.id === name);
    if (!item) throw new Error(`${v.label}: the core reports no item "${name}"`);
    return { id: v.id, label: v.label, value: item.bytes, display: item.display };
  }
  if (how === 'kind') {
    const byKind = a.by_kind as Record<string, bigint[]>;
    const shown = a.by_kind_display as Record<string, string[]>;
    if (!byKind[name]) throw new Error(`${v.label}: the core reports no state kind "${name}"`);
    return { id: v.id, label: v.label, value: byKind[name]![0]!, display: shown[name]![0]! };
  }
  if (how === 'field') {
    const [, valueKey = '', displayKey = ''] = v.value.split(':');
    const value = a[valueKey];
    const display = a[displayKey];
    if (typeof value !== 'bigint' || typeof display !== 'string') throw new Error(`${v.label}: the core reports no "${valueKey}"/"${displayKey}"`);
    return { id: v.id, label: v.label, value, display };
  }
  if (how === 'curve-total') {
    return { id: v.id, label: v.label, value: (a.total as unknown as bigint[])[0]!, display: (a.total_display as string[])[0]! };
  }
  throw new Error(`${v.label}: unknown value "${v.value}"`);
}

/**
 * Which explanation of the core answers "how was this bar's value computed":
 * the same request asked with explain, and the path of the value shown (a
 * state kind's sum, fig. 2-14: state's sum of that kind's rows).
 */
function question(v: Variant, request: Fields): HowQuestion | null {
  const [how, name = '', displayKey = ''] = v.value.split(':');
  if (v.value === 'total') return { op: v.op, fields: request, path: 'display' };
  if (how === 'item') return { op: v.op, fields: request, path: `items[id=${name}].display` };
  if (how === 'field') return { op: v.op, fields: request, path: displayKey };
  if (how === 'curve-total') return { op: 'state', fields: request, path: 'display' };
  if (how === 'kind') return { op: 'state', fields: request, path: `by_kind_display.${name}` };
  return null;
}

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const cache = new Map<string, Promise<Answer>>();
  const variants = dataOf<Variant[]>(cfg, 'bars');
  const h = (cfg.data as { headline?: Variant }).headline;
  const referenced = ConfiguredCall.referenced([...variants, ...(h ? [h] : [])].map((v) => v.fields));
  const call = (v: Variant) => new ConfiguredCall(v.fields, fields, referenced);
  const answer = (v: Variant) => ask(engine, v, call(v), cache);
  const explained = (v: Variant, a: Answer): Picked => ({ ...pick(v, a), ask: question(v, call(v).request) });
  const bars: Picked[] = [];
  const notes = new Set<string>();
  for (const v of variants) {
    const a = await answer(v);
    bars.push(explained(v, a));
    for (const n of a.notes ?? []) notes.add(n);
  }
  const headline = h ? explained(h, await answer(h)) : null;
  // Asked after the bars: their requests have accepted (or named) the length.
  const strip = stripOf(cfg);
  const length = strip ? await readerLength(engine, fields[strip.field]) : null;
  return { bars, headline, notes: [...notes], h: length };
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  // One Shown per value: the bar's label and the table cell share its explanation.
  const shown = d.bars.map((b) => ({ text: b.display, ask: b.ask }));
  const bars: Bar[] = d.bars.map((b, i) => ({
    id: b.id,
    label: b.label,
    value: num(b.value),
    display: b.display,
    cls: `series-${i % 5}`,
    how: hows.key(shown[i]!),
  }));
  const hi = Math.max(1, ...bars.map((b) => b.value));
  // The axis ticks in the prefix family of the bars' own labels (GiB bars, GiB ticks).
  const family = byteFamily(bars.map((b) => b.display));
  const strip = d.h === null ? null : stripOf(cfg);
  const top = PAD.top + (strip ? STRIP_H : 0);
  const height = top + bars.length * ROW_H + PAD.bottom;
  const draw = (width: number): Drawing => {
    const axis = byteAxis(hi, [PAD.left, width - PAD.right], family, width === WIDE ? 5 : 3);
    return {
      width,
      height,
      children: [
        axisBottom(axis.scale, height - PAD.bottom + 6, axis.ticks, undefined, text(cfg, 'x_axis'), top),
        ...(strip ? contextStrip(cfg, strip, d.h!, width, PAD.left, PAD.top, width === WIDE) : []),
        ...hbars(bars, axis.scale, top, ROW_H),
      ],
    };
  };
  const marks: Mark[] = [];
  if (d.headline) marks.push(summary([{ label: d.headline.label, value: { text: d.headline.display, ask: d.headline.ask }, testid: 'headline' }], hows));
  const chart = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  marks.push(
    strip ? withSliderRole(chart) : chart,
    notesMark(d.notes),
    dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'chart_title'),
      [text(cfg, 'col_item'), text(cfg, 'col_value')],
      d.bars.map((b, i) => ({ id: b.id, cells: [b.label, shown[i]!] })),
      hows,
    ),
  );
  return hows.into(marksView(marks));
}

export const variantBars: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  // Only a figure with a context strip has a marker to wire.
  enhance: (root, { cfg }) => {
    if (stripOf(cfg)) enhanceDragMarkers(root);
  },
};

export default variantBars;
