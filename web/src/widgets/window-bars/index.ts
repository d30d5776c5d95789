// Figures 3-4 and 3-5: one bar per time window of a workload mix, from the
// core's `workload_mix` (one request per window).
//   mode "mix":    a stacked bar of the window's requests per class (3-4);
//   mode "demand": new input tokens and later decode steps per second, each
//                  on its own scale (3-5).
// Lengths are the core's exact values; every text is the core's display.
//
// Config: data.mode, data.classes (workload_mix classes), data.windows
// [{ id, label, seconds, rates }] (a rate or the seconds may be "$x", the
// value of a control: the arrival rates of the two minutes are the reader's),
// data.class_labels (mode "mix").

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, hbars, segmentLegend, stackedBar, svgFrame, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { blameControl, fillRequest } from '../../figures/request-template';

interface Window {
  id: string;
  label: string;
  seconds: string;
  rates: string[];
}

interface WindowRow {
  id: string;
  label: string;
  classRequests: Json[];
  requests: Json;
  input: Json;
  inputDisplay: string;
  decode: Json;
  decodeDisplay: string;
}

/** Segment ids that have the chart palette's colours (figures.css): first class, second class. */
const SEGMENT_IDS = ['weights', 'kv'];
const PAD = { left: 12, right: 90, top: 8 };
const ROW_H = 46;

/** An exact value of the core (integer, "29900.8", "a/b") as a number, to size a bar only. */
function size(v: Json | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return 0;
  const [a, b] = v.split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

async function windowRow(cells: CellResolver, vars: Fields, classes: Json, w: Window): Promise<WindowRow> {
  const { fields, origin } = fillRequest({ windows: [{ seconds: w.seconds, rates: w.rates }] as unknown as Json }, vars);
  let r: Json;
  try {
    r = (await cells.result('workload_mix', { classes, windows: fields.windows! })) as unknown as Json;
  } catch (err) {
    throw blameControl(err, origin);
  }
  const at = (path: string) => follow(r, path);
  return {
    id: w.id,
    label: w.label,
    classRequests: at('windows[0].class_requests') as Json[],
    requests: at('total.requests') ?? 0,
    input: at('windows[0].input_tokens') ?? 0,
    inputDisplay: displayText(at('windows[0].input_display')),
    decode: at('windows[0].decode_steps') ?? 0,
    decodeDisplay: displayText(at('windows[0].decode_display')),
  };
}

function mixDrawing(rows: WindowRow[], width: number, cfg: WidgetConfig): Drawing {
  const labels = dataOf<string[]>(cfg, 'class_labels');
  const x = scaleLinear()
    .domain([0, Math.max(1, ...rows.map((r) => size(r.requests)))])
    .range([PAD.left, width - PAD.right]);
  const bars = rows.map((r, i) =>
    stackedBar(
      r.id,
      r.label,
      r.classRequests.map((c, k) => ({ id: SEGMENT_IDS[k] ?? 'free', label: labels[k] ?? '', value: size(c), display: displayText(c) })),
      x,
      PAD.top + i * ROW_H,
      20,
      displayText(r.requests),
    ),
  );
  return { width, height: PAD.top + rows.length * ROW_H + 8, children: bars };
}

function demandDrawing(rows: WindowRow[], width: number, cfg: WidgetConfig): Drawing {
  const group = (head: string, key: 'input' | 'decode', top: number): Mark[] => {
    const x = scaleLinear()
      .domain([0, Math.max(1, ...rows.map((r) => size(r[key])))])
      .range([PAD.left, width - PAD.right]);
    const bars = rows.map((r) => ({
      id: `${key}-${r.id}`,
      label: r.label,
      value: size(r[key]),
      display: key === 'input' ? r.inputDisplay : r.decodeDisplay,
      cls: `series-${key === 'input' ? 0 : 1}`,
    }));
    return [el('text', { class: 'axis-title', x: String(PAD.left), y: String(top + 12) }, head), ...hbars(bars, x, top + 20, ROW_H)];
  };
  const half = 20 + rows.length * ROW_H + 12;
  return { width, height: 2 * half + 8, children: [...group(text(cfg, 'input_head'), 'input', 0), ...group(text(cfg, 'decode_head'), 'decode', half)] };
}

function marks(rows: WindowRow[], cfg: WidgetConfig, instance: string): Mark[] {
  const mix = dataOf<string>(cfg, 'mode') === 'mix';
  const draw = (w: number) => (mix ? mixDrawing(rows, w, cfg) : demandDrawing(rows, w, cfg));
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  if (mix) {
    const labels = dataOf<string[]>(cfg, 'class_labels');
    const legend = segmentLegend(labels.map((label, k) => ({ id: SEGMENT_IDS[k] ?? 'free', label })));
    const table = dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'chart_title'),
      [text(cfg, 'col_window'), ...labels, text(cfg, 'col_total')],
      rows.map((r) => ({ id: r.id, cells: [r.label, ...r.classRequests.map(displayText), displayText(r.requests)] })),
    );
    return [chart, legend, table];
  }
  const table = dataTable(
    text(cfg, 'table_summary'),
    text(cfg, 'chart_title'),
    [text(cfg, 'col_window'), text(cfg, 'input_head'), text(cfg, 'decode_head')],
    rows.map((r) => ({ id: r.id, cells: [r.label, r.inputDisplay, r.decodeDisplay] })),
  );
  return [chart, table];
}

export const windowBars: WidgetDef<WindowRow[]> = {
  compute(engine, vars, { cfg }) {
    const cells = new CellResolver(engine, vars);
    const classes = dataOf<Json>(cfg, 'classes');
    return Promise.all(dataOf<Window[]>(cfg, 'windows').map((w) => windowRow(cells, vars, classes, w)));
  },

  view(rows, { cfg, instance }) {
    const v = marksView(marks(rows, cfg, instance));
    return { ...v, [SHAPE]: `window-bars:${v[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view) {
    return marksMarkup(view);
  },
};

export default windowBars;
