// A whole request (section 2.2.3, example 2-3): prefill, then n_d = G − 1
// decode steps. Shows stored KV against cumulative KV reads, and draws both as
// G grows — every point is its own `request` call to the core. The numbers
// carry the core's "how was this computed?" (runtime/how.ts). Each sampled
// point is a readable mark (figures/readout.ts): hovering the plot reads the
// nearest one, with the core's display of its bytes; a tap reads too.

import { boundAttrs, boundText, notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { Engine, Fields, Json, RequestResult } from '../../runtime/engine';
import { encodeIntegerInput } from '../../runtime/engine';
import { coord, groupDigits, ratio } from '../../runtime/format';
import { esc } from '../../runtime/html';
import { howAt, howButton, howText, howView } from '../../runtime/how';
import type { WidgetDef } from '../../runtime/widget';
import { joined } from '../../figures/joins';

/** How many values of G the chart samples between 1 and the chosen G. */
const SAMPLES = 24;

// Chart geometry (SVG user units; the SVG scales to the column width).
const W = 640;
const H = 260;
const PAD = { left: 16, right: 120, top: 28, bottom: 36 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

interface Point {
  g: bigint;
  stored: bigint;
  reads: bigint;
  /** The core's displays of both, for the readout. */
  storedDisplay: string;
  readsDisplay: string;
}
interface DecodeData {
  main: RequestResult;
  g: bigint;
  points: Point[];
}

/** Evenly spaced G values 1…G (integers, deduplicated): inputs, not results. */
function sampleG(g: bigint): bigint[] {
  const out: bigint[] = [];
  for (let i = 0n; i < BigInt(SAMPLES); i++) {
    const v = 1n + ((g - 1n) * i) / BigInt(SAMPLES - 1);
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

async function compute(engine: Engine, fields: Fields): Promise<DecodeData> {
  // The main request validates the reader's input; only then do we sample.
  const main = await engine('request', { ...fields, explain: true });
  // G as the reader entered it (the core has just accepted it).
  const raw = fields.generated;
  const g = typeof raw === 'number' ? BigInt(raw) : /^\d+$/.test(String(raw)) ? BigInt(String(raw)) : null;
  if (g === null) return { main, g: 1n, points: [] }; // a form we cannot sample: numbers only, no curve
  const points: Point[] = [];
  for (const v of sampleG(g)) {
    const r = v === g ? main : await engine('request', { ...fields, generated: encodeIntegerInput(v.toString()) });
    points.push({ g: v, stored: r.final_kv_bytes, reads: r.kv_read_bytes, storedDisplay: r.final_kv_display, readsDisplay: r.kv_read_display });
  }
  return { main, g, points };
}

/** View key of a summary number → path of its explanation in the request result. */
const EXPLAINED: Record<string, string> = {
  steps: 'decode_steps',
  read_tokens: 'kv_read_tokens',
  reads: 'kv_read_display',
  new_kv: 'new_kv_display',
  final_kv: 'final_kv_display',
  total: 'display',
};

/** Where a point is drawn (SVG units). */
function at(p: Point, pick: (p: Point) => bigint, g: bigint, max: bigint): [string, string] {
  const x = PAD.left + (g > 1n ? ratio(p.g - 1n, g - 1n) : 0) * PLOT_W;
  const y = PAD.top + (1 - ratio(pick(p), max)) * PLOT_H;
  return [coord(x), coord(y)];
}

function polyline(points: Point[], pick: (p: Point) => bigint, g: bigint, max: bigint): string {
  return points.map((p) => at(p, pick, g, max).join(',')).join(' ');
}

const SERIES = [
  { id: 'reads', pick: (p: Point) => p.reads, display: (p: Point) => p.readsDisplay },
  { id: 'stored', pick: (p: Point) => p.stored, display: (p: Point) => p.storedDisplay },
] as const;

/** Each point's place and reading, under pt.<series>.<i>.* (the readout reads its label and the core's display). */
function pointsView(view: View, points: Point[], g: bigint, max: bigint, label: (series: string) => string): void {
  for (const s of SERIES) {
    points.forEach((p, i) => {
      const [x, y] = at(p, s.pick, g, max);
      const key = `pt.${s.id}.${i}`;
      view[`${key}.x`] = x;
      view[`${key}.y`] = y;
      view[`${key}.label`] = joined(`G = ${groupDigits(p.g)}`, label(s.id));
      view[`${key}.value`] = s.display(p);
    });
  }
}

/** y coordinate of a series' last point, for its end label. */
function endY(value: bigint, max: bigint): string {
  return coord(PAD.top + (1 - ratio(value, max)) * PLOT_H + 4);
}

export const decode: WidgetDef<DecodeData> = {
  compute: (engine, fields) => compute(engine, fields),

  view({ main, g, points }, { cfg }) {
    // Both series grow with G, so the largest value is the chosen G's own result.
    const readsOnTop = main.kv_read_bytes >= main.final_kv_bytes;
    const max = readsOnTop ? main.kv_read_bytes : main.final_kv_bytes;
    const view: View = {
      // The point count is structure: a new count rebuilds the drawing.
      [SHAPE]: `decode:${points.length}`,
      steps: groupDigits(main.decode_steps),
      read_tokens: groupDigits(main.kv_read_tokens),
      reads: main.kv_read_display,
      new_kv: main.new_kv_display,
      final_kv: main.final_kv_display,
      total: main.display,
      'line.reads': polyline(points, (p) => p.reads, g, max),
      'line.stored': polyline(points, (p) => p.stored, g, max),
      'end.reads.y': endY(main.kv_read_bytes, max),
      'end.stored.y': endY(main.final_kv_bytes, max),
      'y.max': readsOnTop ? main.kv_read_display : main.final_kv_display,
      'x.max': `G = ${groupDigits(g)}`,
      ...notesView(main.notes),
    };
    pointsView(view, points, g, max, (series) => text(cfg, `series_${series}`));
    const explained = { how: main.how } as Json;
    for (const [key, path] of Object.entries(EXPLAINED)) howView(view, key, howAt(explained, path));
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const titleId = `${instance}-chart-title`;
    const t = howText(cfg);
    const item = (key: string, testid: string, cls = '') =>
      `<div${cls ? ` class="${cls}"` : ''}><dt>${esc(text(cfg, key))}</dt>` +
      `<dd>${boundText('span', key, view, { 'data-testid': testid })}${howButton(view, instance, key, text(cfg, key), t)}</dd></div>`;
    const right = PAD.left + PLOT_W;
    const bottom = PAD.top + PLOT_H;
    const count = Number((view[SHAPE] ?? '').split(':')[1] ?? 0);
    // Points above the area, so a hovered point reads itself; the area reads the nearest.
    const dots = SERIES.map((sr) =>
      Array.from({ length: count }, (_, i) => {
        const key = `pt.${sr.id}.${i}`;
        return `<circle class="point point-${sr.id}" r="4"${boundAttrs({ cx: `${key}.x`, cy: `${key}.y`, 'data-read-label': `${key}.label`, 'data-read': `${key}.value` }, view)}></circle>`;
      }).join(''),
    ).join('');
    const area = `<rect class="read-area" data-read-nearest="" x="${PAD.left}" y="${PAD.top}" width="${PLOT_W}" height="${PLOT_H}"></rect>`;
    const chart =
      `<div class="fig-scroll" tabindex="0" aria-describedby="${esc(`${instance}-readout-hint`)}">` +
      `<svg class="tally-chart" data-readable="" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${esc(titleId)}">` +
      `<title id="${esc(titleId)}">${esc(text(cfg, 'chart_label'))}</title>` +
      `<path class="axis" d="M${PAD.left} ${PAD.top}V${bottom}H${right}"></path>` +
      `<text class="tick" x="${PAD.left}" y="${PAD.top - 10}">${esc(text(cfg, 'y_axis'))}</text>` +
      boundText('text', 'y.max', view, { class: 'tick tick-max', x: String(right), y: String(PAD.top - 10), 'text-anchor': 'end' }) +
      `<text class="tick" x="${PAD.left}" y="${bottom + 22}">G = 1</text>` +
      boundText('text', 'x.max', view, { class: 'tick', x: String(right), y: String(bottom + 22), 'text-anchor': 'end' }) +
      `<polyline class="line line-reads"${boundAttrs({ points: 'line.reads' }, view)}></polyline>` +
      `<polyline class="line line-stored"${boundAttrs({ points: 'line.stored' }, view)}></polyline>` +
      `<text class="end end-reads" x="${right + 8}"${boundAttrs({ y: 'end.reads.y' }, view)}>${esc(text(cfg, 'series_reads'))}</text>` +
      `<text class="end end-stored" x="${right + 8}"${boundAttrs({ y: 'end.stored.y' }, view)}>${esc(text(cfg, 'series_stored'))}</text>` +
      area +
      dots +
      `</svg></div>`;
    return (
      `<dl class="tally-summary tally-summary--grid">` +
      item('steps', 'decode-steps') +
      item('read_tokens', 'read-tokens') +
      item('reads', 'reads', 'tally-headline legend-reads') +
      item('new_kv', 'new-kv') +
      item('final_kv', 'final-kv', 'legend-stored') +
      item('total', 'total') +
      `</dl>` +
      notesMarkup(view) +
      chart
    );
  },
};

export default decode;
