// The page is complete before JavaScript runs, hydration does not move
// anything, and nothing is loaded from other hosts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { allReady, DEFAULTS, expect, openChapter, settled, test, widget } from './fixtures';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the prerendered HTML already contains every default result', async ({ page, core }) => {
    await page.goto('./2-1.html');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(widget(page, 'table-2-1').getByTestId('total')).toHaveText(core.ok(DEFAULTS.forward).display as string);
    await expect(widget(page, 'table-2-1').getByTestId('total')).toHaveText('133.59 TFLOPs');
    await expect(widget(page, 'table-2-1')).not.toHaveAttribute('data-ready', 'true');
    // Math is rendered at build time (KaTeX HTML + MathML), not by a script.
    expect(await page.locator('.katex').count()).toBeGreaterThan(20);
    await expect(page.locator('#tab-2-1')).toHaveCount(1);

    await page.goto('./2-6.html');
    await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);
    await expect(widget(page, 'capacity')).not.toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#sec-2-6-2')).toHaveCount(1);

    await page.goto('./2-2.html');
    const req = core.ok(DEFAULTS.request);
    await expect(widget(page, 'decode').getByTestId('reads')).toHaveText(req.kv_read_display as string);
    await expect(widget(page, 'decode').getByTestId('final-kv')).toHaveText(req.final_kv_display as string);
    await expect(widget(page, 'decode')).not.toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#example-2-3')).toHaveCount(1);
  });

  test('the raw HTML response contains the default total (no JS involved at all)', async ({ request, core }) => {
    const html = await (await request.get('./2-1.html')).text();
    expect(html).toContain(`data-testid="total" aria-live="polite" data-b="total">${core.ok(DEFAULTS.forward).display}<`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline scripts
    // No resource from another host: the only absolute URLs are links a reader follows, to the book's own
    // text on GitHub (the footer's credit and the chapter's text), never a src, stylesheet, preload or fetch.
    const absolute = [...html.matchAll(/(<[a-z]+\b[^>]*?)\b(?:src|href|content)="(https?:\/\/[^"]*)"/g)].map((m): [string, string] => [
      m[1]!.slice(0, 2),
      m[2]!,
    ]);
    for (const [tag, url] of absolute)
      expect([tag, url.replace(/^https:\/\/github\.com\/(?:899ms|bojieli)\/ai-infra-book(?:\/.*)?$/, 'book')]).toEqual(['<a', 'book']);
    expect(html.replace(/href="https:\/\/github\.com\/(?:899ms|bojieli)\/ai-infra-book[^"]*"/g, '')).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    expect(html).not.toMatch(/\b(?:src|href)="\//); // relative only: works from any sub-path
  });
});

test('hydration keeps the prerendered markup and layout (no shift)', async ({ browser, page, baseURL }) => {
  // Same viewport, with and without JavaScript: each widget's output region
  // must be identical in markup and in position/size.
  const measure = async (p: typeof page) =>
    p.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-widget]')].map((w) => {
        const out = w.querySelector<HTMLElement>('[data-output]')!;
        const r = w.getBoundingClientRect();
        return { kind: w.dataset.widget, html: out.outerHTML, box: [r.x, r.y + window.scrollY, r.width, r.height].map(Math.round) };
      }),
    );

  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1100, height: 900 } });
  const staticPage = await noJs.newPage();
  await staticPage.goto(`${baseURL!}2-1.html`);
  // The exercises' build-time answers are for readers without scripting only
  // (a reader with JavaScript never has them, styles/no-script.css), and the
  // sliders and −/+ buttons only for readers with it (styles/controls.css),
  // so the page before hydration is this one without the answers and with
  // the sliders, laid out as prerendered.
  await staticPage.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = '.exercise-static-answer { display: none !important; } .tally-slider, .tally-stepper { display: inline-block !important; }';
    document.head.append(style);
  });
  await staticPage.evaluate(() => document.fonts.ready);
  const before = await measure(staticPage);
  await noJs.close();

  await page.setViewportSize({ width: 1100, height: 900 });
  await openChapter(page, 'table-2-1');
  await settled(page); // includes the in-browser recomputation of the defaults
  await page.evaluate(() => document.fonts.ready);
  const after = await measure(page);
  expect(after).toEqual(before);
});

// Hydration must not move anything. The page is opened once before the
// measured load so that its math fonts are at hand: on a first visit a KaTeX
// font can still be in flight at the first paint (font-display: block lays
// its formula out in a fallback font until then), and the swap moves that
// formula by a few pixels however the page hydrates (score 0.0016 on 2.2 in
// about 1 of 10 loads in a new browser context). That is the fonts' timing,
// which their preloads keep short (see the font preload test), not hydration.
test('layout-shift score is zero while the widgets hydrate', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openChapter(page, 'decode'); // fetches the page's fonts
  await page.reload(); // the measured load: a new document in the same tab
  await allReady(page);
  await settled(page);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)).toBe('reload');
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
});

test('every request stays on the page origin (no CDN, fonts and WASM bundled)', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.origin !== origin) foreign.push(r.url());
  });
  await openChapter(page, 'capacity');
  await page.evaluate(() => document.fonts.ready);
  expect(foreign).toEqual([]);
});

