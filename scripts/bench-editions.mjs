// The editions part of `npm run bench` (issue 20): each built edition's
// navigation → first interactive widget for two pages (2-1: Table 2-1 and
// the exercises; 2-3: the state curves), warm and first visit, timed as the
// per-page rows are (scripts/bench-first-widget.mjs). The editions of one
// page are timed one after another so the machine's load drifts alike for
// them. A figure to read, not a test. Alone: `node scripts/bench-editions.mjs`
// (or `node scripts/bench.mjs --only editions`) against an existing dist/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { EDITIONS } from '../web/scripts/editions.mjs';
import { workerFile } from '../web/scripts/service-worker.mjs';
import { firstWidgetTimer, LOADS, TARGET_FIRST_WIDGET_MS } from './bench-first-widget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = ['2-1.html', '2-3.html'];
const KINDS = ['warm', 'first visit'];

/** The editions dist/ holds (English is built only once complete). */
function builtEditions() {
  return EDITIONS.filter((e) => fs.existsSync(path.join(root, 'dist', e.dir, 'index.html')));
}

/**
 * The warm tab saves every built edition's offline copy first, as a returning
 * reader of that edition has it (each edition has its own worker, scoped to
 * its folder: web/src/offline/register.ts saves a second edition only when
 * the reader accepts, so the tab registers them itself).
 */
async function saveEveryEdition(page, url) {
  for (const e of builtEditions()) {
    await page.goto(`${url}${e.dir}index.html`, { waitUntil: 'load' });
    await page.evaluate(
      async ([worker, scope]) => {
        await navigator.serviceWorker.register(worker, { scope });
        await navigator.serviceWorker.ready; // the registration of this page's scope, once active
      },
      [`${url}${workerFile(e)}`, `${url}${e.dir}`],
    );
  }
}

/** Report each built edition's first-widget median for PAGES × KINDS with `timer` (firstWidgetTimer). */
export async function benchEditions(timer, url, report) {
  await saveEveryEdition(timer.page, url);
  for (const file of PAGES) {
    for (const kind of KINDS) {
      for (const e of builtEditions()) {
        const median = await timer.median(kind, `${url}${e.dir}${file}`);
        report(
          `${e.dir}${file} (${e.lang} edition): navigation → first interactive widget, ${kind}, median of ${LOADS}`,
          `${median.toFixed(1)} ms`,
          `≤ ${TARGET_FIRST_WIDGET_MS} ms ${median <= TARGET_FIRST_WIDGET_MS ? 'OK' : 'MISSED'}`,
        );
      }
    }
  }
}

// Run alone against dist/ when invoked directly.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { createStaticServer, listen } = await import('./serve.mjs');
  const { chromium } = await import('@playwright/test');
  const rows = [];
  const report = (name, value, target = '') => rows.push([name, value, target]);
  report(
    'machine load average (1, 5, 15 min) before the timings',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
  );
  const server = createStaticServer(path.join(root, 'dist'));
  const url = await listen(server, 8703);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await benchEditions(await firstWidgetTimer(browser, url), url, report);
  } finally {
    await browser.close();
    server.close();
  }
  report(
    'machine load average (1, 5, 15 min) after the timings',
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
  );
  console.log('\nTally benchmark: editions');
  const width = Math.max(...rows.map(([n]) => n.length));
  for (const [name, value, target] of rows) console.log(`  ${name.padEnd(width)}  ${value}${target ? `   (target ${target})` : ''}`);
}
