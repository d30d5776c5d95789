// The offline copy's cost to a returning reader (issue 21: "first-widget
// times unchanged"): the warm first widget of a few pages with the service
// worker controlling the tab, against the same loads in a tab whose service
// workers are blocked. The two tabs take turns, load by load, so the
// machine's load drifts alike for both. A figure to read, not a test.
import { firstWidgetTimer, LOADS, middle } from './bench-first-widget.mjs';

const PAGES = ['2-1.html', '2-3.html', '3-1.html', '3-6.html'];

/** Report, for PAGES, warm first-widget medians with `timer` (worker on) and with a timer whose worker is blocked. */
export async function benchOfflineCost(browser, url, timer, report) {
  const blocked = await firstWidgetTimer(browser, url, { serviceWorkers: 'block' });
  const costs = [];
  try {
    for (const file of PAGES) {
      const target = `${url}${file}`;
      const on = [],
        off = [];
      await settled(timer, target); // fill both caches
      await settled(blocked, target);
      for (let i = 0; i < LOADS; i++) {
        on.push(await settled(timer, target));
        off.push(await settled(blocked, target));
      }
      const cost = middle(on) - middle(off);
      costs.push(cost);
      report(
        `${file}: warm first widget, service worker on / blocked, median of ${LOADS} each`,
        `${middle(on).toFixed(1)} / ${middle(off).toFixed(1)} ms (${signed(cost)})`,
      );
    }
    report(`the service worker's cost to a warm first widget, mean over ${PAGES.length} pages`, signed(costs.reduce((a, b) => a + b, 0) / costs.length));
  } finally {
    await blocked.close();
  }
}

/**
 * One warm load, after which the tab waits for the page to settle (every
 * widget live and warmed: the mark hydrate-page.ts sets), as a reader's
 * page has when they move on. A page still loading would take the cores
 * from the other tab's timed load, and its worker would still be serving it.
 */
async function settled(timer, target) {
  const ms = await timer.once('warm', target);
  await timer.page.waitForFunction(() => performance.getEntriesByName('tally:warm').length > 0, null, { timeout: 60000 });
  return ms;
}

const signed = (ms) => `${ms >= 0 ? '+' : ''}${ms.toFixed(1)} ms`;
