// Markers on the bar figures whose input is a context length (the thin
// context axis of figures/context-strip.ts: Figs. 2-8, 2-12, 2-14, 2-30) and
// Fig. 2-7's G handle (widgets/decode-steps/g-handle.ts): a mouse drag or
// the keys set the widget's field, the URL hash and a dependent number to
// the Node core's answer for the same request.
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Core } from './fixtures';

type Obj = Record<string, any>;

/** Each strip figure, and one bar's value as the core computes it at length h. */
const STRIPS = [
  {
    id: 'fig-2-8',
    bar: 'kv-4',
    value: (c: Core, h: number) => c.ok({ op: 'request', model: 'qwen3-8b', input: h, context: 0, generated: 2, batch: 4 }).kv_read_display,
  },
  {
    id: 'fig-2-12',
    bar: 'compact',
    value: (c: Core, h: number) =>
      (c.ok({ op: 'state', model: 'kimi-k3', mla_path: 'compact', tokens: h, kv_dtype: 'bf16' }).items as Obj[]).find((i) => i.id === 'mla_latent')!.display,
  },
  {
    id: 'fig-2-14',
    bar: 'window',
    value: (c: Core, h: number) =>
      (c.ok({ op: 'state_curve', model: 'deepseek-v4-flash', lengths: [h], layout: 'reference' }).by_kind_display as Obj).window[0],
  },
  {
    id: 'fig-2-30',
    bar: 'qwen3-8b',
    value: (c: Core, h: number) => (c.ok({ op: 'compare', input: h, kv_dtype: 'bf16' }).rows as Obj[]).find((r) => r.model === 'qwen3-8b')!.state_display,
  },
] as const;

async function open(page: Page, id: string): Promise<Locator> {
  await page.goto(`./figures.html#${id}`);
  const w = page.locator(`#${id}`);
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

/** Client x of length `v` on the shown strip's axis. */
async function xOf(w: Locator, v: number): Promise<number> {
  return w.locator('svg.is-wide').evaluate((svg: SVGSVGElement, v: number) => {
    const m = svg.querySelector('.drag-marker')!;
    const [x0, x1] = m.getAttribute('data-range')!.split(' ').map(Number) as [number, number];
    const [lo, hi] = m.getAttribute('data-domain')!.split(' ').map(Number) as [number, number];
    const units = x0 + ((x1 - x0) * Math.log(v / lo)) / Math.log(hi / lo);
    const box = svg.getBoundingClientRect();
    return box.left + (units * box.width) / svg.viewBox.baseVal.width;
  }, v);
}

async function expectH(page: Page, w: Locator, s: (typeof STRIPS)[number], core: Core, h: number): Promise<void> {
  await expect(w.locator(`#${s.id}-H`)).toHaveValue(String(h));
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${s.id}:H=${h}`);
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', String(h));
  await expect(marker).toHaveAttribute('aria-valuetext', new RegExp(`${h.toLocaleString('en-US')} 個 token`));
  await expect(w.getByTestId(`bar-${s.bar}`)).toHaveText(s.value(core, h));
}

for (const s of STRIPS) {
  test(`${s.id}: dragging H on the context axis sets H, the hash and the bars to the core's values`, async ({ page, core }) => {
    const w = await open(page, s.id);
    const marker = w.locator('svg.is-wide').getByRole('slider');
    await expect(marker).toHaveAttribute('aria-valuenow', '8192');
    await expect(w.getByTestId(`bar-${s.bar}`)).toHaveText(s.value(core, 8192));
    await w.locator('svg.is-wide').scrollIntoViewIfNeeded();
    const handle = (await marker.locator('.drag-handle').boundingBox())!;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move((await xOf(w, 131072)) + 3, y + 20, { steps: 8 }); // off the strip and a little off the landmark: still 128K
    await page.mouse.up();
    await expectH(page, w, s, core, 131072);
  });

  test(`${s.id}: the context marker is a keyboard slider (ArrowRight, PageUp)`, async ({ page, core }) => {
    const w = await open(page, s.id);
    const marker = w.locator('svg.is-wide').getByRole('slider');
    await expect(marker).toHaveAttribute('aria-valuemin', '1');
    await expect(marker).toHaveAttribute('aria-valuemax', '1048576');
    await marker.focus();
    await page.keyboard.press('ArrowRight'); // 8K → the next stop, 1.5 × 8K
    await expectH(page, w, s, core, 12288);
    await expect(marker).toBeFocused();
    await page.keyboard.press('PageUp'); // → the next landmark, 32K
    await expectH(page, w, s, core, 32768);
  });
}