test('the next page takes the code, the core, the styles and the fonts from the browser cache; pages themselves are revalidated', async ({ page }) => {
  await page.goto('./2-1.html');
  await allReady(page);
  const shared = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
        'link[rel=stylesheet], link[rel=modulepreload], link[data-tally=wasm], link[as=font], script[src]',
      ),
    ].map((e) => new URL('href' in e ? e.href : e.src).pathname),
  );
  expect(shared.some((p) => p.endsWith('.wasm'))).toBe(true);
  const sent = await Promise.all(shared.map(async (p) => [p, (await page.request.head(p)).headers()['cache-control']] as const));
  for (const [p, cache] of sent) expect(cache, p).toBe('public, max-age=31536000, immutable');

  await page.goto('./2-2.html');
  await allReady(page);
  const again = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname, (e as PerformanceResourceTiming).transferSize] as const),
  );
  const reused = again.filter(([p]) => shared.includes(p));
  expect(reused.length).toBeGreaterThanOrEqual(6); // two stylesheets, the page code, the core, two math fonts
  for (const [p, bytes] of reused) expect(bytes, `${p} came over the network again`).toBe(0);
  // The page itself is asked for again (it may have changed), answered in full or with 304.
  expect(await page.request.head('./2-2.html').then((r) => r.headers()['cache-control'])).toBe('no-cache');
});

test('the head starts compiling the core while the page is parsed; a server without application/wasm still works', async ({ page }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const started = await page.evaluate(() => {
    const early = (window as unknown as { __tallyCore?: { url: string } }).__tallyCore;
    return { url: early?.url, wasm: document.querySelector<HTMLLinkElement>('link[data-tally="wasm"]')?.href };
  });
  expect(started.url).toBeTruthy();
  expect(started.url).toBe(started.wasm);

  // A host that serves the binary as application/octet-stream: streaming
  // compiles refuse it, and the loader compiles the bytes instead.
  await page.route('**/*.wasm', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'application/octet-stream' } });
  });
  await page.goto('./2-1.html');
  await allReady(page);
  const w = widget(page, 'table-2-1');
  await w.getByLabel('B（請求數）').fill('2');
  await expect(w.locator('[data-testid="total"]')).not.toHaveText('');
  await expect(w).toHaveAttribute('data-state', 'ok');
});

test('if the WASM cannot load, the page says so and keeps the prerendered numbers', async ({ page, core, pageErrors }) => {
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto('./2-1.html');
  const status = widget(page, 'table-2-1').locator('[data-status]');
  const content = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/ch02/widgets.json'), 'utf8'));
  await expect(status).toHaveText(content.status.failed);
  await expect(widget(page, 'table-2-1').getByTestId('total')).toHaveText(core.ok(DEFAULTS.forward).display as string);
  await expect(widget(page, 'table-2-1')).not.toHaveAttribute('data-ready', 'true');
  pageErrors.length = 0; // the failed load is logged on purpose; this test expects it
});

const statusText = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/ch02/widgets.json'), 'utf8')).status as Record<string, string>;

test.describe('without JavaScript, nothing waits for it', () => {
  test.use({ javaScriptEnabled: false });

  test('the status line says the numbers were computed at build time, not that something is loading', async ({ page }) => {
    await page.goto('./2-1.html');
    const status = widget(page, 'table-2-1').locator('[data-status]');
    await expect(status).toHaveText(`${statusText.prerendered}${statusText.no_script}`, { useInnerText: true });
    await expect(status).not.toContainText('載入中', { useInnerText: true });
    // A diagram has no field to change: its line says where its numbers come from, nothing more.
    await expect(page.locator('#fig-2-5 [data-status]')).toHaveText(statusText.fixed!, { useInnerText: true });
  });

  test('each exercise part opens its answer and worked solution in a disclosure', async ({ page }) => {
    await page.goto('./2-3.html');
    const part = page.locator('#exercise-2-5 .exercise-part').first();
    const answer = part.locator('details[data-static-answer]');
    await expect(answer).toBeVisible();
    await expect(answer.locator('.exercise-answer')).toBeHidden();
    await answer.locator('summary').click();
    await expect(answer.locator('.exercise-answer')).toBeVisible();
    await expect(answer.locator('.exercise-answer')).toHaveText(/^答案：\S/);
    expect(await answer.locator('p').count()).toBeGreaterThan(1);
    // Every part of every exercise on the page has one.
    const parts = page.locator('.exercise-part');
    await expect(page.locator('.exercise-part details[data-static-answer]')).toHaveCount(await parts.count());
    // 練習 2-5's question spaces its lengths from the Chinese around them.
    await expect(page.locator('#exercise-2-5 [data-text="intro"]')).toContainText('比較 32K');
  });
});

test('with JavaScript the build-time answer stays out of sight, and the core’s solution says the same', async ({ browser, page, baseURL }) => {
  // Without JavaScript: the prerendered answer of 練習 2-5's first part.
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const still = await noJs.newPage();
  await still.goto('./2-3.html');
  const prerendered = (await still.locator('#exercise-2-5 .exercise-part').first().locator('.exercise-answer').textContent()) ?? '';
  await noJs.close();
  expect(prerendered).toMatch(/^答案：/);

  await page.goto('./2-3.html');
  const ex = page.locator('#exercise-2-5');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const part = ex.locator('.exercise-part').first();
  await expect(part.locator('details[data-static-answer]')).toBeHidden();
  await part.getByRole('button', { name: '看完整解答' }).click();
  await expect(part.locator('[data-solution] [data-answer]')).toHaveText(prerendered);
});

test('once the core is in, a widget with fields invites edits and a diagram does not', async ({ page }) => {
  await page.goto('./2-1.html');
  await allReady(page);
  await expect(widget(page, 'table-2-1').locator('[data-status]')).toHaveText(statusText.ready!);
  const diagram = page.locator('#fig-2-5 [data-status]');
  await expect(diagram).toHaveText(statusText.fixed!);
  await expect(diagram).not.toContainText('修改任一欄位');
  for (const text of await page.locator('[data-widget]:not(:has([data-controls] input, [data-controls] select)) [data-status]').allTextContents()) {
    expect(text).not.toContain('修改任一欄位');
  }
});
