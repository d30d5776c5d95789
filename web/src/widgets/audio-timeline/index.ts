// Figure 3-19: the playout timeline of a few audio chunks. One core request
// (audio_playout, content/ch03/widgets/w33.json "data.request") gives, per
// chunk, when it arrives, when the jitter buffer planned to play it and when
// it really plays; a late chunk pushes every later one back. Each chunk is a
// row: a dot at its arrival, a tick at its planned time, a bar while it plays
// (as long as the request's chunk_ms), the gap before a delayed start marked.
// The browser places the core's times; it derives none of them.
// With data.x_max (figures/context-strip.ts, a linear strip) a draggable
// marker under the time axis sets the jitter buffer.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json } from '../../runtime/engine';
import { displayText } from '../../runtime/cells';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, coordOf, dataTable, FigureHows, readAttrs, summary, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { contextStrip, readerLength, STRIP_H, stripOf } from '../../figures/context-strip';
import { enhanceDragMarkers, withSliderRole } from '../../figures/drag-marker';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { blameControl, fillRequest } from '../../figures/request-template';
import { scaleLinear } from 'd3-scale';

interface Chunk {
  id: string;
  arrival_ms: number;
  planned_ms: number;
  play_ms: number;
  stall_ms: number;
}
interface Data {
  chunks: Chunk[];
  /** How long each chunk plays: the request's own chunk_ms (an input, not a result). */
  chunkMs: number;
  chunkBytes: string;
  firstPlay: string;
  stall: string;
  lateChunks: string;
  /** The reader's value on the strip (the buffer), where its marker stands; no strip: null. */
  marker: bigint | null;
}

const PAD = { left: 64, right: 24, top: 10, bottom: 46 };
const ROW_H = 22;

const ms = (v: Json | undefined, where: string): number => coordOf(v, 'audio-timeline', where);

function chunkOf(raw: Json): Chunk {
  const c = raw as Record<string, Json>;
  return {
    id: String(c.id),
    arrival_ms: ms(c.arrival_ms, 'arrival_ms'),
    planned_ms: ms(c.planned_ms, 'planned_ms'),
    play_ms: ms(c.play_ms, 'play_ms'),
    stall_ms: ms(c.stall_ms, 'stall_ms'),
  };
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const { fields, origin } = fillRequest(dataOf<Fields>(cfg, 'request'), vars);
  let r;
  try {
    r = await engine.raw('audio_playout', fields);
  } catch (err) {
    throw blameControl(err, origin);
  }
  // Asked after audio_playout: it has accepted (or named) the reader's value.
  const strip = stripOf(cfg);
  const marker = strip ? await readerLength(engine, vars[strip.field]) : null;
  return {
    marker,
    chunks: (r.chunks as Json[]).map(chunkOf),
    chunkMs: ms(fields.chunk_ms, 'chunk_ms'),
    chunkBytes: `${displayText(r.chunk_bytes)} ${text(cfg, 'unit_bytes')}`,
    firstPlay: String(r.first_play_display),
    stall: String(r.stall_display),
    lateChunks: String(r.late_chunks),
  };
}

/** "第 {n} 塊" for a chunk: the core numbers them from 0, the figure from 1. */
function chunkName(cfg: WidgetConfig, c: Chunk): string {
  return text(cfg, 'chunk').replace('{n}', String(Number(c.id) + 1));
}

function rowMarks(d: Data, c: Chunk, i: number, x: (v: number) => number, cfg: WidgetConfig, wide: boolean): Mark {
  const y = PAD.top + i * ROW_H;
  const mid = y + ROW_H / 2;
  const unit = text(cfg, 'unit_ms');
  const marks: Mark[] = [
    el('text', { class: 'bar-label', x: coord(PAD.left - 8), y: coord(mid + 4), 'text-anchor': 'end' }, wide ? chunkName(cfg, c) : String(Number(c.id) + 1)),
  ];
  if (c.stall_ms > 0) {
    marks.push(
      el('g', { class: 'bar series-1' }, [
        el('rect', {
          x: coord(x(c.planned_ms)),
          y: coord(y + 4),
          width: coord(x(c.play_ms) - x(c.planned_ms)),
          height: coord(ROW_H - 8),
          ...readAttrs(joinLabel(cfg, c, 'chunk_stall'), `${c.stall_ms} ${unit}`),
        }),
      ]),
    );
  }
  marks.push(
    el('g', { class: 'bar series-0' }, [
      el('rect', {
        x: coord(x(c.play_ms)),
        y: coord(y + 4),
        width: coord(x(c.play_ms + d.chunkMs) - x(c.play_ms)),
        height: coord(ROW_H - 8),
        ...readAttrs(joinLabel(cfg, c, 'play'), `${c.play_ms} ${unit}`),
      }),
    ]),
    el('g', { class: 'marker' }, [
      el('line', {
        x1: coord(x(c.planned_ms)),
        x2: coord(x(c.planned_ms)),
        y1: coord(y + 1),
        y2: coord(y + ROW_H - 1),
        ...readAttrs(joinLabel(cfg, c, 'planned'), `${c.planned_ms} ${unit}`),
      }),
    ]),
    el('circle', { class: 'dot', cx: coord(x(c.arrival_ms)), cy: coord(mid), r: '4', ...readAttrs(joinLabel(cfg, c, 'arrival'), `${c.arrival_ms} ${unit}`) }),
  );
  return el('g', { class: 'chunk', 'data-chunk': c.id }, marks);
}

