// The WASM core answers in a Web Worker (web/src/runtime/worker-core.ts): the
// page's main thread never instantiates it, a long computation in the core
// leaves the page responsive, and a request that runs past the limit is
// stopped (alone or with another waiting, which is then answered). Where a host page's
// CSP forbids workers, <tally-widget> falls back to the page's main thread.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Page, Worker } from '@playwright/test';

import { builtVersion, startHost, type HostServer } from './embed-host';
import { allReady, DEFAULTS, expect, settled, test, typeInto, widget } from './fixtures';

/** Counts WASM instantiations on the page's main thread and the workers it starts. */
async function watchMainThread(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { instantiations: 0, workers: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const instantiate = WebAssembly.instantiate.bind(WebAssembly);
    WebAssembly.instantiate = ((...args: Parameters<typeof WebAssembly.instantiate>) => {
      seen.instantiations++;
      return instantiate(...args);
    }) as typeof WebAssembly.instantiate;
    const streaming = WebAssembly.instantiateStreaming.bind(WebAssembly);
    WebAssembly.instantiateStreaming = (...args: Parameters<typeof WebAssembly.instantiateStreaming>) => {
      seen.instantiations++;
      return streaming(...args);
    };
    const Instance = WebAssembly.Instance;
    WebAssembly.Instance = function (this: unknown, ...args: ConstructorParameters<typeof Instance>) {
      seen.instantiations++;
      return new Instance(...args);
    } as unknown as typeof Instance;
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        seen.workers.push(options?.name ?? '');
      }
    };
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { instantiations: number; workers: string[] } }).__seen);

/** The core's worker (a blob: worker the page started). */
async function coreWorker(page: Page): Promise<Worker> {
  await expect.poll(() => page.workers().filter((w) => w.url().startsWith('blob:')).length).toBeGreaterThan(0);
  return page.workers().find((w) => w.url().startsWith('blob:'))!;
}

/** Keep the worker's thread busy for `ms`, as a long core request would (the promise ends with the worker). */
function occupy(worker: Worker, ms: number): void {
  worker
    .evaluate((duration) => {
      const end = Date.now() + duration;
      while (Date.now() < end);
    }, ms)
    .catch(() => undefined); // the page stops this worker: the evaluation then has no answer
}

test('the core runs in a worker: the page’s main thread never instantiates it, and edits are answered', async ({ page, core }) => {
  await watchMainThread(page);
  await page.goto('./2-6.html');
  await allReady(page);
  const capacity = widget(page, 'capacity');
  await typeInto(capacity.locator('[data-key="ctx"]'), '32768');
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 32768 }).display));
  expect(await seen(page)).toEqual({ instantiations: 0, workers: ['tally-core'] });
  await coreWorker(page);
});

test('a long computation in the core leaves the page responsive; past the limit it is stopped for the next request', async ({ page, core }) => {
  test.setTimeout(90_000);
  await page.goto('./2-6.html');
  await allReady(page);
  await settled(page);
  const capacity = widget(page, 'capacity');
  const ctx = capacity.locator('[data-key="ctx"]');
  await typeInto(ctx, '16384');
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 16384 }).display));

  occupy(await coreWorker(page), 60_000);
  await page.waitForTimeout(300); // the evaluation has started
  await typeInto(ctx, '32768'); // this request waits behind the busy core
  // Meanwhile the page's own work goes on: animation frames and a click handler.
  const longestFrameMs = await page.evaluate(async () => {
    let longest = 0;
    let last = performance.now();
    const until = last + 1500;
    await new Promise<void>((resolve) => {
      const frame = (now: number) => {
        longest = Math.max(longest, now - last);
        last = now;
        if (now < until) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
    return longest;
  });
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'probe';
    button.addEventListener('click', () => (button.dataset.clicked = 'yes'));
    document.body.prepend(button);
  });
  const clickStart = Date.now();
  await page.getByRole('button', { name: 'probe' }).click();
  await expect(page.getByRole('button', { name: 'probe' })).toHaveAttribute('data-clicked', 'yes');
  const clickMs = Date.now() - clickStart;
  // A frame every 16 ms on an idle machine; a busy 2-core machine stretches that, never to the 60 s the core is busy.
  expect(longestFrameMs).toBeLessThan(1000);
  expect(clickMs).toBeLessThan(2000);
  // The edit is still waiting for the core: the widget shows the last answer.
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 16384 }).display));

  // Past the limit (5 s) the next request stops the busy worker and is answered by a new one.
  await page.waitForTimeout(5200);
  await typeInto(ctx, '65536');
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 65536 }).display), { timeout: 15_000 });
  await expect(capacity).toHaveAttribute('data-state', 'ok');
});

