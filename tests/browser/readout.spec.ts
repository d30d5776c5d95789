// Read any mark (web/src/figures/readout.ts) and motion between values
// (web/src/figures/motion.ts): hovering, focusing or tapping a bar, a
// segment, a curve's end dot or a grid cell shows the core's display beside
// the mark, never over it and inside the figure; shapes glide to new values
// unless the reader asked for reduced motion. Expected values are the Node
// core's answers for the same requests.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, test, typeInto, type Core } from './fixtures';
import { builtVersion, startHost, type HostServer } from './embed-host';

type Obj = Record<string, any>;
type Box = { x: number; y: number; width: number; height: number };

const ok = (core: Core, request: Obj): Obj => core.ok(request);
const FIVE = ['deepseek-v4.1-flash', 'qwen3-8b', 'qwen3.6-35b-a3b', 'deepseek-v4-flash', 'kimi-k3'];

async function openFigure(page: Page, n: number): Promise<Locator> {
  await page.goto(`./figures.html#fig-2-${n}`);
  const w = page.locator(`#fig-2-${n}`);
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

const readout = (w: Locator) => w.getByTestId('readout');
const value = (w: Locator) => readout(w).locator('.fig-readout-value');
const label = (w: Locator) => readout(w).locator('.fig-readout-label');

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  if (!b) throw new Error('no box');
  return b;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

/** The readout is open beside `mark`: not over it, and inside the figure. */
async function expectBeside(w: Locator, mark: Locator): Promise<void> {
  await expect(readout(w)).toHaveAttribute('data-open', '');
  const r = await box(readout(w));
  expect(overlaps(r, await box(mark)), 'readout covers its mark').toBe(false);
  expect(inside(r, await box(w)), 'readout leaves the figure').toBe(true);
}

test('hovering a bar reads its label and the core’s value beside it; Escape closes', async ({ page, core }) => {
  const w = await openFigure(page, 8);
  const bars = w.locator('svg.is-wide rect[data-read]');
  await expect(bars).toHaveCount(5);
  await bars.nth(0).hover();
  await expect(value(w)).toHaveText(ok(core, { op: 'crossover', model: 'qwen3-8b', context: 8192 }).weight_read_binary_display);
  await expect(label(w)).toHaveText('共享權重（整批只讀一次）');
  await expectBeside(w, bars.nth(0));
  await bars.nth(4).hover();
  await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch: 64 }).kv_read_display);
  await expectBeside(w, bars.nth(4));
  await page.keyboard.press('Escape');
  await expect(readout(w)).not.toHaveAttribute('data-open', '');
  await expect(value(w)).toHaveText('');
});

test('keyboard: the chart is one tab stop and the arrow keys read its bars in turn', async ({ page, core }) => {
  const w = await openFigure(page, 8);
  const chart = w.locator('.fig-scroll');
  await expect(chart).toHaveAttribute('tabindex', '0');
  // Exactly one tab stop for the chart: no mark is focusable on its own (the context marker is a control, not a mark).
  expect(await w.locator('svg [tabindex]:not([role="slider"])').count()).toBe(0);
  // Tab from the last control reaches the chart (past the headline's how button) …
  await w.getByLabel('每請求上下文 token').focus();
  for (let i = 0; i < 6 && !(await chart.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(chart).toBeFocused();
  const bars = w.locator('svg.is-wide rect[data-read]');
  const req = (batch: number) => ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch });
  await expect(value(w)).toHaveText(ok(core, { op: 'crossover', model: 'qwen3-8b', context: 8192 }).weight_read_binary_display);
  await expect(bars.nth(0)).toHaveAttribute('data-reading', '');
  await page.keyboard.press('ArrowDown');
  await expect(value(w)).toHaveText(req(1).kv_read_display);
  await expect(label(w)).toHaveText('1 條請求各自的 KV');
  await expectBeside(w, bars.nth(1));
  await page.keyboard.press('End');
  await expect(value(w)).toHaveText(req(64).kv_read_display);
  await page.keyboard.press('Home');
  await expect(bars.nth(0)).toHaveAttribute('data-reading', '');
  // … and the next Tab leaves it, not for a mark inside it (the context marker's slider may come next).
  await page.keyboard.press('Tab');
  await expect(chart).not.toBeFocused();
  expect(await chart.evaluate((e) => e.contains(document.activeElement) && !document.activeElement!.matches('[role="slider"]'))).toBe(false);
  await chart.focus();
  // The readout is a polite live region, and the chart names the keys' help.
  await expect(readout(w)).toHaveAttribute('role', 'status');
  const hint = await chart.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${hint}"]`)).toContainText('方向鍵');
  // Leaving the chart closes the readout; coming back resumes where the reader was.
  await chart.blur();
  await expect(readout(w)).not.toHaveAttribute('data-open', '');
  await chart.focus();
  await expect(bars.nth(0)).toHaveAttribute('data-reading', '');
  await page.keyboard.press('ArrowRight');
  await chart.blur();
  await chart.focus();
  await expect(value(w)).toHaveText(req(1).kv_read_display);
});

