// Read any mark on the hand-drawn widgets (svg[data-readable]): the
// capacity bar's segments (2-6.html) and the decode curves' sampled points
// (2-2.html), where hovering the plot reads the nearest point. Hover, focus
// and touch; the readout never covers its mark. Reduced motion: the new
// context markers and bars do not glide. Values are the Node core's.
import type { Locator, Page } from '@playwright/test';
import { DEFAULTS, expect, openChapter, test, type Core } from './fixtures';

type Obj = Record<string, any>;
type Box = { x: number; y: number; width: number; height: number };

const readout = (w: Locator) => w.getByTestId('readout');
const value = (w: Locator) => readout(w).locator('.fig-readout-value');
const label = (w: Locator) => readout(w).locator('.fig-readout-label');
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectBeside(w: Locator, mark: Locator): Promise<void> {
  await expect(readout(w)).toHaveAttribute('data-open', '');
  expect(overlaps((await readout(w).boundingBox())!, (await mark.boundingBox())!), 'readout covers its mark').toBe(false);
}

const capacityOf = (core: Core): Obj => core.ok(DEFAULTS.capacity);

async function openCapacity(page: Page): Promise<Locator> {
  await openChapter(page, 'capacity');
  const w = page.locator('#w-capacity');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

async function openDecode(page: Page): Promise<Locator> {
  await openChapter(page, 'decode');
  const w = page.locator('#w-decode');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

/** The G the decode chart samples at place i (1 … G in 24 even steps, as the widget asks the core). */
const sampledG = (g: number, i: number) => 1 + Math.floor(((g - 1) * i) / 23);
const decodeAt = (core: Core, g: number): Obj => core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: g, context: 0 });

test('capacity: hovering a segment reads its part and the core’s bytes; the keys walk the segments', async ({ page, core }) => {
  const w = await openCapacity(page);
  const r = capacityOf(core);
  const segs = w.locator('svg.tally-bar rect.seg');
  await expect(segs).toHaveCount((r.items as Obj[]).length);
  const kv = (r.items as Obj[]).findIndex((s) => s.id === 'kv');
  await segs.nth(kv).hover();
  await expect(label(w)).toHaveText(`視訊記憶體分配・${(r.items as Obj[])[kv]!.label}`);
  await expect(value(w)).toHaveText((r.items as Obj[])[kv]!.binary_display);
  await expectBeside(w, segs.nth(kv));
  await page.mouse.move(0, 0);
  await w.locator('.fig-scroll').focus();
  await page.keyboard.press('Home');
  await expect(value(w)).toHaveText((r.items as Obj[])[0]!.binary_display);
  await page.keyboard.press('ArrowRight');
  await expect(value(w)).toHaveText((r.items as Obj[])[1]!.binary_display);
  await expectBeside(w, segs.nth(1));
});

test('decode: hovering near the line reads its nearest sampled point with the core’s bytes, not over it', async ({ page, core }) => {
  const w = await openDecode(page);
  const g = DEFAULTS.request.generated;
  const points = w.locator('svg.tally-chart circle.point-reads');
  await expect(points).toHaveCount(24);
  await points.nth(12).scrollIntoViewIfNeeded();
  const p = (await points.nth(12).boundingBox())!;
  // Beside the point, over the plot: the nearest point reads.
  await page.mouse.move(p.x + p.width / 2 + 3, p.y + p.height / 2 + 12);
  const at = sampledG(g, 12);
  await expect(label(w)).toHaveText(`G = ${at.toLocaleString('en-US')}・累計讀取`);
  await expect(value(w)).toHaveText(decodeAt(core, at).kv_read_display);
  await expectBeside(w, points.nth(12));
  // Near the stored line's end: its point reads the stored bytes.
  const end = w.locator('svg.tally-chart circle.point-stored').last();
  const e = (await end.boundingBox())!;
  await page.mouse.move(e.x - 2, e.y + e.height / 2 - 6);
  await expect(value(w)).toHaveText(decodeAt(core, g).final_kv_display);
  // Leaving the plot closes it.
  await page.mouse.move(0, 0);
  await expect(readout(w)).not.toHaveAttribute('data-open', '');
});

test('decode: keyboard focus reads the points one by one', async ({ page, core }) => {
  const w = await openDecode(page);
  const g = DEFAULTS.request.generated;
  await w.locator('.fig-scroll').focus();
  await expect(label(w)).toHaveText('G = 1・累計讀取');
  await page.keyboard.press('ArrowRight');
  const at = sampledG(g, 1);
  await expect(label(w)).toHaveText(`G = ${at.toLocaleString('en-US')}・累計讀取`);
  await expect(value(w)).toHaveText(decodeAt(core, at).kv_read_display);
  await expectBeside(w, w.locator('svg.tally-chart circle.point-reads').nth(1));
});

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });

  test('a tap reads a capacity segment, and a tap on the decode plot reads the nearest point', async ({ page, core }) => {
    const w = await openCapacity(page);
    const r = capacityOf(core);
    const seg = w.locator('svg.tally-bar rect.seg-weights');
    await seg.scrollIntoViewIfNeeded();
    await seg.tap();
    await expect(value(w)).toHaveText((r.items as Obj[]).find((s) => s.id === 'weights')!.binary_display);
    await expectBeside(w, seg);

    const d = await openDecode(page);
    const g = DEFAULTS.request.generated;
    const last = d.locator('svg.tally-chart circle.point-reads').last();
    await last.scrollIntoViewIfNeeded();
    const b = (await last.boundingBox())!;
    await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2 + 6); // just under it: the nearest point
    await expect(label(d)).toHaveText(`G = ${g.toLocaleString('en-US')}・累計讀取`);
    await expect(value(d)).toHaveText(decodeAt(core, g).kv_read_display);
  });
});

test('reduced motion: the context marker and the bars it moves do not glide', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./figures.html#fig-2-8');
  const w = page.locator('#fig-2-8');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const marker = w.locator('svg.is-wide').getByRole('slider');
  const bar = w.locator('svg.is-wide g[data-bar="kv-4"] rect');
  await expect(marker).toHaveCSS('transition-duration', '0s');
  await expect(bar).toHaveCSS('transition-duration', '0s');
  const before = (await bar.getAttribute('data-read'))!;
  const at = (await marker.getAttribute('transform'))!;
  await marker.focus();
  await page.keyboard.press('ArrowRight');
  await expect(bar).not.toHaveAttribute('data-read', before);
  await expect(marker).not.toHaveAttribute('transform', at);
  // Nothing in the drawing runs an animation: the new places are drawn at once.
  expect(await w.locator('svg.is-wide').evaluate((svg) => svg.getAnimations({ subtree: true }).length)).toBe(0);
  expect(await bar.evaluate((e) => parseFloat(getComputedStyle(e).width))).toBeCloseTo(parseFloat((await bar.getAttribute('width'))!), 2);
});
