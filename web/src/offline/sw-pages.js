// The pages half of the offline copy's service worker: a classic worker
// script, imported by Workbox's dist/sw.js. web/scripts/service-worker.mjs
// writes it once per edition as sw-pages.<revision>.js with two constants in
// front of it: TALLY_PAGES (every page of that edition) and TALLY_PAGES_CACHE
// (this version's pages cache for that edition, "tally-pages-<lang>-<revision>").
// Each edition's worker has its own scope (its folder), so two saved editions
// live side by side and each drops only its own older pages.
//
// Why not Workbox's NetworkFirst: it tees every page's body through the
// worker to refresh its cache, and the page waits on that pipe (175–250
// KiB of HTML each time): 35–40 ms more to the first widget on a warm load,
// mean over four pages (scripts/bench-offline.mjs). Here the network's response goes to the page
// untouched, so Chromium hands its body straight through. The cache is not
// refreshed by browsing either: it holds this version's pages, stored
// when the worker installs, so an offline page always matches the code and
// core precached beside it.

/* global TALLY_PAGES, TALLY_PAGES_CACHE */

/** "tally-pages-en-": this edition's pages caches, of every version. */
const OWN_PAGES = TALLY_PAGES_CACHE.replace(/[^-]+$/, '');
/** Before the offline copy was per edition, one cache held every edition's pages: "tally-pages-<revision>". */
const ALL_EDITIONS_PAGES = /^tally-pages-[0-9a-f]+$/;

const NETWORK_TIMEOUT_MS = 4000; // a stalled network gives way to the stored page after this long

self.addEventListener('install', (event) => {
  event.waitUntil(storeEveryPage());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([dropOtherVersionsPages(), self.registration.navigationPreload?.enable()]));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(pageFor(event));
});

async function storeEveryPage() {
  const cache = await caches.open(TALLY_PAGES_CACHE);
  await cache.addAll(TALLY_PAGES.map((url) => new Request(url, { cache: 'reload' })));
}

async function dropOtherVersionsPages() {
  const names = await caches.keys();
  const stale = names.filter((name) => (name.startsWith(OWN_PAGES) || ALL_EDITIONS_PAGES.test(name)) && name !== TALLY_PAGES_CACHE);
  await Promise.all(stale.map((name) => caches.delete(name)));
}

/** Network first (the preloaded response when the browser started one), the stored page when the network fails or stalls. */
async function pageFor(event) {
  const network = Promise.resolve(event.preloadResponse).then((preloaded) => preloaded ?? fetch(event.request));
  let timer;
  const stalled = new Promise((resolve) => (timer = setTimeout(resolve, NETWORK_TIMEOUT_MS)))
    .then(() => storedPage(event.request))
    .then((stored) => stored ?? network);
  try {
    return await Promise.race([network, stalled]);
  } catch {
    return (await storedPage(event.request)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

/** The stored page for a request, under each name a static host serves it by. */
async function storedPage(request) {
  const cache = await caches.open(TALLY_PAGES_CACHE);
  for (const name of pageNames(request.url)) {
    const page = await cache.match(name, { ignoreSearch: true });
    if (page) return page;
  }
  return undefined;
}

/**
 * The URL as asked, then as stored: pages are stored by file name, and a
 * host answers /en/ with /en/index.html and /3-1 with /3-1.html (scripts/
 * serve.mjs, GitHub Pages), so offline those must find the same pages.
 */
function pageNames(href) {
  const url = new URL(href);
  url.hash = '';
  url.search = '';
  const names = [url.href];
  if (url.pathname.endsWith('/')) names.push(`${url.href}index.html`);
  else if (!/\.[^/]*$/.test(url.pathname)) names.push(`${url.href}.html`, `${url.href}/index.html`);
  return names;
}
