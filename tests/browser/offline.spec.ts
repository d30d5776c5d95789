// The offline copy (issues 21, 36): after one online visit the service worker
// of the reader's edition (Workbox: dist/sw.js for zh-Hant, sw-<lang>.js for
// the others) has stored every page of that edition (every chapter of
// content/book.json) with every file each page loads, the core, the fonts
// and the search index, and nothing of the other editions, so with the
// network off its pages open (each chapter's first page, the edition's
// folder and a page without its extension are opened; the rest are read
// from the caches with what their HTML names, which costs no page load), a
// widget recomputes, an exercise checks an answer, a config imports and
// search finds a term. A page of another edition offers to save that one
// too. A new build offers a reload instead of mixing versions, and the
// landing page's button clears the offline copy but never progress.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { PAGES, sitePages } from './chapter';
import { BUILT, contentJson, uiIn, type Edition } from './editions';
import { allReady, DEFAULTS, expect, test, widget } from './fixtures';
import { answerExercise } from './learner';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 180_000 });

const root = path.resolve(import.meta.dirname, '../..');

/** The pages of each chapter of content/book.json on the site (drafts are not), in the book's order. */
const CHAPTER_PAGES: string[][] = (
  JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8')) as { chapters: { id: string; draft?: boolean }[] }
).chapters
  .filter((c) => c.draft !== true)
  .map((c) => sitePages(c.id));
/** Every page of an edition: each chapter's, and the book's contents. */
const BOOK_PAGES: string[] = [...CHAPTER_PAGES.flat(), 'contents.html'];
/** The first page of each chapter. */
const CHAPTER_FIRST_PAGES: string[] = CHAPTER_PAGES.map((pages) => pages[0]!);

/**
 * tests/browser/serve.mjs (scripts/serve.mjs, as for every test) over `dir`,
 * on a port of its own; while `stallFlag` exists it holds every page request.
 */
function serve(dir: string, stallFlag?: string): Promise<{ base: string; stop(): void }> {
  const args = [path.join(root, 'tests/browser/serve.mjs'), dir, '0', ...(stallFlag ? [stallFlag] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      const m = /listening on port (\d+)/.exec(chunk.toString());
      if (!m) return;
      clearTimeout(timer);
      resolve({ base: `http://127.0.0.1:${m[1]}/`, stop: () => child.kill('SIGTERM') });
    });
    child.on('error', reject);
  });
}

/** The page that holds exercise 2-7 (a "```exercise 2-7" block in its content). */
const exercisePage = PAGES.find((f) => readFileSync(path.join(root, 'content/ch02', f.replace(/\.html$/, '.md')), 'utf8').includes('```exercise 2-7'))!;

/** The pages cache of an edition ("tally-pages-en-<revision>", web/src/offline/sw-pages.js). */
const pagesCachePrefix = (lang: string) => `tally-pages-${lang}-`;

/** One online visit: wait until the service worker controls the page and has stored every page of its edition. */
async function visitOnce(page: Page, url = './index.html', lang = 'zh-Hant'): Promise<void> {
  await page.goto(url);
  await allReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await storedEdition(page, lang);
}

/** Waits until an edition's pages and its precache are stored. */
async function storedEdition(page: Page, lang: string): Promise<void> {
  await page.waitForFunction(
    async ({ prefix, count }) => {
      const names = await caches.keys();
      const pages = names.find((n) => n.startsWith(prefix));
      const precache = names.find((n) => n.startsWith('workbox-precache'));
      return !!pages && !!precache && (await (await caches.open(pages)).keys()).length >= count;
    },
    { prefix: pagesCachePrefix(lang), count: BOOK_PAGES.length },
    { timeout: 90_000 },
  );
}

/**
 * Every page of the edition is in its offline copy, and so is every file the
 * page's HTML asks for (styles, scripts, the core, the page's widget configs,
 * fonts, images): read from the caches, with the network off. Returns how
 * many files each page names, so a page that names none is seen.
 */
async function everyPageStored(page: Page, e: Edition): Promise<Record<string, number>> {
  const missing: string[] = [];
  const named: Record<string, number> = {};
  for (const file of BOOK_PAGES) {
    const found = await page.evaluate(async (url) => {
      const stored = await caches.match(url);
      if (!stored) return null;
      const doc = new DOMParser().parseFromString(await stored.text(), 'text/html');
      // What loading the page fetches from this site (the other editions' links and the manifest are not the page's).
      const refs = [...doc.querySelectorAll('link[rel="stylesheet"], link[rel="preload"], link[rel="modulepreload"], script[src], img[src]')]
        .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
        .map((ref) => new URL(ref, new URL(url, location.href)))
        .filter((ref) => ref.origin === location.origin);
      const absent: string[] = [];
      for (const ref of refs) if (!(await caches.match(ref.href, { ignoreSearch: true }))) absent.push(ref.pathname);
      return { refs: refs.length, absent };
    }, `/${e.dir}${file}`);
    if (!found) missing.push(`${e.dir}${file}`);
    else {
      named[file] = found.refs;
      missing.push(...found.absent.map((ref) => `${ref} (named by ${e.dir}${file})`));
    }
  }
  expect(missing, `${e.lang}: pages and files missing from the offline copy`).toEqual([]);
  return named;
}

