// A live table configured as data (content/ch02/widgets/tables.json): the
// chapter's tables 2-A … 2-E and its unnumbered tables. Two layouts:
//   grid — "rows" × "columns": every cell is its own request (memoised), e.g.
//          Table 2-E: one row per model, columns at 8K and 1M context. A row
//          may name the path instead of its columns (Table 2-D: one row per
//          stage of the forward call, one column per execution path);
//   list — one request ("list": {op, fields, path}) whose array gives the
//          rows, e.g. the compare op's five models; columns are paths into
//          each element.
// Every cell the core explains carries a "how was this computed?" popover
// (runtime/how.ts).

import { boundText, notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow, type CellSpec, type CellValue } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import { copyButtons, copyView, rawNumber, type CopyCell } from '../../runtime/copy';
import type { Fields, Json, RawOp } from '../../runtime/engine';
import { esc } from '../../runtime/html';
import { howButton, howMask, howText, howView } from '../../runtime/how';
import type { WidgetDef } from '../../runtime/widget';
import { joined } from '../../figures/joins';
import { blameControl, fillRequest } from '../../figures/request-template';

interface Column extends Omit<CellSpec, 'path'> {
  header: string;
  /** Path into the result; may be left to the rows (Row.path). */
  path?: string;
  /** Right-aligned numeric column. */
  num?: boolean;
  /** Copy as CSV: path of the cell's exact value (beside "path") and its unit, for the header. */
  raw?: string;
  unit?: string;
}
interface Row {
  label: string;
  fields?: Fields;
  /** Path of this row's cells in every column (else each column's own). */
  path?: string;
  /** Path of the exact values of this row's cells (with "path"). */
  raw?: string;
}
export interface TableSpec {
  /** Header of the label column. */
  corner: string;
  fields?: Fields;
  rows?: Row[];
  list?: { op: RawOp; fields?: Fields; path: string; label: string };
  columns: Column[];
}

interface TableData {
  labels: string[];
  cells: Array<Array<CellValue & CopyCell>>;
  notes: string[];
}

export function tableSpec(cfg: WidgetConfig): TableSpec {
  const spec = (cfg as WidgetConfig & { table?: TableSpec }).table;
  if (!spec || !Array.isArray(spec.columns) || (!spec.rows && !spec.list)) {
    throw new Error(`content/ch02/widgets*.json: ${cfg.title}: "table" needs "columns" and "rows" or "list"`);
  }
  return spec;
}

/** Core remarks (e.g. past the released context), once each. */
function collectNotes(results: Json[]): string[] {
  const seen = new Set<string>();
  for (const r of results) {
    const notes = follow(r, 'notes');
    if (Array.isArray(notes)) for (const n of notes) if (typeof n === 'string') seen.add(n);
  }
  return [...seen];
}

/** A cell with the core's exact value at `rawPath` (the value itself when the cell shows an integer). */
function withRaw(base: Json | undefined, cell: CellValue, rawPath: string | undefined): CellValue & CopyCell {
  const raw = rawPath === undefined ? undefined : rawNumber(follow(base, rawPath));
  return raw === undefined ? cell : { ...cell, raw };
}

/** Whether a value holds a control's "$x" anywhere inside it. */
function holdsVariable(v: Json | undefined): boolean {
  if (typeof v === 'string') return v.startsWith('$');
  if (Array.isArray(v)) return v.some(holdsVariable);
  if (v && typeof v === 'object') return Object.values(v).some(holdsVariable);
  return false;
}

/**
 * A grid cell's result. A row whose fields hold a control's "$x" inside a
 * list or object (Table 3.1.3-a's arrival rates inside its windows) is filled
 * first, and a refusal is blamed on that control; other rows go as they are.
 */
async function rowResult(cells: CellResolver, vars: Fields, op: RawOp, table?: Fields, row?: Fields, column?: Fields): Promise<Json> {
  if (!row || !Object.values(row).some((v) => typeof v === 'object' && v !== null && holdsVariable(v))) return cells.result(op, table, row, column);
  const { fields, origin } = fillRequest(row, vars);
  try {
    return await cells.result(op, table, fields, column);
  } catch (err) {
    throw blameControl(err, origin);
  }
}

