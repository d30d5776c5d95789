// Direct manipulation on chapter 8 (issue 42, "the widgets that teach most"):
// the speculative-decoding calculator's acceptance and draft length are
// sliders a reader drags; the scheduler timeline (Figs. 8-5 … 8-7, a gantt) switches policy
// and scrubs r2's input; the memory × deadline planner (Fig. 8-35's plane and
// its two bar charts) has the shared sliders (runtime/slider.ts) beside its
// memory and output fields. A drag or the keys set the control, and every
// number checked is the Node core's answer for the value the page ended on
// (tests/content/shown-values.mjs); the planner's flips (at 6 GiB only E
// fits in time; at 16 outputs E finishes first) are read from the core, not
// from the drawing.
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { widgetsIn } from '../editions';
import { allReady, expect, test, typeInto, type Core } from '../fixtures';
import { answerExercise } from '../learner';
import { checkWidget, defaults } from '../widget-values';

const INSTANCE_PAGE = pageOfInstance('ch08');
const WIDGETS = widgetsIn('zh-Hant', 'ch08');
type Obj = Record<string, any>;

async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${INSTANCE_PAGE[instance]}#${instance}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** The widget at the book's defaults with some controls changed shows the core's numbers for them. */
async function expectAt(page: Page, core: Core, instance: string, changes: Record<string, string>): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const values = { ...defaults(cfg) };
  for (const [key, value] of Object.entries(changes)) {
    await expect(page.locator(`#${instance}-${key}`)).toHaveValue(value);
    values[cfg.controls.find((c) => c.key === key)!.field] = value;
  }
  await checkWidget(page, core, cfg, instance, values);
}

/** An exact value of the core ("26.3", "598/35") as a number, only to compare two of them. */
const ratio = (v: string): number =>
  v
    .split('/')
    .map(Number)
    .reduce((n, d) => n / d);

/** Drag a range input's thumb from where it sits to the stop `stop` (its own value, counted from its min). */
async function dragRange(page: Page, range: Locator, stop: number): Promise<void> {
  await range.scrollIntoViewIfNeeded();
  const box = (await range.boundingBox())!;
  const [min, max] = [Number(await range.getAttribute('min')), Number(await range.getAttribute('max'))];
  const x = (v: number) => box.x + 8 + ((v - min) / (max - min)) * (box.width - 16); // the thumb is 16 px wide
  const y = box.y + box.height / 2;
  await page.mouse.move(x(Number(await range.inputValue())), y);
  await page.mouse.down();
  await page.mouse.move(x(stop), y, { steps: 8 });
  await page.mouse.up();
}

const SPEC = 'speculative-calculator';
const spec = (core: Core, fields: Obj) => core.ok({ op: 'speculative', acceptance: '0.75', round_ms: '26.3', per_draft_ms: '3.6', ...fields }) as Obj;

test('speculative calculator: dragging the draft length to 8 gives the core’s 14.89 ms per token, the acceptance is a slider too; the keys step both', async ({
  page,
  core,
}) => {
  const w = await open(page, SPEC);
  // Exercise 8-7's table: 17.09, 14.49, 13.34 and 14.89 ms per token for m = 1, 2, 4, 8.
  expect([1, 2, 4, 8].map((m) => spec(core, { draft: m }).ms_per_token_display)).toEqual(['17.09 ms', '14.49 ms', '13.34 ms', '14.89 ms']);
  const range = w.locator(`#${SPEC}-m`);
  await expect(range).toHaveValue('4');
  await expectAt(page, core, SPEC, {});

  await dragRange(page, range, 8);
  await expectAt(page, core, SPEC, { m: '8' });
  await expect(w).toHaveAttribute('data-differs', 'true');
  await expect(page).toHaveURL(new RegExp(`#${SPEC}:m=8$`));

  // One position shorter, then no drafts at all: the plain decode round.
  await range.focus();
  await range.press('ArrowLeft');
  await expectAt(page, core, SPEC, { m: '7' });
  await range.press('Home');
  await expectAt(page, core, SPEC, { m: '0' });
  expect(spec(core, { draft: 0 }).ms_per_token_display).toBe('26.30 ms');

  // A higher acceptance makes the longer draft pay: drag a to 0.9, where m = 8 beats m = 4.
  await range.press('End');
  const acceptance = w.locator(`#${SPEC}-a`);
  await expect(acceptance).toHaveValue('0.75');
  // The thumb lands within a step of where the mouse let go; the keys then set it exactly.
  await dragRange(page, acceptance, 0.9);
  const dragged = await acceptance.inputValue();
  expect(['0.85', '0.9', '0.95']).toContain(dragged);
  await expectAt(page, core, SPEC, { m: '16', a: dragged });
  await acceptance.focus();
  await acceptance.press('End');
  await acceptance.press('ArrowLeft');
  await acceptance.press('ArrowLeft');
  // Each key step is 0.05, an exact decimal the core reads as written.
  await expectAt(page, core, SPEC, { m: '16', a: '0.9' });
  const at = (m: number) => ratio(spec(core, { acceptance: '0.9', draft: m }).ms_per_token);
  expect(at(8)).toBeLessThan(at(4));
});