test('a request stopped for running too long says so in its widget, and the other widget is answered', async ({ page, core }) => {
  test.setTimeout(90_000);
  await page.goto('./2-6.html');
  await allReady(page);
  await settled(page); // the page's own warm-up requests are done: the next request is the one under test
  const capacity = widget(page, 'capacity');
  const other = page
    .locator('[data-widget][data-instance]')
    .filter({ has: page.locator('[data-key]') })
    .nth(1);
  const otherInstance = (await other.getAttribute('data-instance'))!;
  expect(otherInstance).not.toBe('capacity');

  occupy(await coreWorker(page), 60_000);
  await page.waitForTimeout(300);
  // One input event, one request: sent to the busy worker.
  await capacity.locator('[data-key="ctx"]').fill('32768');
  await page.waitForTimeout(5200);
  // Another widget asks: the capacity request has run past the limit while this one waits.
  const control = other.locator('input[data-key]').first();
  const before = await other.locator('[data-output]').innerText();
  await control.fill(String(Number(await control.inputValue()) * 2 || 1));
  await expect(capacity).toHaveAttribute('data-state', 'error');
  await expect(capacity.getByTestId('error')).toContainText('超過 5 秒，已停止');
  await expect.poll(() => other.locator('[data-output]').innerText(), { timeout: 15_000 }).not.toBe(before);
  // The core works again for the widget that was stopped.
  await typeInto(capacity.locator('[data-key="ctx"]'), '65536');
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 65536 }).display));
  await expect(capacity).toHaveAttribute('data-state', 'ok');
});

test('a lone request that runs past the limit is stopped too, with no other request waiting', async ({ page, core }) => {
  test.setTimeout(90_000);
  await page.goto('./2-6.html');
  await allReady(page);
  await settled(page); // nothing else is queued: the request under test is alone
  const capacity = widget(page, 'capacity');
  occupy(await coreWorker(page), 60_000);
  await page.waitForTimeout(300);
  const sent = Date.now();
  await capacity.locator('[data-key="ctx"]').fill('32768');
  // No other input: the stop comes from the request's own timer.
  await expect(capacity).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
  expect(Date.now() - sent).toBeGreaterThanOrEqual(4900);
  await expect(capacity.getByTestId('error')).toContainText('超過 5 秒，已停止');
  // The busy worker (still in its 60 s loop) was stopped: a new one answers.
  await typeInto(capacity.locator('[data-key="ctx"]'), '65536');
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 65536 }).display));
  await expect(capacity).toHaveAttribute('data-state', 'ok');
});

test('a figure’s data table the reader opened stays open when a later answer changes the figure’s rows', async ({ page }) => {
  // Answers arrive a thread hop later, possibly after the reader (or a test) opened the table.
  await page.goto('./2-3.html');
  await allReady(page);
  const fig = page.locator('[data-instance="fig-2-14"]');
  const table = fig.getByTestId('figure-data');
  await table.locator('summary').click();
  await expect(table).toHaveJSProperty('open', true);
  const output = fig.locator('[data-output]');
  const shape = await output.getAttribute('data-shape');
  await fig.locator('input[data-key]').first().fill('65536');
  // The new answer has other rows: the output region was rebuilt, with the table still open.
  await expect(output).not.toHaveAttribute('data-shape', shape ?? '');
  await expect(table.locator('tr[data-row="buffer"] .how-button')).toBeVisible();
  await expect(table).toHaveJSProperty('open', true);
});

test.describe('on a third-party page', () => {
  let host: HostServer;
  test.beforeAll(async () => {
    host = await startHost();
  });
  test.afterAll(() => host?.stop());

  test('<tally-widget> elements run the core in a worker the host page starts', async ({ page, baseURL, core }) => {
    await watchMainThread(page);
    const tally = new URL(baseURL!).origin;
    await page.goto(`${host.origin}/index.html?tally=${encodeURIComponent(tally)}&ver=${builtVersion()}`);
    const e0 = page.getByTestId('element-0');
    await expect(e0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await typeInto(e0.locator('[data-key="ctx"]'), '32768');
    await expect(e0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', context: 32768 }).display));
    expect(await seen(page)).toEqual({ instantiations: 0, workers: ['tally-core'] });
  });

  test('where the host’s CSP forbids workers, <tally-widget> runs the core on the page and says so in the console', async ({
    page,
    baseURL,
    core,
    pageErrors,
  }) => {
    const tally = new URL(baseURL!).origin;
    const base = `${tally}/v/${builtVersion()}/`;
    const notes: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info') notes.push(m.text());
    });
    // A third-party page with a policy of its own, served on a port of its own
    // (a page Playwright fulfilled would count as public and could not load from 127.0.0.1).
    const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta http-equiv="Content-Security-Policy" content="worker-src 'none'">
<script type="module" src="${base}embed.js"></script></head>
<body><tally-widget widget="capacity" state="gpu=h100-sxm"></tally-widget></body></html>`;
    const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const el = page.locator('tally-widget');
      await expect(el.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      await typeInto(el.locator('[data-key="ctx"]'), '32768');
      await expect(el.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', context: 32768 }).display));
      expect(notes.filter((n) => n.includes('main thread'))).toHaveLength(1);
      // The browser reports the refused worker as a console error: expected here, and the only one.
      const refused = pageErrors.filter((e) => /worker/i.test(e) && /Content Security Policy/.test(e));
      expect(refused.length).toBeGreaterThan(0);
      pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !refused.includes(e)));
    } finally {
      server.close();
    }
  });
});
