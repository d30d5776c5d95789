// The search dialog: the header's button or "/" opens it; typing asks
// Pagefind (loaded on first open, search/pagefind.ts) and lists the pages'
// hits in context, each a link to its anchor (search/anchors.ts), after the
// catalog's model and GPU names that match, each a link to a widget preset
// to it (search/names.ts). Strings come with the dialog's markup.

import { esc } from '../runtime/html';
import { hitsOf, type Hit } from './anchors';
import { loadNames, matchingNames } from './names';
import type { SearchName } from './names-build';
import { loadPagefind, type PagefindResult } from './pagefind';
import { fill, type SearchRuntimeText } from './text';
import './search.css';

/** Pages listed at most (Pagefind ranks them); each lists its hits. */
const MAX_PAGES = 8;
const MAX_HITS_PER_PAGE = 4;

/** Pagefind's excerpt (text with <mark> around the matched words) as safe markup. */
function excerptHtml(excerpt: string): string {
  const doc = new DOMParser().parseFromString(`<p>${excerpt}</p>`, 'text/html');
  return [...doc.body.firstChild!.childNodes]
    .map((n) => (n.nodeName === 'MARK' ? `<mark>${esc(n.textContent ?? '')}</mark>` : esc(n.textContent ?? '')))
    .join('');
}

function namesHtml(names: SearchName[], t: SearchRuntimeText): string {
  if (!names.length) return '';
  const items = names
    .map((n) => `<li><a class="search-name" href="${esc(n.href)}" data-search-link>${esc(fill(n.kind === 'model' ? t.model_link : t.gpu_link, { name: n.name }))}</a></li>`)
    .join('');
  return `<section class="search-group"><h3>${esc(t.names_heading)}</h3><ul class="search-list">${items}</ul></section>`;
}

function hitHtml(page: string, hit: Hit): string {
  return `<li><a class="search-hit" href="${esc(hit.url)}" data-search-link><span class="search-hit-title">${esc(hit.title)}</span><span class="search-hit-page">${esc(page)}</span><span class="search-excerpt">${excerptHtml(hit.excerpt)}</span></a></li>`;
}

async function pagesHtml(results: PagefindResult[], t: SearchRuntimeText): Promise<string> {
  if (!results.length) return '';
  const pages = await Promise.all(results.slice(0, MAX_PAGES).map((r) => r.data()));
  const items = pages.flatMap((data) => hitsOf(data).slice(0, MAX_HITS_PER_PAGE).map((h) => hitHtml(data.meta.title ?? '', h))).join('');
  return `<section class="search-group"><h3>${esc(t.pages_heading)}</h3><ul class="search-list">${items}</ul></section>`;
}

export function installSearch(doc: Document): void {
  const dialog = doc.querySelector<HTMLDialogElement>('dialog[data-search]');
  const openButton = doc.querySelector<HTMLButtonElement>('[data-search-open]');
  if (!dialog || !openButton) return;
  const input = dialog.querySelector<HTMLInputElement>('.search-input')!;
  const status = dialog.querySelector<HTMLElement>('.search-status')!;
  const results = dialog.querySelector<HTMLElement>('.search-results')!;
  const t = JSON.parse(dialog.dataset.searchText ?? '{}') as SearchRuntimeText;
  const base = dialog.dataset.searchBase ?? 'pagefind/';
  const namesUrl = dialog.dataset.searchNames ?? '';
  let asked = 0;

  const run = async () => {
    const query = input.value.trim();
    const mine = ++asked;
    if (!query) {
      status.textContent = '';
      results.innerHTML = '';
      return;
    }
    try {
      const [api, names] = await Promise.all([loadPagefind(base), loadNames(namesUrl)]);
      const found = await api.debouncedSearch(query, {}, 150);
      if (found === null || mine !== asked) return; // a newer query superseded this one
      const html = namesHtml(matchingNames(names, query), t) + (await pagesHtml(found.results, t));
      if (mine !== asked) return;
      status.textContent = html ? fill(t.count, { count: found.results.length, query }) : fill(t.empty, { query });
      results.innerHTML = html;
    } catch (error) {
      if (mine !== asked) return;
      status.textContent = fill(t.failed, { reason: error instanceof Error ? error.message : String(error) });
      results.innerHTML = '';
    }
  };

  const open = () => {
    if (dialog.open) return;
    dialog.showModal();
    input.select();
    if (!status.textContent) status.textContent = t.loading;
    // Start loading the index while the reader types.
    void loadPagefind(base).then(
      () => void (status.textContent === t.loading && (status.textContent = '')),
      () => undefined,
    );
  };
  openButton.addEventListener('click', open);
  input.addEventListener('input', () => void run());
  // A result may be on this page: close first, so the jump is seen.
  results.addEventListener('click', (e) => {
    if ((e.target as Element).closest('[data-search-link]')) dialog.close();
  });
  // Click outside the box closes it, as Escape does.
  dialog.addEventListener('click', (e) => {
    if (e.target === dialog) dialog.close();
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || dialog.open) return;
    const target = e.target as HTMLElement | null;
    if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return; // typing a "/" stays typing
    e.preventDefault();
    open();
  });
}