test('the strip is a thin row and fits the phone’s drawing: marker inside the axis, labels inside the drawing', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const w = await open(page, 'fig-2-30');
  const svg = w.locator('svg.is-narrow');
  await expect(svg).toBeVisible();
  const box = (await svg.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  const strip = (await svg.locator('.ctx-strip').boundingBox())!;
  expect(strip.height).toBeLessThan(40);
  expect(strip.x).toBeGreaterThanOrEqual(box.x);
  expect(strip.x + strip.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  const handle = (await svg.locator('.drag-handle').boundingBox())!;
  expect(handle.x).toBeGreaterThan(strip.x);
  expect(handle.x + handle.width).toBeLessThan(strip.x + strip.width);
  await context.close();
});

// ---- Fig. 2-7: G on the decode accumulation ----------------------------------

const decodeAt = (core: Core, g: number): Obj => core.ok({ op: 'request', model: 'qwen3-8b', context: 0, input: 4, generated: g });

async function expectG(page: Page, w: Locator, core: Core, g: number): Promise<void> {
  const r = decodeAt(core, g);
  await expect(w.locator('#fig-2-7-G')).toHaveValue(String(g));
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`fig-2-7:G=${g}`);
  await expect(w.getByTestId('decode-steps')).toHaveText(String(r.decode_steps));
  await expect(w.getByTestId('reads')).toHaveText(r.kv_read_display);
  const handle = w.locator('svg.is-wide').getByRole('slider');
  await expect(handle).toHaveAttribute('aria-valuenow', String(g));
  await expect(handle).toHaveAttribute('aria-valuetext', `回傳 ${g} 個 token，decode ${r.decode_steps} 次`);
  await expect(w.locator('svg.is-wide [data-step]')).toHaveCount(Number(r.decode_steps));
}

test('fig-2-7: dragging the handle under the last row down adds decode steps (G), up removes them', async ({ page, core }) => {
  const w = await open(page, 'fig-2-7');
  const handle = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的 G 把手：上下拖曳增減 decode 步數' });
  await expect(handle).toHaveAttribute('aria-valuenow', '5');
  await handle.scrollIntoViewIfNeeded();
  const rowPx = await w.locator('svg.is-wide').evaluate((svg: SVGSVGElement) => {
    const h = Number(svg.querySelector('.row-handle')!.getAttribute('data-row-h'));
    return (h * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width;
  });
  const pill = (await handle.locator('.row-pill').boundingBox())!;
  const x = pill.x + pill.width / 2;
  const y = pill.y + pill.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 2 * rowPx, { steps: 6 });
  await page.mouse.up();
  await expectG(page, w, core, 7);
  const moved = (await handle.locator('.row-pill').boundingBox())!;
  await page.mouse.move(x, moved.y + moved.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, moved.y + moved.height / 2 - 3 * rowPx, { steps: 6 });
  await page.mouse.up();
  await expectG(page, w, core, 4);
});

test('fig-2-7: the G handle steps with the keys (ArrowRight, PageUp by the scale’s page, End, Home)', async ({ page, core }) => {
  const w = await open(page, 'fig-2-7');
  const handle = w.locator('svg.is-wide').getByRole('slider');
  await expect(handle).toHaveAttribute('aria-valuemin', '2');
  await expect(handle).toHaveAttribute('aria-valuemax', '17'); // 16 steps at most, with P = 4 (40 positions)
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expectG(page, w, core, 6);
  await expect(w.locator('svg.is-wide').getByRole('slider')).toBeFocused(); // kept across the rebuilt drawing
  await page.keyboard.press('PageUp'); // the diagram scale's page: 4 stops
  await expectG(page, w, core, 10);
  await page.keyboard.press('End');
  await expectG(page, w, core, 17);
  await page.keyboard.press('Home');
  await expectG(page, w, core, 2);
});
