// Embeds on a page from another origin (tests/browser/host/, served on a
// second port): three widgets by iframe, two by <tally-widget>. They render,
// resize, keep their own state and follow the host's theme; every expected
// number is the core's answer for the same request. In each other edition
// an iframe (lang=) and an element (lang="", the edition's embed.js) show
// that edition's words and the core's values in its language.
import { test, expect, DEFAULTS, typeInto } from './fixtures';
import { builtVersion, startHost, type HostServer } from './embed-host';
import { contentJson, coreIn, OTHER_EDITIONS, widgetsIn } from './editions';
import type { Frame, Locator, Page } from '@playwright/test';

let host: HostServer;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => host?.stop());

const version = builtVersion();

async function openHost(page: Page, baseURL: string, extra = ''): Promise<void> {
  const tally = new URL(baseURL).origin;
  await page.goto(`${host.origin}/index.html?tally=${encodeURIComponent(tally)}&ver=${version}${extra}`);
}

/** The Frame object of host iframe i (cross-origin, so reached through Playwright). */
async function frameOf(page: Page, i: number): Promise<Frame> {
  const handle = await page.locator(`[data-testid="frame-${i}"]`).elementHandle();
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error(`frame ${i} has no content`);
  return frame;
}

test('three iframes and two elements render the core’s numbers for their own state', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!);
  for (const i of [0, 1, 2]) {
    await expect(page.frameLocator(`[data-testid="frame-${i}"]`).locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  }
  for (const i of [0, 1]) {
    await expect(page.locator(`[data-testid="element-${i}"] [data-widget]`)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  }
  const f0 = page.frameLocator('[data-testid="frame-0"]');
  await expect(f0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b' }).display));
  const f1 = page.frameLocator('[data-testid="frame-1"]');
  await expect(f1.getByTestId('headline')).toHaveText(String(core.ok({ op: 'kv_footprint', bytes_per_token: '445', tokens: 131072, requests: 64 }).gb_display));
  const f2 = page.frameLocator('[data-testid="frame-2"]');
  await expect(f2.getByTestId('effort')).toHaveText(String(core.ok({ op: 'effort_scale', effort: 100 }).display));
  await expect(f2.getByTestId('published')).toContainText('100');

  const e0 = page.getByTestId('element-0');
  await expect(e0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm' }).display));
  const e1 = page.getByTestId('element-1');
  await expect(e1.getByTestId('level-resident-display')).toContainText(
    String(core.ok({ op: 'kv_footprint', bytes_per_token: '445', tokens: 1048576 }).gb_display),
  );
  // Each embed links back to the widget's place in the chapter.
  await expect(f0.locator('#embed-home')).toHaveAttribute('href', new RegExp(`/2-6\\.html#w-capacity$`));
  await expect(e0.locator('.tally-embed-home a')).toHaveAttribute('href', /\/2-6\.html#w-capacity$/);
});

test('several elements share one WASM load', async ({ page, baseURL }) => {
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm') && r.frame() === page.mainFrame()) wasm.push(r.url());
  });
  await openHost(page, baseURL!);
  for (const i of [0, 1]) {
    await expect(page.locator(`[data-testid="element-${i}"] [data-widget]`)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  }
  expect(wasm).toHaveLength(1);
});

test('frames resize to their content through the postMessage protocol', async ({ page, baseURL }) => {
  await openHost(page, baseURL!);
  const iframe = page.getByTestId('frame-0');
  const f0 = page.frameLocator('[data-testid="frame-0"]');
  await expect(f0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const frame = await frameOf(page, 0);
  const contentHeight = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBe(await contentHeight());
  const before = Number(await iframe.getAttribute('height'));
  expect(before).not.toBe(480);
  // A refused value adds an error line: the frame grows and tells the host.
  await typeInto(f0.locator('#capacity-ctx'), 'abc');
  await expect(f0.getByTestId('error')).toBeVisible();
  await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBeGreaterThan(before);
  await expect.poll(async () => Number(await iframe.getAttribute('height'))).toBe(await contentHeight());
});

test('each embed keeps its own state', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!);
  const f0 = page.frameLocator('[data-testid="frame-0"]');
  const e0 = page.getByTestId('element-0');
  await expect(f0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(e0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });

  await typeInto(f0.locator('#capacity-ctx'), '32768');
  await expect(f0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b', context: 32768 }).display));
  await expect(e0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm' }).display));
  await expect(e0).toHaveAttribute('state', 'gpu=h100-sxm');

  await typeInto(e0.locator('#capacity-ctx'), '65536');
  await expect(e0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', context: 65536 }).display));
  await expect(e0).toHaveAttribute('state', 'gpu=h100-sxm&ctx=65536');
  // Without hash-state the element leaves the host page's URL alone.
  await page.waitForTimeout(300);
  expect(new URL(page.url()).hash).toBe('');
  await expect(f0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b', context: 32768 }).display));
  // The frame keeps its state in its own URL.
  const frame = await frameOf(page, 0);
  await expect.poll(() => new URL(frame.url()).searchParams.get('ctx')).toBe('32768');
  // A host that sets the attribute applies a state.
  await e0.evaluate((el) => el.setAttribute('state', 'gpu=h200'));
  await expect(e0.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h200' }).display));
});

test('embeds follow the host’s theme', async ({ page, baseURL }) => {
  await openHost(page, baseURL!);
  for (const i of [0, 1, 2]) {
    await expect(page.frameLocator(`[data-testid="frame-${i}"]`).locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  }
  const DARK_BG = 'rgb(21, 23, 27)';
  const LIGHT_BG = 'rgb(253, 252, 249)';
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-tally-theme', t), theme);
    for (const i of [0, 1, 2]) {
      const frame = await frameOf(page, i);
      await expect.poll(() => frame.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await frame.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(theme === 'dark' ? DARK_BG : LIGHT_BG);
    }
    for (const i of [0, 1]) {
      const el = page.getByTestId(`element-${i}`);
      await expect(el).toHaveAttribute('data-theme', theme);
      expect(await el.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(theme === 'dark' ? DARK_BG : LIGHT_BG);
    }
  }
});

const PAYLOAD = `"><img src=x onerror=alert(1)><script>alert(2)</script><svg onload=alert(3)>`;
const P = encodeURIComponent(PAYLOAD);

test('XSS payloads in every embed parameter stay inert text', async ({ page, baseURL }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  const extra =
    `&frame0=${encodeURIComponent(`w=${P}`)}` +
    `&frame1=${encodeURIComponent(`w=capacity&model=${P}&ctx=${P}&theme=${P}&lang=${P}&v=${P}`)}` +
    `&frame2=${encodeURIComponent(`w=kv-levels&ctx=${P}&host=${P}`)}` +
    `&element0=${encodeURIComponent(`${PAYLOAD}|x=1`)}` +
    `&element1=${encodeURIComponent(`capacity|model=${P}&ws=${P}&${P}=${P}`)}`;
  await openHost(page, baseURL!, extra);

  const f0 = page.frameLocator('[data-testid="frame-0"]');
  await expect(f0.locator('#embed-error')).toContainText(PAYLOAD);
  const f1 = page.frameLocator('[data-testid="frame-1"]');
  await expect(f1.getByTestId('error')).toBeVisible({ timeout: 20_000 });
  await expect(f1.locator('#embed-error')).toContainText('theme');
  await expect(f1.locator('#embed-version-note')).toBeVisible();
  const f2 = page.frameLocator('[data-testid="frame-2"]');
  // Named by the control's label, not the request field (runtime/controls.ts readerMessage).
  await expect(f2.getByTestId('error')).toContainText('上下文長度：', { timeout: 20_000 });
  await expect(page.getByTestId('element-0').locator('.tally-error')).toContainText(PAYLOAD);
  await expect(page.getByTestId('element-1').getByTestId('error')).toBeVisible({ timeout: 20_000 });

  for (const i of [0, 1, 2]) {
    const frame = await frameOf(page, i);
    expect(await frame.evaluate(() => document.querySelectorAll('img, svg[onload], [onerror], [onload]').length)).toBe(0);
    expect(await frame.evaluate(() => [...document.scripts].every((s) => s.src !== '' && !s.textContent?.includes('alert')))).toBe(true);
  }
  for (const i of [0, 1]) {
    expect(await page.getByTestId(`element-${i}`).locator('img, [onerror], [onload], script').count()).toBe(0);
  }
  await page.waitForTimeout(300); // give any injected handler its chance to fire
  expect(dialogs).toBe(0);
});

test('the 嵌入 button gives snippets for the widget’s current state, pinned to this version', async ({ page, baseURL, core }) => {
  await page.goto('./#capacity:model=qwen3-32b&ctx=32768');
  const w = page.locator('[data-widget="capacity"]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await w.getByTestId('embed-button').click();
  const iframeSnippet = await w.getByTestId('embed-iframe').inputValue();
  const elementSnippet = await w.getByTestId('embed-element').inputValue();
  const src = /src="([^"]+embed\.html[^"]*)"/.exec(iframeSnippet)?.[1]?.replaceAll('&amp;', '&');
  expect(src).toBe(`${baseURL}v/${version}/embed.html?w=capacity&model=qwen3-32b&ctx=32768&v=${version}`);
  expect(elementSnippet).toContain(`src="${baseURL}v/${version}/embed.js"`);
  expect(elementSnippet).toContain('<tally-widget widget="capacity" state="model=qwen3-32b&amp;ctx=32768"></tally-widget>');
  // The snippet follows the controls while the panel is open.
  await typeInto(w.locator('#capacity-ctx'), '16384');
  await expect(w.getByTestId('embed-iframe')).toHaveValue(/ctx=16384/);
  // The pinned URL shows the same number as the chapter.
  await page.goto(src!);
  await expect(page.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b', context: 32768 }).display), {
    timeout: 20_000,
  });
  await expect(page.locator('#embed-version-note')).toBeHidden();
});

test('a link pinned to another version says so instead of pretending', async ({ page }) => {
  await page.goto('./embed.html?w=capacity&v=0123456789');
  await expect(page.locator('#embed-version-note')).toContainText('0123456789');
  await expect(page.locator('#embed-version-note')).toContainText(version);
});

test('a <tally-widget> figure on another origin draws its bars in the chapter’s colours, light and dark', async ({ page, baseURL }) => {
  // Fig. 2-8's bars take --series-0…4; the palette used to live on :root only,
  // which a shadow root never sees, so the bars came out black.
  const fillsOf = (root: Page | Locator) =>
    root
      .locator('.bar.series-0 rect')
      .first()
      .evaluate((e) => getComputedStyle(e).fill);
  const seriesZero = { light: 'rgb(31, 95, 191)', dark: 'rgb(127, 176, 255)' };
  await openHost(page, baseURL!, '&element0=fig-2-8|');
  const el = page.getByTestId('element-0');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-tally-theme', t), theme);
    await expect(el).toHaveAttribute('data-theme', theme);
    await expect.poll(() => fillsOf(el), { timeout: 20_000 }).toBe(seriesZero[theme]);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  const chapter = await page.context().newPage();
  await chapter.emulateMedia({ colorScheme: 'dark' });
  await chapter.goto(new URL('figures.html#fig-2-8', baseURL).href);
  await expect.poll(() => fillsOf(chapter.locator('#fig-2-8')), { timeout: 20_000 }).toBe(seriesZero.dark);
  await chapter.close();
});

test('each snippet of the 嵌入 panel has a copy button that puts exactly that snippet on the clipboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.goto('./2-6.html#capacity:model=qwen3-32b');
  const w = page.locator('[data-widget="capacity"]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await w.getByTestId('embed-button').click();
  for (const kind of ['embed-iframe', 'embed-element']) {
    const button = w.getByTestId(`${kind}-copy`);
    await expect(button).toHaveAccessibleName(/^複製.+的程式碼$/);
    await expect(w.getByTestId(`${kind}-copied`)).toHaveText('');
    await button.click();
    await expect(w.getByTestId(`${kind}-copied`)).toHaveText('已複製');
    const snippet = await w.getByTestId(kind).inputValue();
    expect(snippet).toContain('model=qwen3-32b');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  }
  // A new state makes the snippet new: "已複製" no longer describes it.
  await typeInto(w.locator('#capacity-ctx'), '16384');
  await expect(w.getByTestId('embed-iframe')).toHaveValue(/ctx=16384/);
  await expect(w.getByTestId('embed-iframe-copied')).toHaveText('');
});

test('without clipboard access the copy button selects the snippet and says how to copy it', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.goto('./2-6.html');
  const w = page.locator('[data-widget="capacity"]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await w.getByTestId('embed-button').click();
  await w.getByTestId('embed-element-copy').click();
  await expect(w.getByTestId('embed-element-copied')).toContainText('Ctrl+C');
  const area = w.getByTestId('embed-element');
  await expect(area).toBeFocused();
  const { start, end, length } = await area.evaluate((a: HTMLTextAreaElement) => ({ start: a.selectionStart, end: a.selectionEnd, length: a.value.length }));
  expect([start, end]).toEqual([0, length]);
  expect(length).toBeGreaterThan(50);
});

test('embed.html without w lists every embeddable widget, each link opening it', async ({ page, core }) => {
  await page.goto('./embed.html');
  const index = page.locator('#embed-index');
  await expect(index).toBeVisible();
  await expect(page.locator('#embed-error')).toBeHidden();
  // Not a link to nowhere: the widget link is hidden until there is a widget.
  await expect(page.locator('#embed-home')).toBeHidden();
  const templates = await page.locator('template[data-embed]').evaluateAll((ts) => ts.map((t) => (t as HTMLTemplateElement).dataset.embed));
  const listed = await index.locator('[data-embed-entry]').evaluateAll((ls) => ls.map((l) => (l as HTMLElement).dataset.embedEntry));
  expect(listed.length).toBeGreaterThan(60);
  expect([...listed].sort()).toEqual([...templates].sort());
  // Reading order: the chapter's first figure comes before the article's widgets.
  expect(listed.indexOf('fig-2-1')).toBeLessThan(listed.indexOf('kv-levels'));
  await expect(index.getByRole('link', { name: '回到 Tally 第 2 章' })).toHaveAttribute('href', './ch02.html');
  await index.locator('[data-embed-entry="capacity"] a').first().click();
  await expect(page).toHaveURL(/embed\.html\?w=capacity$/);
  await expect(page.getByTestId('requests')).toHaveText(String(core.ok(DEFAULTS.capacity).display), { timeout: 20_000 });
  await expect(page.locator('#embed-index')).toBeHidden();
  await expect(page.locator('#embed-home')).toHaveAttribute('href', /\/2-6\.html#w-capacity$/);
});

test('embed.html with an unknown w says so and lists the widgets there are', async ({ page }) => {
  await page.goto('./embed.html?w=no-such-widget');
  await expect(page.locator('#embed-error')).toContainText('no-such-widget');
  await expect(page.locator('#embed-index')).toBeVisible();
  await expect(page.locator('#embed-index [data-embed-entry="fig-2-14"] a').first()).toHaveAttribute('href', 'embed.html?w=fig-2-14');
});

test('an embedded widget links to its own place in the chapter, or to the passage an article widget builds on', async ({ page }) => {
  await page.goto('./embed.html?w=fig-2-14');
  await expect(page.locator('#embed-home')).toHaveAttribute('href', /\/2-3\.html#fig-2-14$/);
  await expect(page.locator('#embed-home')).toHaveText('在 Tally 章節中查看這個小工具');
  await page.goto('./embed.html?w=kv-levels');
  await expect(page.locator('#embed-home')).toHaveAttribute('href', /\/2-3\.html#tab-bytes-per-token$/);
  await expect(page.locator('#embed-home')).toContainText('相關段落');
  await page.locator('#embed-home').evaluate((a) => a.removeAttribute('target'));
  await page.locator('#embed-home').click();
  await expect(page.locator('#tab-bytes-per-token')).toHaveCount(1);
});

for (const e of OTHER_EDITIONS) {
  test(`${e.lang}: an iframe with lang=${e.lang} and a <tally-widget lang="${e.lang}"> show the edition's words and the core's values, and follow their controls`, async ({
    page,
    baseURL,
    core: anyLang,
  }) => {
    test.setTimeout(120_000);
    const core = coreIn(anyLang, e.lang);
    const ctxLabel = widgetsIn(e.lang).capacity!.controls.find((c) => c.key === 'ctx')!.label;
    const homeLabel = contentJson<{ own_label: string }>('content/articles/chapter-links.json', e.lang).own_label;
    const requests = (fields: Record<string, string | number>) => String(core.ok({ ...DEFAULTS.capacity, ...fields }).display);
    await openHost(page, baseURL!, `&lang=${e.lang}&frame0=${encodeURIComponent(`w=capacity&model=qwen3-32b&lang=${e.lang}`)}`);

    const f0 = page.frameLocator('[data-testid="frame-0"]');
    await expect(f0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(f0.locator('html')).toHaveAttribute('lang', e.lang);
    await expect(f0.getByTestId('requests')).toHaveText(requests({ model: 'qwen3-32b' }));
    await typeInto(f0.getByLabel(ctxLabel, { exact: true }), '32768');
    await expect(f0.getByTestId('requests')).toHaveText(requests({ model: 'qwen3-32b', context: 32768 }));
    await expect(f0.locator('#embed-home')).toHaveText(homeLabel);
    await expect(f0.locator('#embed-home')).toHaveAttribute('href', new RegExp(`/${e.dir}2-6\\.html#w-capacity$`));

    const e0 = page.getByTestId('element-0');
    await expect(e0.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(e0.getByTestId('requests')).toHaveText(requests({ gpu: 'h100-sxm' }));
    await typeInto(e0.getByLabel(ctxLabel, { exact: true }), '65536');
    await expect(e0.getByTestId('requests')).toHaveText(requests({ gpu: 'h100-sxm', context: 65536 }));
    await expect(e0).toHaveAttribute('state', 'gpu=h100-sxm&ctx=65536');
    await expect(e0.locator('.tally-embed-home a')).toHaveText(homeLabel);
    await expect(e0.locator('.tally-embed-home a')).toHaveAttribute('href', new RegExp(`/${e.dir}2-6\\.html#w-capacity$`));
  });
}
