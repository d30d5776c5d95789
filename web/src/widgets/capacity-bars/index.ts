// Figures 2-32 to 2-34: device memory as stacked bars, every segment a core
// byte count with the core's display.
//   items    (2-32) one bar per configured model/format: weights, workspace
//            and one request's state, with ticks at GPU capacities;
//   contexts (2-33) one GPU at several context lengths: how many requests fit;
//   budget   (2-34) the reverse: state and workspace first, the rest is the
//            weight budget (`param_budget`).

import { text, type WidgetConfig } from '../../runtime/config';
import { encodeIntegerInput, type CapacityResult, type Catalog, type Engine, type Fields, type Json, type ParamBudgetResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import {
  axisBottom,
  dataTable,
  FigureHows,
  notesMark,
  num,
  segmentLegend,
  stackedBar,
  summary,
  svgFrame,
  WIDE,
  type Drawing,
  type Segment,
  type Shown,
} from '../../figures/chart';
import { byteAxis, type ByteAxis } from '../../figures/byte-ticks';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';

type Mode = 'items' | 'contexts' | 'budget';
interface Item {
  label: string;
  fields: Record<string, Json>;
}
interface Data {
  mode: Mode;
  catalog: Catalog;
  markers: string[];
  /** Each bar's `capacity` request too: a table cell asks it again, with explain, to say how its value was computed. */
  bars: Array<{ label: string; request: Fields; r: CapacityResult }>;
  budget?: { request: Fields; r: ParamBudgetResult };
}

/** A capacity (or param_budget) value and the path of its explanation in the same op's result. */
function explained(op: 'capacity' | 'param_budget', request: Fields, text: string, path: string | null): Shown {
  return { text, ask: path ? { op, fields: request, path } : null };
}

const PAD = { left: 28, right: 130, top: 8, bottom: 50 };
const ROW_H = 56;
const BAR_H = 24;
/** Room above the bars for the GPU capacity labels (figure 2-32). */
const MARKER_ROOM = 22;
const MARKER_LABEL_Y = 18;

/**
 * The device axis: these bars are device memory, which the core gives in
 * decimal GB as vendors state it (the GPU labels, the segments), so the
 * ticks are decimal too (byte-ticks.ts).
 */
function deviceAxis(hi: number, width: number): ByteAxis {
  return byteAxis(hi, [PAD.left, width - PAD.right], 'decimal', width === WIDE ? 5 : 3);
}

/** A GPU line's label; on a phone only the capacity, since the lines can sit close together. */
function markerText(g: Catalog['gpus'][number], width: number): string {
  return width === WIDE ? `${g.name} ${g.display}` : g.display;
}

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const mode = dataOf<Mode>(cfg, 'mode');
  const catalog = await engine('catalog');
  const markers = mode === 'items' ? dataOf<string[]>(cfg, 'markers') : [];
  if (mode === 'budget') {
    return { mode, catalog, markers, bars: [], budget: { request: fields, r: await engine('param_budget', fields) } };
  }
  const bars: Data['bars'] = [];
  if (mode === 'items') {
    for (const item of dataOf<Item[]>(cfg, 'items')) {
      const request = { ...fields, ...item.fields };
      bars.push({ label: item.label, request, r: await engine('capacity', request) });
    }
  } else {
    for (const ctx of dataOf<number[]>(cfg, 'contexts')) {
      const request = { ...fields, context: encodeIntegerInput(String(ctx)) };
      bars.push({ label: '', request, r: await engine('capacity', request) });
    }
  }
  return { mode, catalog, markers, bars };
}

