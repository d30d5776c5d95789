// The chapter's pages, in every edition the build wrote (tests/browser/editions.ts):
// every page builds and links to its neighbours, every
// figure/table/example/exercise has its anchor, every live table and worked
// example shows the core's values and follows its controls, and no page has
// serious or critical accessibility violations. zh-Hant runs every page;
// zh-Hans and English run one page per kind of page (the same templates and
// widgets, in other words), asking the core in their own language. Console
// errors fail any test (fixtures.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { ANCHORS, CHAPTER_PAGES, GALLERY, pageOfInstance, PAGES, WIDGETS } from './chapter';
import { BUILT, coreIn, DEFAULT_LANG, OTHER_EDITIONS, widgetsIn, contentJson, type Edition } from './editions';
import { allReady, expect, settled, test } from './fixtures';
import { checkDataWidgetsOn, dataWidgetsByPage, defaults, tableCell } from './widget-values';

const dist = path.resolve(import.meta.dirname, '../../dist');
const INSTANCE_PAGE = pageOfInstance();

/**
 * The pages the other editions load in full for axe and the phone width:
 * one of each kind (the landing page with the progress summary, a section
 * with exercises, figures and Table 2-1, the longest section with the
 * comparison figures and the capacity widget, the pitfall checks; the
 * lookup page's tables are Table 2-1's widget again). Every page of theirs
 * is still checked for its contents, links and anchors without scripts.
 */
const REPRESENTATIVE = ['index.html', '2-1.html', '2-6.html', 'pitfalls.html'];
/** The pages whose data widgets the other editions check: together they hold every data kind (steps, crossover curve, Table 2-1, core tables). */
const REPRESENTATIVE_DATA = ['2-1.html', '2-2.html', '2-6.html'];

/** A test title's edition prefix: none for zh-Hant (its titles are as before editions), "en: " for the others. */
const titled = (e: Edition): string => (e.lang === DEFAULT_LANG ? '' : `${e.lang}: `);

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await settled(page); // the idle-time warm-up is over: axe gets the CPU
  // KaTeX output is excluded: its HTML half is aria-hidden and its MathML
  // half is KaTeX's; scanning thousands of math nodes would only slow axe.
  const axe = await new AxeBuilder({ page }).exclude('.katex').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return bad.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** The site-wide contents list every page with the current one marked; previous / next link the neighbours. */
async function checkContentsAndPager(page: Page, file: string): Promise<void> {
  const index = PAGES.indexOf(file);
  await expect(page.locator('h1')).toHaveCount(1);
  const toc = page.locator('nav.toc .site-toc > li > a');
  await expect(toc).toHaveCount(PAGES.length);
  for (const [i, p] of PAGES.entries()) await expect(toc.nth(i)).toHaveAttribute('href', p);
  await expect(page.locator('nav.toc [aria-current="page"]')).toHaveAttribute('href', file);
  const prev = page.locator('.pager a[rel="prev"]');
  const next = page.locator('.pager a[rel="next"]');
  if (index > 0) await expect(prev).toHaveAttribute('href', PAGES[index - 1]!);
  else await expect(prev).toHaveCount(0);
  if (index < PAGES.length - 1) await expect(next).toHaveAttribute('href', PAGES[index + 1]!);
  else await expect(next).toHaveCount(0);
}

for (const file of PAGES) {
  test(`${file}: builds, lists every page, links to its neighbours, passes axe`, async ({ page }) => {
    test.setTimeout(420_000); // axe on the longest page (2.6) of a busy 2-core machine takes minutes
    await page.goto(`./${file}`);
    await allReady(page);
    await checkContentsAndPager(page, file);
    // The next link leads there.
    const next = PAGES[PAGES.indexOf(file) + 1];
    if (next) {
      await page.locator('.pager a[rel="next"]').click();
      await expect(page).toHaveURL(new RegExp(`/${next.replace('.', '\\.')}$`));
      await page.goBack();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

for (const e of OTHER_EDITIONS) {
  test(`${e.lang}: every page is built in its language, lists every page and links to its neighbours`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    // The pages as shipped (no script): the contents and pager are in the HTML.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const file of PAGES) {
      const response = await page.goto(`./${e.dir}${file}`);
      expect(response?.status(), `${e.dir}${file}`).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
      await checkContentsAndPager(page, file);
    }
    await context.close();
  });

  for (const file of REPRESENTATIVE) {
    test(`${e.dir}${file}: hydrates, passes axe, and nothing scrolls sideways at 360 px`, async ({ page }) => {
      test.setTimeout(420_000); // axe on 2-6 takes minutes on a busy 2-core machine
      await page.goto(`./${e.dir}${file}`);
      await allReady(page);
      await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The same page on a phone: the edition's words (English ones are longer) fit the width.
      await page.setViewportSize({ width: 360, height: 740 });
      await expect.poll(() => page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth))).toBeLessThanOrEqual(360);
    });
  }
}

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

// ---- live tables, worked examples and checks --------------------------

for (const e of BUILT) {
  const widgets = e.lang === DEFAULT_LANG ? WIDGETS : widgetsIn(e.lang);
  const byPage = dataWidgetsByPage(INSTANCE_PAGE, widgets);
  const files = [...byPage.keys()].filter((f) => e.lang === DEFAULT_LANG || REPRESENTATIVE_DATA.includes(f));
  for (const file of files) {
    const instances = byPage.get(file)!;
    test(`${e.dir}${file}: every table and worked example shows the core's values and follows its first control (${instances.join(', ')})`, async ({
      page,
      core,
    }) => {
      test.setTimeout(180_000);
      // The page asks the core in its edition's language (億 / 亿 / billion), so the expected values are asked the same way.
      await checkDataWidgetsOn(page, `./${e.dir}${file}`, coreIn(core, e.lang), widgets, instances);
    });
  }
}

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
  // A plain anchor on the landing page stays where it is.
  await page.goto('./index.html#glossary');
  await expect(page).toHaveURL(/\/index\.html#glossary$/);
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
