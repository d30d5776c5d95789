// The site's editions (issue 20): zh-Hant at the root, zh-Hans/ and en/
// beside it (web/scripts/editions.mjs). Each built edition's pages build with
// their <html lang>, canonical and hreflang alternates and pass axe; the
// header's language switch keeps the page, the anchor and a configured
// widget's state (the hash), is keyboard-operable and remembered, and the
// landing page offers the remembered edition; an embed with lang= shows that
// edition's words; in zh-Hans the anchors are there and the widgets follow
// their controls (as pages.spec.ts checks for zh-Hant). English is tested
// where the build wrote it (it is built only once complete).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { ANCHORS, at, cellRequest, CHAPTER_PAGES, pageOfInstance, PAGES, shown, WIDGETS, type WidgetCfg } from './chapter';
import { allReady, expect, settled, test, typeInto, type Core } from './fixtures';
// @ts-expect-error: a plain ES module of the repository's scripts (no types)
import { toHans } from '../../scripts/i18n/hans.mjs';
// @ts-expect-error: a plain ES module of the site build (no types)
import { coreTakesLang } from '../../web/scripts/editions.mjs';

const dist = path.resolve(import.meta.dirname, '../../dist');
const hans = toHans as (text: string) => string;
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const ui = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site/ui.json'), 'utf8'));
const english = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/i18n/en/site/ui.json'), 'utf8')).strings as Record<string, string>;

const EDITIONS = [
  { lang: 'zh-Hant', dir: '', label: '繁體中文', words: (s: string) => s },
  { lang: 'zh-Hans', dir: 'zh-Hans/', label: '简体中文', words: hans },
  { lang: 'en', dir: 'en/', label: 'English', words: (s: string) => english[s] ?? s },
];
/** The editions this build wrote (English only once complete). */
const BUILT = EDITIONS.filter((e) => existsSync(path.join(dist, e.dir, 'index.html')));
const OTHERS = BUILT.filter((e) => e.lang !== 'zh-Hant');

test('the build wrote zh-Hant at the root and zh-Hans beside it', () => {
  expect(BUILT.map((e) => e.lang)).toEqual(expect.arrayContaining(['zh-Hant', 'zh-Hans']));
  for (const e of BUILT) for (const p of PAGES) expect(existsSync(path.join(dist, e.dir, p)), `${e.dir}${p}`).toBe(true);
});

