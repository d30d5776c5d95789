// Direct manipulation on chapter 5 (issue 41, "the widgets that teach most"):
// the tile explorer (§5.2.2: a scrubbable sentence of givens over the tile
// sizes), FlashAttention's K/V tiling with the online-softmax stepper
// (§5.3.3), the runtime trade-offs (§5.5.2–5.5.3: graph replay against the
// input it copies, strategies against repeat count), and Fig. 5-25's two
// lines over the shape share p (§5.4.5, a line chart with a draggable
// reader). A scrub, a drag, a key or a typed value sets the widget's control,
// and every number checked is the Node core's answer for the value the page
// ended on (tests/content/shown-values.mjs), plus the book's own numbers
// where the page starts from them.
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { dragMarker } from '../drag-marker';
import { widgetsIn } from '../editions';
import { allReady, expect, test, typeInto, type Core } from '../fixtures';
import { checkWidget, defaults, tableCell } from '../widget-values';

const INSTANCE_PAGE = pageOfInstance('ch05');
const WIDGETS = widgetsIn('zh-Hant', 'ch05');
type Obj = Record<string, any>;

async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${INSTANCE_PAGE[instance]}#${instance}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** The widget's controls at the book's defaults with some set. */
const valuesOf = (instance: string, set: Record<string, string>): Record<string, string> => ({
  ...defaults(WIDGETS[instance]!),
  ...Object.fromEntries(Object.entries(set).map(([k, v]) => [`$${k}`, v])),
});

/** Every control holds its value and the widget shows the core's numbers for them. */
async function expectAt(page: Page, core: Core, instance: string, set: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(set)) await expect(page.locator(`#${instance}-${key}`)).toHaveValue(value);
  await checkWidget(page, core, WIDGETS[instance]!, instance, valuesOf(instance, set));
}

/** The tile explorer's request for a tile, as its config sends it. */
function tile(core: Core, m: number, n: number, k = 32, buffers = 1): Obj {
  return core.ok({ op: 'gemm_tile_traffic', tile_m: m, tile_n: n, tile_k: k, buffers, gpu: 'rtx-pro-6000', block_limit: 101376 }) as Obj;
}

