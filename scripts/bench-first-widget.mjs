// Navigation → first interactive widget, as `npm run bench` times it (per
// page in scripts/bench.mjs, per edition in scripts/bench-editions.mjs).
//
// The page reports when its first widget becomes interactive (relative to
// navigation start) on the console: the harness waits for that message and
// runs nothing in the page before it, so it takes no main-thread time from
// the load it measures.
//
// Three kinds of load:
//   warm: one tab moving through the chapter, the content-hashed files
//     (code, core, styles, fonts) kept by the browser as scripts/serve.mjs
//     and any static host allow, the offline copy's service worker
//     installed and controlling the tab, as for a returning reader;
//   no cache: the same tab with the browser's HTTP cache off and the
//     service worker bypassed, so the core and every file the cache would
//     keep are fetched and compiled again;
//   first visit: a new tab each time, the previous one closed and the
//     browser's HTTP cache cleared, so the page gets a renderer that has
//     never laid out text (fonts matched, shaped and mapped anew) and
//     compiles every script and the core afresh. Not a new browser
//     context: Chromium starts a WebUI renderer for each new context (the
//     omnibox popup, about a second of CPU in a trace) that competes with
//     the page on this 2-core machine and is no part of a reader's visit.

export const TARGET_FIRST_WIDGET_MS = 300;
export const LOADS = 9; // per page and kind of load: the median of 9 moves less with the machine's load than that of 5

/** The median of `times` (an odd count). */
export function middle(times) {
  return [...times].sort((a, b) => a - b)[times.length >> 1];
}

async function watched(context, options = {}) {
  const tab = await context.newPage(options);
  await tab.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-widget][data-ready="true"]')) {
        observer.disconnect();
        console.log(`tally-first-widget ${performance.now()}`);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
  });
  return tab;
}

async function firstWidget(tab, target) {
  const ready = tab.waitForEvent('console', { predicate: (m) => m.text().startsWith('tally-first-widget '), timeout: 20000 });
  await tab.goto(target, { waitUntil: 'commit' });
  return Number((await ready).text().split(' ')[1]);
}

/**
 * A timer of first-widget loads in `browser`, after one throwaway load per
 * kind of tab (it measures Chromium's own start-up: process launch, first
 * compile of its internals, not the page). `median(kind, target)` is the
 * median of LOADS loads in milliseconds (a warm median fills the cache
 * first); `once(kind, target)` is one load; `page` is the warm tab, for
 * what the bench does next; `close()` closes both of its browser contexts.
 *
 * The warm tab runs the offline copy's service worker, as a returning
 * reader's does; timing starts once it has installed (stored the site), so
 * its install does not share the two cores with the loads timed.
 * `{ serviceWorkers: 'block' }` times the same loads without it. A first
 * visit never has one: the worker registers after the page is live, and
 * Cache Storage outlives Network.clearBrowserCache, so a worker installed
 * by one "first" visit would serve the next.
 */
export async function firstWidgetTimer(browser, url, { serviceWorkers = 'allow' } = {}) {
  const page = await watched(browser, { serviceWorkers });
  const cdp = await page.context().newCDPSession(page);
  const visitors = await browser.newContext({ serviceWorkers: 'block' });
  const visitorCdp = await visitors.newCDPSession(await visitors.newPage()); // keeps the context open between visits
  const firstVisit = async (target) => {
    await visitorCdp.send('Network.clearBrowserCache');
    const tab = await watched(visitors);
    try {
      return await firstWidget(tab, target);
    } finally {
      await tab.close();
    }
  };
  await page.goto(url, { waitUntil: 'load' });
  if (serviceWorkers === 'allow') {
    const installed = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), 120000))]),
    );
    if (!installed) throw new Error('bench: the offline copy did not install within 2 minutes');
  }
  await firstVisit(`${url}pitfalls.html`);
  /** One load of `kind`. */
  const once = async (kind, target) => {
    if (kind === 'first visit') return firstVisit(target);
    // The tab's HTTP cache is off only for "no cache" (a first visit clears its own context's),
    // and the worker is bypassed then too: its Cache Storage would otherwise serve what the HTTP cache may not.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: kind === 'no cache' });
    await cdp.send('Network.setBypassServiceWorker', { bypass: kind === 'no cache' });
    return firstWidget(page, target);
  };
  const median = async (kind, target) => {
    if (kind === 'warm') await once(kind, target); // fill the cache
    const firsts = [];
    for (let i = 0; i < LOADS; i++) firsts.push(await once(kind, target));
    return middle(firsts);
  };
  const close = async () => {
    await page.context().close();
    await visitors.close();
  };
  return { page, once, median, close };
}