function joinLabel(cfg: WidgetConfig, c: Chunk, key: string): string {
  return `${chunkName(cfg, c)} ${text(cfg, key)}`;
}

function drawing(d: Data, cfg: WidgetConfig, width: number): Drawing {
  const end = Math.max(...d.chunks.map((c) => c.play_ms + d.chunkMs), 1);
  const wide = width === WIDE;
  const left = wide ? PAD.left : 24;
  const scale = scaleLinear()
    .domain([0, end])
    .nice()
    .range([left, width - PAD.right]);
  const strip = d.marker === null ? null : stripOf(cfg);
  const plotHeight = PAD.top + d.chunks.length * ROW_H + PAD.bottom;
  const height = plotHeight + (strip ? STRIP_H : 0);
  const y = PAD.top + d.chunks.length * ROW_H + 4;
  return {
    width,
    height,
    children: [
      axisBottom(scale, y, wide ? 8 : 4, tickLabel('int'), text(cfg, 'axis'), PAD.top),
      ...(strip ? contextStrip(cfg, strip, d.marker!, width, PAD.left, plotHeight - 4, wide) : []),
      ...d.chunks.map((c, i) => rowMarks(d, c, i, (v) => scale(v), cfg, wide)),
    ],
  };
}

function legend(cfg: WidgetConfig): Mark {
  const item = (cls: string, key: string) =>
    el('li', { class: cls }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, key))]);
  return el('ul', { class: 'tally-legend fig-legend audio-legend' }, [
    item('series-0 legend-dot', 'arrival'),
    item('legend-tick', 'planned'),
    item('series-0', 'play'),
    item('series-1', 'chunk_stall'),
  ]);
}

/** A drawing with a marker is a group, so assistive technology sees the slider in it. */
function withMarker(d: Data, frame: Mark): Mark {
  return d.marker === null ? frame : withSliderRole(frame);
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const unit = text(cfg, 'unit_ms');
  const marks: Mark[] = [
    summary(
      [
        { label: text(cfg, 'chunk_bytes'), value: d.chunkBytes, testid: 'chunk-bytes' },
        { label: text(cfg, 'first_play'), value: d.firstPlay, testid: 'first-play' },
        { label: text(cfg, 'stall'), value: d.stall, testid: 'stall' },
        { label: text(cfg, 'late_chunks'), value: d.lateChunks, testid: 'late-chunks' },
      ],
      hows,
    ),
    withMarker(
      d,
      svgFrame(instance, text(cfg, 'chart_label'), text(cfg, 'chart_desc'), (w) => drawing(d, cfg, w)),
    ),
    legend(cfg),
    dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'table_caption'),
      [text(cfg, 'col_chunk'), text(cfg, 'arrival'), text(cfg, 'planned'), text(cfg, 'play'), text(cfg, 'chunk_stall')],
      d.chunks.map((c) => ({
        id: c.id,
        cells: [chunkName(cfg, c), `${c.arrival_ms} ${unit}`, `${c.planned_ms} ${unit}`, `${c.play_ms} ${unit}`, `${c.stall_ms} ${unit}`],
      })),
      hows,
    ),
  ];
  return hows.into(marksView(marks));
}

export const audioTimeline: WidgetDef<Data> = {
  compute: (engine, vars, { cfg }) => compute(engine, vars, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  // Only a timeline with a strip has a marker to wire.
  enhance: (root, { cfg }) => {
    if (stripOf(cfg)) enhanceDragMarkers(root);
  },
};

export default audioTimeline;