test('tile explorer: scrubbing the tile in its sentence moves working set, traffic and residency to the core’s values', async ({ page, core }) => {
  const w = await open(page, 'tile-explorer');
  // The book's 64 × 64 tile (Example 5-3): 24 KiB of local storage, 3,096 MiB of traffic, 4 blocks on an RTX PRO 6000 SM.
  const book = tile(core, 64, 64);
  expect([book.working_set_bytes, book.traffic_bytes, book.resident_blocks].map(String)).toEqual(['24576', String(3096 * 2 ** 20), '4']);
  await expectAt(page, core, 'tile-explorer', {});
  await expect(w.getByTestId('tile-explorer-s3')).toHaveText(String(book.traffic_display));

  // The sentence's m is a slider: a key steps the count by one row, and the hash follows.
  const m = w.getByRole('slider', { name: '句中的數字 m（' });
  await expect(m).toHaveAttribute('aria-valuetext', '64 列');
  await m.focus();
  await m.press('ArrowRight');
  await expect(m).toHaveAttribute('aria-valuenow', '65');
  await expectAt(page, core, 'tile-explorer', { m: '65' });
  await expect(page).toHaveURL(/#tile-explorer:m=65$/);

  // A drag to the right asks for a taller tile, never past the field's 4,096 rows; a taller tile re-reads W fewer times.
  await m.scrollIntoViewIfNeeded();
  const box = (await m.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 900, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(m).toHaveAttribute('aria-valuenow', '4096');
  await expectAt(page, core, 'tile-explorer', { m: '4096' });
  expect(String(tile(core, 4096, 64).row_blocks)).toBe('1');
  await expect(w.getByTestId('tile-explorer-s2')).toHaveText('1');

  // The book's 128 × 128 tile: half the traffic (1,560 MiB) and 80 KiB, so one block per SM.
  await typeInto(page.locator('#tile-explorer-m'), '128');
  await typeInto(page.locator('#tile-explorer-n'), '128');
  const big = tile(core, 128, 128);
  expect([big.working_set_bytes, big.traffic_bytes, big.resident_blocks].map(String)).toEqual([String(80 * 1024), String(1560 * 2 ** 20), '1']);
  await expectAt(page, core, 'tile-explorer', { m: '128', n: '128' });
  await expect(w.getByTestId('tile-explorer-s5')).toHaveText('1');
  await expect(w).toHaveAttribute('data-differs', 'true');
});

test('tile explorer: double buffering the book’s 64 × 64 tile leaves 3 blocks per SM instead of 4 (§5.4.5)', async ({ page, core }) => {
  const w = await open(page, 'tile-explorer');
  const buf = w.getByRole('slider', { name: '句中的數字 buf（' });
  await buf.focus();
  await buf.press('ArrowRight');
  await expect(buf).toHaveAttribute('aria-valuetext', '2 份');
  const doubled = tile(core, 64, 64, 32, 2);
  expect([doubled.working_set_bytes, doubled.resident_blocks].map(String)).toEqual([String(32 * 1024), '3']);
  await expectAt(page, core, 'tile-explorer', { buf: '2' });
  await expect(w.getByTestId('tile-explorer-s5')).toHaveText('3');
});

test('tile explorer: a tile of 0 rows is refused with the core’s message under the reader’s field name', async ({ page, core }) => {
  const w = await open(page, 'tile-explorer');
  await typeInto(page.locator('#tile-explorer-m'), '0');
  const error = w.locator('#tile-explorer-error');
  await expect(error).toBeVisible();
  const refused = core.error({ op: 'gemm_tile_traffic', tile_m: 0, tile_n: 64, tile_k: 32, buffers: 1, gpu: 'rtx-pro-6000', block_limit: 101376 });
  expect(refused.field).toBe('tile_m');
  await expect(error).toContainText('輸出塊的列數 m');
  await expect(error).toContainText(String(refused.detail));
});

test('online softmax: dragging a score and a value in its sentence moves every step to the core’s exact m, r, ℓ, u and output', async ({ page, core }) => {
  const w = await open(page, 'online-softmax');
  const ask = (set: Obj) => core.ok({ op: 'online_softmax', weights: ['1', '2'], values: ['1', '3'], ...set }) as Obj;
  // Example 5-6 at the book's scores ln 1, ln 2 and values 1, 3: r = 1/2, ℓ = 1.5, u = 3.5, output 7/3 = the direct sum.
  const book = ask({});
  expect([book.steps[1].rescale, book.steps[1].weight_sum, book.steps[1].weighted, book.output, book.direct].map(String)).toEqual([
    '0.5',
    '1.5',
    '3.5',
    '7/3',
    '7/3',
  ]);
  await expectAt(page, core, 'online-softmax', {});
  await expect(w.getByTestId('online-softmax-s4')).toHaveText(/^(1\/2|0\.5)$/);

  // Drag block 2's weight (its score ln w2) to the right: the new maximum shrinks the old state more.
  const w2 = w.getByRole('slider', { name: '句中的數字 w2（' });
  await expect(w2).toHaveAttribute('aria-valuetext', '權重 2');
  await w2.scrollIntoViewIfNeeded();
  const box = (await w2.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
  const dragged = (await w2.getAttribute('aria-valuenow'))!;
  expect(Number(dragged)).toBeGreaterThan(2);
  await expectAt(page, core, 'online-softmax', { w2: dragged });
  expect(String(ask({ weight_2: dragged }).steps[1].rescale)).not.toBe('0.5');

  // Keys step the value of block 2 and the weight of block 1: ln 4 with value 5 gives 21/5 = 4.2; block 1 at ln 8 keeps the maximum, r = 1.
  await w2.focus();
  await w2.press('Home');
  for (let i = 0; i < 3; i++) await w2.press('ArrowRight');
  await expect(w2).toHaveAttribute('aria-valuenow', '4');
  const v2 = w.getByRole('slider', { name: '句中的數字 v2（' });
  await v2.focus();
  await v2.press('ArrowRight');
  await v2.press('ArrowRight');
  await expect(v2).toHaveAttribute('aria-valuenow', '5');
  await expectAt(page, core, 'online-softmax', { w2: '4', v2: '5' });
  expect([ask({ weight_2: '4', value_2: '5' }).output, ask({ weight_2: '4', value_2: '5' }).direct].map(String)).toEqual(['4.2', '4.2']);
  await expect(page).toHaveURL(/#online-softmax:.*w2=4/);
  const w1 = w.getByRole('slider', { name: '句中的數字 w1（' });
  await typeInto(page.locator('#online-softmax-w1'), '8');
  await expect(w1).toHaveAttribute('aria-valuenow', '8');
  await expectAt(page, core, 'online-softmax', { w1: '8', w2: '4', v2: '5' });
  expect(String(ask({ weight_1: '8', weight_2: '4', value_2: '5' }).steps[1].rescale)).toBe('1');
});

test('figure 5-20: a smaller K/V tile reads less but updates the state more often, as the core counts it', async ({ page, core }) => {
  const w = await open(page, 'fig-5-20');
  const flash = (b: number, pre = 0) => core.ok({ op: 'flash_tile', kv_rows: b, prefetch_slots: pre, length: 8192, head_dim: 128 }) as Obj;
  // Table 5.3.3-a: b = 64 → 82 query rows, 100 scans, 404 MiB, 12,800 updates; the book's plane puts it between b = 1 and 128.
  expect([flash(64).query_rows, flash(64).scans, flash(64).traffic_bytes, flash(64).updates].map(String)).toEqual([
    '82',
    '100',
    String(404 * 2 ** 20),
    '12800',
  ]);
  await expectAt(page, core, 'fig-5-20', {});
  await expect(w.getByTestId('cell-mine-1')).toHaveText('404 MiB');
  await expect(w.getByTestId('cell-b1-2')).toHaveText('524,288');

  // The reader's b = 1 lands on the book's top-left point: 260 MiB and 524,288 updates.
  await typeInto(page.locator('#fig-5-20-b'), '1');
  await expectAt(page, core, 'fig-5-20', { b: '1' });
  expect([flash(1).query_rows, flash(1).scans, flash(1).updates].map(String)).toEqual(['128', '64', '524288']);
  await expect(w.getByTestId('cell-mine-1')).toHaveText(String(flash(1).traffic_display));
  await expect(w.getByTestId('cell-mine-2')).toHaveText('524,288');

  // Lab 5-3: one more BF16 prefetch slot at b = 64 leaves room for 66 query rows, 125 scans: every point moves right.
  await typeInto(page.locator('#fig-5-20-b'), '64');
  await typeInto(page.locator('#fig-5-20-pre'), '1');
  expect([flash(64, 1).query_rows, flash(64, 1).scans, flash(64, 1).traffic_display].map(String)).toEqual(['66', '125', '504 MiB']);
  await expectAt(page, core, 'fig-5-20', { b: '64', pre: '1' });
  await expect(w.getByTestId('cell-mine-1')).toHaveText('504 MiB');
});

test('figure 5-20: a K/V tile that leaves no room for one query row is refused with the core’s message', async ({ page, core }) => {
  const w = await open(page, 'fig-5-20');
  await typeInto(page.locator('#fig-5-20-b'), '8192');
  const refused = core.error({ op: 'flash_tile', kv_rows: 8192, prefetch_slots: 0, length: 8192, head_dim: 128 });
  const error = w.locator('#fig-5-20-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('K/V 塊的列數 b');
  await expect(error).toContainText(String(refused.detail));
});

test('figure 5-33: past the core’s break-even input the copy eats graph replay’s saving; another card moves the break-even', async ({ page, core }) => {
  const w = await open(page, 'fig-5-33');
  const replay = (bytes: number, gpu = 'rtx-pro-6000') =>
    core.ok({ op: 'graph_replay', compute_us: '20', host_wait_us: '20', graph_prep_us: '5', gpu, input_bytes: String(bytes) }) as Obj;
  // Example 5-11: 2 MiB → 27.3 μs, 16 MiB → 43.7 μs against 40 μs without the graph.
  await expectAt(page, core, 'fig-5-33', {});
  await expect(w.getByTestId('bar-small')).toHaveText(String(replay(2 ** 21).graph_display));
  await expect(w.getByTestId('bar-large')).toHaveText(String(replay(2 ** 24).graph_display));

  await typeInto(page.locator('#fig-5-33-x'), String(2 ** 24));
  await expectAt(page, core, 'fig-5-33', { x: String(2 ** 24) });
  const big = replay(2 ** 24);
  expect([big.graph_faster, big.plain_display]).toEqual([false, '40.0 μs']);
  await expect(w.getByTestId('fig-5-33-s2')).toHaveText(String(big.graph_display));

  // An RTX 4090 copies at 1,008 GB/s: the break-even input shrinks (Lab 5-8: about 7.21 MiB).
  await w.locator('#fig-5-33-gpu').selectOption('rtx-4090');
  await expectAt(page, core, 'fig-5-33', { x: String(2 ** 24), gpu: 'rtx-4090' });
  await expect(w.getByTestId('fig-5-33-s3')).toHaveText(String(replay(2 ** 24, 'rtx-4090').breakeven_display));
  expect(Number(replay(0, 'rtx-4090').breakeven_bytes)).toBeLessThan(Number(replay(0).breakeven_bytes));
});

test('strategies over r groups: the reader’s r is the table’s last row, each strategy’s total the core’s P + rT', async ({ page, core }) => {
  const w = await open(page, 'strategies-r');
  const cfg = WIDGETS['strategies-r']!;
  const last = cfg.table!.rows!.length - 1;
  const cells = async (r: string) => {
    for (let c = 0; c < cfg.table!.columns.length; c++) {
      await expect(w.getByTestId(`strategies-r-r${last}-c${c}`).locator('.cell-value')).toHaveText(
        tableCell(core, cfg, valuesOf('strategies-r', { r }), last, c),
      );
    }
  };
  await cells('70');
  await typeInto(page.locator('#strategies-r-r'), '1');
  await cells('1');
  await typeInto(page.locator('#strategies-r-r'), '5000');
  await cells('5000');
  await expect(w).toHaveAttribute('data-differs', 'true');
  // r = 0 groups is no run at all: refused with the core's words.
  await typeInto(page.locator('#strategies-r-r'), '0');
  await expect(w.locator('#strategies-r-error')).toBeVisible();
});

test('figure 5-25: the reader’s p is a marker on the two lines; a drag or the keys move it, the core’s means follow, and the crossing is 2/3', async ({
  page,
  core,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const w = await open(page, 'fig-5-25');
  const mix = (p: number) => core.ok({ op: 'shape_mix', calls: [1, 1], old_us: ['10', '10'], new_us: ['5', '20'], share_percent: p }) as Obj;
  const line = (p: number) => `p = ${p}%：舊實作 ${mix(p).old_mean_display}，新實作 ${mix(p).new_mean_display}`;
  const at = async (p: number) => {
    await expect(w.locator('#fig-5-25-p')).toHaveValue(String(p));
    await expect(w.getByTestId('at-old')).toHaveText(String(mix(p).old_mean_display));
    await expect(w.getByTestId('at-new')).toHaveText(String(mix(p).new_mean_display));
    await expect(w.getByTestId('drag-readout')).toHaveText(line(p));
  };
  // Example 5-9 with one call of each shape: 10 against 12.5 μs; the lines cross at p = 200/3 %.
  expect([mix(50).old_mean_us, mix(50).new_mean_us, mix(50).breakeven_percent, mix(50).breakeven_share]).toEqual([10, '12.5', '200/3', '2/3']);
  await at(50);
  await expect(w.getByTestId('rule-even')).toContainText(String(mix(50).breakeven_percent_display));

  // Drag the marker to p = 90 %: the new implementation wins (6.5 against 10 μs).
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await dragMarker(page, marker, 90, 0);
  await at(90);
  expect(mix(90).new_mean_us).toBe('6.5');

  // The keys step one percent; Home is p = 0, where only the slow shape arrives.
  await marker.focus();
  await page.keyboard.press('ArrowLeft');
  await at(89);
  await page.keyboard.press('Home');
  await at(0);
  expect(mix(0).new_mean_us).toBe(20);
});

test('figure 5-25: a p above 100 % is refused with the core’s message under the reader’s field name', async ({ page, core }) => {
  const w = await open(page, 'fig-5-25');
  await typeInto(page.locator('#fig-5-25-p'), '101');
  const refused = core.error({ op: 'shape_mix', calls: [1, 1], old_us: ['10', '10'], new_us: ['5', '20'], share_percent: 101 });
  expect(refused.field).toBe('share_percent');
  const error = w.locator('#fig-5-25-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('形狀 A 佔呼叫的百分比 p');
  await expect(error).toContainText(String(refused.detail));
});

test('figure 5-35: the three P + rT lines read the core’s totals at the reader’s r, and the cheapest hands over at the core’s 64.68 and 89.83 groups', async ({
  page,
  core,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const w = await open(page, 'fig-5-35');
  const request = (WIDGETS['fig-5-35'] as unknown as { data: { request: Obj } }).data.request;
  const at = (r: number) => core.ok({ op: 'shape_strategies', ...request, groups: r }) as Obj;
  const total = (r: number, id: string) => String(at(r).strategies.find((s: Obj) => s.id === id).total_display);
  const expectAtR = async (r: number) => {
    await expect(w.locator('#fig-5-35-r')).toHaveValue(String(r));
    for (const id of ['general', 'bucket', 'special']) await expect(w.getByTestId(`at-${id}`)).toHaveText(total(r, id));
  };
  // The book's 70 groups: 1.29, 1.27 and 1.38 s, bucketing cheapest.
  expect(['general', 'bucket', 'special'].map((id) => total(70, id))).toEqual(['1.29 s', '1.27 s', '1.38 s']);
  await expectAtR(70);
  await expect(w.getByTestId('rule-general-bucket')).toContainText('64.68');
  await expect(w.getByTestId('rule-bucket-special')).toContainText('89.83');

  const marker = w.locator('svg.is-wide').getByRole('slider');
  await marker.focus();
  await page.keyboard.press('ArrowRight');
  await expectAtR(71);
  await page.keyboard.press('End');
  await expectAtR(121);
  // Past 89.83 groups per-shape specialisation is the cheapest of the three.
  const [g, b, s] = ['general', 'bucket', 'special'].map((id) => Number(at(121).strategies.find((x: Obj) => x.id === id).total_ms)) as [number, number, number];
  expect(s).toBeLessThan(b);
  expect(b).toBeLessThan(g);
  await expect(w.getByTestId('drag-readout')).toHaveText(`r = 121：通用 ${total(121, 'general')}，分桶 ${total(121, 'bucket')}，特化 ${total(121, 'special')}`);
});

test('graph replay against input size: dragging the input along the two lines reads the core’s totals; past the dashed break-even replay is the slower', async ({
  page,
  core,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const w = await open(page, 'graph-replay-size');
  const replay = (bytes: number, gpu = 'rtx-pro-6000') =>
    core.ok({ op: 'graph_replay', compute_us: '20', host_wait_us: '20', graph_prep_us: '5', gpu, input_bytes: String(bytes) }) as Obj;
  const at = async (bytes: number, gpu = 'rtx-pro-6000') => {
    await expect(w.locator('#graph-replay-size-x')).toHaveValue(String(bytes));
    await expect(w.getByTestId('at-plain')).toHaveText(String(replay(bytes, gpu).plain_display));
    await expect(w.getByTestId('at-graph')).toHaveText(String(replay(bytes, gpu).graph_display));
  };
  // Example 5-11: 2 MiB replays in about 27.3 μs against 40 μs; the copy eats the saving at about 12.8 MiB.
  expect([replay(2 ** 21).graph_display, replay(2 ** 24).graph_display, replay(0).breakeven_display]).toEqual(['27.3 μs', '43.7 μs', '12.817 MiB']);
  await at(2 ** 21);
  await expect(w.getByTestId('rule-even')).toContainText('12.817 MiB');

  // Drag the marker to 16 MiB: replay now takes 43.7 μs, slower than the plain run.
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await dragMarker(page, marker, 2 ** 24, 0);
  await at(2 ** 24);
  expect(replay(2 ** 24).graph_faster).toBe(false);

  // A key steps one MiB; an RTX 4090 copies at 1,008 GB/s, so its break-even is lower (Lab 5-8: about 7.21 MiB).
  await marker.focus();
  await page.keyboard.press('ArrowLeft');
  await at(2 ** 24 - 2 ** 20);
  await w.locator('#graph-replay-size-gpu').selectOption('rtx-4090');
  await at(2 ** 24 - 2 ** 20, 'rtx-4090');
  await expect(w.getByTestId('rule-even')).toContainText(String(replay(0, 'rtx-4090').breakeven_display));
});

test('FlashAttention explorer: scrubbing b in its sentence moves Q rows, passes, traffic and updates to the core’s values', async ({ page, core }) => {
  const w = await open(page, 'flash-explorer');
  const flash = (b: number) => core.ok({ op: 'flash_tile', kv_rows: b, prefetch_slots: 0, length: 8192, head_dim: 128 }) as Obj;
  // Table 5.3.3-a's b = 64: 82 Q rows, 100 passes, 404 MiB, 12,800 updates.
  await expectAt(page, core, 'flash-explorer', {});
  await expect(w.getByTestId('flash-explorer-s2')).toHaveText(String(flash(64).traffic_display));
  const b = w.getByRole('slider', { name: '句中的數字 b（' });
  await expect(b).toHaveAttribute('aria-valuetext', '64 列');
  await b.focus();
  await b.press('ArrowLeft');
  await expect(b).toHaveAttribute('aria-valuenow', '63');
  await expectAt(page, core, 'flash-explorer', { b: '63' });
  await expect(page).toHaveURL(/#flash-explorer:b=63$/);
  // Home is one K/V row per step: 128 Q rows, 64 passes, 260 MiB, 524,288 updates.
  await b.press('Home');
  await expectAt(page, core, 'flash-explorer', { b: '1' });
  expect([flash(1).query_rows, flash(1).scans, flash(1).traffic_display, flash(1).updates].map(String)).toEqual(['128', '64', '260 MiB', '524288']);
  await expect(w.getByTestId('flash-explorer-s3')).toHaveText('524,288');
});