/** With the network off: a page opens from the offline copy with its widgets live. */
async function opensOffline(page: Page, e: Edition, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.ok(), url).toBe(true);
  await expect(page.locator('html'), url).toHaveAttribute('lang', e.lang);
  await allReady(page);
  await expect(page.locator('[data-widget][data-state="error"]'), url).toHaveCount(0);
}

/** Every URL the page's caches hold, site-relative. */
async function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname.slice(1));
    return urls;
  });
}

for (const e of BUILT) {
  test(`offline after one visit (${e.lang}): every page of the edition and what it loads is stored, nothing of the others; each chapter, the edition's folder and a page without its extension open with widgets live`, async ({
    page,
    context,
  }) => {
    await visitOnce(page, `./${e.dir}index.html`, e.lang);
    const others = BUILT.filter((o) => o !== e);
    const stored = await cachedUrls(page);
    // This edition's pages, not another's; its search index, not another language's.
    for (const file of BOOK_PAGES) expect(stored, `${e.dir}${file}`).toContain(`${e.dir}${file}`);
    // Of another edition's folder, only its offline page, and only in the root edition's copy
    // (whose worker is the one asked for that edition's pages while it has no worker of its own).
    for (const o of others.filter((o) => o.dir))
      expect(
        stored.filter((u) => u.startsWith(o.dir)),
        o.lang,
      ).toEqual(e.dir ? [] : [`${o.dir}offline.html`]);
    if (e.dir)
      expect(
        stored.filter((u) => !u.includes('/') && u.endsWith('.html')),
        'zh-Hant pages',
      ).toEqual([]);
    for (const o of others) {
      const language = new RegExp(`[/.]${o.lang.toLowerCase()}_`); // Pagefind's files of a language: <language>_<hash>
      expect(
        stored.filter((u) => u.startsWith('pagefind/') && language.test(u)),
        o.lang,
      ).toEqual([]);
    }

    await context.setOffline(true);
    // Every page's file and the files it names are in the copy (cheap: read from the caches) ...
    const named = await everyPageStored(page, e);
    expect(Math.min(...Object.values(named)), 'files a page names').toBeGreaterThanOrEqual(4);
    // ... and the worker serves them: each chapter's first page, the edition's folder, and a page without its
    // extension, with a query and a fragment, open as they do online.
    const firstPages = CHAPTER_FIRST_PAGES.map((file) => `./${e.dir}${file}`);
    for (const url of [...firstPages, `./${e.dir}`, `./${e.dir}3-1`, `./${e.dir}2-3`, `./${e.dir}3-1?x=1#example-3-1`]) await opensOffline(page, e, url);
  });
}

