// Chapter 3's pages in the built site (issue 22): built in its editions with
// its nine pages, on the book's one core (tally_web), as chapter 2's pages
// are; that module serves every chapter's ops. Each page's lang,
// hydration, 360 px fit, console errors and axe are the page sweep's
// (tests/browser/chapters.spec.ts, every chapter); the contents page is
// tests/browser/contents.spec.ts's.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { sitePages } from '../chapter';
import { allReady, expect, test } from '../fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'dist');
const EDITIONS = [
  { lang: 'zh-Hant', dir: '' },
  { lang: 'zh-Hans', dir: 'zh-Hans/' },
  { lang: 'en', dir: 'en/' },
].filter((e) => existsSync(path.join(dist, e.dir, 'ch03.html')));
const CH03_PAGES = sitePages('ch03');

test('chapter 3 is built in zh-Hant and zh-Hans at least, with its nine pages', () => {
  expect(EDITIONS.map((e) => e.lang)).toEqual(expect.arrayContaining(['zh-Hant', 'zh-Hans']));
  expect(CH03_PAGES).toEqual(['ch03.html', '3-1.html', '3-2.html', '3-3.html', '3-4.html', '3-5.html', '3-6.html', '3-pitfalls.html', '3-figures.html']);
});

test("chapter 2's pages name the same core, and its landing page links to the book's contents", async ({ page }) => {
  await page.goto('./ch02.html');
  await expect(page.locator('link[data-tally="wasm"]')).toHaveAttribute('href', /tally_web\.[0-9a-f]+\.wasm$/);
  await expect(page.locator('.book-link a[href="contents.html"]')).toHaveCount(1);
  await page.locator('.book-link a').click();
  await expect(page).toHaveURL(/contents\.html$/);
  await page.locator('#ch03 h2 a').click();
  await expect(page).toHaveURL(/ch03\.html$/);
  await allReady(page);
});

test('the site ships one browser core, and the embed page names it in its head as chapter pages do', async ({ page }) => {
  expect(readdirSync(path.join(dist, 'wasm')).filter((f) => f.endsWith('.wasm'))).toEqual([expect.stringMatching(/^tally_web\.[0-9a-f]+\.wasm$/)]);
  await page.goto('./embed.html?w=fig-3-19');
  const wasm = await page.locator('link[data-tally="wasm"]').getAttribute('href');
  expect(wasm).toMatch(/^wasm\/tally_web\.[0-9a-f]+\.wasm$/);
  expect(existsSync(path.join(dist, wasm!))).toBe(true);
});

test("the module a chapter-3 page loads answers chapter 3's ops as the Node core does, and has chapter 2's figures and the importer", async ({
  page,
  core,
}) => {
  await page.goto('./3-1.html');
  const href = (kind: string): Promise<string> => page.locator(`link[data-tally="${kind}"]`).evaluate((l) => (l as HTMLLinkElement).href);
  const [glue, wasm] = [await href('glue'), await href('wasm')];
  const vision = { op: 'vision_tokens', height: 448, width: 448, patch: 16, merge: 2 };
  const backlog = {
    op: 'fluid_backlog',
    windows: [
      { seconds: '60', arrival: '5', service: '4' },
      { seconds: '60', arrival: '3', service: '4' },
    ],
  };
  const routing = { op: 'routing', model: 'qwen3-30b-a3b' };
  const importer = { op: 'import_hf_config', config_text: '{}' };
  type Answer = { ok: boolean; result?: Record<string, unknown>; error?: { field?: string } };
  // The module straight from the page's links, without its catalog of words: numbers only are compared.
  const [v, b, r, i] = await page.evaluate(
    async ({ glue, wasm, requests }) => {
      const factory = (await import(glue)).default as (o: { wasmBinary: ArrayBuffer }) => Promise<{ evaluate(s: string): string }>;
      const mod = await factory({ wasmBinary: await (await fetch(wasm)).arrayBuffer() });
      return requests.map((q) => JSON.parse(mod.evaluate(JSON.stringify(q))) as Answer);
    },
    { glue, wasm, requests: [vision, backlog, routing, importer] },
  );
  expect(v!.result).toEqual(core.ok(vision));
  expect(v!.result!.tokens).toBe(196);
  const node = core.ok(backlog);
  for (const key of ['series', 'peak', 'end', 'drain_seconds']) expect(b!.result![key], key).toEqual(node[key]);
  expect(b!.result!.series).toEqual([0, 60, 0]);
  // Chapter 2's routing figure and the importer are in the same module: without the page's catalog it
  // knows no model, so routing asks for its model (the op itself is there, not refused as unknown), and the
  // importer refuses the empty config by the same field as the Node core.
  expect(r!.ok).toBe(false);
  expect(r!.error?.field).toBe('model');
  expect(i!.ok).toBe(false);
  expect(i!.error?.field).toBe(core.error(importer).field);
  expect(i!.error?.field).not.toBe('op');
});
