// Measured or published values, shown as the chapter shows them: a table of
// data with the source the book names (content/<chapter>/data/*.json) — the
// vLLM replays of 3.1–3.2, the scaling-law fit of example 3-5 and figures
// 3-27/3-28, the lifecycle cost of figure 3-29. The core computes none of it
// and the browser recomputes none of it: each cell is the dataset's value as
// printed. A cell with a `path` is checked against its dataset by
// tests/content/ch03-widgets-a.test.mjs, so the two cannot drift.
//
// Config: data.dataset (the dataset's id), data.source (what and where, in
// the reader's words), data.columns (headers: a string, or { header, num? }
// where num: false marks a column of words), data.rows [{ label, id?, cells:
// [{ v, path?, digits? }] }] (v as printed; path into the dataset's JSON),
// and optional data.caveat (what the data does not say). The status line is
// the file's text.data_status with {dataset} filled in: these numbers are
// data, not the core's.

import { SHAPE, type View } from '../../runtime/bind';
import { boundText } from '../../runtime/bind';
import type { WidgetConfig } from '../../runtime/config';
import { esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';
import { dataOf } from '../../figures/content';
import { datasetSourceLink } from '../../figures/dataset-sources';
import { dataStatus } from '../../figures/data-status';

interface Cell {
  v: string;
  path?: string;
  digits?: number | string;
}
interface Row {
  label: string;
  id?: string;
  cells: Cell[];
}
interface Column {
  header: string;
  num?: boolean;
}

function rows(cfg: WidgetConfig): Row[] {
  const r = dataOf<Row[]>(cfg, 'rows');
  if (!Array.isArray(r) || r.some((row) => !Array.isArray(row.cells))) throw new Error(`content: ${cfg.title}: data.rows needs cells`);
  return r;
}

/** Headers as objects; a plain string is a numeric column (right-aligned). */
function columns(cfg: WidgetConfig): Column[] {
  const cols = dataOf<Array<string | Column>>(cfg, 'columns').map((c) => (typeof c === 'string' ? { header: c } : c));
  if (rows(cfg).some((r) => r.cells.length + 1 !== cols.length)) throw new Error(`content: ${cfg.title}: every row needs one cell per column after its label`);
  return cols;
}

function optional(cfg: WidgetConfig, key: string): string {
  const v = (cfg.data as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' ? v : '';
}

const numClass = (c: Column | undefined) => (c?.num === false ? null : 'num');

function tableMarkup(cfg: WidgetConfig, view: View, instance: string): string {
  const cols = columns(cfg);
  const head = cols.map((c, j) => `<th scope="col"${j > 0 && numClass(c) ? ' class="num"' : ''}>${esc(c.header)}</th>`).join('');
  const body = rows(cfg)
    .map(
      (r, i) =>
        `<tr${r.id ? ` data-row="${esc(r.id)}"` : ''}><th scope="row">${esc(r.label)}</th>` +
        r.cells.map((_, j) => boundText('td', `r${i}c${j}`, view, { class: numClass(cols[j + 1]), 'data-testid': `${instance}-r${i}c${j}` })).join('') +
        `</tr>`,
    )
    .join('');
  return (
    `<div class="tally-table-wrap" tabindex="0" role="region" aria-label="${esc(cfg.title)}">` +
    `<table class="tally-table tally-table--data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`
  );
}

export const measuredTable: WidgetDef<Row[]> = {
  // Nothing to ask the core: the values are the data's.
  compute: (_engine, _fields, { cfg }) => Promise.resolve(rows(cfg)),

  view(data) {
    const view: View = { [SHAPE]: `measured:${data.map((r) => r.cells.length).join(',')}` };
    data.forEach((r, i) => r.cells.forEach((c, j) => (view[`r${i}c${j}`] = c.v)));
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const caveat = optional(cfg, 'caveat');
    return (
      tableMarkup(cfg, view, instance) +
      `<p class="tally-notes measured-source" data-dataset="${esc(optional(cfg, 'dataset'))}">${esc(optional(cfg, 'source'))}${datasetSourceLink(optional(cfg, 'dataset'))}</p>` +
      (caveat ? `<p class="tally-notes">${esc(caveat)}</p>` : '')
    );
  },

  status: dataStatus,
};

export default measuredTable;
