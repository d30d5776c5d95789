// Direct manipulation on chapter 10 (issue 43, "the widgets that teach
// most"): the deadline board and its plan, the pipeline schedules and ZeRO
// ownership. A drag of a slider, a scrub of a number in a sentence or the
// keys set the widget's control; every number checked is the Node core's
// answer for the value the page ended on (tests/content/shown-values.mjs),
// and the book's own defaults are asserted as printed (34.3 / 24.6 days,
// 346 ms, 15.256 GiB).
import type { Locator, Page } from '@playwright/test';

import { expect, test, typeInto, type Core } from '../fixtures';
import { expectAt, open } from './widget-at';

type Obj = Record<string, any>;

/** Drag a native range slider's thumb with the mouse to where `to` sits on its track. */
async function dragRange(page: Page, slider: Locator, to: number): Promise<void> {
  await slider.scrollIntoViewIfNeeded();
  const [min, max, now, padLeft, padRight] = await slider.evaluate((el: HTMLInputElement) => {
    const css = getComputedStyle(el);
    return [Number(el.min), Number(el.max), Number(el.value), parseFloat(css.paddingLeft), parseFloat(css.paddingRight)];
  });
  const box = (await slider.boundingBox())!;
  // Chromium's thumb is 16 px wide: inside the padding, its centre runs from 8 px in to 8 px before the end.
  const track = box.width - padLeft - padRight - 16;
  const x = (v: number) => box.x + padLeft + 8 + (track * (v - min)) / (max - min);
  const y = box.y + box.height / 2;
  await page.mouse.move(x(now), y);
  await page.mouse.down();
  await page.mouse.move(x(to), y, { steps: 10 });
  await page.mouse.up();
}

/** Drag a scrubbable number in a sentence sideways by dx CSS pixels. */
async function scrub(page: Page, given: Locator, dx: number): Promise<void> {
  await given.scrollIntoViewIfNeeded();
  const box = (await given.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 10 });
  await page.mouse.up();
}

const deadline = (core: Core, cards: number | string): Obj => core.ok({ op: 'training_deadline', model: 'qwen3-8b', gpu: 'rtx-4090', cards: Number(cards) });

test('deadline board: dragging the card slider moves the third bar to the core’s finish day; the book’s 32 and 48 cards stay at 34.3 and 24.6', async ({
  page,
  core,
}) => {
  const w = await open(page, 'deadline-board');
  await expect(w.getByTestId('bar-c32')).toHaveText('34.3');
  await expect(w.getByTestId('bar-c48')).toHaveText('24.6');
  await expect(w.getByTestId('bar-mine')).toHaveText(String(deadline(core, 40).finish_display));

  const slider = w.locator('#deadline-board-cards');
  await dragRange(page, slider, 64);
  await expect(slider).toHaveValue('64');
  await expect(w.locator('output[data-range-out="cards"]')).toHaveText('64');
  // 64 cards: eight hosts, and about 19.8 days (the core's exact answer, at one decimal).
  const at64 = deadline(core, 64);
  expect(Number(at64.finish_display)).toBeLessThan(24.6);
  await expect(w.getByTestId('bar-mine')).toHaveText(String(at64.finish_display));
  await expectAt(page, core, 'deadline-board', { cards: '64' });
  await expect(w).toHaveAttribute('data-differs', 'true');
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain('deadline-board:cards=64');

  // The keys step it by one host; 24 cards miss the deadline by days.
  await slider.focus();
  await slider.press('Home');
  await expect(slider).toHaveValue('8');
  for (let i = 0; i < 2; i++) await slider.press('ArrowRight');
  await expect(slider).toHaveValue('24');
  expect(deadline(core, 24).on_time).toBe(false);
  await expectAt(page, core, 'deadline-board', { cards: '24' });

  // A slower card changes every bar: at 30 % efficiency even 48 cards are late.
  await w.locator('#deadline-board-eff').selectOption('30');
  const late48 = core.ok({ op: 'training_deadline', model: 'qwen3-8b', gpu: 'rtx-4090', cards: 48, efficiency_percent: '30' });
  expect(late48.on_time).toBe(false);
  await expect(w.getByTestId('bar-c48')).toHaveText(String(late48.finish_display));
  await expectAt(page, core, 'deadline-board', { cards: '24', eff: '30' });
});

