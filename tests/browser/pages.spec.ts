// Chapter 2's pages, what the page sweeps of tests/browser/chapters.spec.ts
// (every page of every edition: hydration, 360 px, console errors, axe on
// zh-Hant, a control → core check per widget kind) and the Node tests of
// the built HTML (tests/content/page-nav.test.mjs: contents and pager;
// prerendered.test.mjs: every data widget's defaults;
// editions-structure.test.mjs) leave: every anchor, the math fonts, deep
// links, copying a table, the pitfall check, the glossary and old links.
// Console errors fail any test (fixtures.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ANCHORS, CHAPTER_PAGES, GALLERY, PAGES, WIDGETS } from './chapter';
import { BUILT, coreIn, DEFAULT_LANG, widgetsIn, contentJson, type Edition } from './editions';
import { allReady, expect, test } from './fixtures';
import { defaults, tableCell } from './widget-values';

const dist = path.resolve(import.meta.dirname, '../../dist');

/** A test title's edition prefix: none for zh-Hant (its titles are as before editions), "en: " for the others. */
const titled = (e: Edition): string => (e.lang === DEFAULT_LANG ? '' : `${e.lang}: `);

for (const e of BUILT) {
  test(`${titled(e)}every figure, table, example and exercise has exactly one anchor; figures are live widgets, also in the gallery`, async () => {
    const html = CHAPTER_PAGES.map((p) => readFileSync(path.join(dist, e.dir, p), 'utf8')).join('\n');
    for (const id of ANCHORS) {
      expect(html.match(new RegExp(`\\sid="${id}"`, 'g'))?.length ?? 0, id).toBe(1);
    }
    const gallery = readFileSync(path.join(dist, e.dir, GALLERY), 'utf8');
    for (let n = 1; n <= 36; n++) {
      expect(html, `fig-2-${n}`).toMatch(new RegExp(`<figure[^>]*\\sid="fig-2-${n}"[^>]*data-widget=`));
      expect(gallery.match(new RegExp(`\\sid="fig-2-${n}"`, 'g'))?.length ?? 0, `gallery fig-2-${n}`).toBe(1);
    }
    expect(html).not.toContain('<!-- figure');
    expect(html).not.toContain('<!-- exercise');
  });
}

test('each page preloads exactly the math font files its formulas load, so no formula waits for a late font', async ({ browser, baseURL }) => {
  for (const file of [...PAGES, 'articles/v41-kv-ratios.html']) {
    // A fresh context per page: fonts another page loaded must not hide a late one.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`./${file}`);
    await page.evaluate(() => document.fonts.ready);
    const { preloaded, fetched, loaded } = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map((l) => l.href).sort(),
      fetched: performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.(woff2?|ttf)$/.test(n))
        .sort(),
      loaded: [...document.fonts].filter((f) => f.status === 'loaded').length,
    }));
    expect(fetched, `${file}: font files fetched`).toEqual(preloaded);
    const math = readFileSync(path.join(dist, file), 'utf8').includes('class="katex"');
    // Formulas load at least KaTeX_Main and KaTeX_Math; a page without any loads no math font.
    if (math) expect(loaded, file).toBeGreaterThanOrEqual(2);
    else expect(loaded, file).toBe(0);
    await context.close();
  }
});

for (const e of BUILT) {
  test(`${titled(e)}a deep link lands on its anchor on the right page`, async ({ page }) => {
    await page.goto(`./${e.dir}2-3.html#fig-2-18`);
    await expect(page.locator('#fig-2-18')).toBeInViewport();
    await page.goto(`./${e.dir}2-6.html#tab-2-C`);
    await expect(page.locator('#tab-2-C')).toBeInViewport();
  });
}

// ---- live tables and checks --------------------------------------------