test('an open readout follows new values of its mark', async ({ page, core }) => {
  const w = await openFigure(page, 8);
  const bar = w.locator('svg.is-wide rect[data-read]').nth(1);
  await bar.hover();
  await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch: 1 }).kv_read_display);
  await w.getByLabel('每請求上下文 token').fill('65536'); // typed without moving the pointer
  await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 65536, context: 0, generated: 2, batch: 1 }).kv_read_display);
  await expect(w.getByTestId('bar-kv-1')).toHaveText(await value(w).innerText());
  await expectBeside(w, bar);
});

test('a curve’s dot at H reads the core’s state at H, by hover and by focus', async ({ page, core }) => {
  const w = await openFigure(page, 18);
  const dots = w.locator('svg.is-wide circle.end');
  await expect(dots).toHaveCount(5);
  // The dots sit at the reader's H (32,768 by default, Fig. 2-18's drag marker).
  const r = (model: string) => ok(core, { op: 'state_curve', model, lengths: [32768], kv_dtype: 'bf16', layout: 'reference' });
  await dots.nth(1).hover();
  await expect(value(w)).toHaveText(r(FIVE[1]!).total_display[0]);
  await expect(label(w)).toHaveText('Qwen3-8B・上下文 token 32,768');
  await expectBeside(w, dots.nth(1));
  // Focus resumes at the dot last read; the next key reads the next model.
  // (The pointer leaves first: focusing scrolls, and a dot under a resting pointer would be read.)
  await page.mouse.move(0, 0);
  await w.locator('.fig-scroll').focus();
  await expect(value(w)).toHaveText(r(FIVE[1]!).total_display[0]);
  await page.keyboard.press('ArrowRight');
  await expect(value(w)).toHaveText(r(FIVE[2]!).total_display[0]);
  await expectBeside(w, dots.nth(2));
});

test('a stacked segment reads its bar, its part and the core’s bytes', async ({ page, core }) => {
  const w = await openFigure(page, 34);
  const r = ok(core, { op: 'param_budget', gpu: 'rtx-4090', model: 'qwen3-8b', requests: 4, context: 8192, weight_dtype: 'bf16', workspace_bytes: 2147483648 });
  const segs = w.locator('svg.is-wide rect.seg');
  await expect(segs).toHaveCount((r.items as Obj[]).length);
  for (const [i, s] of (r.items as Obj[]).entries()) {
    await segs.nth(i).hover();
    await expect(value(w)).toHaveText(s.display);
    await expect(label(w)).toContainText(s.label);
    await expectBeside(w, segs.nth(i));
  }
});

