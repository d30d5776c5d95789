// Pagefind's browser API, loaded on first use only: the script and its index
// chunks live in dist/pagefind/ (written by web/scripts/search-index.mjs), so
// a page that is only read never fetches any of it.

export interface PagefindAnchor {
  element: string;
  id: string;
  text: string;
  location: number;
}

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  locations: number[];
}

export interface PagefindData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  anchors: PagefindAnchor[];
  sub_results: PagefindSubResult[];
  locations: number[];
}

export interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}

interface PagefindApi {
  options(o: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  debouncedSearch(term: string, opts?: object, ms?: number): Promise<{ results: PagefindResult[] } | null>;
}

let loading: Promise<PagefindApi> | undefined;

/** The Pagefind API under `base` (a folder URL relative to the page), imported once. */
export function loadPagefind(base: string): Promise<PagefindApi> {
  loading ??= (async () => {
    const folder = new URL(base, document.baseURI);
    const api = (await import(/* @vite-ignore */ new URL('pagefind.js', folder).href)) as PagefindApi;
    // Result URLs come back relative to the folder Pagefind indexed, the site
    // root (2-3.html, zh-Hans/2-3.html): its bundle's parent folder. Pagefind
    // picks the index of the page's <html lang>, so hits stay in the reader's edition.
    await api.options({ basePath: folder.pathname, baseUrl: new URL('../', folder).pathname, excerptLength: 24 });
    await api.init();
    return api;
  })();
  loading.catch(() => (loading = undefined)); // a failed load (offline before any visit) may be retried
  return loading;
}
