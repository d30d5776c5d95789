// The search dialog: the header's button or "/" opens it; typing asks
// Pagefind (loaded on first open, search/pagefind.ts) and lists the pages'
// hits in context, each a link to its anchor (search/anchors.ts), after the
// catalog's model and GPU names that match, each a link to a widget preset
// to it (search/names.ts). Strings come with the dialog's markup.

import { esc } from '../runtime/html';
import { hitsOf, type Hit } from './anchors';
import { labelHits, loadLabels, type LabelledBox } from './labels';
import { loadNames, matchingNames } from './names';
import type { SearchName } from './names-build';
import { loadPagefind, type PagefindResult } from './pagefind';
import { fill, type SearchRuntimeText } from './text';
import './search.css';

/** Pages listed at most (Pagefind ranks them); each lists its hits. */
const MAX_PAGES = 8;
const MAX_HITS_PER_PAGE = 4;
/**
 * Pagefind's results read at most, a batch of MAX_PAGES at a time, to find
 * MAX_PAGES pages that keep a hit: a Chinese word matches character by
 * character, so with every chapter added more pages rank above the one that
 * holds the word whole (四類狀態 ranked 2-3 below eight pages of 狀態).
 */
const MAX_READ = 64;

/** Pagefind's excerpt (text with <mark> around the matched words) as nodes of an inert document. */
const excerptNodes = (excerpt: string) => [...new DOMParser().parseFromString(`<p>${excerpt}</p>`, 'text/html').body.firstChild!.childNodes];

/** The excerpt as safe markup: its text, and its marks. */
function excerptHtml(excerpt: string): string {
  return excerptNodes(excerpt)
    .map((n) => (n.nodeName === 'MARK' ? `<mark>${esc(n.textContent ?? '')}</mark>` : esc(n.textContent ?? '')))
    .join('');
}

const flat = (s: string) => s.toLowerCase().replace(/[\s\-_·]+/g, '');

/** Whether a hit's title or excerpt holds the query whole. */
function holdsWhole(query: string, hit: Hit): boolean {
  const shown = excerptNodes(hit.excerpt)
    .map((n) => n.textContent ?? '')
    .join('');
  return flat(shown + hit.title).includes(flat(query));
}

/**
 * A Latin name typed whole ("H200", "Qwen3-32B") must be found whole: Pagefind
 * splits it into pieces ("H", "200") and would list every formula with an H.
 */
function keepHit(query: string, hit: Hit): boolean {
  if (!/^[\x21-\x7e]+$/.test(query) || !/[a-z]/i.test(query) || !/\d/.test(query)) return true;
  return holdsWhole(query, hit);
}

/**
 * A Chinese word typed whole (預填) is wanted whole: Pagefind matches its
 * characters one by one, so 預設 and 預留 would count for 預填. Only hits
 * that hold the word are listed.
 */
function wholeWordsOnly<T extends { hits: Hit[] }>(query: string, pages: T[]): T[] {
  if (!/[\u3400-\u9fff]/.test(query) || /\s/.test(query.trim())) return pages;
  return pages.map((p) => ({ ...p, hits: p.hits.filter((h) => holdsWhole(query, h)) }));
}

function namesHtml(names: SearchName[], t: SearchRuntimeText): string {
  if (!names.length) return '';
  const items = names
    .map(
      (n) =>
        `<li><a class="search-name" href="${esc(n.href)}" data-search-link>${esc(fill(n.kind === 'model' ? t.model_link : t.gpu_link, { name: n.name }))}</a></li>`,
    )
    .join('');
  return `<section class="search-group"><h3>${esc(t.names_heading)}</h3><ul class="search-list">${items}</ul></section>`;
}

function hitHtml(page: string, hit: Hit): string {
  return `<li><a class="search-hit" href="${esc(hit.url)}" data-search-link><span class="search-hit-title">${esc(hit.title)}</span><span class="search-hit-page">${esc(page)}</span><span class="search-excerpt">${excerptHtml(hit.excerpt)}</span></a></li>`;
}

/**
 * The pages' hits, and how many pages have one. A box whose label the query
 * is (練習 3-2) comes first, wherever Pagefind ranks its page.
 */
async function pagesHtml(results: PagefindResult[], query: string, t: SearchRuntimeText, labelled: LabelledBox[]): Promise<{ html: string; pages: number }> {
  const boxes = labelHits(labelled, query);
  const first = new Set(boxes.map((b) => b.url));
  const hits: { page: string; hits: Hit[] }[] = [];
  for (let read = 0; read < Math.min(results.length, MAX_READ) && hits.length < MAX_PAGES; read += MAX_PAGES) {
    const pages = await Promise.all(results.slice(read, read + MAX_PAGES).map((r) => r.data()));
    const kept = wholeWordsOnly(
      query,
      pages.map((data) => ({
        page: data.meta.title ?? '',
        hits: hitsOf(data, new URL('./', document.baseURI).pathname, query).filter((h) => keepHit(query, h) && !first.has(h.url)),
      })),
    )
      .map((p) => ({ ...p, hits: p.hits.slice(0, MAX_HITS_PER_PAGE) }))
      .filter((p) => p.hits.length);
    hits.push(...kept.slice(0, MAX_PAGES - hits.length));
  }
  const items = [...boxes.map((b) => hitHtml(b.page, b)), ...hits.flatMap(({ page, hits }) => hits.map((h) => hitHtml(page, h)))];
  if (!items.length) return { html: '', pages: 0 };
  const pageCount = new Set([...boxes.map((b) => b.page), ...hits.map((p) => p.page)]).size;
  return { html: `<section class="search-group"><h3>${esc(t.pages_heading)}</h3><ul class="search-list">${items.join('')}</ul></section>`, pages: pageCount };
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
  // Beside the index of the page's language (web/scripts/search-labels.mjs).
  const labelsUrl = `${base}labels.${doc.documentElement.lang}.json`;
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
      const [api, names, labelled] = await Promise.all([loadPagefind(base), loadNames(namesUrl), loadLabels(labelsUrl)]);
      const found = await api.debouncedSearch(query, {}, 150);
      if (found === null || mine !== asked) return; // a newer query superseded this one
      const pages = await pagesHtml(found.results, query, t, labelled);
      const html = namesHtml(matchingNames(names, query), t) + pages.html;
      if (mine !== asked) return;
      status.textContent = fill(pages.pages ? t.count : html ? t.names_only : t.empty, { count: pages.pages, query });
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
