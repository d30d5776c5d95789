// Table 2-1 live: one forward pass of a model, row by row. The core returns
// the rows (label, shape, formula, substituted formula, layers, FLOPs); this
// widget only lays them out and keeps the numbers current. Each row shows its
// formula in place; the summary numbers open the core's "how was this
// computed?" (runtime/how.ts).

import { boundText, notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import { copyButtons, copyView } from '../../runtime/copy';
import type { ForwardResult, Json } from '../../runtime/engine';
import { esc } from '../../runtime/html';
import { howAt, howButton, howText, howView } from '../../runtime/how';
import { groupCoreDigits, groupDigits } from '../../runtime/format';
import type { WidgetContext, WidgetDef } from '../../runtime/widget';

const COLUMNS = ['module', 'shape', 'weight', 'formula', 'layers', 'flops'] as const;

/** Row id and section, in core order, encoded into the view's shape key. */
function rowsOf(view: View): Array<{ id: string; section: string }> {
  const shape = view[SHAPE] ?? '';
  return shape
    ? shape.split(',').map((pair) => {
        const [section = '', id = ''] = pair.split('/');
        return { id, section };
      })
    : [];
}

function sectionTitle(ctx: WidgetContext, section: string): string {
  return ctx.cfg.text[`section.${section}`] ?? section;
}

export const table21: WidgetDef<ForwardResult> = {
  compute: (engine, fields) => engine('forward', { ...fields, explain: true }),

  view(r, { cfg }) {
    const view: View = {
      [SHAPE]: r.items.map((it) => `${it.section}/${it.id}`).join(','),
      total: r.display,
      rows: groupDigits(r.rows),
      npair: groupDigits(r.n_pair),
      ...notesView(r.notes),
    };
    const explained = { how: r.how } as Json;
    howView(view, 'total', howAt(explained, 'display'));
    howView(view, 'rows', howAt(explained, 'rows'));
    howView(view, 'npair', howAt(explained, 'n_pair'));
    for (const it of r.items) {
      const k = `row.${it.id}`;
      view[`${k}.label`] = it.label;
      view[`${k}.shape`] = it.shape;
      view[`${k}.weight`] = it.weight;
      view[`${k}.formula`] = it.formula;
      view[`${k}.substituted`] = groupCoreDigits(it.substituted); // on screen grouped; the copy below keeps the core's digits as they are
      view[`${k}.layers`] = groupDigits(it.layers);
      view[`${k}.flops`] = it.display;
    }
    // Copy: the same rows as on screen, formula and substituted formula in
    // separate columns (a spreadsheet can use them apart).
    // CSV: the core's exact layers and FLOPs, the unit in the header (runtime/copy.ts).
    const headers = ['module', 'shape', 'weight', 'formula', 'substituted', 'layers', 'flops'].map((c) =>
      c === 'flops' ? { header: text(cfg, 'col.flops'), unit: 'FLOPs' } : text(cfg, c === 'substituted' ? 'col.substituted' : `col.${c}`),
    );
    const rows = r.items.map((it) => [
      it.label,
      it.shape,
      it.weight,
      it.formula,
      it.substituted,
      { text: groupDigits(it.layers), raw: String(it.layers) },
      { text: it.display, raw: String(it.flops) },
    ]);
    rows.push([text(cfg, 'total'), '', '', '', '', '', { text: r.display, raw: String(r.total) }]);
    Object.assign(view, copyView(headers, rows));
    return view;
  },

  renderOutput(view, ctx) {
    const { cfg, instance } = ctx;
    const t = howText(cfg);
    const summaryItem = (key: string, testid: string, extra: Record<string, string> = {}) =>
      `<dt>${esc(text(cfg, key))}</dt><dd>${boundText('span', key, view, { 'data-testid': testid, ...extra })}` +
      `${howButton(view, instance, key, text(cfg, key), t)}</dd>`;
    const head = COLUMNS.map((c) => `<th scope="col" class="col-${c}">${esc(text(cfg, `col.${c}`))}</th>`).join('');
    let body = '';
    let section: string | null = null;
    for (const { id, section: s } of rowsOf(view)) {
      if (s !== section) {
        section = s;
        body += `<tr class="tally-section"><th colspan="${COLUMNS.length}" scope="rowgroup">${esc(sectionTitle(ctx, s))}</th></tr>`;
      }
      const k = `row.${id}`;
      body +=
        `<tr data-testid="row-${esc(id)}" data-row="${esc(id)}">` +
        boundText('th', `${k}.label`, view, { scope: 'row' }) +
        boundText('td', `${k}.shape`, view, { class: 'col-shape' }) +
        boundText('td', `${k}.weight`, view, { class: 'col-weight' }) +
        `<td class="col-formula">${boundText('code', `${k}.formula`, view, { class: 'formula' })}` +
        `${boundText('code', `${k}.substituted`, view, { class: 'substituted' })}</td>` +
        boundText('td', `${k}.layers`, view, { class: 'num col-layers' }) +
        boundText('td', `${k}.flops`, view, { class: 'num col-flops', 'data-testid': `flops-${id}` }) +
        `</tr>`;
    }
    const summary =
      `<dl class="tally-summary">` +
      `<div>${summaryItem('rows', 'rows')}</div>` +
      `<div>${summaryItem('npair', 'n-pair')}</div>` +
      `<div class="tally-headline">${summaryItem('total', 'total', { 'aria-live': 'polite' })}</div>` +
      `</dl>` +
      notesMarkup(view);
    const table =
      `<div class="tally-table-wrap" tabindex="0" role="region" aria-label="${esc(text(cfg, 'table_label'))}">` +
      `<table class="tally-table"><thead><tr>${head}</tr></thead><tbody>${body}</tbody>` +
      `<tfoot><tr data-testid="row-total"><th scope="row" colspan="${COLUMNS.length - 1}">${esc(text(cfg, 'total'))}</th>` +
      `${boundText('td', 'total', view, { class: 'num col-flops' })}</tr></tfoot></table></div>`;
    return summary + table + copyButtons({ csv: text(cfg, 'copy_csv'), md: text(cfg, 'copy_md'), done: text(cfg, 'copied') });
  },
};

export default table21;
