// Measured outcomes in a grid (Figures 8-26 … 8-28): one row per task, one
// column per run, and in each cell a mark for what the run gave (a circle for
// a right answer, a cross for a wrong one). Like measured-bars, the values
// are the dataset's as recorded (content/<chapter>/data/*.json), with the
// source the book names; the core computes none of them, the browser counts
// none of them (a total is the dataset's own, at its path), and the
// chapter's content test checks every cell against its dataset path.
//
// Config: data.dataset, data.source, data.columns [{ label, short? }] (short:
// the phone drawing's heading; "\n" breaks a heading into lines), data.outcomes [{ v, label, mark: "circle" |
// "cross" }] (what each recorded value means and how it is drawn), data.rows
// [{ label, short?, cells: [{ v, path? }] }] (one cell per column, v one of
// the outcomes' v), optional data.totals [{ label, v, path? }] (headline
// counts shown above the grid). Texts: chart_title, chart_desc,
// table_summary, col_row (the row labels' heading), cell_read ("{row}, {col}":
// what a cell's readout names).

import { SHAPE, type View } from '../../runtime/bind';
import { text, type WidgetConfig } from '../../runtime/config';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, readAttrs, summary, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { dataStatus } from '../../figures/data-status';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { sourceLine } from '../../figures/source-line';

interface Cell {
  v: string;
  path?: string;
}
interface Row {
  label: string;
  short?: string;
  cells: Cell[];
}
interface Column {
  label: string;
  short?: string;
}
interface Outcome {
  v: string;
  label: string;
  mark: 'circle' | 'cross';
}

/** The colour of each mark: the palette's "self" (green) for a circle, "new" (orange) for a cross. */
const MARK_CLASS: Record<Outcome['mark'], string> = { circle: 'cell self', cross: 'cell new' };
const TOP = 34;
const ROW_H = 30;

function config(cfg: WidgetConfig): { rows: Row[]; columns: Column[]; outcomes: Map<string, Outcome> } {
  const rows = dataOf<Row[]>(cfg, 'rows');
  const columns = dataOf<Column[]>(cfg, 'columns');
  const outcomes = new Map(dataOf<Outcome[]>(cfg, 'outcomes').map((o) => [o.v, o]));
  for (const r of rows) {
    if (!Array.isArray(r.cells) || r.cells.length !== columns.length) throw new Error(`content: ${cfg.title}: row ${r.label} needs one cell per column`);
    const unknown = r.cells.find((c) => !outcomes.has(c.v));
    if (unknown) throw new Error(`content: ${cfg.title}: row ${r.label}: ${unknown.v} is none of data.outcomes`);
  }
  return { rows, columns, outcomes };
}

/** One outcome's mark, centred at (cx, cy), reading out where it is and what it was. */
function outcomeMark(o: Outcome, cx: number, cy: number, size: number, read: string, testid: string): Mark {
  const attrs = { class: MARK_CLASS[o.mark], 'data-testid': testid, 'data-outcome': o.v, ...readAttrs(read, o.label) };
  if (o.mark === 'circle') return el('circle', { ...attrs, cx: coord(cx), cy: coord(cy), r: coord(size) });
  // A cross as one filled outline: two bars of width w at ±45°.
  const s = size * 0.95;
  const w = size * 0.32;
  const p = (x: number, y: number) => `${coord(cx + x)} ${coord(cy + y)}`;
  const d = `M${p(-s, -s + w)}L${p(-s + w, -s)}L${p(0, -w)}L${p(s - w, -s)}L${p(s, -s + w)}L${p(w, 0)}L${p(s, s - w)}L${p(s - w, s)}L${p(0, w)}L${p(-s + w, s)}L${p(-s, s - w)}L${p(-w, 0)}Z`;
  return el('path', { ...attrs, d });
}

function drawing(cfg: WidgetConfig, rows: Row[], columns: Column[], outcomes: Map<string, Outcome>, width: number): Drawing {
  const wide = width === WIDE;
  const headLines = Math.max(1, ...columns.map((c) => (wide ? c.label : (c.short ?? c.label)).split('\n').length));
  const top = TOP + (headLines - 1) * 13;
  const labelW = wide ? 200 : 64;
  const colW = (width - labelW - 4) / columns.length;
  const size = Math.min(colW, ROW_H) / 2 - 5;
  const children: Mark[] = [];
  columns.forEach((c, j) => {
    const x = labelW + (j + 0.5) * colW;
    // A heading may break into lines ("\n"), set above one another and ending just above the grid.
    const lines = (wide ? c.label : (c.short ?? c.label)).split('\n');
    lines.forEach((line, k) => {
      const y = top - 14 - (lines.length - 1 - k) * 13;
      children.push(el('text', { class: 'label small', x: coord(x), y: coord(y), 'text-anchor': 'middle' }, line));
    });
  });
  rows.forEach((r, i) => {
    const y = top + (i + 0.5) * ROW_H;
    children.push(el('text', { class: 'label', x: '0', y: coord(y + 4) }, wide ? r.label : (r.short ?? r.label)));
    r.cells.forEach((cell, j) => {
      const read = text(cfg, 'cell_read').replace('{row}', r.label).replace('{col}', columns[j]!.label);
      children.push(outcomeMark(outcomes.get(cell.v)!, labelW + (j + 0.5) * colW, y, size, read, `mark-r${i}-${j}`));
    });
  });
  return { width, height: top + rows.length * ROW_H + 8, children };
}

function marks(cfg: WidgetConfig, instance: string): Mark[] {
  const { rows, columns, outcomes } = config(cfg);
  const totals = (cfg.data as { totals?: Array<{ label: string; v: string }> } | undefined)?.totals ?? [];
  const head = totals.length ? [summary(totals.map((t, k) => ({ label: t.label, value: t.v, testid: `total-${k}` })))] : [];
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(cfg, rows, columns, outcomes, w));
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    [...outcomes.values()].map((o) =>
      el('li', {}, [el('span', { class: `swatch legend-${MARK_CLASS[o.mark].split(' ')[1]}`, 'aria-hidden': 'true' }, ''), el('span', {}, o.label)]),
    ),
  );
  const table = dataTable(
    text(cfg, 'table_summary'),
    text(cfg, 'chart_title'),
    [text(cfg, 'col_row'), ...columns.map((c) => c.label)],
    rows.map((r, i) => ({ id: `r${i}`, cells: [r.label, ...r.cells.map((c) => outcomes.get(c.v)!.label)] })),
  );
  return [...head, chart, legend, sourceLine(cfg), table];
}

export const outcomeGrid: WidgetDef<null> = {
  // Nothing to ask the core: the outcomes are the data's.
  compute: () => Promise.resolve(null),

  view(_data, { cfg, instance }) {
    const v = marksView(marks(cfg, instance));
    return { ...v, [SHAPE]: `outcome-grid:${v[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view) {
    return marksMarkup(view);
  },

  // The chapter's status line says the core computed the numbers; these are data.
  status: dataStatus,
};

export default outcomeGrid;
