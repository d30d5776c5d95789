// Full-text search (issue 21): the header's search box finds a Chinese term
// and a model or GPU name and leads to the right anchor; Pagefind's script,
// its index and the names list load only when the reader opens search.
// Model and GPU names come from the core's catalog (the Node build here).

import type { Locator, Page, Request } from '@playwright/test';
import { allReady, DEFAULTS, expect, test, widget } from './fixtures';

/** Requests for search files: Pagefind's bundle and the names list. */
const isSearchFile = (r: Request) => /\/(pagefind|search)\//.test(new URL(r.url()).pathname);

/** The dialog's words in an edition: its name, the field's label, a query as the status line quotes it. */
interface DialogWords {
  title: string;
  label: string;
  quoted(query: string): string;
}
const ZH_HANT: DialogWords = { title: '搜尋本章', label: '要找的字詞', quoted: (q) => `「${q}」` };
// The English edition searches its own index (en/pagefind) in its own words.
const EN: DialogWords = { title: 'Search this chapter', label: 'Words to find', quoted: (q) => `"${q}"` };

async function openSearch(page: Page, words = ZH_HANT) {
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: words.title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function search(page: Page, query: string, words = ZH_HANT) {
  const dialog = await openSearch(page, words);
  await dialog.getByLabel(words.label).fill(query);
  await expect(dialog.locator('.search-status')).toContainText(words.quoted(query), { timeout: 20_000 });
  return dialog;
}

/** Follow `hit` and land on the box `id` at a URL ending in `path`. */
async function landsOn(page: Page, hit: Locator, path: string, id: string) {
  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/${path.replace(/[.]/g, '\\.')}#${id}$`));
  await expect(page.locator(`#${id}`)).toBeInViewport();
}

test('the first visit of a page fetches no search file; opening search fetches the index', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (isSearchFile(r)) asked.push(new URL(r.url()).pathname);
  });
  await page.goto('./2-3.html');
  await allReady(page);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  await search(page, 'KV');
  expect(asked).toContain('/pagefind/pagefind.js');
  expect(asked.some((p) => p.startsWith('/pagefind/index/'))).toBe(true);
  expect(asked.some((p) => /^\/search\/names\.[0-9a-f]{10}\.json$/.test(p))).toBe(true);
});

test('a Chinese term from a figure caption leads to the figure: 2-3.html#fig-2-14', async ({ page }) => {
  await page.goto('./index.html');
  await allReady(page);
  const dialog = await search(page, '四類狀態');
  const hit = dialog.locator('a.search-hit[href="2-3.html#fig-2-14"]');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('.search-hit-title')).toHaveText(/圖 2-14/);
  await expect(hit.locator('.search-excerpt mark').first()).toBeVisible(); // the hit in context
  await landsOn(page, hit, '2-3.html', 'fig-2-14');
});

test('a section heading term leads to its section; a glossary term to the landing page', async ({ page }) => {
  await page.goto('./2-1.html');
  await allReady(page);
  let dialog = await search(page, '稀疏索引');
  await expect(dialog.locator('a.search-hit[href="2-3.html#sec-2-3-3"]')).toHaveCount(1);
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(dialog).toBeHidden();
  dialog = await search(page, '符號表');
  await expect(dialog.locator('a.search-hit[href^="ch02.html"]').first()).toBeVisible();
});

test('"H200" lists the GPU, linked to the capacity widget preset to it', async ({ page, core }) => {
  const gpus = (core.ok({ op: 'catalog' }).gpus as Array<{ id: string; name: string }>).filter((g) => g.name.includes('H200'));
  expect(gpus.map((g) => g.id)).toEqual(['h200']);
  await page.goto('./2-1.html');
  await allReady(page);
  const dialog = await search(page, 'H200');
  const link = dialog.locator('a.search-name[href="2-6.html#capacity:gpu=h200"]');
  await expect(link).toHaveText(/^H200：/);
  // The chapters' prose names the H200 (chapter 3's figure 3-23 card lines,
  // chapter 4's hardware tables): those are hits too, beside the catalog's GPU.
  await expect(dialog.locator('a.search-hit[href^="3-"]').first()).toBeVisible();
  await expect(dialog.locator('a.search-hit[href^="4-"]').first()).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/2-6\.html#capacity:gpu=h200$/);
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByLabel('GPU', { exact: true })).toHaveValue('h200');
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, gpu: 'h200' }).display as string);
});