test('a page of another edition offers to save it too; saved, both editions open offline', async ({ page, context }) => {
  expect(BUILT.length, 'editions built').toBeGreaterThan(1);
  const [first, other] = BUILT;
  await visitOnce(page, `./${first!.dir}index.html`, first!.lang);

  // Another edition: not saved unasked; the offer is in that edition's words.
  const words = uiIn(other!.lang).offline!;
  await page.goto(`./${other!.dir}2-1.html`);
  await allReady(page);
  const offer = page.getByRole('region', { name: words.offer_label });
  await expect(offer).toContainText(words.offer!);
  expect((await cacheNames(page)).some((n) => n.startsWith(pagesCachePrefix(other!.lang)))).toBe(false);

  // "Not now" lasts for the session: the next page of that edition does not ask again.
  await offer.getByRole('button', { name: words.offer_later }).click();
  await expect(offer).toHaveCount(0);
  await page.goto(`./${other!.dir}2-2.html`);
  await allReady(page);
  await page.waitForTimeout(1500); // the offer comes when the page is idle
  await expect(offer).toHaveCount(0);

  // A new session asks again; saving stores that edition beside the first.
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await offer.getByRole('button', { name: words.offer_save }).click();
  await expect(offer).toContainText(words.offer_saved!, { timeout: 90_000 });
  await storedEdition(page, other!.lang);
  await storedEdition(page, first!.lang);

  await context.setOffline(true);
  for (const e of [other!, first!]) {
    for (const file of ['2-1.html', BOOK_PAGES.at(-2)!]) {
      const response = await page.goto(`./${e.dir}${file}`);
      expect(response?.ok(), `${e.dir}${file}`).toBe(true);
      await allReady(page);
      await expect(page.locator('[data-widget][data-state="error"]'), `${e.dir}${file}`).toHaveCount(0);
    }
  }
});

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('pages: the network copy when online, the stored copy when the network stalls, and browsing never rewrites it', async ({ page }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tally-pages-'));
  cpSync(path.join(root, 'dist'), dir, { recursive: true });
  const stallFlag = path.join(dir, '.stall');
  const { base, stop } = await serve(dir, stallFlag);
  try {
    await visitOnce(page, `${base}2-1.html`);
    // A page changes on the server (as the next deploy would change it): online, the reader gets the new one.
    const file = path.join(dir, '2-2.html');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<head>', '<head><meta name="tally-test-deploy" content="next">'));
    await page.goto(`${base}2-2.html`);
    await expect(page.locator('meta[name="tally-test-deploy"]')).toHaveCount(1);
    await allReady(page);
    // The stored copy is still the one stored with this version's code and core.
    const storedHasMarker = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('tally-pages-'))!;
      const stored = await (await caches.open(name)).match('2-2.html');
      return (await stored!.text()).includes('tally-test-deploy');
    });
    expect(storedHasMarker).toBe(false);

    // The network stalls: after the worker's 4 s wait the stored page opens, widgets live.
    writeFileSync(stallFlag, '');
    const start = Date.now();
    await page.goto(`${base}2-2.html`, { timeout: 30_000 });
    await allReady(page);
    expect(Date.now() - start).toBeGreaterThanOrEqual(4000);
    await expect(page.locator('meta[name="tally-test-deploy"]')).toHaveCount(0);
    await expect(page.locator('[data-widget][data-state="error"]')).toHaveCount(0);
  } finally {
    stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('offline: a widget recomputes and an exercise checks an answer', async ({ page, context, core }) => {
  await visitOnce(page);
  await context.setOffline(true);
  await page.goto('./2-6.html');
  await allReady(page);
  const cap = widget(page, 'capacity');
  await cap.getByLabel('GPU', { exact: true }).selectOption('h100-sxm');
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm' }).display as string);

  await page.goto(`./${exercisePage}`);
  await expect(page.locator('#exercise-2-7')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const right = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  const feedback = await answerExercise(page, '2-7', 'a', `${String(right.requests)} 條請求`);
  await expect(feedback).toHaveAttribute('data-verdict', 'correct');
});

test('offline: a config imports and search finds a term', async ({ page, context, core }) => {
  await visitOnce(page, './2-1.html');
  await context.setOffline(true);
  await page.goto('./2-6.html');
  await allReady(page);
  const text = readFileSync(path.join(root, 'tests/fixtures/hf/qwen2-7b.json'), 'utf8');
  const result = core.ok({ op: 'import_hf_config', config_text: text });
  await page.getByRole('button', { name: '匯入模型' }).click();
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await dialog.getByLabel('貼上 config.json 的內容').fill(text);
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  await expect(dialog.getByTestId('summary-params')).toHaveText(result.params_display as string);
  await dialog.getByRole('button', { name: '關閉' }).click();

  await page.keyboard.press('/');
  const search = page.getByRole('dialog', { name: '搜尋本章' });
  await search.getByLabel('要找的字詞').fill('四類狀態');
  await expect(search.locator('a.search-hit[href="2-3.html#fig-2-14"]')).toHaveCount(1, { timeout: 20_000 });
});

test('a new build served over the cached one offers a reload, which brings in the new version', async ({ page }) => {
  // A copy of the site on its own server, so its sw.js can change as a deploy would change it.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tally-offline-'));
  cpSync(path.join(root, 'dist'), dir, { recursive: true });
  const { base, stop } = await serve(dir);
  try {
    await visitOnce(page, `${base}2-1.html`);
    const banner = page.locator('[data-update-banner]');
    await expect(banner).toBeHidden();
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);

    // The next build: one precached file has a new revision, so sw.js differs.
    const swFile = path.join(dir, 'sw.js');
    const sw = readFileSync(swFile, 'utf8');
    const next = sw.replace(/(\{url:"manifest\.json",revision:")[0-9a-f]+/, '$1feedc0ffee');
    expect(next).not.toBe(sw);
    writeFileSync(swFile, next);

    await page.reload(); // the browser checks sw.js on navigation
    await allReady(page);
    await expect(banner).toBeVisible({ timeout: 60_000 });
    await expect(banner).toContainText('本站有新版本');
    // Until the reader agrees, the old worker still serves this page.
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting))).toBe(true);

    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: '重新載入' }).click()]);
    await allReady(page);
    await expect(banner).toBeHidden();
    const now = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      return { waiting: !!r?.waiting, controlled: navigator.serviceWorker.controller?.scriptURL };
    });
    expect(now).toEqual({ waiting: false, controlled: first });
  } finally {
    stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the landing page says what is stored; clearing the offline copy keeps progress', async ({ page, core }) => {
  // Progress as a learner leaves it: one answered exercise.
  await page.goto(`./${exercisePage}`);
  await expect(page.locator('#exercise-2-7')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const right = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  await expect(await answerExercise(page, '2-7', 'a', `${String(right.requests)} 條請求`)).toHaveAttribute('data-verdict', 'correct');
  const progress = await page.evaluate(() => localStorage.getItem('tally.progress.v1'));
  expect(progress).toContain('2-7');

  // The storage panel is on chapter 2's landing page (ch02.html; the root is the book's front door).
  await visitOnce(page, './ch02.html');
  await page.reload();
  await allReady(page);
  const panel = page.locator('[data-storage-panel]');
  await expect(panel.locator('[data-storage-offline]')).toHaveText(/^約 [\d.]+ (KiB|MiB)$/);
  await expect(panel.locator('[data-storage-local]')).toContainText('tally.progress.v1：練習進度');

  await panel.getByRole('button', { name: '清除離線副本' }).click();
  await expect(panel.locator('[data-storage-status]')).toHaveText('已清除離線副本。下次線上開啟本站時會重新下載。');
  await expect(panel.locator('[data-storage-offline]')).toHaveText('尚未建立（第一次線上瀏覽後自動下載）');
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('tally.progress.v1'))).toBe(progress);
  await expect(panel.locator('[data-storage-local]')).toContainText('tally.progress.v1：練習進度');
});

