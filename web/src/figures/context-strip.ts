// A thin context axis drawn on a bar figure whose input is a context length
// but whose own x-axis is bytes (Figs. 2-8, 2-12, 2-14, 2-30). It is the
// same log axis 1…1M with the chapter's landmarks as Fig. 2-18's, one row
// high above the bars, and carries the draggable H marker
// (figures/drag-marker.ts): dragging it or stepping it with the keys writes
// the widget's H control, and the bars follow through the widget's one path.
//
// A figure opts in with data.x_max and data.landmarks (as Fig. 2-18 does);
// the words are the figure's text: strip_title, marker_label, marker_text.
// An input that is a plain count (Fig. 3-7's N cards) takes the same strip
// on a linear axis: data.strip_scale "linear", from data.x_min (default 1).
// More inputs of one figure take more strips, one under the other:
// data.strips, each { control, x_min, x_max, step, landmarks, title, label,
// value_text } on a linear axis, `step` for an input that takes decimals (a
// rate: 0.1), its words in the entry itself.

import { scaleLinear, scaleLog } from 'd3-scale';
import { text, type WidgetConfig } from '../runtime/config';
import type { Engine, Json } from '../runtime/engine';
import { coord, groupDigits } from '../runtime/format';
import { num, tickLabel } from './chart';
import { dragMarks } from './drag-marker';
import { el, type Mark } from './marks';

/** What a figure's content says about its context axis. */
export interface StripSpec {
  /** Key of the control the marker sets (the one whose field is the length). */
  control: string;
  field: string;
  x_max: number;
  landmarks: number[];
  /** A linear axis from x_min (a count such as cards), instead of the log axis of lengths from 1. */
  linear: boolean;
  x_min: number;
  /** Stops of a decimal input (0.1); whole numbers when absent. */
  step?: number;
  /** The strip's own words (a data.strips entry); otherwise the figure's strip_title, marker_label and marker_text. */
  words?: { title: string; label: string; text: string };
}

/** The strip's height in SVG units: axis line, its labels and room for the handle. */
export const STRIP_H = 40;
const LINE_Y = 14;
const LABEL_Y = 30;
const HANDLE_R = 6;
/** Right end of the strip: it needs no room for value labels, unlike the bars. */
const RIGHT = 24;

/**
 * The figure's strip, or null when its content has none. The marker sets
 * data.marker_control (default "H"), whichever request field that control feeds.
 */
export function stripOf(cfg: WidgetConfig): StripSpec | null {
  const d = cfg.data as { x_max?: unknown; x_min?: unknown; landmarks?: unknown; marker_control?: unknown; strip_scale?: unknown } | undefined;
  if (d?.x_max === undefined) return null;
  const landmarks = d.landmarks;
  const xMin = d.x_min ?? 1;
  if (!Number.isSafeInteger(d.x_max) || !Number.isSafeInteger(xMin) || !Array.isArray(landmarks) || !landmarks.every(Number.isSafeInteger)) {
    throw new Error(`${cfg.title}: data.x_max and data.landmarks must be whole numbers`);
  }
  if (d.strip_scale !== undefined && d.strip_scale !== 'linear' && d.strip_scale !== 'log') {
    throw new Error(`${cfg.title}: data.strip_scale is "linear" or "log"`);
  }
  const key = typeof d.marker_control === 'string' ? d.marker_control : 'H';
  const control = cfg.controls.find((c) => c.key === key);
  if (!control) throw new Error(`${cfg.title}: the context axis needs a control "${key}"`);
  return {
    control: key,
    field: control.field,
    x_max: d.x_max as number,
    landmarks: landmarks as number[],
    linear: d.strip_scale === 'linear',
    x_min: xMin as number,
  };
}

/** The further strips of data.strips (see the top of this file). */
function moreStrips(cfg: WidgetConfig): StripSpec[] {
  const list = (cfg.data as { strips?: unknown } | undefined)?.strips;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new Error(`${cfg.title}: data.strips must be a list`);
  return list.map((raw: Record<string, unknown>) => {
    const control = cfg.controls.find((c) => c.key === raw.control);
    const numbers = [raw.x_min, raw.x_max, raw.step ?? 1, ...(Array.isArray(raw.landmarks) ? raw.landmarks : [NaN])];
    if (
      !control ||
      !numbers.every((v) => typeof v === 'number' && Number.isFinite(v)) ||
      [raw.title, raw.label, raw.value_text].some((w) => typeof w !== 'string')
    ) {
      throw new Error(
        `${cfg.title}: data.strips entry ${String(raw.control)}: a control, numbers x_min, x_max, step, landmarks and words title, label, value_text`,
      );
    }
    return {
      control: control.key,
      field: control.field,
      x_min: raw.x_min as number,
      x_max: raw.x_max as number,
      landmarks: raw.landmarks as number[],
      linear: true,
      ...(raw.step === undefined ? {} : { step: raw.step as number }),
      words: { title: raw.title as string, label: raw.label as string, text: raw.value_text as string },
    };
  });
}