test('a model name lists the model (any case and spacing); a page hit for it names it whole', async ({ page, core }) => {
  const model = (core.ok({ op: 'catalog' }).models as Array<{ id: string; name: string }>).find((m) => m.id === 'qwen3-32b')!;
  await page.goto('./2-1.html');
  await allReady(page);
  const dialog = await search(page, 'qwen3 32b');
  await expect(dialog.locator('a.search-name')).toHaveCount(1);
  await expect(dialog.locator('a.search-name')).toHaveAttribute('href', '2-6.html#capacity:model=qwen3-32b');
  await expect(dialog.locator('a.search-name')).toHaveText(new RegExp(`^${model.name}：`));
  await dialog.getByLabel('要找的字詞').fill('Qwen3-32B');
  await expect(dialog.locator('.search-status')).toContainText('「Qwen3-32B」', { timeout: 20_000 });
  // Pagefind splits the name ("qwen3", "32b"); a hit that only has "Qwen3" (Qwen3-8B) is not listed.
  for (const text of await dialog.locator('a.search-hit').allTextContents()) expect(text.toLowerCase().replace(/[\s-]/g, '')).toContain('qwen332b');
  await dialog.locator('a.search-name').click();
  await allReady(page);
  await expect(widget(page, 'capacity').getByLabel('模型')).toHaveValue('qwen3-32b');
});

test('"/" typed in a field stays in the field; the header button opens search too', async ({ page }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const field = widget(page, 'capacity').locator('input[type="text"]').first();
  await field.fill('');
  await field.type('1/2');
  await expect(field).toHaveValue('1/2');
  await expect(page.getByRole('dialog', { name: '搜尋本章' })).toBeHidden();
  await page.getByRole('button', { name: '搜尋', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '搜尋本章' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: '搜尋本章' })).toBeHidden();
});

test('a term no page has says so', async ({ page }) => {
  await page.goto('./2-2.html');
  await allReady(page);
  const dialog = await search(page, '氫氦鋰鈹');
  await expect(dialog.locator('.search-status')).toHaveText('找不到「氫氦鋰鈹」。換個說法，或只輸入其中一個詞試試。');
  await expect(dialog.locator('a')).toHaveCount(0);
});

test('a chapter-3 caption term leads to its figure: 3-3.html#fig-3-19', async ({ page }) => {
  await page.goto('./3-1.html');
  await allReady(page);
  const dialog = await search(page, '播放時間線');
  const hit = dialog.locator('a.search-hit[href="3-3.html#fig-3-19"]');
  await expect(hit).toHaveCount(1);
  await landsOn(page, hit, '3-3.html', 'fig-3-19');
});

test('English: a caption term leads to the English figure (en/2-3.html#fig-2-14, en/3-3.html#fig-3-19)', async ({ page }) => {
  await page.goto('./en/index.html');
  await allReady(page);
  let dialog = await search(page, 'four kinds of state', EN);
  const hit = dialog.locator('a.search-hit[href="2-3.html#fig-2-14"]');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator('.search-hit-title')).toHaveText(/Figure 2-14/);
  await landsOn(page, hit, 'en/2-3.html', 'fig-2-14');

  await allReady(page);
  dialog = await search(page, 'playout timeline', EN);
  await landsOn(page, dialog.locator('a.search-hit[href="3-3.html#fig-3-19"]'), 'en/3-3.html', 'fig-3-19');
});

test('English: "H200" lists the GPU, linked to the English capacity widget preset to it', async ({ page, core }) => {
  await page.goto('./en/2-1.html');
  await allReady(page);
  const dialog = await search(page, 'H200', EN);
  const link = dialog.locator('a.search-name[href="2-6.html#capacity:gpu=h200"]');
  await expect(link).toHaveText(/^H200: compute with this GPU/);
  await link.click();
  await expect(page).toHaveURL(/\/en\/2-6\.html#capacity:gpu=h200$/);
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByLabel('GPU', { exact: true })).toHaveValue('h200');
  const answer = core.ok({ ...DEFAULTS.capacity, gpu: 'h200', lang: 'en' });
  await expect(cap.getByTestId('requests')).toHaveText(answer.display as string);
});
