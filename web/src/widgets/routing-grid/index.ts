// Figure 2-23: the same B·k_top token-to-expert assignments dispatched two
// ways. Each grid has one cell per routed expert of the layer (E from the
// core); the U experts the batch touches are filled. U, tokens per expert,
// FLOPs and bytes are the core's `routing` answers. Under the grids, the
// same dispatches against B (./curve.ts): dragging its B marker sets the
// widget's B control, so the grids and numbers follow.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, RoutingResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, FigureHows, readableGrid, summary, svgFrame, WIDE, type Drawing, type Shown } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { joined } from '../../figures/joins';
import { enhanceDragMarkers } from '../../figures/drag-marker';
import { computeRoutingCurve, routingCurveMarks, type RoutingCurveData } from './curve';

interface Data {
  /** Each dispatch's routing request too: asked again with explain when a popover opens. */
  dispatches: Array<{ id: string; label: string; request: Fields; r: RoutingResult }>;
  curve: RoutingCurveData;
}

const GAP = 40;
const TOP = 28;

async function compute(engine: Engine, fields: Fields, cfg: WidgetConfig): Promise<Data> {
  const out: Data['dispatches'] = [];
  for (const d of dataOf<Array<{ id: string; label: string }>>(cfg, 'dispatches')) {
    const request = { ...fields, dispatch: d.id };
    out.push({ ...d, request, r: await engine('routing', request) });
  }
  // Asked after the grids: a refused B is explained by `routing` first.
  return { dispatches: out, curve: await computeRoutingCurve(engine, fields, cfg) };
}

/** One panel's cells; each reads out its place and whether the batch touched it (figures/readout.ts). */
function grid(r: RoutingResult, x0: number, y0: number, panel: number, label: string, cfg: WidgetConfig): Mark {
  const e = Number(r.experts);
  const cols = Math.ceil(Math.sqrt(e));
  const size = panel / cols;
  const touched = Number(r.distinct_experts);
  const cells: Mark[] = [];
  for (let i = 0; i < e; i++) {
    cells.push(
      el('rect', {
        class: `cell ${i < touched ? 'hit' : 'idle'}`,
        x: coord(x0 + (i % cols) * size),
        y: coord(y0 + Math.floor(i / cols) * size),
        width: coord(size),
        height: coord(size),
      }),
    );
  }
  return readableGrid(label, cols, { hit: text(cfg, 'legend_hit'), idle: text(cfg, 'legend_idle') }, cells);
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  // Wide: the panels side by side; narrow (a phone): one under the other.
  const draw = (width: number): Drawing => {
    const n = d.dispatches.length;
    const sideBySide = width === WIDE;
    const panel = sideBySide ? (width - (n - 1) * GAP) / n : width;
    const panels: Mark[] = d.dispatches.flatMap((x, i) => {
      const x0 = sideBySide ? i * (panel + GAP) : 0;
      const y0 = sideBySide ? 0 : i * (TOP + panel + GAP / 2);
      return [
        el('text', { class: 'label strong', x: coord(x0), y: coord(y0 + 16) }, x.label),
        grid(x.r, x0, y0 + TOP, panel, joined(x.label, text(cfg, 'cell_read')), cfg),
      ];
    });
    const height = sideBySide ? TOP + panel + 8 : n * (TOP + panel) + (n - 1) * (GAP / 2) + 8;
    return { width, height, children: panels };
  };
  const hows = new FigureHows(instance, cfg);
  // Each value with the field of the routing result that explains it (the
  // core explains every one of them, tokens per expert except for "random").
  const rows: Array<{ key: string; path: string; get: (r: RoutingResult) => string }> = [
    { key: 'distinct', path: 'distinct_display', get: (r) => r.distinct_display },
    { key: 'per_expert', path: 'max_tokens_per_expert', get: (r) => groupDigits(r.max_tokens_per_expert) },
    { key: 'assignments', path: 'assignments', get: (r) => groupDigits(r.assignments) },
    { key: 'flops', path: 'flops_display', get: (r) => r.flops_display },
    { key: 'bytes', path: 'display', get: (r) => r.display },
    { key: 'bytes_all', path: 'bytes_all_layers_display', get: (r) => r.bytes_all_layers_display },
  ];
  const shown = (x: Data['dispatches'][number], row: (typeof rows)[number]): Shown => ({
    text: row.get(x.r),
    ask: x.id === 'random' && row.key === 'per_expert' ? null : { op: 'routing', fields: x.request, path: row.path },
  });
  const [distinct, bytes] = [rows[0]!, rows[4]!];
  const compare = summary(
    d.dispatches.flatMap((x) => [
      { label: joined(x.label, text(cfg, 'distinct')), value: shown(x, distinct), testid: `distinct-${x.id}` },
      { label: joined(x.label, text(cfg, 'bytes')), value: shown(x, bytes), testid: `bytes-${x.id}` },
    ]),
    hows,
    'tally-summary tally-summary--grid',
  );
  const curve = routingCurveMarks(d.curve, cfg, instance);
  return curve.hover(
    hows.into(
      marksView([
        compare,
        svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw),
        el('ul', { class: 'fig-legend' }, [
          el('li', {}, [el('span', { class: 'swatch legend-hit', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, 'legend_hit'))]),
          el('li', {}, [el('span', { class: 'swatch legend-idle', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, 'legend_idle'))]),
        ]),
        ...curve.body,
        dataTable(
          text(cfg, 'table_summary'),
          text(cfg, 'chart_title'),
          [text(cfg, 'col_item'), ...d.dispatches.map((x) => x.label)],
          rows.map((row) => ({ id: row.key, cells: [text(cfg, row.key), ...d.dispatches.map((x) => shown(x, row))] })),
          hows,
        ),
        curve.table,
      ]),
    ),
  );
}

export const routingGrid: WidgetDef<Data> = {
  compute: (engine, fields, { cfg }) => compute(engine, fields, cfg),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root) => enhanceDragMarkers(root),
};

export default routingGrid;
