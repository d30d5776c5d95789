// Draggable markers on the curves (web/src/figures/drag-marker.ts): a drag
// with the mouse, the keys or a touch sets the widget's control, the URL
// hash and the numbers that depend on it, exactly as typing does; hovering
// the plot reads out the nearest sampled point. Every expected number is the
// Node core's answer for the same request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Core } from './fixtures';

type Obj = Record<string, any>;
const root = path.resolve(import.meta.dirname, '../..');
const configs: Obj = JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/figures.json'), 'utf8')).widgets;
const group = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The state curves: the page they stand on, and the display their values are read in. */
const CURVES = [
  { id: 'fig-2-18', page: '2-3.html', display: 'total_display' },
  { id: 'fig-2-19', page: '2-3.html', display: 'decode_read_display' },
] as const;

async function open(page: Page, file: string, id: string, hash = ''): Promise<Locator> {
  await page.goto(`./${file}${hash || `#${id}`}`);
  const w = page.locator(`#${id}`);
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

/** The core's display of each model's value at length `len`, with the figure's default fields. */
function displaysAt(core: Core, id: string, display: string, len: number): string[] {
  const cfg = configs[id];
  return (cfg.data.models as string[]).map((model) => {
    const r = core.ok({ op: 'state_curve', model, lengths: [len], kv_dtype: 'bf16', layout: 'reference' });
    return (r[display] as string[])[0]!;
  });
}

/** The readout text the figure should show at `len`: model names from its legend, values from the core. */
async function readoutAt(w: Locator, core: Core, id: string, display: string, len: number): Promise<string> {
  const names = await w.locator('.fig-legend li').allInnerTexts();
  const values = displaysAt(core, id, display, len);
  return `上下文 ${group(len)} 個 token：${names.map((n, i) => `${n.trim()} ${values[i]}`).join('、')}`;
}

/** Client coordinates of length `v` on the shown drawing's axis, at mid-plot height. */
async function pointOf(w: Locator, v: number, which = 'is-wide'): Promise<{ x: number; y: number }> {
  return w.locator(`svg.${which}`).evaluate((svg: SVGSVGElement, v: number) => {
    const m = svg.querySelector('.drag-marker')!;
    const [x0, x1] = m.getAttribute('data-range')!.split(' ').map(Number) as [number, number];
    const [lo, hi] = m.getAttribute('data-domain')!.split(' ').map(Number) as [number, number];
    const units = x0 + ((x1 - x0) * Math.log(v / lo)) / Math.log(hi / lo);
    const box = svg.getBoundingClientRect();
    const plot = svg.querySelector('.drag-plot')!.getBoundingClientRect();
    return { x: box.left + (units * box.width) / svg.viewBox.baseVal.width, y: plot.top + plot.height / 2 };
  }, v);
}

async function expectAt(page: Page, w: Locator, core: Core, c: (typeof CURVES)[number], len: number): Promise<void> {
  await expect(w.locator(`#${c.id}-H`)).toHaveValue(String(len));
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${c.id}:H=${len}`);
  const values = displaysAt(core, c.id, c.display, len);
  for (const [i, v] of values.entries()) await expect(w.getByTestId(`cell-${len}-${i + 1}`)).toHaveText(v);
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', String(len));
  const said = await readoutAt(w, core, c.id, c.display, len);
  await expect(marker).toHaveAttribute('aria-valuetext', said);
  await expect(w.getByTestId('drag-readout')).toHaveText(said);
}

for (const c of CURVES) {
  test(`${c.id}: a mouse drag on the marker sets H, the hash and the values at H to the core's`, async ({ page, core }) => {
    const w = await open(page, c.page, c.id);
    const marker = w.locator('svg.is-wide').getByRole('slider');
    await expect(marker).toHaveAttribute('aria-valuenow', '32768');
    await w.locator('svg.is-wide').scrollIntoViewIfNeeded();
    const handle = (await marker.locator('.drag-handle').boundingBox())!;
    const to = await pointOf(w, 131072);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + 3, to.y, { steps: 8 }); // a few units off: the 128K landmark pulls it in
    await page.mouse.up();
    await expectAt(page, w, core, c, 131072);
  });

  test(`${c.id}: the marker is a keyboard slider (ArrowRight, PageUp, Home, End)`, async ({ page, core }) => {
    const w = await open(page, c.page, c.id);
    const marker = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的上下文標記 H（可拖曳）' });
    await expect(marker).toHaveAttribute('tabindex', '0');
    await expect(marker).toHaveAttribute('aria-valuemin', '1');
    await expect(marker).toHaveAttribute('aria-valuemax', '1048576');
    await marker.focus();
    await page.keyboard.press('ArrowRight'); // 32K → the next stop, 1.5 × 32K
    await expectAt(page, w, core, c, 49152);
    await expect(marker).toBeFocused();
    await page.keyboard.press('PageUp'); // → the next landmark, 128K
    await expectAt(page, w, core, c, 131072);
    await page.keyboard.press('End');
    await expect(w.locator(`#${c.id}-H`)).toHaveValue('1048576');
    await page.keyboard.press('Home');
    await expectAt(page, w, core, c, 1);
  });
}

