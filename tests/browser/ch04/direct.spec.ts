// Direct manipulation on chapter 4 (issue 40, item 5): the roofline of
// Fig. 4-35 carries the reader's own M as a drag marker (figures/
// drag-marker.ts on the log rows axis). A drag, the keys or typing set the
// M control, and the readout above the chart, the slider's value text and
// the URL hash follow; every number checked is the Node core's `projection`
// for the M the page ended on.
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { dragMarker } from '../drag-marker';
import { allReady, expect, test, type Core } from '../fixtures';

const ID = 'fig-4-35';
const PAGE = pageOfInstance('ch04')[ID];
type Obj = Record<string, any>;
const group = (v: number) => v.toLocaleString('en-US');

async function open(page: Page): Promise<Locator> {
  await page.goto(`./${PAGE}#${ID}`);
  await allReady(page);
  return page.locator(`[data-instance="${ID}"]`);
}

/** What the reader should read at M on a card: the core's times and bound, in the figure's words. */
function readAt(core: Core, gpu: string, m: number): string {
  const r = core.ok({ op: 'projection', rows: m, inputs: 4096, outputs: 4096, gpu }) as Obj;
  const bound = r.bound === 'compute' ? '受運算限制' : '受記憶體限制';
  return `M = ${group(m)}：矩陣 ${r.compute_us_display}、記憶體 ${r.memory_us_display}，${bound}`;
}

async function expectAt(page: Page, w: Locator, core: Core, gpu: string, m: number): Promise<void> {
  await expect(w.locator(`#${ID}-M`)).toHaveValue(String(m));
  await expect(w.getByTestId('drag-readout')).toHaveText(readAt(core, gpu, m));
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', String(m));
  await expect(marker).toHaveAttribute('aria-valuetext', readAt(core, gpu, m));
}

test('figure 4-35: the reader’s M is a marker on the roofline; a drag, the keys and the card switch follow the core', async ({ page, core }) => {
  const w = await open(page);
  // The book's 256 rows on the RTX 4090: past the ridge (179 rows), so bound by arithmetic.
  expect(readAt(core, 'rtx-4090', 256)).toContain('受運算限制');
  await expectAt(page, w, core, 'rtx-4090', 256);

  // Drag to the sampled 16 rows: bound by memory, and the hash says so.
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await dragMarker(page, marker, 16, 3); // a little off: the landmark pulls it in
  await expectAt(page, w, core, 'rtx-4090', 16);
  expect(readAt(core, 'rtx-4090', 16)).toContain('受記憶體限制');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${ID}:M=16`);

  // The keys: End is the axis' last sampled row count, Home its first.
  await marker.focus();
  await marker.press('End');
  await expectAt(page, w, core, 'rtx-4090', 4096);
  await marker.press('Home');
  await expectAt(page, w, core, 'rtx-4090', 1);

  // Another card moves the reader's point with the lines: the H100 at 256 rows.
  await w.locator(`#${ID}-M`).fill('256');
  await w.locator(`#${ID}-gpu`).selectOption('h100-sxm');
  await expectAt(page, w, core, 'h100-sxm', 256);
});

test('figure 4-35: a row count the core refuses is refused under the reader’s own field name', async ({ page }) => {
  const w = await open(page);
  await w.locator(`#${ID}-M`).fill('0');
  const error = w.locator(`#${ID}-error`);
  await expect(error).toBeVisible();
  await expect(error).toContainText('你的列數 M');
});

test('figure 4-35: doubling the card’s peak or its bandwidth moves the first compute-bound row count to the core’s 391 or 86', async ({ page, core }) => {
  const w = await open(page);
  const ridge = w.locator('svg.is-wide [data-testid="ridge-rows"] text');
  const first = (extra: Obj) =>
    String((core.ok({ op: 'projection', rows: 1, inputs: 4096, outputs: 4096, gpu: 'rtx-4090', ...extra }) as Obj).first_compute_bound_rows);
  expect([first({}), first({ peak_scale: 2 }), first({ bandwidth_scale: 2 })]).toEqual(['179', '391', '86']);
  await expect(ridge).toHaveText(`受運算限制自 M = ${first({})}`);
  await w.locator(`#${ID}-peak`).selectOption('2');
  await expect(ridge).toHaveText(`受運算限制自 M = ${first({ peak_scale: 2 })}`);
  // Twice the peak leaves the book's 256 rows bound by memory: the readout follows.
  const doubled = core.ok({ op: 'projection', rows: 256, inputs: 4096, outputs: 4096, gpu: 'rtx-4090', peak_scale: 2 }) as Obj;
  await expect(w.getByTestId('drag-readout')).toHaveText(`M = 256：矩陣 ${doubled.compute_us_display}、記憶體 ${doubled.memory_us_display}，受記憶體限制`);
  await w.locator(`#${ID}-peak`).selectOption('1');
  await w.locator(`#${ID}-bw`).selectOption('2');
  await expect(ridge).toHaveText(`受運算限制自 M = ${first({ bandwidth_scale: 2 })}`);
});