for (const e of BUILT) {
  test(`${e.lang}: every page has its <html lang>, canonical and hreflang alternates that resolve`, async ({ request }) => {
    // The front door (index.html, the root) and every chapter page.
    for (const file of ['index.html', ...PAGES]) {
      const html = readFileSync(path.join(dist, e.dir, file), 'utf8');
      expect(html, file).toContain(`<html lang="${e.lang}"`);
      const links = [...html.matchAll(/<link rel="(canonical|alternate)"(?: hreflang="([^"]+)")? href="([^"]+)">/g)].map((m) => ({
        rel: m[1]!,
        hreflang: m[2],
        href: m[3]!,
      }));
      expect(links.find((l) => l.rel === 'canonical')?.href, file).toBe(file);
      expect(links.filter((l) => l.rel === 'alternate').map((l) => l.hreflang)).toEqual([...BUILT.map((x) => x.lang), 'x-default']);
      for (const l of links) {
        const target = new URL(l.href, `http://x/${e.dir}${file}`).pathname.slice(1);
        const wanted = l.hreflang === 'x-default' ? file : `${BUILT.find((x) => x.lang === (l.hreflang ?? e.lang))!.dir}${file}`;
        expect(target, `${e.dir}${file} ${l.rel} ${l.hreflang ?? ''}`).toBe(wanted);
      }
      if (file === 'index.html')
        for (const l of links) expect((await request.get(new URL(l.href, `http://x/${e.dir}${file}`).pathname.slice(1))).status(), l.href).toBe(200);
    }
  });
}

for (const e of OTHERS) {
  test(`${e.lang}/2-4.html: hydrates in its own words and passes axe`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto(`./${e.dir}2-4.html`);
    await allReady(page);
    await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
    await expect(page.locator('.skip-link')).toHaveText(e.words(ui.page.skip_link));
    await expect(page.locator('.lang-switch > summary')).toHaveAttribute('aria-label', e.words(ui.lang.switch_current).replace('{name}', e.label));
    // The exercise's chrome, from the edition's bundle (no words are fetched).
    await expect(page.locator('[data-action="variant"]').first()).toHaveText(e.words(ui.exercise.variant));
    await settled(page);
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

const hansEd = EDITIONS[1]!;

test("the switch keeps a configured widget's state and the page, and the choice is remembered and offered", async ({ page }) => {
  test.setTimeout(240_000); // two full pages of widgets on a busy 2-core machine
  const gpuLabel = WIDGETS.capacity!.controls.find((c) => c.key === 'gpu')!.label;
  await page.goto('./2-6.html#capacity:gpu=h100-sxm&ctx=32768');
  await allReady(page);
  const capacity = page.locator('[data-instance="capacity"]');
  await expect(capacity.getByLabel(gpuLabel, { exact: true })).toHaveValue('h100-sxm');
  await expect(capacity.getByTestId('requests')).not.toBeEmpty();
  const shownBefore = await capacity.getByTestId('requests').textContent();

  // Keyboard: the summary opens the menu, Escape closes it and keeps focus on it.
  const summary = page.locator('.lang-switch > summary');
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.lang-switch-menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.lang-switch-menu')).toBeHidden();
  await expect(summary).toBeFocused();

  await summary.click();
  await page.locator('.lang-switch-menu a[data-lang="zh-Hans"]').click();
  await expect(page).toHaveURL(/\/zh-Hans\/2-6\.html#capacity:gpu=h100-sxm&ctx=32768$/);
  await allReady(page);
  const there = page.locator('[data-instance="capacity"]');
  await expect(there.getByLabel(hans(gpuLabel), { exact: true })).toHaveValue('h100-sxm');
  await expect(there).toHaveAttribute('data-differs', 'true');
  await expect(there.getByTestId('requests')).toHaveText(hans(shownBefore ?? '')); // the core's words, in the edition's language
  expect(await page.evaluate(() => localStorage.getItem('tally.lang.v1'))).toBe('zh-Hans');
  await expect(page.locator('.lang-switch-menu a[aria-current="true"]')).toHaveAttribute('data-lang', 'zh-Hans');

  // The zh-Hant landing page offers the remembered edition, and does not move.
  await page.goto('./index.html');
  const offer = page.locator('[data-lang-offer]');
  await expect(offer).toBeVisible();
  await expect(page).toHaveURL(/\/index\.html$/);
  await expect(offer.getByRole('link')).toHaveAttribute('href', /^https?:\/\/[^/]+\/zh-Hans\/index\.html$/);
  await expect(offer.getByRole('link')).toHaveText(ui.lang.offer_go.replace('{name}', '简体中文'));
  // Staying is a choice too: the offer goes and is not made again.
  await offer.getByRole('button', { name: ui.lang.offer_dismiss }).click();
  await expect(offer).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('tally.lang.v1'))).toBe('zh-Hant');
  await page.reload();
  await expect(page.locator('[data-lang-offer]')).toBeHidden();
  // The storage panel (chapter 2's landing page, where the reader's settings are) lists the key with the others.
  await page.goto('./ch02.html');
  await expect(page.locator('[data-storage-local]')).toContainText('tally.lang.v1');
  await expect(page.locator('[data-storage-local]')).toContainText(ui.lang.storage_key);
});

test('the switch keeps the anchor: a deep link lands on the same figure in the other edition', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('./2-3.html#fig-2-18');
  await page.locator('.lang-switch > summary').click();
  await page.locator('.lang-switch-menu a[data-lang="zh-Hans"]').click();
  await expect(page).toHaveURL(/\/zh-Hans\/2-3\.html#fig-2-18$/);
  await allReady(page);
  await expect(page.locator('#fig-2-18')).toBeInViewport();
  // And back, with the link that now carries the hash too.
  await page.locator('.lang-switch > summary').click();
  await expect(page.locator('.lang-switch-menu a[data-lang="zh-Hant"]')).toHaveAttribute('href', /^https?:\/\/[^/]+\/2-3\.html#fig-2-18$/);
});

for (const e of OTHERS) {
  test(`embed.html?lang=${e.lang} shows the ${e.lang} edition's widget and words, keeping its state`, async ({ page }) => {
    await page.goto(`./embed.html?w=capacity&gpu=h100-sxm&lang=${e.lang}`);
    await expect(page).toHaveURL(new RegExp(`/${e.dir}embed\\.html\\?w=capacity&gpu=h100-sxm&lang=${e.lang}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
    const gpuLabel = WIDGETS.capacity!.controls.find((c) => c.key === 'gpu')!.label;
    await expect(page.locator('[data-instance="capacity"]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(page.getByLabel(e.words(gpuLabel), { exact: true })).toHaveValue('h100-sxm');
    // The link's words are the widget's home label (content), in the edition's words.
    const home = (await page.getByTestId('widget-home').textContent()) ?? '';
    if (e.lang === 'en') expect(home).not.toMatch(CJK);
    else expect(home).toBe(hans(home));
    await expect(page.getByTestId('widget-home')).toHaveAttribute('href', new RegExp(`/${e.dir}2-6\\.html#`));
  });

  test(`${e.lang}: the embed panel's snippets carry the edition (its folder, lang= and lang="")`, async ({ page }) => {
    await page.goto(`./${e.dir}2-6.html#capacity:gpu=h100-sxm`);
    await allReady(page);
    const w = page.locator('[data-instance="capacity"]');
    await w.getByTestId('embed-button').click();
    await expect(w.getByTestId('embed-button')).toHaveText(e.words(ui.embed.button));
    // The snippet is HTML: its URL's & are &amp;.
    await expect(w.getByTestId('embed-iframe')).toHaveValue(
      new RegExp(`/v/[0-9a-f]{10}/${e.dir}embed\\.html\\?w=capacity&amp;gpu=h100-sxm&amp;lang=${e.lang}&amp;v=`),
    );
    await expect(w.getByTestId('embed-element')).toHaveValue(
      new RegExp(`/v/[0-9a-f]{10}/${e.dir}embed\\.js"></script>\\n<tally-widget widget="capacity" state="gpu=h100-sxm" lang="${e.lang}">`),
    );
    // The pinned iframe URL opens that edition's widget in that state.
    const src = /src="([^"]+)"/.exec(await w.getByTestId('embed-iframe').inputValue())![1]!.replace(/&amp;/g, '&');
    await page.goto(src);
    await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
    await expect(page.locator('[data-instance="capacity"]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  });
}

test('zh-Hant snippets are as before editions (no lang=, the root embed.html)', async ({ page }) => {
  await page.goto('./2-6.html#capacity:gpu=h100-sxm');
  await allReady(page);
  const w = page.locator('[data-instance="capacity"]');
  await w.getByTestId('embed-button').click();
  await expect(w.getByTestId('embed-iframe')).toHaveValue(/\/v\/[0-9a-f]{10}\/embed\.html\?w=capacity&amp;gpu=h100-sxm&amp;v=/);
  await expect(w.getByTestId('embed-iframe')).not.toHaveValue(/lang=/);
});

// English search has search.spec.ts's own terms once English is written; the generated edition is checked here.
for (const e of OTHERS.filter((x) => x.lang === 'zh-Hans')) {
  test(`${e.lang}: search finds the edition's words and its hits stay in the edition`, async ({ page }) => {
    const searchText = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site/search.json'), 'utf8'));
    await page.goto(`./${e.dir}index.html`);
    await allReady(page);
    await page.keyboard.press('/');
    const dialog = page.getByRole('dialog', { name: e.words(searchText.title) });
    await expect(dialog).toBeVisible();
    const term = hans('四類狀態'); // Fig. 2-14's caption, as the zh-Hans page words it
    await dialog.getByLabel(e.words(searchText.label), { exact: true }).fill(term);
    const hit = dialog.locator('a.search-hit[href="2-3.html#fig-2-14"]');
    await expect(hit).toHaveCount(1, { timeout: 20_000 });
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/${e.dir}2-3\\.html#fig-2-14$`));
    await expect(page.locator('#fig-2-14')).toBeInViewport();
  });
}

// What the core composes (widget labels, units such as 億, check_answer's
// words, and the names and notes of its model, format and GPU catalogs) is
// in the request's language once the core takes `lang`
// (web/src/i18n/core-lang.ts); until its op schema lists it, widgets and
// exercises are left out of this check and everything else is checked.
// Full-width brackets and semicolons count: an English page has none.
for (const _edition of BUILT.filter((x) => x.lang === 'en')) {
  test("en: no CJK outside the marked original terms (the page's own words and the core's)", async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const coreLang = coreTakesLang() as boolean;
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false }); // the prerendered page as shipped
    const page = await context.newPage();
    const problems: string[] = [];
    for (const file of [...PAGES, 'articles/v41-kv-ratios.html']) {
      await page.goto(`./en/${file}`);
      const found = await page.evaluate(
        ({ source, coreLang }) => {
          const cjk = new RegExp(source, 'u');
          const body = document.body.cloneNode(true) as HTMLElement;
          // Without the core's lang: widgets, exercises and the catalog's names in pickers (select) are the core's words.
          const drop = ['script', 'template', '[lang^="zh"]', ...(coreLang ? [] : ['[data-widget]', '.exercise', 'tally-widget', 'select'])];
          for (const el of body.querySelectorAll(drop.join(','))) el.remove();
          const texts = [
            body.textContent ?? '',
            ...[...body.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
              ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
            ),
          ];
          // Each character found, with the words around its first use (where to look for its source).
          const all = texts.join(' ');
          const seen = new Map<string, string>();
          for (const [i, ch] of [...all].entries()) {
            if (cjk.test(ch) && !seen.has(ch)) seen.set(ch, [...all].slice(Math.max(0, i - 30), i + 30).join(''));
          }
          return [...seen].map(([ch, around]) => `${ch} in "${around.replace(/\s+/g, ' ')}"`);
        },
        { source: CJK.source, coreLang },
      );
      for (const f of found) problems.push(`${file}: ${f}`);
    }
    await context.close();
    expect(problems).toEqual([]);
  });
}

// ---- zh-Hans: the page tests of pages.spec.ts, in the generated edition ----

test('zh-Hans: every figure, table, example and exercise has exactly one anchor', () => {
  const html = CHAPTER_PAGES.map((p) => readFileSync(path.join(dist, hansEd.dir, p), 'utf8')).join('\n');
  for (const id of ANCHORS) expect(html.match(new RegExp(`\\sid="${id}"`, 'g'))?.length ?? 0, id).toBe(1);
});

function defaults(cfg: WidgetCfg): Record<string, string> {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
}

function changed(cfg: WidgetCfg): { label: string; value: string; kind: string } | null {
  const c = cfg.controls[0];
  if (!c) return null;
  if (c.kind === 'integer') return { label: c.label, value: String(Number(c.default) * 2 || 1), kind: c.kind };
  const alt = { dtypes: 'fp8', models: 'qwen3-32b', gpus: 'h100-sxm' }[c.options as 'dtypes' | 'models' | 'gpus'];
  return { label: c.label, value: alt, kind: c.kind };
}

/** The first and last cell (or each step) of a data widget, as the core computes them. */
async function checkWidget(page: Page, core: Core, instance: string, values: Record<string, string>): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const w = page.locator(`[data-instance="${instance}"]`);
  if (cfg.kind === 'core-table') {
    const t = cfg.table!;
    const cell = (row: number, col: number): string => {
      const c = t.columns[col]!;
      if (t.list) return shown(at((at(core.ok(cellRequest(t.list.op, values, t.fields, t.list.fields) as never), t.list.path) as unknown[])[row], c.path!));
      const r = t.rows![row]!;
      return shown(at(core.ok(cellRequest(c.op!, values, t.fields, r.fields, c.fields) as never), (r.path ?? c.path)!));
    };
    const rows = t.rows?.length ?? (at(core.ok(cellRequest(t.list!.op, values, t.fields, t.list!.fields) as never), t.list!.path) as unknown[]).length;
    for (const [r, c] of [
      [0, 0],
      [rows - 1, t.columns.length - 1],
    ] as const) {
      await expect(w.getByTestId(`${instance}-r${r}-c${c}`).locator('.cell-value'), `${instance} r${r} c${c}`).toHaveText(cell(r, c));
    }
  } else if (cfg.kind === 'steps' || cfg.kind === 'steps-chart' || cfg.kind === 'crossover-curve') {
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
  const control = w.getByLabel(hans(change.label), { exact: true });
  if (change.kind === 'select') await control.selectOption(change.value);
  else await typeInto(control, change.value);
}

const DATA_KINDS = new Set(['core-table', 'steps', 'steps-chart', 'crossover-curve', 'table-2-1']);
const byPage = new Map<string, string[]>();
for (const [instance, file] of Object.entries(pageOfInstance())) {
  if (!DATA_KINDS.has(WIDGETS[instance]?.kind ?? '')) continue;
  byPage.set(file, [...(byPage.get(file) ?? []), instance]);
}
// Two pages keep it cheap (the zh-Hant suite runs every page): the first
// section's tables and the last one's comparisons.
for (const file of ['2-1.html', '2-6.html'].filter((f) => byPage.has(f))) {
  const instances = byPage.get(file)!;
  test(`zh-Hans/${file}: the tables and worked examples show the core's values and follow their first control (${instances.join(', ')})`, async ({
    page,
    core,
  }) => {
    test.setTimeout(180_000);
    await page.goto(`./zh-Hans/${file}`);
    await allReady(page);
    // The page asks the core in zh-Hans (its words: 亿, 条请求), so the expected values are asked the same way.
    const hansCore = Object.assign(Object.create(core) as Core, {
      ok: (request: Record<string, unknown>) => core.ok({ ...request, lang: 'zh-Hans' } as never),
    });
    for (const instance of instances) {
      const cfg = WIDGETS[instance]!;
      const values = defaults(cfg);
      await checkWidget(page, hansCore, instance, values);
      const change = changed(cfg);
      if (!change) continue;
      const w = page.locator(`[data-instance="${instance}"]`);
      await setControl(w, change);
      values[cfg.controls[0]!.field] = change.value;
      await checkWidget(page, hansCore, instance, values);
      await expect(w).toHaveAttribute('data-differs', 'true');
    }
  });
}
