// The chapter's pages: every page builds and links to its neighbours, every
// figure/table/example/exercise has its anchor, every live table and worked
// example shows the core's values and follows its controls, and no page has
// serious or critical accessibility violations. Console errors fail any test
// (fixtures.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { ANCHORS, at, cellRequest, CHAPTER_PAGES, GALLERY, pageOfInstance, PAGES, shown, WIDGETS, type WidgetCfg } from './chapter';
import { allReady, expect, settled, test, typeInto, type Core } from './fixtures';

const dist = path.resolve(import.meta.dirname, '../../dist');
const INSTANCE_PAGE = pageOfInstance();

for (const [index, file] of PAGES.entries()) {
  test(`${file}: builds, lists every page, links to its neighbours, passes axe`, async ({ page }) => {
    test.setTimeout(420_000); // axe on the longest page (2.6) of a busy 2-core machine takes minutes
    await page.goto(`./${file}`);
    await allReady(page);
    await expect(page.locator('h1')).toHaveCount(1);

    // Site-wide contents: every page, the current one marked.
    const toc = page.locator('nav.toc .site-toc > li > a');
    await expect(toc).toHaveCount(PAGES.length);
    for (const [i, p] of PAGES.entries()) await expect(toc.nth(i)).toHaveAttribute('href', p);
    await expect(page.locator('nav.toc [aria-current="page"]')).toHaveAttribute('href', file);

    // Previous / next.
    const prev = page.locator('.pager a[rel="prev"]');
    const next = page.locator('.pager a[rel="next"]');
    if (index > 0) await expect(prev).toHaveAttribute('href', PAGES[index - 1]!);
    else await expect(prev).toHaveCount(0);
    if (index < PAGES.length - 1) {
      await expect(next).toHaveAttribute('href', PAGES[index + 1]!);
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/${PAGES[index + 1]!.replace('.', '\\.')}$`));
      await page.goBack();
    } else {
      await expect(next).toHaveCount(0);
    }

    await settled(page); // the idle-time warm-up is over: axe gets the CPU
    // KaTeX output is excluded: its HTML half is aria-hidden and its MathML
    // half is KaTeX's; scanning thousands of math nodes would only slow axe.
    const axe = await new AxeBuilder({ page }).exclude('.katex').analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      bad.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      ),
    ).toEqual([]);
  });
}

test('every figure, table, example and exercise has exactly one anchor; figures are live widgets, also in the gallery', async () => {
  const html = CHAPTER_PAGES.map((p) => readFileSync(path.join(dist, p), 'utf8')).join('\n');
  for (const id of ANCHORS) {
    expect(html.match(new RegExp(`\\sid="${id}"`, 'g'))?.length ?? 0, id).toBe(1);
  }
  const gallery = readFileSync(path.join(dist, GALLERY), 'utf8');
  for (let n = 1; n <= 36; n++) {
    expect(html, `fig-2-${n}`).toMatch(new RegExp(`<figure[^>]*\\sid="fig-2-${n}"[^>]*data-widget=`));
    expect(gallery.match(new RegExp(`\\sid="fig-2-${n}"`, 'g'))?.length ?? 0, `gallery fig-2-${n}`).toBe(1);
  }
  expect(html).not.toContain('<!-- figure');
  expect(html).not.toContain('<!-- exercise');
});

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

test('a deep link lands on its anchor on the right page', async ({ page }) => {
  await page.goto('./2-3.html#fig-2-18');
  await expect(page.locator('#fig-2-18')).toBeInViewport();
  await page.goto('./2-6.html#tab-2-C');
  await expect(page.locator('#tab-2-C')).toBeInViewport();
});

// ---- live tables, worked examples and checks --------------------------

function defaults(cfg: WidgetCfg): Record<string, string> {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
}

/** A different valid value for the widget's first control (what a reader might try). */
function changed(cfg: WidgetCfg): { key: string; label: string; value: string; kind: string } | null {
  const c = cfg.controls[0];
  if (!c) return null;
  if (c.kind === 'integer') return { key: c.key, label: c.label, value: String(Number(c.default) * 2 || 1), kind: c.kind };
  const alt = { dtypes: 'fp8', models: 'qwen3-32b', gpus: 'h100-sxm' }[c.options as 'dtypes' | 'models' | 'gpus'];
  return { key: c.key, label: c.label, value: alt, kind: c.kind };
}

/** Expected text of a core-table cell for the given control values. */
function tableCell(core: Core, cfg: WidgetCfg, values: Record<string, string>, row: number, col: number): string {
  const t = cfg.table!;
  const c = t.columns[col]!;
  if (t.list) {
    const r = core.ok(cellRequest(t.list.op, values, t.fields, t.list.fields) as never);
    return shown(at((at(r, t.list.path) as unknown[])[row], c.path!));
  }
  const r = t.rows![row]!;
  return shown(at(core.ok(cellRequest(c.op!, values, t.fields, r.fields, c.fields) as never), (r.path ?? c.path)!));
}

async function checkWidget(page: Page, core: Core, instance: string, values: Record<string, string>): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const w = page.locator(`[data-instance="${instance}"]`);
  if (cfg.kind === 'core-table') {
    const t = cfg.table!;
    const rows = t.rows?.length ?? (at(core.ok(cellRequest(t.list!.op, values, t.fields, t.list!.fields) as never), t.list!.path) as unknown[]).length;
    for (const [r, c] of [
      [0, 0],
      [rows - 1, t.columns.length - 1],
    ] as const) {
      await expect(w.getByTestId(`${instance}-r${r}-c${c}`).locator('.cell-value'), `${instance} r${r} c${c}`).toHaveText(tableCell(core, cfg, values, r, c));
    }
  } else if (cfg.kind === 'steps' || cfg.kind === 'crossover-curve') {
    for (const [i, s] of cfg.steps!.entries()) {
      await expect(w.getByTestId(`${instance}-s${i}`), `${instance} step ${i}`).toHaveText(
        shown(at(core.ok(cellRequest(s.op, values, cfg.fields, s.fields) as never), s.path)),
      );
    }
  } else if (cfg.kind === 'table-2-1') {
    const req = { op: 'forward', ...cfg.fixed, ...Object.fromEntries(cfg.controls.map((c) => [c.field, Number(values[c.field] ?? c.default)])) };
    await expect(w.getByTestId('total'), instance).toHaveText(core.ok(req as never).display as string);
  }
}

async function setControl(w: Locator, change: NonNullable<ReturnType<typeof changed>>): Promise<void> {
  const control = w.getByLabel(change.label, { exact: true });
  if (change.kind === 'select') await control.selectOption(change.value);
  else await typeInto(control, change.value);
}

const DATA_KINDS = new Set(['core-table', 'steps', 'crossover-curve', 'table-2-1']);
const byPage = new Map<string, string[]>();
for (const [instance, file] of Object.entries(INSTANCE_PAGE)) {
  if (!DATA_KINDS.has(WIDGETS[instance]?.kind ?? '')) continue;
  byPage.set(file, [...(byPage.get(file) ?? []), instance]);
}

for (const [file, instances] of byPage) {
  test(`${file}: every table and worked example shows the core's values and follows its first control (${instances.join(', ')})`, async ({ page, core }) => {
    test.setTimeout(180_000);
    await page.goto(`./${file}`);
    await allReady(page);
    for (const instance of instances) {
      const cfg = WIDGETS[instance]!;
      const values = defaults(cfg);
      await checkWidget(page, core, instance, values);
      const change = changed(cfg);
      if (!change) continue;
      const w = page.locator(`[data-instance="${instance}"]`);
      await setControl(w, change);
      values[cfg.controls[0]!.field] = change.value;
      await checkWidget(page, core, instance, values);
      await expect(w).toHaveAttribute('data-differs', 'true');
    }
  });
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

test('pitfall check: picking an answer grades it and opens the core evidence', async ({ page, core }) => {
  await page.goto('./pitfalls.html');
  await allReady(page);
  const w = page.locator('[data-instance="check-kv-vs-attention"]');
  const cfg = WIDGETS['check-kv-vs-attention']!;
  await w.getByRole('button', { name: '成立', exact: true }).click();
  await expect(w.locator('.check-feedback')).toHaveText(cfg.check!.wrong);
  await w.getByRole('button', { name: '不成立' }).click();
  await expect(w.locator('.check-feedback')).toHaveText(cfg.check!.right);
  await expect(w.locator('details.check-evidence')).toHaveAttribute('open', '');
  // The evidence: KV is four times larger for MHA, the interaction is identical.
  const gqa = core.ok({ op: 'forward', model: 'qwen3-8b', context: 8192 });
  const attn = (gqa.items as Array<Record<string, string>>).find((i) => i.id === 'attn_core')!.display!;
  await expect(w.getByTestId('check-kv-vs-attention-s2')).toHaveText(attn);
  await expect(w.getByTestId('check-kv-vs-attention-s3')).toHaveText(attn);
  await expect(w.getByTestId('check-kv-vs-attention-s0')).toHaveText(core.ok({ op: 'kv', model: 'qwen3-8b', tokens: 8192 }).display as string);
});

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
