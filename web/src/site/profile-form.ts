// The reader-profile form (```profile``` block on the landing page), rendered
// at build time from the core's catalog; runtime/profile-ui.ts wires it.
// Each select starts with "the book's value" (empty = no preference).

import { fill as fillUi, ui } from '../i18n/ui';
import type { Catalog } from '../runtime/engine';
import { attrs, esc } from '../runtime/html';

export interface ProfileText {
  title: string;
  intro: string;
  book_option: string;
  labels: { model: string; gpu: string; precision: string; context: string };
  context_hint: string;
  save: string;
  clear: string;
  saved: string;
  cleared: string;
  no_script: string;
}

function select(id: string, label: string, options: Array<[string, string]>, book: string): string {
  const opts = [['', book] as [string, string], ...options].map(([v, text]) => `<option${attrs({ value: v })}>${esc(text)}</option>`).join('');
  return `<div class="tally-field" data-field-wrap="${esc(id)}"><label for="profile-${esc(id)}">${esc(label)}</label><select${attrs({ id: `profile-${id}`, name: id })}>${opts}</select></div>`;
}

export function profileForm(catalog: Catalog, t: ProfileText): string {
  const fields =
    select(
      'model',
      t.labels.model,
      catalog.models.map((m) => [m.id, m.name]),
      t.book_option,
    ) +
    select(
      'gpu',
      t.labels.gpu,
      catalog.gpus.map((g) => [g.id, fillUi(ui.page.name_detail, { name: g.name, detail: g.display })]),
      t.book_option,
    ) +
    select(
      'precision',
      t.labels.precision,
      catalog.dtypes.map((d) => [d.id, d.name]),
      t.book_option,
    ) +
    `<div class="tally-field" data-field-wrap="context"><label for="profile-context">${esc(t.labels.context)}</label>` +
    `<input${attrs({ id: 'profile-context', name: 'context', type: 'text', inputmode: 'numeric', autocomplete: 'off', 'aria-describedby': 'profile-context-hint' })}>` +
    `<span class="tally-hint" id="profile-context-hint">${esc(t.context_hint)}</span></div>`;
  return (
    `<section class="tally-widget profile" id="profile" aria-labelledby="profile-title" data-profile-form>` +
    `<h3 class="tally-title" id="profile-title">${esc(t.title)}</h3><p class="tally-intro">${esc(t.intro)}</p>` +
    `<form class="tally-controls" novalidate data-saved="${esc(t.saved)}" data-cleared="${esc(t.cleared)}">${fields}` +
    `<p class="tally-error" id="profile-error" role="alert" hidden></p>` +
    `<div class="profile-actions"><button type="submit">${esc(t.save)}</button> <button type="button" data-profile-clear>${esc(t.clear)}</button></div>` +
    `<p class="tally-status" role="status" data-profile-status>${esc(t.no_script)}</p></form></section>`
  );
}
