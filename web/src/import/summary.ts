// One screen about an imported model. Every figure is the core's: the import
// result's displays and its `summary` (an 8K prefill, one decode step at 8K,
// and the 8K requests that fit on each catalog GPU — what `tally import`
// prints too). This file only lays them out.

import { fill as fillUi, ui } from '../i18n/ui';
import type { Json } from '../runtime/engine';
import { esc } from '../runtime/html';
import type { ImportedModel } from './models';
import { importText as t } from './text';

type Obj = { [key: string]: Json };

function display(v: Json | undefined): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}
function obj(v: Json | undefined): Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : {};
}
function list(v: Json | undefined): Json[] {
  return Array.isArray(v) ? v : [];
}

function row(label: string, value: string, testid: string): string {
  return `<div><dt>${esc(label)}</dt><dd class="num" data-testid="${esc(testid)}">${esc(value)}</dd></div>`;
}

/** The summary's markup (the reader's numbers as the core formats them). */
/** "Name（id）": the summary's first row, which the dialog also looks for (dialog.ts). */
export function modelLine(m: Pick<ImportedModel, 'name' | 'id'>): string {
  return fillUi(ui.page.name_detail, { name: m.name, detail: m.id });
}

export function summaryHtml(m: ImportedModel): string {
  const s = t.summary;
  const r = m.result;
  const sum = obj(r.summary);
  const rows =
    row(s.model, modelLine(m), 'summary-model') +
    row(s.model_type, display(r.model_type), 'summary-model-type') +
    row(s.params, display(r.params_display), 'summary-params') +
    (r.mtp_layers !== 0 ? row(s.mtp_params, display(r.mtp_params_display), 'summary-mtp') : '') +
    row(s.kv_per_token, display(r.kv_bytes_per_token_display), 'summary-kv') +
    row(s.checkpoint, fillUi(ui.page.name_detail, { name: display(r.checkpoint_display), detail: display(r.weight_dtype) }), 'summary-checkpoint') +
    row(s.prefill, display(sum.prefill_display), 'summary-prefill') +
    row(s.decode, display(sum.decode_display), 'summary-decode');
  const gpuRows = list(sum.capacity)
    .map(obj)
    .map(
      (g) =>
        `<tr><th scope="row">${esc(fillUi(ui.page.name_detail, { name: display(g.name), detail: display(g.memory_display) }))}</th>` +
        `<td class="num" data-testid="summary-fit-${esc(display(g.gpu))}">${esc(display(g.display))}</td></tr>`,
    )
    .join('');
  const notes = list(r.notes)
    .map((n) => `<li>${esc(display(n))}</li>`)
    .join('');
  return (
    `<h3 id="import-summary-title">${esc(t.summary_title)}</h3>` +
    `<dl class="tally-summary import-facts">${rows}</dl>` +
    `<table class="import-fits"><caption>${esc(s.capacity_title)}</caption>` +
    `<thead><tr><th scope="col">${esc(s.gpu)}</th><th scope="col">${esc(s.requests)}</th></tr></thead><tbody>${gpuRows}</tbody></table>` +
    (notes ? `<ul class="tally-notes import-notes">${notes}</ul>` : '')
  );
}