test('speculative calculator: a verify round of 0 ms is refused with the core’s message under the reader’s field name', async ({ page, core }) => {
  const w = await open(page, SPEC);
  await typeInto(w.locator(`#${SPEC}-round`), '0');
  const error = w.locator(`#${SPEC}-error`);
  await expect(error).toBeVisible();
  await expect(error).toContainText('驗證一輪（ms）');
  expect(core.error({ op: 'speculative', acceptance: '0.75', draft: 4, round_ms: '0', per_draft_ms: '3.6' }).field).toBe('round_ms');
  // Back to a valid round: the numbers return, the message goes.
  await typeInto(w.locator(`#${SPEC}-round`), '26.3');
  await expect(error).toBeHidden();
  await expectAt(page, core, SPEC, { round: '26.3' });
});

const MEMORY = 'planner-memory';
const TIME = 'planner-time';
const admission = (core: Core, fields: Obj) =>
  core.ok({ op: 'kv_admission', model: 'qwen3-8b', input: 8192, generated: 256, requests: 16, shared_prefix: 6144, ...fields }) as Obj;

test('planner: dragging the memory to 6 GiB moves the line to the core’s budget, and D (9.02 GiB) no longer fits', async ({ page, core }) => {
  const w = await open(page, MEMORY);
  const slider = w.getByRole('slider', { name: '可用記憶體 滑桿' });
  await expect(slider).toHaveAttribute('aria-valuetext', '12 GiB');
  await expectAt(page, core, MEMORY, {});
  // At the book's 12 GiB both B and D fit.
  expect(admission(core, { budget_gib: '12', extra_mib: '3188' }).fits).toBe(true);

  await dragRange(page, slider, 5); // the scale's stops are 1, 2, … GiB: the sixth is 6 GiB
  await expect(slider).toHaveAttribute('aria-valuetext', '6 GiB');
  await expectAt(page, core, MEMORY, { budget: '6' });
  await expect(page).toHaveURL(new RegExp(`#${MEMORY}:budget=6$`));
  const d = admission(core, { budget_gib: '6', extra_mib: '3188' });
  expect([d.total_display, d.fits, admission(core, { budget_gib: '6' }).fits]).toEqual(['9.02 GiB', false, true]);

  // The keys: the next landmark up is the book's 12 GiB again.
  await slider.focus();
  await slider.press('PageUp');
  await expectAt(page, core, MEMORY, { budget: '12' });
});

test('planner: 16 outputs instead of 256 reorder the schemes to the core’s B 2.45 s, D 2.37 s, E 2.26 s', async ({ page, core }) => {
  const w = await open(page, TIME);
  const slider = w.getByRole('slider', { name: '輸出 滑桿' });
  await expect(slider).toHaveAttribute('aria-valuetext', '256 個 token');
  await slider.focus();
  for (let i = 0; i < 16; i++) await slider.press('ArrowLeft'); // four stops per halving: 256 → 16
  await expectAt(page, core, TIME, { out: '16' });
  const cfg = WIDGETS[TIME]! as unknown as { data: { bars: Array<{ id: string; op: string; fields: Obj }> } };
  const total = (id: string) => {
    // The bar's request with the page's values: 16 outputs, the 7 s deadline, D's 3 tokens a round.
    const given: Obj = { $out: 16, $deadline: '7', $t: 3 };
    const fields = Object.fromEntries(Object.entries(cfg.data.bars.find((b) => b.id === id)!.fields).map(([k, v]) => [k, given[v as string] ?? v]));
    return core.ok({ op: 'batch_plan', ...fields } as Obj).total_display;
  };
  expect(['B', 'D', 'E'].map(total)).toEqual(['2.45 s', '2.37 s', '2.26 s']);
  await expect(w).toHaveAttribute('data-differs', 'true');
});