/** The offline page's words of an edition (content/site/offline.json "fallback"). */
const fallbackWords = (e: Edition) => contentJson<{ fallback: Record<string, string> }>('content/site/offline.json', e.lang).fallback;

/** The page shows the edition's offline page for `url`: its language and words, a retry of that address, links into the edition. */
async function showsOfflinePage(page: Page, url: string, e: Edition, baseURL: string): Promise<void> {
  const words = fallbackWords(e);
  await page.goto(url);
  await expect(page.locator('html'), url).toHaveAttribute('lang', e.lang);
  await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(words.heading!);
  await expect(page).toHaveTitle(new RegExp(`^${words.title}`));
  const href = (name: string) => page.getByRole('link', { name, exact: true }).evaluate((a) => (a as HTMLAnchorElement).href);
  expect(await href(words.retry!), url).toBe(new URL(url, baseURL).href);
  expect(await href(words.home!), url).toBe(new URL(`${e.dir}index.html`, baseURL).href);
  expect(await href(words.contents!), url).toBe(new URL(`${e.dir}contents.html`, baseURL).href);
  // Styled as the site (its stylesheets are in the copy), not the browser's defaults.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor), url).toBe('rgb(253, 252, 249)');
}

for (const e of BUILT) {
  test(`offline (${e.lang}): an article and embed.html open once visited, a page never stored gets the edition's offline page`, async ({
    page,
    context,
    baseURL,
  }) => {
    await visitOnce(page, `./${e.dir}index.html`, e.lang);
    const article = `./${e.dir}articles/v41-kv-ratios.html`;
    // Online, once each: stored as they are opened (with what they load), not before.
    expect(await cachedUrls(page)).not.toContain(`${e.dir}articles/v41-kv-ratios.html`);
    for (const url of [article, `./${e.dir}embed.html?w=capacity`]) {
      await page.goto(url);
      await allReady(page);
    }
    await context.setOffline(true);
    // embed.html is one page for every widget: another ?w= opens too.
    for (const url of [article, `./${e.dir}embed.html?w=capacity`, `./${e.dir}embed.html?w=kv-levels`]) {
      const response = await page.goto(url);
      expect(response?.ok(), url).toBe(true);
      await expect(page.locator('html'), url).toHaveAttribute('lang', e.lang);
      await expect(page.locator('[data-widget][data-instance]').first(), url).toBeVisible();
      await allReady(page);
      await expect(page.locator('[data-widget][data-state="error"]'), url).toHaveCount(0);
    }
    for (const url of [`./${e.dir}no-such-page.html`, `./${e.dir}articles/no-such-article.html?x=1`]) await showsOfflinePage(page, url, e, baseURL!);
    // The root edition's worker answers for an edition that has no worker yet: in that edition's words.
    if (!e.dir) for (const o of BUILT.filter((o) => o.dir)) await showsOfflinePage(page, `./${o.dir}2-1.html`, o, baseURL!);
  });
}