test('fig-2-18: hovering the plot reads out the nearest sampled length in the core’s displays, beside the chart', async ({ page, core }) => {
  const c = CURVES[0];
  const w = await open(page, c.page, c.id);
  await w.locator('svg.is-wide').scrollIntoViewIfNeeded();
  const at = await pointOf(w, 1024);
  await page.mouse.move(at.x + 1, at.y);
  const readout = w.getByTestId('drag-readout');
  await expect(readout).toHaveText(await readoutAt(w, core, c.id, c.display, 1024));
  // (A vertical line has an empty box, so its visibility is read from the style.)
  const ghost = w.locator('svg.is-wide .drag-ghost');
  await expect(ghost).toHaveCSS('visibility', 'visible');
  // … standing on the sampled length: 1024 is 2^10, half way along the 1 … 2^20 axis.
  const [x0, x1] = (await w.locator('svg.is-wide .drag-marker').getAttribute('data-range'))!.split(' ').map(Number) as [number, number];
  expect(await ghost.evaluate((g: SVGGElement) => g.style.transform)).toBe(`translate(${(x0 + x1) / 2}px, 0px)`);
  // The readout sits above the plot, never over it.
  const r = (await readout.boundingBox())!;
  const plot = (await w.locator('svg.is-wide .drag-plot').boundingBox())!;
  expect(r.y + r.height).toBeLessThanOrEqual(plot.y);
  // Hovering changes nothing: H stays, and leaving restores the values at H.
  await expect(w.locator(`#${c.id}-H`)).toHaveValue('32768');
  await page.mouse.move(0, 0);
  await expect(ghost).toHaveCSS('visibility', 'hidden');
  await expect(readout).toHaveText(await readoutAt(w, core, c.id, c.display, 32768));
});

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 360, height: 740 } });
  test('fig-2-19 on a phone: a tap on the narrow drawing sets H to the landmark there', async ({ page, core }) => {
    const c = CURVES[1];
    const w = await open(page, c.page, c.id);
    await expect(w.locator('svg.is-narrow')).toBeVisible();
    await w.locator('svg.is-narrow').scrollIntoViewIfNeeded();
    const at = await pointOf(w, 8192, 'is-narrow');
    await page.touchscreen.tap(at.x, at.y);
    await expect(w.locator(`#${c.id}-H`)).toHaveValue('8192');
    await expect(w.locator('svg.is-narrow').getByRole('slider')).toHaveAttribute('aria-valuenow', '8192');
    for (const [i, v] of displaysAt(core, c.id, c.display, 8192).entries()) await expect(w.getByTestId(`cell-8192-${i + 1}`)).toHaveText(v);
  });
});

test('the marker is prerendered at the default H, inside the axis, in both drawings', async ({ page, request }) => {
  const html = await (await request.get('./2-3.html')).text();
  const sliders = html.match(/<g[^>]*role="slider"[^>]*>/g) ?? [];
  // Two curves (H = 32K) and two bar figures' context axes (Figs. 2-12 and 2-14, H = 8K), each in a wide and a narrow drawing.
  expect(sliders).toHaveLength(8);
  expect(sliders.filter((s) => s.includes('aria-valuenow="32768"'))).toHaveLength(4);
  expect(sliders.filter((s) => s.includes('aria-valuenow="8192"'))).toHaveLength(4);
  await page.goto('./2-3.html#fig-2-18');
  const t = await page.locator('#fig-2-18 svg.is-wide .drag-marker').getAttribute('transform');
  const range = (await page.locator('#fig-2-18 svg.is-wide .drag-marker').getAttribute('data-range'))!.split(' ').map(Number);
  const x = Number(/translate\(([\d.]+)/.exec(t!)![1]);
  expect(x).toBeGreaterThan(range[0]!);
  expect(x).toBeLessThan(range[1]!);
});

test('a typed H beyond the axis widens the axis: the marker stays on it, at its end', async ({ page, core }) => {
  const w = await open(page, '2-3.html', 'fig-2-18', '#fig-2-18:H=2097152');
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuemax', '2097152');
  await expect(marker).toHaveAttribute('aria-valuenow', '2097152');
  const v = displaysAt(core, 'fig-2-18', 'total_display', 2097152);
  await expect(w.getByTestId('cell-2097152-2')).toHaveText(v[1]!);
});

test('the embed (iframe page) keeps the drag: the keys move H and the values', async ({ page, core }) => {
  await page.goto('./embed.html?w=fig-2-18');
  const w = page.locator('[data-widget]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await marker.focus();
  await page.keyboard.press('PageUp');
  await expect(w.locator('input[data-key="H"]')).toHaveValue('131072');
  const v = displaysAt(core, 'fig-2-18', 'total_display', 131072);
  await expect(w.getByTestId('cell-131072-1')).toHaveText(v[0]!);
});

test('the marker glides only when motion is welcome', async ({ browser, baseURL }) => {
  test.setTimeout(120_000); // two fresh browser contexts on a busy machine
  for (const [reducedMotion, expected] of [
    ['no-preference', '0.18s'],
    ['reduce', '0s'],
  ] as const) {
    const context = await browser.newContext({ reducedMotion, baseURL });
    const page = await context.newPage();
    await page.goto('./2-3.html#fig-2-18', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#fig-2-18 svg.is-wide .drag-marker')).toHaveCSS('transition-duration', expected);
    await context.close();
  }
});