test('planner: outputs of 0 are refused with the core’s message under the reader’s field name', async ({ page }) => {
  const w = await open(page, TIME);
  await typeInto(w.locator(`#${TIME}-out`), '0');
  const error = w.locator(`#${TIME}-error`);
  await expect(error).toBeVisible();
  await expect(error).toContainText('每條的輸出（token）');
});

const SCHEDULE = 'fig-8-5';
const schedule = (core: Core, fields: Obj) => {
  const cfg = WIDGETS[SCHEDULE]! as unknown as { data: { request: Obj } };
  const request = JSON.parse(JSON.stringify(cfg.data.request)) as Obj;
  request.arrivals[2].input = fields.long ?? 8192;
  return core.ok({ op: 'iteration_schedule', ...request, policy: fields.policy ?? 'fixed', chunk: fields.chunk ?? '2048' }) as Obj;
};

test('scheduler timeline: fixed, continuous and chunked give the core’s 870, 766 and 844 ms; r2’s input slider moves them', async ({ page, core }) => {
  const w = await open(page, SCHEDULE);
  // §8.2.2's table: all done at about 870 / 766 / 844 ms, the longest output gap about 26 / 376 / 133 ms.
  const book = ['fixed', 'continuous', 'chunked'].map((policy) => schedule(core, { policy }));
  expect(book.map((r) => r.total_display)).toEqual(['870 ms', '766 ms', '844 ms']);
  expect(book.map((r) => r.max_gap_display)).toEqual(['26 ms', '376 ms', '133 ms']);
  await expectAt(page, core, SCHEDULE, {});
  await expect(w.getByTestId('marker-done')).toHaveText('870 ms');
  const policy = w.locator(`#${SCHEDULE}-policy`);
  await policy.selectOption('continuous');
  await expectAt(page, core, SCHEDULE, { policy: 'continuous' });
  await expect(w.getByTestId('marker-done')).toHaveText('766 ms');
  await policy.selectOption('chunked');
  await expectAt(page, core, SCHEDULE, { policy: 'chunked' });
  await expect(w.getByTestId('marker-done')).toHaveText('844 ms');

  // r2's input to the next landmark, 32K: its prefill takes longer, and so does the whole run.
  const slider = w.getByRole('slider', { name: 'r2 輸入 滑桿' });
  await slider.focus();
  await slider.press('PageUp');
  await expectAt(page, core, SCHEDULE, { policy: 'chunked', long: '32768' });
  const longer = schedule(core, { policy: 'chunked', long: 32768 });
  await expect(w.getByTestId('marker-done')).toHaveText(longer.total_display);
  expect(ratio(longer.total_ms)).toBeGreaterThan(ratio(book[2]!.total_ms));
  await expect(page).toHaveURL(new RegExp(`#${SCHEDULE}:.*long=32768`));
});

test('scheduler timeline: an input of 0 tokens for r2 is refused under the reader’s field name', async ({ page }) => {
  const w = await open(page, SCHEDULE);
  await typeInto(w.locator(`#${SCHEDULE}-long`), '0');
  const error = w.locator(`#${SCHEDULE}-error`);
  await expect(error).toBeVisible();
  await expect(error).toContainText('r2 的輸入（token）');
});

const PLANE = 'fig-8-35';
const plan = (core: Core, id: string, fields: Obj) => {
  const cfg = WIDGETS[PLANE]! as unknown as { data: { request: Obj; points: Array<{ id: string; fields: Obj }> } };
  const given: Obj = { $budget: '12', $out: 256, $deadline: '7', $t: 3, $draft: '3188', ...fields };
  const fill = (o: Obj) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'string' && v in given ? given[v] : v]));
  return core.ok({ op: 'batch_plan', ...fill(cfg.data.request), ...fill(cfg.data.points.find((p) => p.id === id)!.fields) }) as Obj;
};
const feasible = (r: Obj) => r.fits === true && r.on_time === true;

test('planner plane: of A–D only D is inside 12 GiB and 7 s (E too); at 6 GiB only E (no draft model) is left, and 16 outputs reorder B, D and E', async ({
  page,
  core,
}) => {
  const w = await open(page, PLANE);
  const ids = ['A', 'B', 'C', 'D', 'E'];
  expect(ids.filter((id) => feasible(plan(core, id, {})))).toEqual(['D', 'E']);
  expect(plan(core, 'D', {}).memory_display).toBe('9.02 GiB');
  await expectAt(page, core, PLANE, {});

  const slider = w.getByRole('slider', { name: '記憶體 滑桿' });
  await dragRange(page, slider, 5); // the sixth stop: 6 GiB
  await expectAt(page, core, PLANE, { budget: '6' });
  expect(ids.filter((id) => feasible(plan(core, id, { $budget: '6' })))).toEqual(['E']);

  const outputs = w.getByRole('slider', { name: '輸出數 滑桿' });
  await outputs.focus();
  for (let i = 0; i < 16; i++) await outputs.press('ArrowLeft'); // 256 → 16
  await expectAt(page, core, PLANE, { budget: '6', out: '16' });
  // At 16 outputs: B 2.45 s, D 2.37 s, E 2.26 s (Exercise 8-9's last case).
  expect(['B', 'D', 'E'].map((id) => plan(core, id, { $budget: '12', $out: 16 }).total_display)).toEqual(['2.45 s', '2.37 s', '2.26 s']);
  await expect(w.getByTestId('cell-E-2')).toHaveText('2.26 s');
});

