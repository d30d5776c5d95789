// Chapter 3's four first-class embeds (issue 22 item 6) on a page from
// another origin, the way docs/embed.md tells an author to embed them: the
// fluid backlog against GPU count (example 3-1), the prefix-reuse savings,
// the audio playout timeline (figure 3-19) by iframe, and the training-state
// stack (figure 3-23) by <tally-widget>. Each hydrates on chapter 3's module
// and shows the same numbers as the widget on its own chapter page; only the
// chrome differs (the page offers the embed snippet, an embed the importer).
import type { Locator } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { builtVersion, startHost, type HostServer } from '../embed-host';
import { allReady, expect, test } from '../fixtures';

let host: HostServer;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => host?.stop());

const FRAMES = ['example-3-1', 'prefix-reuse', 'fig-3-19'];
const ELEMENT = 'fig-3-23';
const INSTANCE_PAGE = pageOfInstance('ch03');

/** The numbers a widget shows, without its page or embed chrome. */
const numbersIn = (widget: Locator): Promise<string[]> =>
  widget.evaluate((root) => {
    const copy = root.cloneNode(true) as HTMLElement;
    for (const chrome of copy.querySelectorAll('.tally-embed-button, .tally-embed-panel, .import-open, .import-panel, .import-dialog')) chrome.remove();
    return copy.textContent?.match(/\d[\d,.]*/g) ?? [];
  });

test('chapter 3’s four embeds render on another origin with chapter 3’s core and show what their chapter page shows', async ({ page, baseURL }) => {
  const tally = new URL(baseURL!).origin;
  const frames = FRAMES.map((id, i) => `&frame${i}=${encodeURIComponent(`w=${id}`)}`).join('');
  await page.goto(`${host.origin}/index.html?tally=${encodeURIComponent(tally)}&ver=${builtVersion()}${frames}&element0=${encodeURIComponent(`${ELEMENT}|`)}`);
  const embedded: Locator[] = [
    ...FRAMES.map((_, i) => page.frameLocator(`[data-testid="frame-${i}"]`).locator('[data-widget]')),
    page.locator('[data-testid="element-0"] [data-widget]'),
  ];
  for (const w of embedded) await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const shown = [];
  for (const w of embedded) shown.push(await numbersIn(w));

  const own = await page.context().newPage();
  for (const [i, id] of [...FRAMES, ELEMENT].entries()) {
    await own.goto(`${baseURL}${INSTANCE_PAGE[id]}`);
    await allReady(own);
    const onPage = await numbersIn(own.locator(`[data-instance="${id}"]`));
    expect(onPage.length, id).toBeGreaterThan(10);
    expect(shown[i], id).toEqual(onPage);
  }
  // The book's numbers among them: 41.024 GB read a decode step, first play at 78 ms, 147.433 GB of training state.
  expect(shown[0]).toContain('41.024');
  expect(shown[2]).toContain('78');
  expect(shown[3]).toContain('147.433');
});

/** The cores (wasm binaries) a page fetched, by file name. */
function coresFetched(page: import('@playwright/test').Page): string[] {
  const cores: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop()!;
    if (file.endsWith('.wasm')) cores.push(file.split('.')[0]!);
  });
  return cores;
}

test('an embed of either chapter fetches the book’s one core once, compiled from the head, with no unused preload', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  const cores = coresFetched(page);
  for (const [instance, core] of [
    ['fig-3-19', 'tally_web'],
    ['capacity', 'tally_web'],
  ] as const) {
    cores.length = 0;
    await page.goto(`./embed.html?w=${instance}`);
    await expect(page.locator('#embed-slot [data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    expect(cores, instance).toEqual([core]);
    // The head's script started the compile: the loader took it, rather than fetching the core again.
    expect(await page.evaluate(() => window.__tallyCore?.url.split('/').pop()?.split('.')[0]), instance).toBe(core);
  }
  await page.waitForTimeout(3500); // Chromium reports an unused preload about 3 s after load
  expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
});