test('grid cells read their place and whether the batch touched them (Fig. 2-23), by hover and arrow keys', async ({ page, core }) => {
  const w = await openFigure(page, 23);
  const conc = ok(core, { op: 'routing', model: 'qwen3.6-35b-a3b', batch: 64, dispatch: 'concentrated' });
  const experts = Number(conc.experts);
  const touched = Number(conc.distinct_experts);
  const panel = w.locator('svg.is-wide .cells').nth(1);
  await expect(panel.locator('rect')).toHaveCount(experts);
  await panel
    .locator('rect')
    .nth(touched - 1)
    .hover();
  await expect(label(w)).toHaveText(`集中分派・第 ${touched} 個路由專家`);
  await expect(value(w)).toHaveText('被存取的專家');
  await expectBeside(w, panel.locator('rect').nth(touched - 1));
  await panel.locator('rect').nth(touched).hover();
  await expect(value(w)).toHaveText('閒置的專家');
  await expectBeside(w, panel.locator('rect').nth(touched));
  // Keys: right moves one expert, down one row of the grid.
  await page.mouse.move(0, 0);
  await w.locator('.fig-scroll').first().focus(); // the grids (the curve below is the second chart)
  await expect(label(w)).toHaveText(`集中分派・第 ${touched + 1} 個路由專家`); // the mark last read
  const cols = Math.ceil(Math.sqrt(experts));
  await page.keyboard.press('ArrowDown');
  await expect(label(w)).toHaveText(`集中分派・第 ${touched + 1 + cols} 個路由專家`);
  await page.keyboard.press('ArrowLeft');
  await expect(label(w)).toHaveText(`集中分派・第 ${touched + cols} 個路由專家`);
});

test('pair-grid cells read their query, their key and what the pair is (Fig. 2-4)', async ({ page, core }) => {
  const w = await openFigure(page, 4);
  // S = 2 cached keys, P = 3 new queries: 3 rows of 5 keys, N_pair from the core.
  expect(ok(core, { op: 'forward', model: 'qwen3-8b', batch: 1, context: 2, input: 3 }).n_pair).toBe(12);
  const cells = w.locator('svg.is-wide .cells rect');
  await expect(cells).toHaveCount(15);
  await w.locator('.fig-scroll').focus();
  await expect(label(w)).toHaveText('第 1 個新查詢・第 1 個被讀取的 token');
  await expect(value(w)).toHaveText('讀取舊 token（長方形 P×S）');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(label(w)).toHaveText('第 1 個新查詢・第 3 個被讀取的 token');
  await expect(value(w)).toHaveText('新輸入內部的因果讀取（三角形）');
  await page.keyboard.press('ArrowRight');
  await expect(value(w)).toHaveText('被遮蔽的未來位置');
  await expectBeside(w, cells.nth(3));
  // The reader's edit rebuilds the grid; the new cells read too.
  await typeInto(w.getByLabel('P（新輸入 token）'), '4');
  await expect(cells).toHaveCount(4 * 6);
  await cells.nth(23).hover();
  await expect(label(w)).toHaveText('第 4 個新查詢・第 6 個被讀取的 token');
  await expect(value(w)).toHaveText('新輸入內部的因果讀取（三角形）');
});

test('touch: a tap reads a mark and a tap elsewhere closes it, inside a 360 px screen', async ({ browser, baseURL, core }) => {
  const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const w = await openFigure(page, 8);
  const bars = w.locator('svg.is-narrow rect[data-read]');
  await expect(bars).toHaveCount(5);
  await bars.nth(2).scrollIntoViewIfNeeded();
  await bars.nth(2).tap();
  await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch: 4 }).kv_read_display);
  await expectBeside(w, bars.nth(2));
  expect(inside(await box(readout(w)), { x: 0, y: 0, width: 360, height: 1e6 }), 'readout inside the phone’s width').toBe(true);
  await bars.nth(4).tap();
  await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch: 64 }).kv_read_display);
  await expectBeside(w, bars.nth(4));
  await w.locator('figcaption').tap();
  await expect(readout(w)).not.toHaveAttribute('data-open', '');
  await context.close();
});

/** Every transition that starts inside a figure's drawing, recorded from the page's start. */
async function recordTransitions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const runs: string[] = ((window as any).__figureTransitions = []);
    document.addEventListener('transitionrun', (e) => {
      // Geometry only: step-through diagrams fade their steps (opacity) by design.
      if (e.target instanceof Element && e.target.closest('svg') && e.propertyName !== 'opacity') runs.push(e.propertyName);
    });
  });
}
const transitions = (page: Page): Promise<string[]> => page.evaluate(() => (window as any).__figureTransitions);

/**
 * Edit the context and sample the second bar's drawn width as the core's
 * new width is written (the moment the attribute changes) and in the next
 * frames, then after the transitions have had time to end. 8,192 → 9,000
 * keeps the axis's ticks, so the drawing is updated in place (a new set of
 * ticks rebuilds it, and a rebuilt drawing appears at once).
 */
