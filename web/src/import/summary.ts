// One screen about an imported model, every figure from the core: the import
// result's displays, an 8K prefill and one decode step at 8K (forward), and
// how many 8K requests fit on each catalog GPU (capacity) — the same summary
// `tally import` prints.

import { encodeIntegerInput, type Engine, type Json } from '../runtime/engine';
import { esc } from '../runtime/html';
import type { ImportedModel } from './models';
import { importText as t } from './text';

function display(v: Json | undefined): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
}

function row(label: string, value: string, testid: string): string {
  return `<div><dt>${esc(label)}</dt><dd class="num" data-testid="${esc(testid)}">${esc(value)}</dd></div>`;
}

/** The summary's markup (the reader's numbers as the core formats them). */
export async function summaryHtml(engine: Engine, m: ImportedModel): Promise<string> {
  const s = t.summary;
  const r = m.result;
  const ctx = encodeIntegerInput(t.summary_context);
  const [prefill, decode, catalog] = await Promise.all([
    engine('forward', { model: m.id, input: ctx }),
    engine('forward', { model: m.id, context: ctx }),
    engine('catalog'),
  ]);
  const fits = await Promise.all(catalog.gpus.map((g) => engine('capacity', { model: m.id, gpu: g.id, context: ctx })));
  const rows =
    row(s.model, `${m.name}（${m.id}）`, 'summary-model') +
    row(s.model_type, display(r.model_type), 'summary-model-type') +
    row(s.params, display(r.params_display), 'summary-params') +
    (r.mtp_layers !== 0 ? row(s.mtp_params, display(r.mtp_params_display), 'summary-mtp') : '') +
    row(s.kv_per_token, display(r.kv_bytes_per_token_display), 'summary-kv') +
    row(s.checkpoint, `${display(r.checkpoint_display)}（${display(r.weight_dtype)}）`, 'summary-checkpoint') +
    row(s.prefill, prefill.display, 'summary-prefill') +
    row(s.decode, decode.display, 'summary-decode');
  const gpuRows = catalog.gpus
    .map((g, i) => `<tr><th scope="row">${esc(`${g.name}（${g.display}）`)}</th><td class="num" data-testid="summary-fit-${esc(g.id)}">${esc(fits[i]!.display)}</td></tr>`)
    .join('');
  const notes = Array.isArray(r.notes) ? r.notes.map((n) => `<li>${esc(display(n))}</li>`).join('') : '';
  return (
    `<h3 id="import-summary-title">${esc(t.summary_title)}</h3>` +
    `<dl class="tally-summary import-facts">${rows}</dl>` +
    `<table class="import-fits"><caption>${esc(s.capacity_title)}</caption>` +
    `<thead><tr><th scope="col">${esc(s.gpu)}</th><th scope="col">${esc(s.requests)}</th></tr></thead><tbody>${gpuRows}</tbody></table>` +
    (notes ? `<ul class="tally-notes import-notes">${notes}</ul>` : '')
  );
}
