// Scrubbable numbers (issue 16, item 4): a worked example's givens and the
// chapter's live sentences are role="slider" numbers. Dragging (mouse or
// touch) or the slider keys set the widget's control, so the example's steps,
// the sentence's dependent numbers and the URL hash follow; every expected
// number is the core's answer for the value the page ended on.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { at, cellRequest, CHAPTER_PAGES, pageOfInstance, shown, WIDGETS, type WidgetCfg } from './chapter';
import { allReady, expect, test, type Core } from './fixtures';

const INSTANCE_PAGE = pageOfInstance();

interface Cell {
  op: string;
  fields?: Record<string, unknown>;
  path: string;
}
type Live = WidgetCfg & { values?: Record<string, Cell>; statement?: { text: string } };

/** Control values of a widget, with the given keys overridden (by control key). */
function valuesOf(cfg: WidgetCfg, given: Record<string, string>): Record<string, string> {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, given[c.key] ?? c.default]));
}

/** The number a slider holds now (aria-valuenow, an exact integer). */
async function valueNow(slider: Locator): Promise<string> {
  const v = await slider.getAttribute('aria-valuenow');
  expect(v).toMatch(/^\d+$/);
  return v!;
}

async function expectSteps(w: Locator, instance: string, core: Core, given: Record<string, string>): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const values = valuesOf(cfg, given);
  for (const [i, s] of cfg.steps!.entries()) {
    const result = core.ok(cellRequest(s.op, values, cfg.fields, s.fields) as Parameters<Core['ok']>[0]);
    await expect(w.getByTestId(`${instance}-s${i}`)).toHaveText(shown(at(result, s.path)));
  }
}

