// Figure 2-4: the query–key pairs of one call form a rectangle (P new queries
// × S cached keys) plus a triangle (the new tokens among themselves). The
// count N_pair and the attention FLOPs are the core's `forward` answer; the
// drawing places one cell per pair when that fits, else the two areas to scale.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, ForwardResult } from '../../runtime/engine';
import { coord, groupCoreDigits, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, FigureHows, notesMark, readableGrid, readAttrs, summary, svgFrame, type Drawing, type Shown } from '../../figures/chart';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';

interface Data {
  /** The forward request: asked again with explain when a popover opens. */
  request: Fields;
  r: ForwardResult;
  S: bigint;
  P: bigint;
}

const H = 300;
const PAD = { left: 70, top: 24, right: 16, bottom: 40 };
/** Up to this many keys and queries, every pair gets its own cell. */
const MAX_KEYS = 40;
const MAX_QUERIES = 24;

async function compute(engine: Engine, fields: Fields): Promise<Data> {
  const r = await engine('forward', fields);
  // Accepted by the core, so both are plain integers now.
  return { request: fields, r, S: BigInt(String(fields.context)), P: BigInt(String(fields.input)) };
}

/** Cell edge: as large as fits the width, at most 28 units. */
function cellSize(S: number, P: number, W: number): number {
  return Math.min((W - PAD.left - PAD.right) / (S + P), 28);
}

/** One cell per pair; each reads out its query, its key and what it is (figures/readout.ts). */
function cells(S: number, P: number, W: number, cfg: WidgetConfig): Mark[] {
  const keys = S + P;
  const size = cellSize(S, P, W);
  const out: Mark[] = [];
  for (let i = 0; i < P; i++) {
    for (let j = 0; j < keys; j++) {
      const cls = j < S ? 'old' : j <= S + i ? 'self' : 'masked';
      out.push(el('rect', { class: `cell ${cls}`, x: coord(PAD.left + j * size), y: coord(PAD.top + i * size), width: coord(size), height: coord(size) }));
    }
  }
  return [readableGrid(text(cfg, 'cell_read'), keys, legends(cfg), out)];
}

const legends = (cfg: WidgetConfig) => Object.fromEntries(['old', 'self', 'masked'].map((k) => [k, text(cfg, `legend_${k}`)]));

function areas(S: bigint, P: bigint, W: number, cfg: WidgetConfig): Mark[] {
  // Too many pairs for cells: the rectangle and the triangle, to scale.
  const keys = Number(S + P);
  const w = W - PAD.left - PAD.right;
  const h = H - PAD.top - PAD.bottom;
  const xs = PAD.left + (Number(S) / keys) * w;
  const x1 = PAD.left + w;
  const y0 = PAD.top;
  const y1 = PAD.top + h;
  const reads = (k: string) => readAttrs('', legends(cfg)[k]!);
  return [
    el('rect', { class: 'cell old', x: coord(PAD.left), y: coord(y0), width: coord(xs - PAD.left), height: coord(h), ...reads('old') }),
    el('path', { class: 'cell self', d: `M${coord(xs)} ${coord(y0)}L${coord(xs)} ${coord(y1)}L${coord(x1)} ${coord(y1)}Z`, ...reads('self') }),
    el('path', { class: 'cell masked', d: `M${coord(xs)} ${coord(y0)}L${coord(x1)} ${coord(y0)}L${coord(x1)} ${coord(y1)}Z`, ...reads('masked') }),
  ];
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const hows = new FigureHows(instance, cfg);
  const ask = (path: string) => ({ op: 'forward', fields: d.request, path });
  const npair: Shown = { text: groupDigits(d.r.n_pair), ask: ask('n_pair') };
  const drawCells = d.S + d.P <= BigInt(MAX_KEYS) && d.P <= BigInt(MAX_QUERIES);
  const attn = d.r.items.find((i) => i.id === 'attn_core');
  const flops: Shown = attn ? { text: attn.display, ask: ask('items[id=attn_core].display') } : { text: '' };
  // Cells: the drawing is as tall as the grid; areas: a fixed frame.
  const draw = (width: number): Drawing => {
    const height = drawCells ? PAD.top + Number(d.P) * cellSize(Number(d.S), Number(d.P), width) + PAD.bottom : H;
    return {
      width,
      height,
      children: [
        ...(drawCells ? cells(Number(d.S), Number(d.P), width, cfg) : areas(d.S, d.P, width, cfg)),
        el('text', { class: 'label small', x: coord(PAD.left), y: coord(height - 14) }, text(cfg, 'x_axis')),
        el('text', { class: 'label small', x: '4', y: coord(PAD.top + 12) }, text(cfg, 'y_axis')),
      ],
    };
  };
  const chart = svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw);
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    ['old', 'self', 'masked'].map((k) =>
      el('li', {}, [el('span', { class: `swatch legend-${k}`, 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, `legend_${k}`))]),
    ),
  );
  return hows.into(
    marksView([
      summary(
        [
          { label: text(cfg, 'npair'), value: npair, testid: 'n-pair' },
          { label: text(cfg, 'attn_flops'), value: flops, testid: 'attn-flops' },
          // The substituted formula is itself the explanation.
          { label: text(cfg, 'attn_formula'), value: groupCoreDigits(attn?.substituted ?? ''), testid: 'attn-formula' },
        ],
        hows,
      ),
      el('p', { class: 'tally-intro', 'data-testid': 'drawing-mode' }, text(cfg, drawCells ? 'mode_cells' : 'mode_areas')),
      chart,
      legend,
      notesMark(d.r.notes),
      dataTable(
        text(cfg, 'table_summary'),
        text(cfg, 'chart_title'),
        [text(cfg, 'col_item'), text(cfg, 'col_value')],
        [
          { id: 'npair', cells: [text(cfg, 'npair'), npair] },
          { id: 'attn', cells: [text(cfg, 'attn_flops'), flops] },
          { id: 'formula', cells: [text(cfg, 'attn_formula'), groupCoreDigits(attn?.substituted ?? '')] },
        ],
        hows,
      ),
    ]),
  );
}

export const pairGrid: WidgetDef<Data> = {
  compute: (engine, fields) => compute(engine, fields),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default pairGrid;
