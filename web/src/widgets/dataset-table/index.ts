// Published or measured values shown as data, with their source: chapter 3's
// scaling-law fit (example 3-5, figures 3-27 and 3-28) and the lifecycle
// cost of figure 3-29, which the book's calculator computed from fitted
// coefficients the core does not fit. The core is not asked: the cells are
// the dataset's values as the chapter prints them (content/ch03/data/*.json,
// kept equal by tests/content/ch03-widgets-c.test.mjs), and the widget says
// where they come from.
//
// Config `data`: { "source": text, "note"?: text,
//   "columns": [{ "header", "num"? }], "rows": [{ "id", "cells": [text, …] }] }
// The first cell of a row is its label.

import { esc } from '../../runtime/html';
import type { WidgetConfig } from '../../runtime/config';
import type { View } from '../../runtime/bind';
import type { WidgetDef } from '../../runtime/widget';
import { dataOf } from '../../figures/content';

interface Column {
  header: string;
  num?: boolean;
}
interface Row {
  id: string;
  cells: string[];
}

function tableMarkup(cfg: WidgetConfig): string {
  const columns = dataOf<Column[]>(cfg, 'columns');
  const rows = dataOf<Row[]>(cfg, 'rows');
  if (rows.some((r) => r.cells.length !== columns.length)) throw new Error(`${cfg.title}: every row needs one cell per column`);
  const cls = (c: Column | undefined) => (c?.num ? ' class="num"' : '');
  const head = columns.map((c) => `<th scope="col"${cls(c)}>${esc(c.header)}</th>`).join('');
  const body = rows
    .map(
      (r) =>
        `<tr data-row="${esc(r.id)}">` +
        r.cells
          .map((cell, i) => (i === 0 ? `<th scope="row">${esc(cell)}</th>` : `<td${cls(columns[i])} data-testid="${esc(`${r.id}-${i}`)}">${esc(cell)}</td>`))
          .join('') +
        `</tr>`,
    )
    .join('');
  const note = (cfg.data as { note?: string }).note;
  return (
    `<div class="tally-table-wrap" tabindex="0" role="region" aria-label="${esc(cfg.title)}">` +
    `<table class="tally-table tally-table--data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` +
    (note ? `<p class="tally-notes">${esc(note)}</p>` : '') +
    `<p class="tally-hint" data-testid="dataset-source">${esc(dataOf<string>(cfg, 'source'))}</p>`
  );
}

export const datasetTable: WidgetDef<null> = {
  // Nothing to compute: the values are data, not the core's.
  compute: () => Promise.resolve(null),
  view: (): View => ({}),
  renderOutput: (_view, { cfg }) => tableMarkup(cfg),
};

export default datasetTable;
