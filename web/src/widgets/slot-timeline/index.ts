// Figures 4-17 … 4-20: one tile's chunks moving through a few input slots and
// the matrix unit, as a Gantt chart. One core request (slot_pipeline, the
// config's "data.request" with the reader's controls filled in) gives, per
// chunk, the slot it uses and when it is issued, ready, started and ended;
// and the finish against its floor (target). The rows:
//   one lane per input slot — the slot held (issue → end, pale), the transfer
//     with its latency (issue → ready), a tick at ready, and, when the data
//     waits for a busy matrix unit, that wait (ready → start);
//   the matrix unit — each chunk's compute (start → end), and the idle gaps
//     between one chunk's end and the next one's start.
// Vertical marks stand at the floor and at the finish. Every time drawn is
// the core's; the browser derives none (a gap is drawn between two core
// times, and its readout names those two times, not a difference).
// Audio-timeline (chapter 3) draws one row per chunk with points in time;
// here a row is a resource holding intervals, hence a kind of its own.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json } from '../../runtime/engine';
import { displayText } from '../../runtime/cells';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, coordOf, dataTable, FigureHows, readAttrs, summary, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { blameControl, fillRequest } from '../../figures/request-template';
import { scaleLinear } from 'd3-scale';

interface Chunk {
  id: string;
  slot: number;
  issue: number;
  ready: number;
  start: number;
  end: number;
  wait: number;
}
interface Data {
  chunks: Chunk[];
  finish: number;
  target: number;
  finishText: string;
  targetText: string;
  idleText: string;
  fewestText: string;
  bufferText: string;
}

const PAD = { left: 84, right: 20, top: 40, bottom: 46 };
const NARROW_LEFT = 40;
const ROW_H = 28;

const ticks = (v: Json | undefined, where: string): number => coordOf(v, 'slot-timeline', where);

function chunkOf(raw: Json): Chunk {
  const c = raw as Record<string, Json>;
  return {
    id: String(c.id),
    slot: ticks(c.slot, 'slot'),
    issue: ticks(c.issue, 'issue'),
    ready: ticks(c.ready, 'ready'),
    start: ticks(c.start, 'start'),
    end: ticks(c.end, 'end'),
    wait: ticks(c.wait, 'wait'),
  };
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const { fields, origin } = fillRequest(dataOf<Fields>(cfg, 'request'), vars);
  let r;
  try {
    r = await engine.raw('slot_pipeline', fields);
  } catch (err) {
    throw blameControl(err, origin);
  }
  return {
    chunks: (r.chunks as Json[]).map(chunkOf),
    finish: ticks(r.finish, 'finish'),
    target: ticks(r.target, 'target'),
    finishText: displayText(r.finish_display),
    targetText: displayText(r.target),
    idleText: displayText(r.idle),
    fewestText: displayText(r.fewest_slots),
    bufferText: displayText(r.buffer_display),
  };
}

/** A tick count as the page writes numbers (grouped digits). */
const g = (v: number): string => displayText(v);

const fill = (template: string, values: Record<string, string>): string => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);

const chunkName = (cfg: WidgetConfig, c: Chunk) => fill(text(cfg, 'chunk'), { n: c.id });
const slotName = (cfg: WidgetConfig, slot: number) => fill(text(cfg, 'slot'), { n: String(slot) });

/** A bar from `from` to `to` on a row, with its readout. */
function span(
  x: (v: number) => number,
  y: number,
  from: number,
  to: number,
  cls: string,
  label: string,
  value: string,
  extra: Record<string, string> = {},
): Mark {
  return el('g', { class: `bar ${cls}` }, [
    el('rect', {
      x: coord(x(from)),
      y: coord(y),
      width: coord(Math.max(x(to) - x(from), 0)),
      height: coord(ROW_H - 10),
      ...extra,
      ...readAttrs(label, value),
    }),
  ]);
}