/** Every strip of a figure, top to bottom: data.x_max's, then data.strips'. */
export function stripsOf(cfg: WidgetConfig): StripSpec[] {
  const first = stripOf(cfg);
  return [...(first ? [first] : []), ...moreStrips(cfg)];
}

/**
 * Where a strip's marker stands: the reader's value as the core read it (a
 * length, "32K"), or for a decimal input its digits as typed (the core's own
 * request has accepted them by now). For placing the marker only.
 */
export async function stripValue(engine: Engine, spec: StripSpec, value: Json | undefined): Promise<bigint | number> {
  return spec.step ? Number(String(value)) : readerLength(engine, value);
}

/**
 * The length the reader asked for, as the core reads it ("32K" → 32768).
 * Plain digits arrive as numbers and need no round trip; call this only
 * after the figure's own requests accepted the value, so a bad one is
 * refused (and named) by them.
 */
export async function readerLength(engine: Engine, value: Json | undefined): Promise<bigint> {
  if (typeof value === 'number') return BigInt(value);
  const read = (await engine.raw('read_quantity', { text: String(value), kind: 'tokens' })) as { value: string };
  return BigInt(String(read.value));
}

/** "上下文 8,192 個 token": the marker's value in the reader's words. */
export function stripValueText(cfg: WidgetConfig, h: bigint, spec?: StripSpec): string {
  return (spec?.words?.text ?? text(cfg, 'marker_text')).replace('{x}', groupDigits(h));
}

/** A strip's value in the reader's words: a whole number grouped, a decimal as typed. */
function valueText(cfg: WidgetConfig, spec: StripSpec, h: bigint | number): string {
  if (typeof h === 'bigint') return stripValueText(cfg, h, spec);
  return (spec.words?.text ?? text(cfg, 'marker_text')).replace('{x}', String(h));
}

/** Which landmarks are labelled at a width: all on the wide drawing, every other one on a phone's. */
function labelled(landmarks: number[], wide: boolean): number[] {
  if (wide) return landmarks;
  const last = landmarks.length - 1;
  return landmarks.filter((_, i) => i === last || (last - i) % 2 === 0);
}

/**
 * The strip at one drawing width, its top at `top`: title, axis with the
 * landmarks, and the draggable marker at H. The axis widens past x_max only
 * when the reader's H lies beyond it (as Fig. 2-18's does).
 */
export function contextStrip(cfg: WidgetConfig, spec: StripSpec, h: bigint | number, width: number, left: number, top: number, wide: boolean): Mark[] {
  const at = typeof h === 'bigint' ? num(h) : h;
  const max = Math.max(spec.x_max, at);
  const min = spec.linear ? spec.x_min : 1;
  const scale = spec.linear
    ? scaleLinear()
        .domain([min, max])
        .range([left, width - RIGHT])
    : scaleLog()
        .base(2)
        .domain([1, max])
        .range([left, width - RIGHT]);
  const [x0, x1] = scale.range() as [number, number];
  const lineY = top + LINE_Y;
  const name = spec.linear ? (v: number) => (Number.isInteger(v) ? groupDigits(BigInt(v)) : String(v)) : tickLabel('tokens');
  const words = spec.words ?? { title: text(cfg, 'strip_title'), label: text(cfg, 'marker_label'), text: '' };
  const marks = spec.landmarks.filter((v) => v >= min && v <= max);
  const ticks = marks.map((v) => el('line', { class: 'strip-tick', x1: coord(scale(v)), x2: coord(scale(v)), y1: coord(lineY - 3), y2: coord(lineY + 3) }));
  const labels = labelled(marks, wide).map((v) =>
    el('text', { class: 'strip-label', x: coord(scale(v)), y: coord(top + LABEL_Y), 'text-anchor': 'middle' }, name(v)),
  );
  const axis = el('g', { class: 'ctx-strip', 'aria-hidden': 'true' }, [
    // A linear strip's low landmarks sit at its start: its title goes before the axis, in the plot's left margin.
    spec.linear
      ? el('text', { class: 'strip-title', x: coord(x0 - 12), y: coord(lineY + 4), 'text-anchor': 'end' }, words.title)
      : el('text', { class: 'strip-title', x: coord(x0), y: coord(top + LABEL_Y), 'text-anchor': 'start' }, words.title),
    el('path', { class: 'strip-line', d: `M${coord(x0)} ${coord(lineY)}H${coord(x1)}` }),
    ...ticks,
    ...labels,
  ]);
  // The labels' row takes a drag too: the strip is a small target on a phone.
  const below = el('rect', {
    class: 'drag-plot',
    x: coord(x0),
    y: coord(lineY),
    width: coord(x1 - x0),
    height: coord(STRIP_H - LINE_Y - 4),
    'aria-hidden': 'true',
    'data-drag-for': spec.control,
  });
  const marker = dragMarks({
    control: spec.control,
    label: words.label,
    value: at,
    valueText: valueText(cfg, spec, h),
    scale,
    log: !spec.linear,
    landmarks: spec.landmarks,
    top: top + 2,
    bottom: lineY,
    handle: HANDLE_R,
    ...(spec.step ? { step: spec.step } : {}),
  });
  return [axis, below, ...marker];
}
