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
//     and any static host allow;
//   no cache: the same tab with the browser's HTTP cache off, so the core
//     and every file the cache would keep are fetched and compiled again;
//   first visit: a new tab each time, the previous one closed and the
//     browser's HTTP cache cleared, so the page gets a renderer that has
//     never laid out text (fonts matched, shaped and mapped anew) and
//     compiles every script and the core afresh. Not a new browser
//     context: Chromium starts a WebUI renderer for each new context (the
//     omnibox popup, about a second of CPU in a trace) that competes with
//     the page on this 2-core machine and is no part of a reader's visit.

export const TARGET_FIRST_WIDGET_MS = 300;
export const LOADS = 9; // per page and kind of load: the median of 9 moves less with the machine's load than that of 5

async function watched(context) {
  const tab = await context.newPage();
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
 * first); `page` is the warm tab, for what the bench does next.
 */
export async function firstWidgetTimer(browser, url) {
  const page = await watched(browser);
  const cdp = await page.context().newCDPSession(page);
  const visitors = await browser.newContext();
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
  await firstVisit(`${url}pitfalls.html`);
  const time = (kind, target) => (kind === 'first visit' ? firstVisit(target) : firstWidget(page, target));
  const median = async (kind, target) => {
    // The tab's HTTP cache is off only for "no cache" (a first visit clears its own context's).
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: kind === 'no cache' });
    if (kind === 'warm') await time(kind, target); // fill the cache
    const firsts = [];
    for (let i = 0; i < LOADS; i++) firsts.push(await time(kind, target));
    firsts.sort((a, b) => a - b);
    return firsts[LOADS >> 1];
  };
  return { page, median };
}