/** A row's name, right-aligned left of the plot (a short name in the narrow layout). */
function rowName(y: number, wide: boolean, name: string): Mark {
  return el('text', { class: 'bar-label', x: coord((wide ? PAD.left : NARROW_LEFT) - 8), y: coord(y + ROW_H / 2 + 4), 'text-anchor': 'end' }, name);
}

function slotLane(d: Data, cfg: WidgetConfig, slot: number, row: number, x: (v: number) => number, wide: boolean): Mark {
  const y = PAD.top + row * ROW_H;
  const unit = text(cfg, 'unit_ticks');
  const marks: Mark[] = [rowName(y, wide, wide ? slotName(cfg, slot) : fill(text(cfg, 'slot_short'), { n: String(slot) }))];
  for (const c of d.chunks.filter((k) => k.slot === slot)) {
    const name = chunkName(cfg, c);
    marks.push(
      el('g', { class: 'chunk', 'data-chunk': c.id }, [
        span(x, y + 5, c.issue, c.end, 'series-0 held', `${name} ${text(cfg, 'held')}`, `${g(c.issue)} → ${g(c.end)} ${unit}`, { 'fill-opacity': '0.18' }),
        span(x, y + 5, c.issue, c.ready, 'series-0', `${name} ${text(cfg, 'transfer')}`, `${g(c.issue)} → ${g(c.ready)} ${unit}`),
        ...(c.wait > 0 ? [span(x, y + 5, c.ready, c.start, 'series-4', `${name} ${text(cfg, 'wait')}`, `${g(c.wait)} ${unit}`)] : []),
        el('g', { class: 'marker' }, [
          el('line', {
            x1: coord(x(c.ready)),
            x2: coord(x(c.ready)),
            y1: coord(y + 1),
            y2: coord(y + ROW_H - 1),
            ...readAttrs(`${name} ${text(cfg, 'ready')}`, `${g(c.ready)} ${unit}`),
          }),
        ]),
        el('text', { class: 'on-bar', x: coord(x(c.issue) + 3), y: coord(y + ROW_H / 2 + 4) }, c.id),
      ]),
    );
  }
  return el('g', { class: 'lane', 'data-slot': String(slot) }, marks);
}

function computeRow(d: Data, cfg: WidgetConfig, row: number, x: (v: number) => number, wide: boolean): Mark {
  const y = PAD.top + row * ROW_H;
  const unit = text(cfg, 'unit_ticks');
  const marks: Mark[] = [rowName(y, wide, wide ? text(cfg, 'matrix') : text(cfg, 'matrix_short'))];
  d.chunks.forEach((c, i) => {
    const before = d.chunks[i - 1];
    // The matrix unit idles between two chunks when the next one's data is not ready yet.
    if (before && c.start > before.end) {
      marks.push(
        span(x, y + 5, before.end, c.start, 'series-1 idle-gap', text(cfg, 'idle_gap'), `${g(before.end)} → ${g(c.start)} ${unit}`, { 'fill-opacity': '0.45' }),
      );
    }
    marks.push(
      span(x, y + 5, c.start, c.end, 'series-2', `${chunkName(cfg, c)} ${text(cfg, 'compute')}`, `${g(c.start)} → ${g(c.end)} ${unit}`),
      el('text', { class: 'on-bar', x: coord(x(c.start) + 3), y: coord(y + ROW_H / 2 + 4) }, c.id),
    );
  });
  return el('g', { class: 'lane', 'data-testid': 'matrix-row' }, marks);
}

/** A vertical mark across every row at a core time, its name above the plot. */
/** `line` 0 or 1: two marks close together (704 and 768) put their names on two lines. */
function timeMark(cfg: WidgetConfig, x: number, bottom: number, key: string, shownText: string, testid: string, line: number, wide: boolean): Mark {
  return el('g', { class: 'marker', 'data-testid': testid }, [
    el('line', {
      x1: coord(x),
      x2: coord(x),
      y1: String(PAD.top - 4),
      y2: coord(bottom),
      ...readAttrs(text(cfg, key), `${shownText} ${text(cfg, 'unit_ticks')}`),
    }),
    el(
      'text',
      { class: 'bar-value', x: coord(x), y: String(PAD.top - 8 - line * 14), 'text-anchor': 'end' },
      wide ? `${text(cfg, key)} ${shownText}` : shownText,
    ),
  ]);
}