test('deadline plan: scrubbing the card count in the sentence recomputes hosts, memory and days; the keys step it', async ({ page, core }) => {
  const w = await open(page, 'deadline-plan');
  const given = w.getByTestId('deadline-plan-scrub-cards');
  await expect(given).toHaveAttribute('aria-valuenow', '48');
  await expect(given).toHaveAttribute('aria-valuetext', '48 張卡');
  await expectAt(page, core, 'deadline-plan', {});

  await scrub(page, given, 30);
  // The drag wrote the field at once; the sentence's number follows once the core has answered.
  const now = Number(await w.locator('#deadline-plan-cards').inputValue());
  expect(now).toBeGreaterThan(48);
  await expect(given).toHaveAttribute('aria-valuenow', String(now));
  await expectAt(page, core, 'deadline-plan', { cards: String(now) });
  await expect(given).toHaveAttribute('aria-valuetext', `${now} 張卡`);

  // Back to the book's 48, then one card fewer: 47 cards still need six hosts.
  await given.focus();
  await typeInto(w.locator('#deadline-plan-cards'), '48');
  await given.focus();
  await given.press('ArrowLeft');
  await expect(w.locator('#deadline-plan-cards')).toHaveValue('47');
  expect(deadline(core, 47).hosts).toBe(6);
  await expectAt(page, core, 'deadline-plan', { cards: '47' });
  await expect(given).toBeFocused();
});