test('every live table offers copy as CSV and Markdown with the same text as on screen', async ({ page, core, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./2-6.html#tab-2-C');
  await allReady(page);
  const w = page.locator('[data-instance="tab-2-C"]');
  const cfg = WIDGETS['tab-2-C']!;
  const values = defaults(cfg);
  const qwenPrefill = tableCell(core, cfg, values, 1, 0);

  await w.getByRole('button', { name: '複製為 CSV' }).click();
  await expect(w.getByRole('status')).toHaveText('已複製到剪貼簿。');
  const csv = await page.evaluate(() => navigator.clipboard.readText());
  const lines = csv.trim().split('\n');
  // CSV: the core's exact numbers, units in the header (Markdown keeps the text on screen).
  expect(lines[0]).toBe(`${cfg.table!.corner},prefill 矩陣運算量 (FLOPs),單 token 選中路由專家的權重 (bytes)`);
  const qwen = core.ok({ op: 'forward', model: 'qwen3-8b', input: 8192 });
  const expert = core.ok({ op: 'params', model: 'qwen3-8b', weight_dtype: 'bf16' });
  expect(lines[2]).toBe(`${cfg.table!.rows![1]!.label},${qwen.total},${expert.selected_expert_bytes}`);

  await w.getByRole('button', { name: '複製為 Markdown' }).click();
  const md = await page.evaluate(() => navigator.clipboard.readText());
  expect(md.split('\n')[3]).toBe(`| ${cfg.table!.rows![1]!.label} | ${qwenPrefill} | ${tableCell(core, cfg, values, 1, 1)} |`);

  // Table 2-1 copies its rows with formula and substituted formula.
  await page.goto('./2-1.html');
  await allReady(page);
  await page.locator('[data-instance="table-2-1"]').getByRole('button', { name: '複製為 CSV' }).click();
  const t21 = await page.evaluate(() => navigator.clipboard.readText());
  const qProj = (core.ok({ op: 'forward', model: 'qwen3-8b', input: 8192 }).items as Array<Record<string, string>>).find((i) => i.id === 'q_proj')!;
  expect(t21).toContain(`${qProj.label},${qProj.shape},${qProj.weight},${qProj.formula},${qProj.substituted},36,${qProj.flops}`);
});

for (const e of BUILT) {
  test(`${titled(e)}pitfall check: picking an answer grades it and opens the core evidence`, async ({ page, core: anyLang }) => {
    const core = coreIn(anyLang, e.lang);
    const words = contentJson<{ text: Record<string, string> }>('content/ch02/widgets/checks.json', e.lang).text;
    await page.goto(`./${e.dir}pitfalls.html`);
    await allReady(page);
    const w = page.locator('[data-instance="check-kv-vs-attention"]');
    const cfg = (e.lang === DEFAULT_LANG ? WIDGETS : widgetsIn(e.lang))['check-kv-vs-attention']!;
    await w.getByRole('button', { name: words.true!, exact: true }).click();
    await expect(w.locator('.check-feedback')).toHaveText(cfg.check!.wrong);
    await w.getByRole('button', { name: words.false!, exact: true }).click();
    await expect(w.locator('.check-feedback')).toHaveText(cfg.check!.right);
    await expect(w.locator('details.check-evidence')).toHaveAttribute('open', '');
    // The evidence: KV is four times larger for MHA, the interaction is identical.
    const gqa = core.ok({ op: 'forward', model: 'qwen3-8b', context: 8192 });
    const attn = (gqa.items as Array<Record<string, string>>).find((i) => i.id === 'attn_core')!.display!;
    await expect(w.getByTestId('check-kv-vs-attention-s2')).toHaveText(attn);
    await expect(w.getByTestId('check-kv-vs-attention-s3')).toHaveText(attn);
    await expect(w.getByTestId('check-kv-vs-attention-s0')).toHaveText(core.ok({ op: 'kv', model: 'qwen3-8b', tokens: 8192 }).display as string);
  });
}

test('glossary: a symbol shows its meaning on keyboard focus and on hover', async ({ page }) => {
  await page.goto('./2-1.html');
  const term = page.locator('.gloss-term').first();
  const tipId = await term.getAttribute('aria-describedby');
  const tip = page.locator(`#${tipId}`);
  await expect(tip).toHaveAttribute('role', 'tooltip');
  await expect(tip).toBeHidden();
  await term.focus();
  await expect(tip).toBeVisible();
  await expect(term).toHaveAccessibleDescription(/./);
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.locator('h1').click();
  await page.locator('.gloss-term').nth(1).hover();
  await expect(page.locator(`#${await page.locator('.gloss-term').nth(1).getAttribute('aria-describedby')}`)).toBeVisible();
});

test('a link made when every widget was on index.html is forwarded to the widget’s page', async ({ page, core }) => {
  await page.goto('./index.html#table-2-1:B=4&S=4096&P=1024&m=4');
  await expect(page).toHaveURL(/\/2-1\.html#table-2-1:B=4&S=4096&P=1024&m=4$/);
  await allReady(page);
  const w = page.locator('[data-instance="table-2-1"]');
  await expect(w.getByLabel('B（請求數）')).toHaveValue('4');
  await expect(w.getByTestId('total')).toHaveText(
    core.ok({ op: 'forward', model: 'qwen3-8b', batch: 4, context: 4096, input: 1024, head_tokens: 4 }).display as string,
  );
  // The root is the book's front door now: an anchor of chapter 2's landing page (its glossary) lands on that page …
  await page.goto('./index.html#glossary');
  await expect(page).toHaveURL(/\/ch02\.html#glossary$/);
  await expect(page.locator('#glossary')).toBeInViewport();
  // … and a plain anchor there stays where it is.
  await page.goto('./ch02.html#glossary');
  await expect(page).toHaveURL(/\/ch02\.html#glossary$/);
});

test('links to the lookup tables from when they stood on 2-6.html land on lookup.html, state and anchor intact', async ({ page }) => {
  // A plain anchor: the page scrolls to the table on its new page.
  await page.goto('./2-6.html#tab-2-4');
  await expect(page).toHaveURL(/\/lookup\.html#tab-2-4$/);
  await expect(page.locator('#tab-2-4')).toBeInViewport();
  // An embed's "open in the chapter" link of an older version names the widget element.
  await page.goto('./2-6.html#w-tab-2-3');
  await expect(page).toHaveURL(/\/lookup\.html#w-tab-2-3$/);
  // A shared widget state.
  const cfg = WIDGETS['tab-2-5']!;
  const control = cfg.controls[0]!;
  const value = control.kind === 'integer' ? String(Number(control.default) * 2) : control.default;
  await page.goto(`./2-6.html#tab-2-5:${control.key}=${value}`);
  await expect(page).toHaveURL(new RegExp(`/lookup\\.html#tab-2-5:${control.key}=${value}$`));
  await allReady(page);
  await expect(page.locator('[data-instance="tab-2-5"]').getByLabel(control.label, { exact: true })).toHaveValue(value);
  // What 2-6.html still has stays there.
  await page.goto('./2-6.html#tab-2-C');
  await expect(page).toHaveURL(/\/2-6\.html#tab-2-C$/);
});
