// Chapter 3's pages in the built site (issue 22), in every edition the build
// wrote: each loads with its <html lang> and no console error (fixtures.ts),
// does not scroll sideways at 360 px, passes axe (serious and critical), and
// every widget on it hydrates on the book's one core (tally_web), while
// chapter 2's pages keep theirs. The widgets are written by other helpers and
// merge one by one: this tests the ones that are there, found by selector.
// The book's contents page is checked the same way.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { sitePages } from './chapter';
import { allReady, expect, settled, test } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const EDITIONS = [
  { lang: 'zh-Hant', dir: '' },
  { lang: 'zh-Hans', dir: 'zh-Hans/' },
  { lang: 'en', dir: 'en/' },
].filter((e) => existsSync(path.join(dist, e.dir, 'ch03.html')));
const CH03_PAGES = sitePages('ch03');

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await settled(page);
  // KaTeX output is excluded, as in pages.spec.ts: its HTML half is aria-hidden and its MathML half is KaTeX's.
  const axe = await new AxeBuilder({ page }).exclude('.katex').analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

const sideways = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('chapter 3 is built in zh-Hant and zh-Hans at least, with its nine pages', () => {
  expect(EDITIONS.map((e) => e.lang)).toEqual(expect.arrayContaining(['zh-Hant', 'zh-Hans']));
  expect(CH03_PAGES).toEqual(['ch03.html', '3-1.html', '3-2.html', '3-3.html', '3-4.html', '3-5.html', '3-6.html', '3-pitfalls.html', '3-figures.html']);
});

for (const e of EDITIONS) {
  for (const file of CH03_PAGES) {
    test(`${e.lang} ${file}: lang, chapter 3's core, live widgets, no sideways scroll at 360 px, axe`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`./${e.dir}${file}`);
      await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
      await expect(page.locator('h1')).toHaveCount(1);
      // The page names the book's one module, as chapter 2's pages do.
      await expect(page.locator('link[data-tally="wasm"]')).toHaveAttribute('href', /tally_web\.[0-9a-f]+\.wasm$/);
      await expect(page.locator('link[data-tally="glue"]')).toHaveAttribute('href', /tally_web\.[0-9a-f]+\.mjs$/);
      await allReady(page);
      const widgets = page.locator('[data-widget][data-instance]');
      for (let i = 0; i < (await widgets.count()); i++) await expect(widgets.nth(i)).toHaveAttribute('data-ready', 'true');
      // Links to the book's contents and, from the landing page, to chapter 2.
      await expect(page.locator('nav.toc a[href="contents.html"]')).toHaveCount(1);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test(`${e.lang} contents.html: both chapters, their pages, axe, no sideways scroll at 360 px`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`./${e.dir}contents.html`);
    await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
    await expect(page.locator('section.book-chapter')).toHaveCount(2);
    await expect(page.locator('#ch02 h2 a')).toHaveAttribute('href', 'index.html');
    await expect(page.locator('#ch03 h2 a')).toHaveAttribute('href', 'ch03.html');
    await expect(page.locator('#ch03 .page-list a')).toHaveCount(CH03_PAGES.length - 1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test("chapter 2's pages name the same core, and its landing page links to the book's contents", async ({ page }) => {
  await page.goto('./index.html');
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