test('deadline plan: a card count the core refuses is refused under the field’s own name, and a good one clears it', async ({ page, core }) => {
  const w = await open(page, 'deadline-plan');
  const field = w.locator('#deadline-plan-cards');
  await typeInto(field, '0');
  const error = w.locator('#deadline-plan-error');
  await expect(error).toBeVisible();
  const refused = core.error({ op: 'training_deadline', model: 'qwen3-8b', cards: 0 });
  expect(refused.field).toBe('cards');
  await expect(error).toHaveText(`卡數：${refused.detail}`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await typeInto(field, '96');
  await expect(error).toBeHidden();
  await expectAt(page, core, 'deadline-plan', { cards: '96' });
});

test('pipeline schedules: dragging m moves each card’s idle time and the last gradient to the core’s event model', async ({ page, core }) => {
  const w = await open(page, 'pipeline-schedules');
  const schedule = (schedule: string, m: number, p = 4): Obj =>
    core.ok({ op: 'pipeline_schedule', stages: p, micro_batches: m, forward_ms: 10, backward_ms: 20, weight_grad_ms: 10, schedule });
  // The book's p = 4, m = 8: fill–drain 336 + 1 ms update = 337, 1F1B 346 + 1 = 347.
  await expect(w.getByTestId('bar-fd')).toHaveText('336');
  await expect(w.getByTestId('bar-1f1b')).toHaveText('346');

  const m = w.locator('#pipeline-schedules-m');
  await dragRange(page, m, 16);
  await expect(m).toHaveValue('16');
  const at16 = schedule('1f1b', 16);
  // Twice the micro-batches: twice the work per card, the same fill and drain.
  expect(at16.busy_ms).toBe(480);
  await expect(w.getByTestId('bar-1f1b')).toHaveText(String(at16.gradients_done_ms));
  await expectAt(page, core, 'pipeline-schedules', { m: '16' });
  await expect(w.locator('[data-read-label*="1F1B"][data-read-label*="空閒"]').first()).toHaveAttribute('data-read', String(at16.idle_ms));

  // More stages with the same m: each card idles longer.
  const p = w.locator('#pipeline-schedules-p');
  await p.focus();
  await p.press('ArrowRight');
  await p.press('ArrowRight');
  await expect(p).toHaveValue('6');
  expect(schedule('1f1b', 16, 6).idle_ms).toBeGreaterThan(at16.idle_ms);
  await expectAt(page, core, 'pipeline-schedules', { m: '16', p: '6' });
});

test('pipeline bubbles: p and m are numbers in the sentence; scrubbing them recomputes all five schedules’ bubbles', async ({ page, core }) => {
  const w = await open(page, 'pipeline-bubbles');
  const p = w.getByTestId('pipeline-bubbles-scrub-p');
  const m = w.getByTestId('pipeline-bubbles-scrub-m');
  await expect(p).toHaveAttribute('aria-valuetext', '4 個階段');
  await expect(m).toHaveAttribute('aria-valuetext', '8 個 micro-batch');
  await expectAt(page, core, 'pipeline-bubbles', {});

  await scrub(page, m, 40);
  const mNow = Number(await w.locator('#pipeline-bubbles-m').inputValue());
  expect(mNow).toBeGreaterThan(8);
  await expect(m).toHaveAttribute('aria-valuenow', String(mNow));
  await expect(m).toHaveAttribute('aria-valuetext', `${mNow} 個 micro-batch`);
  await expectAt(page, core, 'pipeline-bubbles', { m: String(mNow) });

  await p.focus();
  await p.press('End');
  await expect(w.locator('#pipeline-bubbles-p')).toHaveValue('8');
  // Eight stages: 1F1B's bubble is (p − 1)(T_F + T_B) = 7 × 30 ms.
  const r = core.ok({ op: 'pipeline_schedule', stages: 8, micro_batches: mNow, forward_ms: 10, backward_ms: 20, weight_grad_ms: 10 });
  expect(r.bubble_1f1b_ms).toBe(210);
  await expectAt(page, core, 'pipeline-bubbles', { m: String(mNow), p: '8' });
});

test('ZeRO ownership: dragging the shard count moves each stage’s bytes per card; d = 1 leaves nothing to shard', async ({ page, core }) => {
  const w = await open(page, 'zero-ownership');
  const state = (stage: number, d: number): Obj => core.ok({ op: 'zero_state', model: 'qwen3-8b', shards: d, stage, gradients: 'bf16' });
  // Table 10-d at d = 8: 122.1, 42.0, 28.6 and 15.3 GiB.
  await expect(w.getByTestId('bar-z3')).toHaveText('15.256 GiB');
  await expect(w.getByTestId('bar-z0')).toHaveText(String(state(0, 8).bytes_per_card_display));

  const d = w.locator('#zero-ownership-d');
  await dragRange(page, d, 16);
  await expect(d).toHaveValue('16');
  await expect(w.getByTestId('bar-z3')).toHaveText(String(state(3, 16).bytes_per_card_display));
  await expectAt(page, core, 'zero-ownership', { d: '16' });
  // ZeRO-3 halves with twice the shards; plain DP does not move.
  expect(Number(state(3, 16).bytes_per_card) * 2).toBe(Number(state(3, 8).bytes_per_card));
  await expect(w.getByTestId('bar-z0')).toHaveText(String(state(0, 8).bytes_per_card_display));

  await d.focus();
  await d.press('Home');
  await expect(d).toHaveValue('1');
  const one = state(3, 1).bytes_per_card_display;
  for (const bar of ['z0', 'z1', 'z2', 'z3']) await expect(w.getByTestId(`bar-${bar}`)).toHaveText(String(one));
  await expectAt(page, core, 'zero-ownership', { d: '1' });
});

test('figures 10-12 and 10-13: keeping the products holds 135 MiB per stage, rebuilding 45 MiB; more waiting micro-batches save more', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-12');
  const saved = (layers: number, waiting: number): Obj => core.ok({ op: 'recompute_savings', stage_layers: layers, waiting_micro_batches: waiting });
  const book = saved(9, 4);
  expect([book.stage_before_bytes, book.stage_after_bytes, book.workspace_bytes, book.waiting_saving_bytes]).toEqual([
    135 * 2 ** 20,
    45 * 2 ** 20,
    6 * 2 ** 20,
    360 * 2 ** 20,
  ]);
  await expect(w.getByTestId('bar-keep')).toHaveText('141,557,760');
  await expect(w.getByTestId('bar-rebuild')).toHaveText('47,185,920');
  await w.locator('#fig-10-12-waiting').selectOption('8');
  await expect(w.getByTestId('bar-waiting')).toHaveText(Number(saved(9, 8).waiting_saving_bytes).toLocaleString('en-US'));
  await w.locator('#fig-10-12-layers').selectOption('18');
  await expectAt(page, core, 'fig-10-12', { layers: '18', waiting: '8' });
});

