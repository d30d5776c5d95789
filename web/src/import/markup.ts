// Markup of the import entry: at build time a header button and its <dialog>
// (closed, so it takes no space); in embeds, a panel under the widget. Strings from content/site/import.json;
// web/src/import/dialog.ts wires it in the browser.

import { attrs, esc } from '../runtime/html';
import { importText as t } from './text';

/** The header button; site.css keeps its space but hides it until scripts run. */
export function importButton(): string {
  return `<button type="button" class="import-open"${attrs({
    'data-import-open': '',
    'aria-haspopup': 'dialog',
    'aria-controls': 'import-dialog',
    title: t.open_hint,
  })}>${esc(t.open)}</button>`;
}

function field(id: string, label: string, control: string, hint = ''): string {
  return `<div class="tally-field" data-field-wrap="${esc(id)}"><label for="${esc(id)}">${esc(label)}</label>${control}${hint}</div>`;
}

/**
 * The form, the core's summary and the list of kept models: the same markup
 * in the chapter's dialog and in an embedded widget's panel (dialog.ts wires both).
 */
export function importFormHtml(): string {
  const nameHint = `<span class="tally-hint" id="import-name-hint">${esc(t.name_hint)}</span>`;
  return (
    `<form class="tally-controls import-form" data-import-form novalidate>` +
    field(
      'import-name',
      t.name_label,
      `<input${attrs({ id: 'import-name', type: 'text', autocomplete: 'off', 'aria-describedby': 'import-name-hint' })}>`,
      nameHint,
    ) +
    field('import-text', t.paste_label, `<textarea${attrs({ id: 'import-text', rows: '8', spellcheck: 'false', autocomplete: 'off' })}></textarea>`) +
    field('import-file', t.file_label, `<input${attrs({ id: 'import-file', type: 'file', accept: '.json,application/json' })}>`) +
    `<p class="tally-hint" data-import-drop-hint>${esc(t.drop_hint)}</p>` +
    `<p class="tally-error" id="import-error" role="alert" data-testid="import-error" hidden></p>` +
    `<div class="import-actions"><button type="submit">${esc(t.submit)}</button> <button type="button" data-import-close>${esc(t.close)}</button></div>` +
    `<p class="tally-status" role="status" data-import-status></p>` +
    `</form>` +
    `<section class="import-summary" data-import-summary aria-labelledby="import-summary-title" hidden></section>` +
    `<section class="import-list" aria-labelledby="import-list-title"><h3 id="import-list-title">${esc(t.list_title)}</h3>` +
    `<p data-import-empty>${esc(t.list_empty)}</p><ul data-import-list></ul></section>`
  );
}

export function importDialog(): string {
  return (
    `<dialog class="import-dialog" id="import-dialog" aria-labelledby="import-title" data-import-dialog>` +
    `<h2 id="import-title">${esc(t.title)}</h2><p>${esc(t.intro)}</p><p class="tally-hint">${esc(t.families)}</p>` +
    importFormHtml() +
    `</dialog>`
  );
}

/**
 * An embedded widget's import (embed.html, <tally-widget>): the same form in
 * flow under the widget instead of a modal dialog, so an iframe grows to show
 * it and a host page never gets an overlay or page-wide handlers.
 */
export function importPanel(): string {
  const e = t.embed;
  return (
    `<section class="import-panel" id="import-panel" aria-labelledby="import-title" data-import-panel hidden>` +
    `<h2 id="import-title">${esc(t.title)}</h2><p>${esc(e.intro)}</p><p class="tally-hint">${esc(t.families)}</p>` +
    importFormHtml() +
    `</section>`
  );
}

/** Problems found while restoring (storage, share link): shown at the top of <main>. */
export function importProblemSlot(): string {
  return (
    `<p class="profile-problem" data-import-problem role="alert" hidden></p>` +
    // A share link with another model under an id this browser keeps: the question (index.ts).
    `<div class="import-conflicts" data-import-conflict hidden></div>`
  );
}
