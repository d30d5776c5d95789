// Per-page load timings of the built site (dist/), raw rows of 5
// loads each in one tab (the bench's warm load): responseEnd, domInteractive,
// DCL, the marks tally:main / tally:wasm-compiled / tally:engine, and the
// first widget ready, to see where a load's time goes. Its waitForFunction
// polls inside the page while it loads, so its totals run a little above the
// bench's, which waits for the page's console message instead.
// Usage: node scripts/pagetime.mjs 2-1,2-6,figures
import { chromium } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticServer, listen } from './serve.mjs';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = createStaticServer(path.join(root, 'dist'));
const url = await listen(server, 8731);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.addInitScript(() => {
  new MutationObserver((_, o) => {
    if (document.querySelector('[data-widget][data-ready="true"]')) {
      window.__firstReady = performance.now();
      o.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
});
await page.goto(url, { waitUntil: 'load' });
for (const p of (process.argv[2] ?? '2-1,2-6,figures').split(',')) {
  const rows = [];
  for (let k = 0; k < 5; k++) {
    await page.goto(`${url}${p}.html`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__firstReady !== undefined);
    rows.push(
      await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0];
        const m = (name) => performance.getEntriesByName(name)[0]?.startTime?.toFixed(0);
        return {
          resp: n.responseEnd.toFixed(0),
          domInt: n.domInteractive.toFixed(0),
          dcl: n.domContentLoadedEventEnd.toFixed(0),
          main: m('tally:main'),
          compiled: m('tally:wasm-compiled'),
          engine: m('tally:engine'),
          first: window.__firstReady.toFixed(0),
        };
      }),
    );
  }
  console.log(p, JSON.stringify(rows));
}
await browser.close();
server.close();