export const coreTable: WidgetDef<TableData> = {
  async compute(engine, vars, { cfg }) {
    const spec = tableSpec(cfg);
    const cells = new CellResolver(engine, vars);
    if (spec.list) {
      const result = await cells.result(spec.list.op, spec.fields, spec.list.fields);
      const items = follow(result, spec.list.path);
      const list = Array.isArray(items) ? items : [];
      return {
        labels: list.map((e) => CellResolver.read(e, { path: spec.list!.label }).text),
        cells: list.map((e) => spec.columns.map((c) => withRaw(e, CellResolver.read(e, { path: c.path ?? '' }), c.raw ?? c.path))),
        notes: collectNotes([result]),
      };
    }
    const rows = spec.rows ?? [];
    const results: Json[] = [];
    const grid = await Promise.all(
      rows.map((row) =>
        Promise.all(
          spec.columns.map(async (c) => {
            if (!c.op) throw new Error(`${cfg.title}: column "${c.header}" needs "op" in a grid table`);
            const path = row.path ?? c.path;
            if (!path) throw new Error(`${cfg.title}: row "${row.label}" × column "${c.header}" has no "path"`);
            const r = await rowResult(cells, vars, c.op, spec.fields, row.fields, c.fields);
            results.push(r);
            return withRaw(r, CellResolver.read(r, { path }), row.raw ?? c.raw ?? path);
          }),
        ),
      ),
    );
    return { labels: rows.map((r) => r.label), cells: grid, notes: collectNotes(results) };
  },

  view(data, { cfg }) {
    const spec = tableSpec(cfg);
    // Which cells have an explanation is structure: a change re-renders.
    const mask = howMask(data.cells.flat().map((c) => c.how));
    const view: View = { [SHAPE]: `${data.labels.length}x${spec.columns.length}:${mask}`, ...notesView(data.notes) };
    data.labels.forEach((label, i) => {
      view[`r${i}.label`] = label;
      data.cells[i]!.forEach((cell, j) => {
        view[`r${i}.c${j}`] = cell.text;
        howView(view, `r${i}.c${j}`, cell.how);
      });
    });
    const headers = [spec.corner, ...spec.columns.map((c) => ({ header: c.header, unit: c.unit }))];
    Object.assign(
      view,
      copyView(
        headers,
        data.labels.map((label, i) => [label, ...data.cells[i]!]),
      ),
    );
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const spec = tableSpec(cfg);
    const rowCount = Number((view[SHAPE] ?? '0x0').split('x')[0]);
    const t = howText(cfg);
    const head =
      `<th scope="col">${esc(spec.corner)}</th>` + spec.columns.map((c) => `<th scope="col"${c.num ? ' class="num"' : ''}>${esc(c.header)}</th>`).join('');
    let body = '';
    for (let i = 0; i < rowCount; i++) {
      body += `<tr data-row="${i}">` + boundText('th', `r${i}.label`, view, { scope: 'row' });
      spec.columns.forEach((c, j) => {
        const key = `r${i}.c${j}`;
        const how = howButton(view, instance, key, joined(view[`r${i}.label`] ?? '', c.header), t);
        body += `<td${c.num ? ' class="num"' : ''} data-testid="${esc(`${instance}-r${i}-c${j}`)}">${boundText('span', key, view, { class: 'cell-value' })}${how}</td>`;
      });
      body += `</tr>`;
    }
    return (
      `<div class="tally-table-wrap" tabindex="0" role="region" aria-label="${esc(cfg.title)}">` +
      `<table class="tally-table tally-table--data"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>` +
      notesMarkup(view) +
      copyButtons({ csv: text(cfg, 'copy_csv'), md: text(cfg, 'copy_md'), done: text(cfg, 'copied') })
    );
  },
};

export default coreTable;
