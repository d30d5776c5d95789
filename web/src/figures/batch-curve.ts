// The two curves a reader drags the batch B on (issue 16): the core's
// `crossover_curve` (Example 2-2) and `routing_curve` (Figure 2-23): the log
// batch axis both draw on.
//
// The results are the generated types of the op schema (runtime/generated/
// ops.ts), decoded by the engine. Exact values are read only to place marks
// (their integer part is enough); every text the reader sees is one of the
// core's display strings.

import { scaleLog } from 'd3-scale';
import { groupDigits } from '../runtime/format';
import { labelWidth, num } from './chart';
import type { Mark } from './marks';

/** Plot padding shared by both batch charts (room for byte labels on the left). */
export const BATCH_PAD = { left: 70, right: 16, top: 30, bottom: 48 };

/** Height and tick counts per drawing width (narrow: a phone's 360 px). */
export function batchLayout(wide: boolean): { height: number; xTicks: number; yTicks: number } {
  return wide ? { height: 320, xTicks: 6, yTicks: 5 } : { height: 260, xTicks: 3, yTicks: 4 };
}

/** B on a base-2 log axis, 1 … the core's axis end. */
export function batchScale(end: bigint, width: number) {
  return scaleLog()
    .base(2)
    .domain([1, Math.max(2, num(end))])
    .range([BATCH_PAD.left, width - BATCH_PAD.right]);
}

/** Batch ticks: powers of four (1, 4, 16, …) on a wide drawing, of sixteen on a narrow one, with grouped digits. */
export function batchTicks(end: bigint, wide: boolean): Array<[number, string]> {
  const step = wide ? 4n : 16n;
  const out: Array<[number, string]> = [];
  for (let b = 1n; b <= end; b *= step) out.push([num(b), groupDigits(b)]);
  return out;
}

/** The index of batch `b` among the sampled batches (the core always samples the reader's B). */
export function indexOfBatch(batches: bigint[], b: bigint): number {
  return batches.indexOf(b);
}

/** Landmarks the marker snaps to and PageUp/PageDown jump between: content's, plus any the core found (B*), on the axis. */
export function landmarksOn(end: bigint, content: number[], extra: bigint[]): number[] {
  const all = new Set<number>([...content, ...extra.map(num)]);
  return [...all].filter((v) => v >= 1 && v <= num(end)).sort((a, b) => a - b);
}

/**
 * A second chart in a widget: its own ids (`<instance>-curve-…`), but the
 * keyboard hint it names is the widget's one (figures/readout.ts adds a
 * single hint per widget, under the instance's id).
 */
export function secondFrame(frame: Mark, instance: string): Mark {
  const hint = `${instance}-readout-hint`;
  return frame.attrs && 'aria-describedby' in frame.attrs ? { ...frame, attrs: { ...frame.attrs, 'aria-describedby': hint } } : frame;
}

/**
 * A rule's label beside it at the top: right of the rule wherever it fits
 * there, left of it otherwise. The y-axis title sits at the top left (from
 * BATCH_PAD.left, `title`): a label that would run into it (Example 2-2's
 * "B* = 13" over "Read per step" on a phone, issue 39 item 6) drops just
 * inside the plot instead.
 */
export function ruleLabelAttrs(x: number, width: number, top: number, label: string, title: string): Record<string, string> {
  const w = labelWidth(label);
  const right = x + 4 + w <= width;
  const start = right ? x + 4 : x - 4 - w;
  const titleEnd = BATCH_PAD.left + labelWidth(title);
  const clear = start + w < BATCH_PAD.left - 4 || start > titleEnd + 6;
  // Dropped inside the plot, a long label left of its rule would reach back
  // over the y axis's tick labels (Fig. 2-23's "B = 32 起全部專家被存取" on a
  // phone): it starts right of the axis instead, crossing the rule.
  const pastAxis = !clear && !right && start < BATCH_PAD.left + 4;
  const anchorX = right ? x + 4 : pastAxis ? BATCH_PAD.left + 4 : x - 4;
  return {
    class: 'label small',
    x: (Math.round(anchorX * 100) / 100).toFixed(2),
    y: (clear ? top - 8 : top + 14).toFixed(2),
    'text-anchor': right || pastAxis ? 'start' : 'end',
  };
}