/** 2-32: weights + workspace + one request's state; GPU capacities as ticks. */
function itemsView(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const gpus = d.markers.map((id) => d.catalog.gpus.find((g) => g.id === id)).filter((g) => g !== undefined);
  const segs = (r: CapacityResult): Segment[] => {
    const seg = (id: string) => r.items.find((s) => s.id === id)!;
    return [
      { id: 'weights', label: seg('weights').label, value: num(r.weight_bytes), display: seg('weights').display },
      { id: 'workspace', label: seg('workspace').label, value: num(r.workspace_bytes), display: seg('workspace').display },
      { id: 'kv', label: text(cfg, 'one_request'), value: num(r.kv_bytes_per_request), display: r.displays.kv_per_request_display ?? '' },
    ];
  };
  const stacks = d.bars.map((b) => segs(b.r));
  const totals = stacks.map((s) => s.reduce((a, x) => a + x.value, 0)); // drawing extent only
  const hi = Math.max(1, ...totals, ...gpus.map((g) => num(g.memory_bytes)));
  const top = PAD.top + MARKER_ROOM;
  const height = top + d.bars.length * ROW_H + PAD.bottom;
  const draw = (width: number): Drawing => {
    const axis = deviceAxis(hi, width);
    const scale = axis.scale;
    const markers: Mark[] = gpus.map((g) =>
      el('g', { class: 'marker' }, [
        el('line', {
          x1: coord(scale(num(g.memory_bytes))),
          x2: coord(scale(num(g.memory_bytes))),
          y1: coord(MARKER_LABEL_Y + 4),
          y2: coord(height - PAD.bottom + 6),
        }),
        // Label above the bars, centred on its line, so it is never cut at the left edge.
        el('text', { x: coord(scale(num(g.memory_bytes))), y: coord(MARKER_LABEL_Y), 'text-anchor': 'middle' }, markerText(g, width)),
      ]),
    );
    const bars = d.bars.map((b, i) => stackedBar(`item-${i}`, b.label, stacks[i]!, scale, top + i * ROW_H, BAR_H));
    return { width, height, children: [axisBottom(scale, height - PAD.bottom + 6, axis.ticks, undefined, text(cfg, 'x_axis')), ...bars, ...markers] };
  };
  const chart = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  const head = [text(cfg, 'col_item'), ...stacks[0]!.map((s) => s.label)];
  // One request's state is the capacity op's kv_per_request; weights and workspace are its segments.
  const path = (id: string) => (id === 'kv' ? 'kv_per_request_display' : `items[id=${id}].display`);
  const rows = d.bars.map((b, i) => ({
    id: `item-${i}`,
    cells: [b.label, ...stacks[i]!.map((s) => explained('capacity', b.request, s.display, path(s.id)))],
  }));
  const notes = [...new Set(d.bars.flatMap((b) => notesBesideDevices(b.r)))];
  const table = dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), head, rows, hows);
  return hows.into(marksView([chart, segmentLegend(stacks[0] ?? []), notesMark(notes), table]));
}

/**
 * The core's remarks for figure 2-32 without its shortfall note: the figure
 * sets each bar against several GPUs' lines, so "does not fit on the one
 * configured GPU" is not its point. Notes are picked by the code the core
 * gives each (note_codes, in step with notes), in every edition.
 */
function notesBesideDevices(r: CapacityResult): string[] {
  return r.notes.filter((_, i) => r.note_codes[i]?.code !== 'note_capacity_overflow');
}

function deviceSegments(r: CapacityResult): Segment[] {
  return r.items.map((s) => ({ id: s.id, label: s.label, value: num(s.bytes), display: s.display }));
}

