// The two curves a reader drags the batch B on (issue 16): Example 2-2's
// crossover (widgets/crossover-curve, the core's `crossover_curve`) and
// Figure 2-23's experts touched (widgets/routing-grid, `routing_curve`). A
// mouse drag or the keys set the widget's B control, the URL hash and the
// numbers that depend on B; every expected number is the Node core's answer
// for the same request.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { dragMarker } from './drag-marker';
import { expect, test, type Core } from './fixtures';

type Obj = Record<string, any>;
const group = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function open(page: Page, file: string, id: string): Promise<Locator> {
  await page.goto(`./${file}#${id}`);
  const w = page.locator(`[data-instance="${id}"]`);
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

/** Drag the wide drawing's marker from where it stands to batch `to` (a little off: the landmark pulls it in). */
const dragTo = (page: Page, w: Locator, to: number): Promise<void> => dragMarker(page, w.locator('svg.is-wide').getByRole('slider'), to);

// ---- Example 2-2: the crossover --------------------------------------------

const EXAMPLE = { id: 'example-2-2', page: '2-2.html' };

function crossoverAt(core: Core, b: number): { at: number; r: Obj } {
  const r = core.ok({ op: 'crossover_curve', model: 'qwen3-8b', context: 8192, weight_dtype: 'bf16', batch: b, max_batch: 1024 }) as Obj;
  return { at: (r.batches as number[]).indexOf(b), r };
}

async function expectCrossoverAt(page: Page, w: Locator, core: Core, b: number): Promise<void> {
  await expect(w.locator(`#${EXAMPLE.id}-B`)).toHaveValue(String(b));
  // The hash names a control only once it differs from the book's (B = 64).
  if (b !== 64) await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${EXAMPLE.id}:B=${b}`);
  const { at, r } = crossoverAt(core, b);
  expect(at).toBeGreaterThanOrEqual(0);
  await expect(w.getByTestId('reads-weights')).toHaveText(r.weight_read_display[at]);
  await expect(w.getByTestId('reads-context')).toHaveText(r.kv_read_display[at]);
  await expect(w.getByTestId('reads-total')).toHaveText(r.total_read_display[at]);
  await expect(w.getByTestId('reads-side')).toHaveText(r.dominant[at] === 'weights' ? '權重讀取較多' : '上下文讀取較多');
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', String(b));
  await expect(marker).toHaveAttribute('aria-valuetext', new RegExp(`^B = ${group(b)}：權重 ${r.weight_read_display[at]}、上下文 ${r.kv_read_display[at]}，`));
  // The worked example's steps do not depend on B: still the core's B*.
  const one = core.ok({ op: 'crossover', model: 'qwen3-8b', context: 8192 }) as Obj;
  await expect(w.getByTestId(`${EXAMPLE.id}-s3`)).toHaveText(one.display);
}

test('example-2-2: the curve marks the core’s B* and starts at B = 64', async ({ page, core }) => {
  const w = await open(page, EXAMPLE.page, EXAMPLE.id);
  const one = core.ok({ op: 'crossover', model: 'qwen3-8b', context: 8192 }) as Obj;
  expect(one.batch).toBe(13);
  await expect(w.locator('svg.is-wide [data-testid="crossover-mark"] text')).toHaveText('B* = 13');
  await expectCrossoverAt(page, w, core, 64);
  // Below B* the weights dominate: B = 8 reads more weights than context.
  expect(crossoverAt(core, 8).r.dominant[crossoverAt(core, 8).at]).toBe('weights');
});

test('example-2-2: a mouse drag on the B marker sets B, the hash and the reads at B to the core’s', async ({ page, core }) => {
  const w = await open(page, EXAMPLE.page, EXAMPLE.id);
  await dragTo(page, w, 8);
  await expectCrossoverAt(page, w, core, 8);
  await expect(w.getByTestId('reads-side')).toHaveText('權重讀取較多');
});

test('example-2-2: the B marker is a keyboard slider (ArrowRight, PageUp, Home, End); a new H moves B*', async ({ page, core }) => {
  const w = await open(page, EXAMPLE.page, EXAMPLE.id);
  const marker = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的 batch 標記 B（可拖曳）' });
  await expect(marker).toHaveAttribute('aria-valuemin', '1');
  await expect(marker).toHaveAttribute('aria-valuemax', '1024');
  await marker.focus();
  await page.keyboard.press('ArrowRight'); // 64 → 1.5 × 64
  await expectCrossoverAt(page, w, core, 96);
  await expect(marker).toBeFocused();
  await page.keyboard.press('PageUp'); // → the next landmark, 256
  await expectCrossoverAt(page, w, core, 256);
  await page.keyboard.press('Home');
  await expectCrossoverAt(page, w, core, 1);
  await page.keyboard.press('PageUp'); // 1 → 8, and B* = 13 is a landmark too
  await expectCrossoverAt(page, w, core, 8);
  await expect(w.getByTestId('reads-side')).toHaveText('權重讀取較多');
  await page.keyboard.press('PageUp');
  await expectCrossoverAt(page, w, core, 13);
  await expect(w.getByTestId('reads-side')).toHaveText('上下文讀取較多');
  await page.keyboard.press('End');
  await expect(w.locator(`#${EXAMPLE.id}-B`)).toHaveValue('1024');
  // A shorter context: B* moves right, and the curve's mark says the core's.
  await w.locator(`#${EXAMPLE.id}-H`).fill('2048');
  const short = core.ok({ op: 'crossover_curve', model: 'qwen3-8b', context: 2048, batch: 1024 }) as Obj;
  await expect(w.locator('svg.is-wide [data-testid="crossover-mark"] text')).toHaveText(short.crossover_display);
});