// Exercise 8-8's last part is a ratio: the page must accept the core's 1.42 (100 s ÷ 70.5 s, the
// preparation on the critical path) and name 1.6 (decode a quarter, preparation left out) as that mistake.
test('exercise 8-8 f: the core’s 1.42× is accepted; 1.6× is named as the preparation left out', async ({ page, core }) => {
  const prepared = core.ok({ op: 'amdahl', total: '100', part: '50', speedup: '4', added: '8' });
  const quarter = core.ok({ op: 'amdahl', total: '100', part: '50', speedup: '4' });
  expect([prepared.speedup_display, quarter.speedup_display]).toEqual(['1.42', '1.60']);
  await page.goto(`./${INSTANCE_PAGE['fig-8-36']}#exercise-8-8`);
  const right = await answerExercise(page, '8-8', 'f', prepared.speedup_display as string);
  await expect(right).toHaveAttribute('data-verdict', 'correct');
  const wrong = await answerExercise(page, '8-8', 'f', '1.6');
  await expect(wrong).toHaveAttribute('data-verdict', 'wrong');
  await expect(wrong).toHaveAttribute('data-mistake', 'prep_left_out');
  await expect(wrong).toContainText('沒有準備時間的倍數');
});

// Figure 8-13's block size reaches the core: with blocks of 2 the shared prefix is four whole blocks,
// and the totals become 8 + 2 + 6 + 6 + 16 = 38 positions shared against 46 paged alone.
test('Figure 8-13: blocks of 2 instead of 4 give the core’s 38 positions with sharing and 46 without', async ({ page, core }) => {
  const w = await open(page, 'fig-8-13');
  await expectAt(page, core, 'fig-8-13', {});
  await w.locator('#fig-8-13-p').selectOption('2');
  await expectAt(page, core, 'fig-8-13', { p: '2' });
  const slots = (lengths: number[]) => core.ok({ op: 'paging_layout', lengths, page_tokens: 2 }).slots;
  expect([slots([8, 1, 5, 5, 15]), slots([9, 13, 5, 15])]).toEqual([38, 46]);
  await expect(w).toContainText('38');
  await expect(w).toContainText('46');
});

test('Figures 8-30 and 8-31: p(A) = 0.3 and q(A) = 0.4 give the core’s acceptance 0.9, and q(A) = 1.5 is refused under the reader’s field name', async ({
  page,
  core,
}) => {
  const share = (fields: Obj) => core.ok({ op: 'acceptance_rule', ...fields }) as Obj;
  expect([share({ target_share: '0.25', draft_share: '1' }).acceptance, share({ target_share: '0.25', draft_share: '0' }).acceptance]).toEqual([
    '0.25',
    '0.75',
  ]);
  expect(share({ target_share: '0.3', draft_share: '0.4' }).acceptance).toBe('0.9');
  for (const [id, q] of [
    ['fig-8-30', '1'],
    ['fig-8-31', '0'],
  ] as const) {
    const w = await open(page, id);
    await expect(w.locator(`#${id}-q`)).toHaveValue(q);
    await expectAt(page, core, id, {});
    await typeInto(w.locator(`#${id}-p`), '0.3');
    await typeInto(w.locator(`#${id}-q`), '0.4');
    await expectAt(page, core, id, { p: '0.3', q: '0.4' });
    await expect(w.getByTestId('bar-acceptance')).toHaveText('0.9');
  }
  const w = page.locator('[data-instance="fig-8-31"]');
  await typeInto(w.locator('#fig-8-31-q'), '1.5');
  const error = w.locator('#fig-8-31-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('草稿提 A 的機率 q(A)');
  await expect(error).toContainText('不能超過 1');
  expect(core.error({ op: 'acceptance_rule', target_share: '0.3', draft_share: '1.5' }).field).toBe('draft_share');
});