async function widthAfterEdit(page: Page, w: Locator): Promise<{ during: number[]; end: number; target: number; running: number; duration: string }> {
  const bar = w.locator('svg.is-wide rect[data-read]').nth(1);
  const duration = await bar.evaluate((e) => getComputedStyle(e).transitionDuration);
  await bar.evaluate((e) => {
    const out = ((window as any).__samples = { during: [] as number[], running: -1 });
    new MutationObserver((_, obs) => {
      obs.disconnect();
      out.during.push(parseFloat(getComputedStyle(e).width));
      out.running = e.getAnimations().length;
      const frame = (n: number) => n > 0 && requestAnimationFrame(() => (out.during.push(parseFloat(getComputedStyle(e).width)), frame(n - 1)));
      frame(3);
    }).observe(e, { attributes: true, attributeFilter: ['width'] });
  });
  const before = (await bar.getAttribute('width'))!;
  const shape = await w.locator('[data-output]').getAttribute('data-shape');
  await w.getByLabel('每請求上下文 token').fill('9000');
  await expect(bar).not.toHaveAttribute('width', before);
  await expect(w.locator('[data-output]')).toHaveAttribute('data-shape', shape!);
  await page.waitForTimeout(500);
  const { during, running } = await page.evaluate(() => (window as any).__samples);
  const end = await bar.evaluate((e) => parseFloat(getComputedStyle(e).width));
  const target = parseFloat((await bar.getAttribute('width'))!);
  return { during, end, target, running, duration };
}

test('bars glide to their new values in about 200 ms', async ({ page }) => {
  await recordTransitions(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const w = await openFigure(page, 8);
  await expect(w).toHaveAttribute('data-motion', '');
  const { during, end, target, running, duration } = await widthAfterEdit(page, w);
  expect(duration.split(', ')).toContain('0.2s');
  expect(running).toBeGreaterThan(0);
  // While it moves the drawn width is not yet the end value; then it is.
  expect(during[0]).not.toBeCloseTo(end, 1);
  expect(end).toBeCloseTo(target, 2);
  expect(await transitions(page)).toContain('width');
});

/**
 * Record, the moment the drawing is rebuilt, the animations on the new
 * kv-1 bar and its drawn width. This observer runs after the figure's own
 * (registered at hydration), so any glide has started by then.
 */
async function watchRebuild(w: Locator): Promise<void> {
  await w.locator('[data-output]').evaluate((out) => {
    const seen = ((window as any).__rebuilt = { running: -1, start: -1 });
    new MutationObserver((_, obs) => {
      const bar = out.querySelector('svg.is-wide g[data-bar="kv-1"] rect');
      if (!bar) return;
      obs.disconnect();
      seen.running = bar.getAnimations().length;
      seen.start = parseFloat(getComputedStyle(bar).width);
    }).observe(out, { childList: true });
  });
}

test('a rebuilt drawing (new axis ticks) glides from where the old one was', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const w = await openFigure(page, 8);
  await expect(w).toHaveAttribute('data-motion', '');
  const shape = await w.locator('[data-output]').getAttribute('data-shape');
  const oldWidth = parseFloat((await w.locator('svg.is-wide g[data-bar="kv-1"] rect').getAttribute('width'))!);
  await watchRebuild(w);
  await w.getByLabel('每請求上下文 token').fill('32768');
  await expect(w.locator('[data-output]')).not.toHaveAttribute('data-shape', shape!);
  const seen = await page.evaluate(() => (window as any).__rebuilt);
  expect(seen.running).toBeGreaterThan(0);
  expect(seen.start).toBeCloseTo(oldWidth, 1); // it starts from the old bar's width
  await page.waitForTimeout(500);
  const bar = w.locator('svg.is-wide g[data-bar="kv-1"] rect');
  expect(await bar.evaluate((e) => parseFloat(getComputedStyle(e).width))).toBeCloseTo(parseFloat((await bar.getAttribute('width'))!), 2);
});