test('figures 10-17/10-18 as a gantt: dragging m or p moves the last gradient to the core’s event model; the schedule menu swaps 1F1B for fill–drain', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-17');
  const done = (schedule: string, p: number, m: number): string =>
    String(core.ok({ op: 'pipeline_schedule', stages: p, micro_batches: m, forward_ms: 10, backward_ms: 20, schedule }).gradients_done_ms);
  const marker = w.getByTestId('marker-done').first();
  await expect(marker).toContainText('346');
  // One block per micro-batch and pass on every stage: 4 × 8 × 2.
  await expect(w.locator('svg.is-wide [data-kind="F"]')).toHaveCount(32);

  await dragRange(page, w.locator('#fig-10-17-m'), 12);
  await expect(w.locator('#fig-10-17-m')).toHaveValue('12');
  await expect(marker).toContainText(done('1f1b', 4, 12));
  await expect(w.locator('svg.is-wide [data-kind="B"]')).toHaveCount(48);

  const p = w.locator('#fig-10-17-p');
  await p.focus();
  await p.press('ArrowRight');
  await expect(p).toHaveValue('5');
  await expect(marker).toContainText(done('1f1b', 5, 12));
  await w.locator('#fig-10-17-sched').selectOption('fill-drain');
  expect(Number(done('fill-drain', 5, 12))).toBeLessThan(Number(done('1f1b', 5, 12)));
  await expect(marker).toContainText(done('fill-drain', 5, 12));
});

test('figure 10-47: dragging the reader along N gives the core’s card count there on the B200 40 % line; the keys reach the axis’ ends', async ({
  page,
  core,
}) => {
  const w = await open(page, 'fig-10-47');
  const cards = (n: string): string =>
    Number(
      core.ok({ op: 'dense_scale', params: Number(n), train_tokens: 20_000_000_000_000, peak_tflops: '2250', efficiency_percent: '40', days: '90' })
        .cards_needed,
    ).toLocaleString('en-US');
  const at = w.getByTestId('at-b20040').first();
  await expect(at).toContainText('17,147');
  await expect(w.getByTestId('at-a10040').first()).toContainText('123,655');
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await marker.scrollIntoViewIfNeeded();
  const handle = (await marker.locator('.drag-handle').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + handle.width / 2 + 120, handle.y + handle.height / 2, { steps: 8 });
  await page.mouse.up();
  const n = await w.locator('#fig-10-47-n').inputValue();
  expect(Number(n)).toBeGreaterThan(1e12);
  await expect(at).toContainText(cards(n));
  await marker.focus();
  await marker.press('Home');
  await expect(w.locator('#fig-10-47-n')).toHaveValue('100000000000');
  await expect(at).toContainText(cards('100000000000'));
});

test('figure 10-35: faster checkpoint writes pull the best save interval in, to the core’s √(2c/λ)', async ({ page, core }) => {
  const w = await open(page, 'fig-10-35');
  const best = (bw: string): string =>
    String(
      core.ok({ op: 'checkpoint_interval', model: 'qwen3-8b', checkpoint_gb_per_second: bw, job_mtbf_hours: '7.9', recovery_seconds: '120' })
        .optimal_interval_display,
    );
  expect(best('7')).toBe('965');
  await expect(w.getByTestId('rule-best')).toContainText('965');
  await w.locator('#fig-10-35-bw').selectOption('20');
  await expect(w.getByTestId('rule-best')).toContainText(best('20'));
  await expectAt(page, core, 'fig-10-35', { bw: '20' });
});

test('figure 10-20: fill–drain holds 2,448 MiB on stage 3, 1F1B 921 MiB on stage 0; more micro-batches raise fill–drain only', async ({ page, core }) => {
  const w = await open(page, 'fig-10-20');
  await expect(w.getByTestId('bar-fd3')).toHaveText('2,448 MiB');
  await expect(w.getByTestId('bar-ob0')).toHaveText('921 MiB');
  await w.locator('#fig-10-20-m').selectOption('16');
  const stage0 = (schedule: string): string => String((core.ok({ op: 'pipeline_schedule', schedule, micro_batches: 16 }) as Obj).stages[0].peak_display);
  await expect(w.getByTestId('bar-fd0')).toHaveText(stage0('fill-drain'));
  await expect(w.getByTestId('bar-ob0')).toHaveText(stage0('1f1b'));
  expect(stage0('1f1b')).toBe('921 MiB');
});
