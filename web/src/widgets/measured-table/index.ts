// Measured or published values, shown as the chapter shows them: a table of
// data with the source the book names (content/<chapter>/data/*.json). The
// core computes none of it and the browser recomputes none of it: each cell
// is the dataset's value as printed, and tests/content/ch03-widgets-a.test.mjs
// checks every cell against its dataset path, so the two cannot drift.
//
// Config: data.dataset (the dataset's id), data.source (what and where, in
// the reader's words), data.columns (headers), data.rows [{ label, cells:
// [{ v, path, digits? }] }] (v as printed; path into the dataset's JSON), and
// optional data.caveat (what the data does not say).

import { SHAPE, type View } from '../../runtime/bind';
import { boundText } from '../../runtime/bind';
import type { WidgetConfig } from '../../runtime/config';
import { esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';
import { dataOf } from '../../figures/content';

interface Cell {
  v: string;
  path?: string;
  digits?: number;
}
interface Row {
  label: string;
  cells: Cell[];
}

function rows(cfg: WidgetConfig): Row[] {
  const r = dataOf<Row[]>(cfg, 'rows');
  if (!Array.isArray(r) || r.some((row) => !Array.isArray(row.cells))) throw new Error(`content: ${cfg.title}: data.rows needs cells`);
  return r;
}

function optional(cfg: WidgetConfig, key: string): string {
  const v = (cfg.data as Record<string, unknown> | undefined)?.[key];
  return typeof v === 'string' ? v : '';
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
    const head = dataOf<string[]>(cfg, 'columns')
      .map((h) => `<th scope="col">${esc(h)}</th>`)
      .join('');
    const body = rows(cfg)
      .map(
        (r, i) =>
          `<tr><th scope="row">${esc(r.label)}</th>` +
          r.cells.map((_, j) => boundText('td', `r${i}c${j}`, view, { class: 'num', 'data-testid': `${instance}-r${i}c${j}` })).join('') +
          `</tr>`,
      )
      .join('');
    const caveat = optional(cfg, 'caveat');
    return (
      `<div class="table-wrap" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` +
      `<p class="tally-notes measured-source" data-dataset="${esc(optional(cfg, 'dataset'))}">${esc(optional(cfg, 'source'))}</p>` +
      (caveat ? `<p class="tally-notes">${esc(caveat)}</p>` : '')
    );
  },
};

export default measuredTable;