function drawing(d: Data, cfg: WidgetConfig, width: number): Drawing {
  const wide = width === WIDE;
  const left = wide ? PAD.left : NARROW_LEFT;
  const slots = Math.max(...d.chunks.map((c) => c.slot), 1);
  const end = Math.max(d.finish, ...d.chunks.map((c) => c.end), 1);
  const scale = scaleLinear()
    .domain([0, end])
    .nice()
    .range([left, width - PAD.right]);
  const x = (v: number) => scale(v);
  const rows = slots + 1;
  const bottom = PAD.top + rows * ROW_H;
  const lanes = Array.from({ length: slots }, (_, i) => slotLane(d, cfg, i + 1, i, x, wide));
  // Floor and finish coincide once enough slots keep the matrix unit busy: one mark then.
  const same = d.finish === d.target;
  const marks = same
    ? [timeMark(cfg, x(d.finish), bottom, 'finish_at_floor', d.finishText, 'finish-mark', 0, wide)]
    : [
        timeMark(cfg, x(d.target), bottom, 'target', d.targetText, 'target-mark', 1, wide),
        timeMark(cfg, x(d.finish), bottom, 'finish', d.finishText, 'finish-mark', 0, wide),
      ];
  return {
    width,
    height: bottom + PAD.bottom,
    children: [
      axisBottom(scale, bottom + 4, wide ? 8 : 4, tickLabel('int'), text(cfg, 'axis'), PAD.top),
      ...lanes,
      computeRow(d, cfg, slots, x, wide),
      ...marks,
    ],
  };
}

function legend(cfg: WidgetConfig): Mark {
  const item = (cls: string, key: string) =>
    el('li', { class: cls }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, key))]);
  return el('ul', { class: 'tally-legend fig-legend slot-legend' }, [
    item('series-0 legend-faint', 'held'),
    item('series-0', 'transfer'),
    item('legend-tick', 'ready'),
    item('series-4', 'wait'),
    item('series-2', 'compute'),
    item('series-1', 'idle_gap'),
  ]);
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const unit = text(cfg, 'unit_ticks');
  const marks: Mark[] = [
    summary(
      [
        { label: text(cfg, 'finish'), value: d.finishText, testid: 'finish' },
        { label: text(cfg, 'target'), value: d.targetText, testid: 'target' },
        { label: text(cfg, 'idle'), value: d.idleText, testid: 'idle' },
        { label: text(cfg, 'fewest'), value: d.fewestText, testid: 'fewest-slots' },
        { label: text(cfg, 'buffer'), value: d.bufferText, testid: 'buffer' },
      ],
      hows,
    ),
    svgFrame(instance, text(cfg, 'chart_label'), text(cfg, 'chart_desc'), (w) => drawing(d, cfg, w)),
    legend(cfg),
    dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'table_caption'),
      [
        text(cfg, 'col_chunk'),
        text(cfg, 'col_slot'),
        text(cfg, 'col_issue'),
        text(cfg, 'ready'),
        text(cfg, 'col_start'),
        text(cfg, 'col_end'),
        text(cfg, 'wait'),
      ],
      d.chunks.map((c) => ({
        id: c.id,
        cells: [
          chunkName(cfg, c),
          g(c.slot),
          `${g(c.issue)} ${unit}`,
          `${g(c.ready)} ${unit}`,
          `${g(c.start)} ${unit}`,
          `${g(c.end)} ${unit}`,
          `${g(c.wait)} ${unit}`,
        ],
      })),
      hows,
    ),
  ];
  return hows.into(marksView(marks));
}

export const slotTimeline: WidgetDef<Data> = {
  compute: (engine, vars, { cfg }) => compute(engine, vars, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default slotTimeline;