async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${INSTANCE_PAGE[instance]}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** Drag a number sideways by dx pixels with the mouse, in small moves as a hand would. */
async function mouseDrag(page: Page, el: Locator, dx: number): Promise<void> {
  await el.scrollIntoViewIfNeeded();
  const box = (await el.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

test('example 2-3: a mouse drag on P sets the control, the steps follow to the core values and the hash records it', async ({ page, core }) => {
  const w = await open(page, 'example-2-3');
  const p = w.getByRole('slider', { name: '句中的數字 P（' });
  await expect(p).toHaveText('8,192');
  await expect(p).toHaveAttribute('aria-valuetext', '8,192 個 token');

  await mouseDrag(page, p, 90);
  await expect(p).not.toHaveAttribute('aria-valuenow', '8192');
  const v = await valueNow(p);
  expect(Number(v)).toBeGreaterThan(8192); // dragged right: longer
  await expect(w.getByRole('textbox', { name: 'P（本次輸入）' })).toHaveValue(v);
  await expect(p).toHaveText(BigInt(v).toLocaleString('en-US'));
  await expect(page).toHaveURL(new RegExp(`#example-2-3:P=${v}$`));
  await expectSteps(w, 'example-2-3', core, { P: v });

  // Dragging left far enough lands on the low end of the range, never below it.
  await mouseDrag(page, p, -900);
  await expect(p).toHaveAttribute('aria-valuenow', '1');
  await expectSteps(w, 'example-2-3', core, { P: '1' });
});

test('example 2-2: ArrowRight, PageUp, PageDown and Home on H step it like a slider and the steps follow', async ({ page, core }) => {
  const w = await open(page, 'example-2-2');
  const h = w.getByRole('slider', { name: '句中的數字 H（' });
  await expect(h).toHaveAttribute('aria-valuemin', '1');
  await expect(h).toHaveAttribute('aria-valuemax', '1048576');
  await h.focus();

  await h.press('ArrowRight'); // next power of two
  await expect(h).toHaveAttribute('aria-valuenow', '16384');
  await expectSteps(w, 'example-2-2', core, { H: '16384' });
  await expect(page).toHaveURL(/#example-2-2:H=16384$/);

  await h.press('PageUp'); // next landmark: 32K
  await expect(h).toHaveAttribute('aria-valuenow', '32768');
  await expect(h).toHaveAttribute('aria-valuetext', '32,768 個 token');
  await expectSteps(w, 'example-2-2', core, { H: '32768' });

  await h.press('PageDown'); // back past 16K to the 8K landmark
  await expect(h).toHaveAttribute('aria-valuenow', '8192');
  await h.press('End');
  await expect(h).toHaveAttribute('aria-valuenow', '1048576');
  await expectSteps(w, 'example-2-2', core, { H: '1048576' });
  await h.press('Home');
  await expect(h).toHaveAttribute('aria-valuenow', '1');
  await expectSteps(w, 'example-2-2', core, { H: '1' });
});

test('a given typed as "32K" in a link is read by the core and steps from 32,768', async ({ page, core }) => {
  await page.goto(`./${INSTANCE_PAGE['example-2-2']}#example-2-2:H=32K`);
  await allReady(page);
  const w = page.locator('[data-instance="example-2-2"]');
  const h = w.getByRole('slider', { name: '句中的數字 H（' });
  await expect(h).toHaveAttribute('aria-valuenow', '32768');
  await expect(h).toHaveText('32,768');
  await h.focus();
  await h.press('ArrowLeft');
  await expect(h).toHaveAttribute('aria-valuenow', '16384');
  await expectSteps(w, 'example-2-2', core, { H: '16384' });
});

// Every section page has a live sentence; scrubbing it changes a number in the same paragraph to the core's answer.
const SENTENCES = Object.entries(WIDGETS).filter(([, c]) => c.kind === 'sentence') as Array<[string, Live]>;

test('every section page 2-1 … 2-6 has a live sentence', () => {
  const pages = new Set(SENTENCES.map(([instance]) => INSTANCE_PAGE[instance]));
  for (const page of CHAPTER_PAGES.filter((p) => /^2-\d\.html$/.test(p))) expect(pages, page).toContain(page);
});

for (const [instance, cfg] of SENTENCES) {
  test(`${instance} (${INSTANCE_PAGE[instance]}): PageUp on its first given updates the paragraph to the core's values`, async ({ page, core }) => {
    const w = await open(page, instance);
    const paragraph = w.locator('p.scrub-sentence');
    const slider = paragraph.getByRole('slider').first();
    const text = cfg.statement!.text;
    const key = cfg.controls.filter((c) => text.includes(`{${c.key}}`)).sort((a, b) => text.indexOf(`{${a.key}}`) - text.indexOf(`{${b.key}}`))[0]!.key;
    await expect(slider).toHaveAttribute('data-testid', `${instance}-scrub-${key}`);
    const before = await paragraph.textContent();

    await slider.focus();
    await slider.press('PageUp');
    await expect(slider).not.toHaveAttribute('aria-valuenow', cfg.controls.find((c) => c.key === key)!.default);
    const v = await valueNow(slider);
    const values = valuesOf(cfg, { [key]: v });
    let changed = 0;
    for (const [name, cell] of Object.entries(cfg.values!)) {
      const want = shown(at(core.ok(cellRequest(cell.op, values, cfg.fields, cell.fields) as Parameters<Core['ok']>[0]), cell.path));
      const shownValue = paragraph.getByTestId(`${instance}-v-${name}`);
      await expect(shownValue).toHaveText(want);
      if (!before!.includes(want)) changed += 1;
    }
    expect(changed, 'at least one dependent number changed').toBeGreaterThan(0);
    await expect(page).toHaveURL(new RegExp(`#${instance}:${key}=${v}$`));
  });
}

test('a sentence without scripts reads as a plain paragraph with the book values', async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`./${INSTANCE_PAGE['sentence-2-6']}`);
  const w = page.locator('[data-instance="sentence-2-6"]');
  await expect(w.locator('p.scrub-sentence')).toContainText('8,192 個 token');
  await expect(w.locator('p.scrub-sentence')).toContainText('4 條請求');
  await expect(w.locator('.tally-controls')).toBeHidden();
  await expect(w.locator('.tally-title')).toHaveCSS('position', 'absolute'); // named for assistive technology only
  await ctx.close();
});

test('a value the core refuses shows its field and message under the sentence', async ({ page }) => {
  await page.goto(`./${INSTANCE_PAGE['sentence-2-2']}#sentence-2-2:H=0`);
  const w = page.locator('[data-instance="sentence-2-2"]');
  await expect(w).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
  await expect(w.getByTestId('error')).toBeVisible();
  await expect(w.getByTestId('error')).toContainText('H（上下文 token 數）：');
  await expect(w.getByRole('textbox', { name: 'H（上下文 token 數）' })).toBeVisible();
});

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });

  test('a sideways finger drag scrubs a sentence and the dependent number follows; the page still scrolls vertically', async ({ page, core }) => {
    const w = await open(page, 'sentence-2-2');
    const h = w.getByRole('slider', { name: '句中的數字 H（' });
    await h.scrollIntoViewIfNeeded();
    await expect(h).toHaveCSS('touch-action', 'pan-y');
    const box = (await h.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: px, y, id: 1 }] });
    await touch('touchStart', x);
    for (let i = 1; i <= 10; i++) await touch('touchMove', x + i * 8);
    await touch('touchEnd', x + 80);

    await expect(h).not.toHaveAttribute('aria-valuenow', '8192');
    const v = await valueNow(h);
    expect(Number(v)).toBeGreaterThan(8192);
    const kv = core.ok({ op: 'kv', model: 'qwen3-8b', tokens: Number(v) });
    await expect(w.getByTestId('sentence-2-2-v-kv')).toHaveText(kv.display as string);
    await expect(h).not.toHaveAttribute('data-scrubbing', /.*/); // the drag ended

    // An upward swipe that starts on the number scrolls the page and leaves the value alone.
    const box2 = (await h.boundingBox())!;
    const [x2, y2] = [box2.x + box2.width / 2, box2.y + box2.height / 2];
    const scrolled = await page.evaluate(() => window.scrollY);
    const vertical = (type: 'touchStart' | 'touchMove' | 'touchEnd', py: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x: x2, y: py, id: 2 }] });
    await vertical('touchStart', y2);
    for (let i = 1; i <= 10; i++) await vertical('touchMove', y2 - i * 15);
    await vertical('touchEnd', y2 - 150);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    await expect(h).toHaveAttribute('aria-valuenow', v);
  });
});

