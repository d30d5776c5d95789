// The V4.1 article is not a dead end (issue 15, item 10): its header leads to
// the chapter, every widget's chapter link lands on an element that exists,
// the widgets' state lives in the URL, and without JavaScript each widget
// still shows the core's numbers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const ARTICLE = 'articles/v41-kv-ratios.html';
const WIDGETS = ['stage-tabs', 'replay-window', 'kv-levels', 'kv-concurrency', 'effort-scale'];
const designs = JSON.parse(readFileSync(path.join(root, 'content/articles/kv-designs.json'), 'utf8')) as {
  designs: Array<{ id: string; request: Record<string, string | boolean> }>;
};
const resident = designs.designs.find((d) => d.id === 'resident')!.request;

const el = (page: Page, widget: string) => page.locator(`tally-widget[widget="${widget}"]`);

async function openArticle(page: Page, hash = ''): Promise<void> {
  await page.goto(`${ARTICLE}${hash}`);
  for (const w of WIDGETS) await expect(el(page, w).locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

test('the header’s site name leads to the front door, the line above the title to the chapter’s first page', async ({ page, baseURL }) => {
  await openArticle(page);
  const home = page.locator('.site-header .site-name a');
  await expect(home).toHaveAttribute('href', '../index.html');
  await expect(page.locator('.article-crumbs a')).toHaveAttribute('href', '../ch02.html');
  await home.click();
  await expect(page).toHaveURL(new URL('index.html', baseURL).href);
  await expect(page.locator('article.chapter h1')).toBeVisible();
  await page.goBack();
  await page.locator('.article-crumbs a').click();
  await expect(page).toHaveURL(new URL('ch02.html', baseURL).href);
  await expect(page.locator('article.chapter h1')).toBeVisible();
});

test('each widget’s chapter link lands on an element that exists on a chapter page', async ({ page, baseURL }) => {
  await openArticle(page);
  // The links embed.js draws in each element's shadow root (the light DOM's copies are for readers without JavaScript).
  const links = page.locator('tally-widget .tally-embed [data-testid="widget-home"]');
  await expect(links).toHaveCount(WIDGETS.length);
  const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const labels = await links.allTextContents();
  for (const [i, href] of hrefs.entries()) {
    const url = new URL(href);
    expect(url.origin).toBe(new URL(baseURL!).origin);
    expect(url.pathname, `link ${i} must not point back at the article`).not.toContain('/articles/');
    expect(url.hash).toMatch(/^#[\w-]+$/);
    expect(labels[i]).toMatch(/^在 Tally 章節中/);
    await page.goto(href);
    await expect(page.locator(url.hash), `${href}: anchor exists`).toHaveCount(1);
  }
});

test('a chapter widget embedded elsewhere links to its own element (a figure by its #fig- id)', async ({ page }) => {
  const homes = await page.request.get('embed.js').then((r) => r.text());
  const map = JSON.parse(/homes: (\{.*\}),\n/.exec(homes)![1]!) as Record<string, { href: string; label: string }>;
  expect(map['fig-2-14']).toEqual({ href: '2-3.html#fig-2-14', label: '在 Tally 章節中查看這個小工具' });
  expect(map['capacity']!.href).toBe('2-6.html#w-capacity');
  await page.goto(map['fig-2-14']!.href);
  await expect(page.locator('#fig-2-14[data-widget]')).toHaveCount(1);
});

test('a widget’s state is kept in the article’s URL: a reload shows the same field and numbers', async ({ page, core }) => {
  await openArticle(page);
  const conc = el(page, 'kv-concurrency');
  await conc.getByLabel('同時進行的請求數').fill('300');
  const expected = core.ok({ op: 'kv_footprint', ...resident, tokens: 131072, requests: 300 });
  await expect(conc.getByTestId('conc-resident-gb')).toHaveText(String(expected.gb_display));
  await expect(page).toHaveURL(/#kv-concurrency:n=300$/);

  await page.reload();
  for (const w of WIDGETS) await expect(el(page, w).locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(conc.getByLabel('同時進行的請求數')).toHaveValue('300');
  await expect(conc.getByTestId('conc-resident-gb')).toHaveText(String(expected.gb_display));
  // The element's own attribute follows too (what a host page would read).
  await expect(conc).toHaveAttribute('state', 'n=300');
});

test('a link with two widgets’ states opens both, and the other widgets keep their defaults', async ({ page, core }) => {
  await openArticle(page, '#kv-levels:ctx=32768;kv-concurrency:ctx=65536');
  const levels = el(page, 'kv-levels');
  await expect(levels.getByLabel('上下文長度', { exact: true })).toHaveValue('32768');
  const conc = el(page, 'kv-concurrency');
  await expect(conc.getByLabel('每條請求的上下文 token')).toHaveValue('65536');
  const r = core.ok({ op: 'kv_footprint', ...resident, tokens: 65536, requests: 200 });
  await expect(conc.getByTestId('conc-resident-gb')).toHaveText(String(r.gb_display));
  await expect(el(page, 'effort-scale').locator('input[type="range"]')).toHaveValue('50');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every widget shows its prerendered numbers, its chapter link and no endless loading', async ({ page, core }) => {
    await page.goto(ARTICLE);
    for (const w of WIDGETS) {
      await expect(el(page, w).locator('[data-widget]')).toBeVisible();
      await expect(el(page, w).locator('.tally-title')).toBeVisible();
      await expect(el(page, w).getByTestId('widget-home')).toBeVisible();
    }
    const conc = el(page, 'kv-concurrency');
    for (const d of designs.designs) {
      const r = core.ok({ op: 'kv_footprint', ...d.request, tokens: 131072, requests: 200 });
      await expect(conc.getByTestId(`conc-${d.id}-gb`)).toHaveText(String(r.gb_display));
    }
    await expect(conc.getByTestId('headline')).toHaveText('11.665 GB');
    const lv = el(page, 'kv-levels');
    const v41 = core.ok({ op: 'kv_footprint', ...designs.designs.find((d) => d.id === 'v41')!.request, tokens: 1048576 });
    await expect(lv.getByTestId('cell-1048576-v41')).toHaveText(String(v41.gb_display));
    // The status line says how the numbers were made, and never "loading".
    const status = conc.locator('[data-status]');
    await expect(status).toContainText('JavaScript', { useInnerText: true });
    await expect(status).not.toContainText('載入中', { useInnerText: true });
  });
});
