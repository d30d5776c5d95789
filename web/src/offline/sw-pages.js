// The pages half of the offline copy's service worker: a classic worker
// script, imported by Workbox's dist/sw.js. web/scripts/service-worker.mjs
// writes it once per edition as sw-pages.<revision>.js with constants in
// front of it: TALLY_PAGES (every page of that edition), TALLY_PAGES_CACHE
// (this version's pages cache for that edition, "tally-pages-<lang>-<revision>"),
// TALLY_VISITS_CACHE (pages outside the copy, stored when visited, and what
// they load: Workbox's runtime routes write the latter) and
// TALLY_OFFLINE_PAGES (edition folder → its offline page, for every edition
// this worker may be asked for).
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
//
// Pages outside the copy (embed.html, the articles: too large to store
// unasked, embed.html alone is 1.2 MB) are stored the first time they are
// opened online, in this version's visits cache; only those pages' responses
// are teed. A page neither stored nor visited gets the edition's offline
// page (offline/fallback-page.ts) instead of the browser's error page.

/* global TALLY_PAGES, TALLY_PAGES_CACHE, TALLY_VISITS_CACHE, TALLY_OFFLINE_PAGES */

/** "tally-pages-en-", "tally-visits-en-": this edition's caches of pages, of every version. */
const OWN_PAGES = TALLY_PAGES_CACHE.replace(/[^-]+$/, '');
const OWN_VISITS = TALLY_VISITS_CACHE.replace(/[^-]+$/, '');
/** The site root: the worker's own folder (every edition's worker sits there). */
const SITE_ROOT = new URL('./', self.location.href).href;
/** Every address a stored page answers to, so a visit to one is never stored twice. */
const STORED = new Set(TALLY_PAGES.flatMap((page) => pageNames(new URL(page, SITE_ROOT).href)));
/** The folder of the worker's own edition ("" for the root's, "en/"): visits elsewhere are another edition's to store. */
const OWN_DIR = Object.keys(TALLY_OFFLINE_PAGES).reduce((a, b) => (a.length <= b.length ? a : b));
/** The offline-page marks offline/fallback-page.ts writes (FALLBACK_BASE, FALLBACK_RETRY). */
const FALLBACK_BASE = '<base href="./">';
const FALLBACK_RETRY = 'href="offline.html" data-offline-retry';
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
  const pages = [...TALLY_PAGES, ...Object.values(TALLY_OFFLINE_PAGES)];
  await cache.addAll(pages.map((url) => new Request(url, { cache: 'reload' })));
}

async function dropOtherVersionsPages() {
  const names = await caches.keys();
  const stale = names.filter(
    (name) => (name.startsWith(OWN_PAGES) || name.startsWith(OWN_VISITS) || ALL_EDITIONS_PAGES.test(name)) && name !== TALLY_PAGES_CACHE && name !== TALLY_VISITS_CACHE,
  );
  await Promise.all(stale.map((name) => caches.delete(name)));
}

/** The edition folder a URL of the site lies in ("" for the root edition's pages): the longest that matches. */
function editionDir(href) {
  const path = href.startsWith(SITE_ROOT) ? href.slice(SITE_ROOT.length) : '';
  return Object.keys(TALLY_OFFLINE_PAGES)
    .filter((dir) => path.startsWith(dir))
    .reduce((a, b) => (a.length >= b.length ? a : b), '');
}

/** A page outside the copy, of this worker's edition: stored when it is opened online. */
function keptOnVisit(request) {
  return !pageNames(request.url).some((name) => STORED.has(name)) && editionDir(request.url) === OWN_DIR;
}

/** The network's response, and a copy of it in the visits cache when the page is one to keep. */
function fromNetwork(event) {
  const network = Promise.resolve(event.preloadResponse).then((preloaded) => preloaded ?? fetch(event.request));
  if (!keptOnVisit(event.request)) return network;
  return network.then((response) => {
    if (response.ok && response.type === 'basic') {
      const copy = response.clone();
      event.waitUntil(caches.open(TALLY_VISITS_CACHE).then((cache) => cache.put(storedName(event.request.url), copy)));
    }
    return response;
  });
}

/** A page's address as stored: without its query and hash (embed.html is one page for every ?w=). */
function storedName(href) {
  const url = new URL(href);
  url.hash = '';
  url.search = '';
  return url.href;
}

/** The offline page of the request's edition, pointed at the request's folder and address. */
async function offlinePage(request) {
  const file = TALLY_OFFLINE_PAGES[editionDir(request.url)];
  if (file === undefined) return undefined;
  const stored = await (await caches.open(TALLY_PAGES_CACHE)).match(new URL(file, SITE_ROOT).href);
  if (!stored) return undefined;
  const folder = new URL('./', new URL(file, SITE_ROOT)).href;
  const html = (await stored.text())
    .replace(FALLBACK_BASE, `<base href="${escapeAttr(folder)}">`)
    .replace(FALLBACK_RETRY, `href="${escapeAttr(request.url)}" data-offline-retry`);
  // 200: the page is what the reader should see, and a 503 would be logged as a failed load on top of it.
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function escapeAttr(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Network first (the preloaded response when the browser started one), the
 * stored or visited page when the network fails or stalls, and the edition's
 * offline page when there is neither.
 */
async function pageFor(event) {
  const network = fromNetwork(event);
  let timer;
  const stalled = new Promise((resolve) => (timer = setTimeout(resolve, NETWORK_TIMEOUT_MS)))
    .then(() => storedPage(event.request))
    .then((stored) => stored ?? network);
  try {
    return await Promise.race([network, stalled]);
  } catch {
    return (await storedPage(event.request)) ?? (await offlinePage(event.request)) ?? Response.error();
  } finally {
    clearTimeout(timer);
  }
}

/** The stored (or visited) page for a request, under each name a static host serves it by. */
async function storedPage(request) {
  for (const cacheName of [TALLY_PAGES_CACHE, TALLY_VISITS_CACHE]) {
    const cache = await caches.open(cacheName);
    for (const name of pageNames(request.url)) {
      const page = await cache.match(name, { ignoreSearch: true });
      if (page) return page;
    }
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