test('in embed.html a worked example keeps its scrubbable given: ArrowRight on B steps it and the steps follow', async ({ page, core }) => {
  await page.goto('./embed.html?w=example-2-4');
  const w = page.locator('[data-instance="example-2-4"]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const b = w.getByRole('slider', { name: '句中的數字 B（' });
  await b.focus();
  await b.press('ArrowRight'); // a count steps by one
  await expect(b).toHaveAttribute('aria-valuenow', '65');
  await expectSteps(w, 'example-2-4', core, { B: '65' });
  await b.press('PageDown'); // counts jump by ten
  await expect(b).toHaveAttribute('aria-valuenow', '55');
  await expectSteps(w, 'example-2-4', core, { B: '55' });
});

test('under prefers-reduced-motion the numbers do not animate; otherwise their highlight fades in 150 ms', async ({ page }) => {
  const w = await open(page, 'sentence-2-1');
  const p = w.getByRole('slider').first();
  await expect(p).toHaveCSS('transition-duration', '0.15s');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(p).toHaveCSS('transition-duration', '0s');
  await expect(p).toHaveCSS('font-variant-numeric', 'tabular-nums');
  await expect(p).toHaveCSS('cursor', 'ew-resize');
});

test('axe: the scrubbable numbers of an example and a sentence pass', async ({ page }) => {
  test.setTimeout(180_000); // axe over a page of figures on a busy 2-core machine
  await open(page, 'example-2-3');
  const axe = await new AxeBuilder({ page }).include('[data-instance="example-2-3"]').include('[data-instance="sentence-2-2"]').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