// ---- Figure 2-23: experts touched -------------------------------------------

const FIGURE = { id: 'fig-2-23', page: '2-4.html' };

async function expectRoutingAt(page: Page, w: Locator, core: Core, b: number): Promise<void> {
  await expect(w.locator(`#${FIGURE.id}-B`)).toHaveValue(String(b));
  if (b !== 64) await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${FIGURE.id}:B=${b}`);
  for (const dispatch of ['uniform', 'concentrated']) {
    const r = core.ok({ op: 'routing', model: 'qwen3.6-35b-a3b', batch: b, dispatch }) as Obj;
    await expect(w.getByTestId(`distinct-${dispatch}`)).toHaveText(r.distinct_display);
    await expect(w.getByTestId(`bytes-${dispatch}`)).toHaveText(r.display);
    // The grid above follows: as many filled cells as experts touched.
    const panel = dispatch === 'uniform' ? 0 : 1;
    await expect(w.locator('svg.is-wide').first().locator('.cells').nth(panel).locator('rect.hit')).toHaveCount(Number(r.distinct_experts));
  }
  const c = core.ok({ op: 'routing_curve', model: 'qwen3.6-35b-a3b', batch: b, max_batch: 1024 }) as Obj;
  const at = (c.batches as number[]).indexOf(b);
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', String(b));
  const u = c.series.map((s: Obj) => s.distinct_display[at]);
  const bytes = c.series.map((s: Obj) => s.display[at]);
  await expect(marker).toHaveAttribute('aria-valuetext', `B = ${group(b)}：均勻分派 U = ${u[0]}（每層 ${bytes[0]}）、集中分派 U = ${u[1]}（每層 ${bytes[1]}）`);
}

test('fig-2-23: the curve bends where the core says every expert is touched', async ({ page, core }) => {
  const w = await open(page, FIGURE.page, FIGURE.id);
  const c = core.ok({ op: 'routing_curve', model: 'qwen3.6-35b-a3b', batch: 64 }) as Obj;
  expect(c.saturation_batch).toBe(32);
  await expect(w.locator('svg.is-wide [data-testid="saturation-mark"] text')).toHaveText(`B = ${c.saturation_batch} 起全部專家被存取`);
  await expectRoutingAt(page, w, core, 64);
});

test('fig-2-23: a mouse drag on the B marker sets B, the hash, the grids and U to the core’s', async ({ page, core }) => {
  const w = await open(page, FIGURE.page, FIGURE.id);
  await dragTo(page, w, 8);
  await expectRoutingAt(page, w, core, 8);
});

test('fig-2-23: the B marker is a keyboard slider (ArrowRight, PageUp, Home)', async ({ page, core }) => {
  const w = await open(page, FIGURE.page, FIGURE.id);
  const marker = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的 batch 標記 B（可拖曳）' });
  await marker.focus();
  await page.keyboard.press('ArrowRight'); // 64 → 96
  await expectRoutingAt(page, w, core, 96);
  await page.keyboard.press('PageUp'); // → 256
  await expectRoutingAt(page, w, core, 256);
  await page.keyboard.press('Home');
  await expectRoutingAt(page, w, core, 1);
  await page.keyboard.press('PageUp'); // 1 → 8, then the bend at 32 is a landmark
  await expectRoutingAt(page, w, core, 8);
  await page.keyboard.press('PageUp');
  await expectRoutingAt(page, w, core, 32);
});

test('axe: both batch curves pass', async ({ page }) => {
  test.setTimeout(180_000); // axe over a page of figures on a busy 2-core machine
  for (const { id, page: file } of [EXAMPLE, FIGURE]) {
    await open(page, file, id);
    const axe = await new AxeBuilder({ page }).include(`[data-instance="${id}"]`).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${id} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