/** 2-33: the same device at several context lengths; the KV segment is cut per request. */
function contextsView(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const hi = Math.max(1, ...d.bars.map((b) => num(b.r.device_bytes) + num(b.r.shortfall_bytes)));
  const height = PAD.top + d.bars.length * ROW_H + PAD.bottom;
  // One Shown per request count: the bar's tail and the table cell share its explanation.
  const requests = d.bars.map((b) => explained('capacity', b.request, b.r.display, 'display'));
  const draw = (width: number): Drawing => {
    const { scale, ticks } = deviceAxis(hi, width);
    const bars = d.bars.map((b, i) => {
      const y = PAD.top + i * ROW_H;
      const ctx = (cfg.data as { contexts: number[] }).contexts[i]!;
      const label = `${text(cfg, 'context_prefix')} ${groupDigits(BigInt(ctx))}`;
      const bar = stackedBar(`ctx-${ctx}`, label, deviceSegments(b.r), scale, y, BAR_H, b.r.display, hows.key(requests[i]!));
      // Dividers between requests inside the KV segment (drawn from the core's count).
      const kv = b.r.items.find((s) => s.id === 'kv');
      const n = num(b.r.requests);
      let dPath = '';
      if (kv && n > 1 && n <= 200) {
        const x0 = scale(num(b.r.weight_bytes) + num(b.r.workspace_bytes));
        const w = scale(num(kv.bytes)) - scale(0);
        for (let k = 1; k < n; k++) dPath += `M${coord(x0 + (w * k) / n)} ${coord(y + 18)}V${coord(y + 18 + BAR_H)}`;
      }
      return el('g', {}, [bar, el('path', { class: 'kv-slices', d: dPath })]);
    });
    return { width, height, children: [axisBottom(scale, height - PAD.bottom + 6, ticks, undefined, text(cfg, 'x_axis')), ...bars] };
  };
  const chart = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  const contexts = (cfg.data as { contexts: number[] }).contexts;
  const head = [text(cfg, 'col_context'), text(cfg, 'col_requests'), text(cfg, 'col_per_request'), ...(d.bars[0]?.r.items.map((s) => s.label) ?? [])];
  const rows = d.bars.map((b, i) => ({
    id: String(contexts[i]),
    cells: [
      groupDigits(BigInt(contexts[i]!)),
      requests[i]!,
      explained('capacity', b.request, b.r.displays.kv_per_request_display ?? '', 'kv_per_request_display'),
      ...b.r.items.map((s) => explained('capacity', b.request, s.display, `items[id=${s.id}].display`)),
    ],
  }));
  const notes = [...new Set(d.bars.flatMap((b) => b.r.notes))];
  return hows.into(
    marksView([
      chart,
      segmentLegend(d.bars[0]?.r.items ?? []),
      notesMark(notes),
      dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), head, rows, hows),
    ]),
  );
}

/** 2-34: state and workspace set aside first; what is left bounds the weights. */
function budgetView(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const { request, r: b } = d.budget!;
  // The core explains the state (B × K) and the weight budget segments; the
  // workspace is an input.
  const budgetPath = (id: string) => (id === 'workspace' ? null : `items[id=${id}].display`);
  const segs: Segment[] = b.items.map((s) => ({ id: s.id, label: s.label, value: num(s.bytes), display: s.display }));
  const height = PAD.top + ROW_H + PAD.bottom;
  const draw = (width: number): Drawing => {
    const { scale, ticks } = deviceAxis(Math.max(1, num(b.device_bytes)), width);
    return {
      width,
      height,
      children: [
        axisBottom(scale, height - PAD.bottom + 6, ticks, undefined, text(cfg, 'x_axis')),
        stackedBar('budget', `${text(cfg, 'device')} ${b.device_display}`, segs, scale, PAD.top, BAR_H),
      ],
    };
  };
  const chart = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  return hows.into(
    marksView([
      summary([{ label: text(cfg, 'headline'), value: explained('param_budget', request, b.display, 'display'), testid: 'headline' }], hows),
      chart,
      segmentLegend(segs),
      notesMark(b.notes),
      dataTable(
        text(cfg, 'table_summary'),
        text(cfg, 'chart_title'),
        [text(cfg, 'col_item'), text(cfg, 'col_bytes')],
        segs.map((s) => ({ id: s.id, cells: [s.label, explained('param_budget', request, s.display, budgetPath(s.id))] })),
        hows,
      ),
    ]),
  );
}

export const capacityBars: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) =>
    d.mode === 'items' ? itemsView(d, cfg, instance) : d.mode === 'contexts' ? contextsView(d, cfg, instance) : budgetView(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default capacityBars;
