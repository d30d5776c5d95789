// Build time: the header's search button and its dialog (closed, so it takes
// no space). The browser code (search/index.ts) wires them and loads the
// index only when the dialog opens. Everything here is chrome, kept out of
// the index (data-pagefind-ignore).

import { attrs, esc } from '../runtime/html';
import type { SearchRuntimeText, SearchText } from './text';

export interface SearchAssets {
  /** The Pagefind bundle's folder, relative to the page ("pagefind/"). */
  base: string;
  /** The model and GPU names JSON (search/names-build.ts), relative to the page. */
  names: string;
}

/** A magnifier, drawn in the text colour. */
const ICON =
  '<svg class="search-open-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="1.8"/><line x1="10" y1="10" x2="14.5" y2="14.5" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>';

/** The header button; hidden until scripts run (it needs them), keeping its place. */
export function searchButton(t: SearchText): string {
  return `<button type="button" class="search-open"${attrs({
    'data-search-open': '',
    'data-pagefind-ignore': '',
    'aria-haspopup': 'dialog',
    'aria-controls': 'search-dialog',
    'aria-keyshortcuts': '/',
    title: t.open_hint,
  })}>${ICON}<span class="search-open-label">${esc(t.open)}</span><kbd aria-hidden="true">/</kbd></button>`;
}

export function searchDialog(t: SearchText, assets: SearchAssets): string {
  const runtime: SearchRuntimeText = {
    loading: t.loading,
    empty: t.empty,
    count: t.count,
    names_only: t.names_only,
    failed: t.failed,
    names_heading: t.names_heading,
    model_link: t.model_link,
    gpu_link: t.gpu_link,
    pages_heading: t.pages_heading,
  };
  return (
    `<dialog class="search-dialog" id="search-dialog" aria-labelledby="search-title"${attrs({
      'data-search': '',
      'data-pagefind-ignore': 'all',
      'data-search-base': assets.base,
      'data-search-names': assets.names,
      'data-search-text': JSON.stringify(runtime),
    })}>` +
    `<form method="dialog" class="search-form" role="search">` +
    `<h2 class="search-title" id="search-title">${esc(t.title)}</h2>` +
    `<label class="search-label" for="search-input">${esc(t.label)}</label>` +
    `<input${attrs({ id: 'search-input', class: 'search-input', type: 'search', name: 'q', autocomplete: 'off', spellcheck: 'false', placeholder: t.placeholder, 'aria-controls': 'search-results', 'aria-describedby': 'search-status' })}>` +
    `<button type="submit" class="search-close" value="close">${esc(t.close)}</button>` +
    `</form>` +
    `<p class="search-status" id="search-status" role="status" aria-live="polite"></p>` +
    `<div class="search-results" id="search-results"></div>` +
    `</dialog>`
  );
}