test('nothing animates under prefers-reduced-motion: reduce', async ({ page }) => {
  await recordTransitions(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const w = await openFigure(page, 8);
  await expect(w).toHaveAttribute('data-motion', '');
  const { during, end, target, running, duration } = await widthAfterEdit(page, w);
  expect(duration).toBe('0s');
  expect(running).toBe(0);
  for (const v of during) expect(v).toBeCloseTo(end, 2);
  expect(end).toBeCloseTo(target, 2);
  expect(await transitions(page)).toEqual([]);
  // A rebuild (new ticks) does not glide either.
  const shape = await w.locator('[data-output]').getAttribute('data-shape');
  await watchRebuild(w);
  await w.getByLabel('每請求上下文 token').fill('32768');
  await expect(w.locator('[data-output]')).not.toHaveAttribute('data-shape', shape!);
  const seen = await page.evaluate(() => (window as any).__rebuilt);
  expect(seen.running).toBe(0);
  expect(seen.start).toBeCloseTo(parseFloat((await w.locator('svg.is-wide g[data-bar="kv-1"] rect').getAttribute('width'))!), 2);
});

test('the first paint does not animate: a link’s state is drawn at once', async ({ page, core }) => {
  await recordTransitions(page);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('./figures.html#fig-2-8:H=32768');
  const w = page.locator('#fig-2-8');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(w.getByTestId('bar-kv-1')).toHaveText(
    ok(core, { op: 'request', model: 'qwen3-8b', input: 32768, context: 0, generated: 2, batch: 1 }).kv_read_display,
  );
  await expect(w).toHaveAttribute('data-motion', '');
  expect(await transitions(page)).toEqual([]);
});

test('values and readouts use tabular figures', async ({ page }) => {
  const w = await openFigure(page, 8);
  await w.locator('svg.is-wide rect[data-read]').first().hover();
  for (const l of [value(w), w.locator('svg.is-wide .bar-value').first(), w.locator('.fig-summary dd').first(), w.locator('.fig-data td.num').first()]) {
    expect(await l.evaluate((e) => getComputedStyle(e).fontVariantNumeric)).toContain('tabular-nums');
  }
});

test('axe passes on figures.html with a readout open', async ({ page }) => {
  test.setTimeout(120_000);
  const w = await openFigure(page, 23);
  await w.locator('.fig-scroll').first().focus(); // the grids' chart
  await expect(readout(w)).toHaveAttribute('data-open', '');
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test.describe('embeds', () => {
  let host: HostServer;
  test.beforeAll(async () => {
    host = await startHost();
  });
  test.afterAll(() => host?.stop());

  test('embed.html reads a bar on hover', async ({ page, core }) => {
    await page.goto('./embed.html?w=fig-2-8');
    const w = page.locator('[data-widget]');
    await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const bar = w.locator('svg.fig-svg:visible rect[data-read]').first();
    await bar.hover();
    await expect(value(w)).toHaveText(ok(core, { op: 'crossover', model: 'qwen3-8b', context: 8192 }).weight_read_binary_display);
    await expectBeside(w, bar);
  });

  test('a <tally-widget> reads a bar on hover and by keys inside its shadow root', async ({ page, baseURL, core }) => {
    const tally = new URL(baseURL!).origin;
    await page.goto(`${host.origin}/index.html?tally=${encodeURIComponent(tally)}&ver=${builtVersion()}&element0=fig-2-8|`);
    const w = page.getByTestId('element-0').locator('[data-widget]');
    await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const bars = w.locator('svg.fig-svg:visible rect[data-read]');
    await bars.first().hover();
    await expect(value(w)).toHaveText(ok(core, { op: 'crossover', model: 'qwen3-8b', context: 8192 }).weight_read_binary_display);
    await expectBeside(w, bars.first());
    await w.locator('.fig-scroll').focus();
    await page.keyboard.press('ArrowDown');
    await expect(value(w)).toHaveText(ok(core, { op: 'request', model: 'qwen3-8b', input: 8192, context: 0, generated: 2, batch: 1 }).kv_read_display);
    // A tap or click outside the element closes it (the event comes from outside the shadow root).
    await page.mouse.click(2, 2);
    await expect(readout(w)).not.toHaveAttribute('data-open', '');
  });
});
