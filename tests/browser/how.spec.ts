// "How was this computed?" (web/src/runtime/how.ts): in every kind of widget
// that shows core numbers, the popover next to a number shows the core's own
// formula and substituted formula (fetched here from the Node build of the
// same core with explain: true), follows the controls, opens from the
// keyboard, fits a 360 px screen and passes axe while open. Also Table 2-D by
// stage, one column per execution path.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { at, cellRequest, pageOfInstance, shown, WIDGETS } from './chapter';
import { groupCoreDigits } from '../../web/src/runtime/format';
import { allReady, DEFAULTS, expect, test, typeInto } from './fixtures';

const PAGE = pageOfInstance();

type How = { formula: string; substituted: string };

/** The core's explanation stored under `key` in a result's (or row's) "how". */
function how(result: unknown, key: string): How {
  const h = at(result, 'how') as Record<string, How> | undefined;
  if (!h?.[key]) throw new Error(`core gives no how for ${key}`);
  return h[key]!;
}

async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${PAGE[instance]}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** Click the "how" button inside `scope`; returns the open popover. */
async function popover(w: Locator, scope: Locator): Promise<Locator> {
  const button = scope.locator('.how-button');
  await button.click();
  const id = await button.getAttribute('popovertarget');
  const pop = w.locator(`[id="${id}"]`);
  await expect(pop).toBeVisible();
  return pop;
}

/** The request fields of a widget at its default controls (plus its fixed fields). */
function defaults(instance: string): Record<string, unknown> {
  const cfg = WIDGETS[instance]!;
  return { ...cfg.fixed, ...Object.fromEntries(cfg.controls.map((c) => [c.field, /^\d+$/.test(c.default) ? Number(c.default) : c.default])) };
}

/** Open a figure's data table (a closed <details> until then, and again after a redraw). */
async function openTable(w: Locator): Promise<Locator> {
  const table = w.getByTestId('figure-data');
  if (!(await table.evaluate((d) => (d as HTMLDetailsElement).open))) await table.locator('summary').click();
  return table;
}

/** The popover shows the core's strings, their long numbers grouped as the core's displays are (runtime/format.ts groupCoreDigits). */
async function expectHow(pop: Locator, h: How): Promise<void> {
  await expect(pop.locator('.how-formula')).toHaveText(groupCoreDigits(h.formula));
  await expect(pop.locator('.how-substituted')).toHaveText(groupCoreDigits(h.substituted));
}

test('live table: a cell explains itself with the core strings and follows the control (Table 2-B)', async ({ page, core }) => {
  const w = await open(page, 'tab-2-B');
  const qwen = { op: 'params', model: 'qwen3-8b', explain: true };
  // Row 1 is Qwen3-8B; column 1 its attention projections, column 6 the weight bytes.
  let pop = await popover(w, w.getByTestId('tab-2-B-r1-c1'));
  await expectHow(pop, how(core.ok({ ...qwen, weight_dtype: 'bf16' }), 'groups.attention'));
  await expect(pop.locator('.how-title')).toHaveText('Qwen3-8B・注意力投影');
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();

  const bf16 = how(core.ok({ ...qwen, weight_dtype: 'bf16' }), 'weight_display');
  pop = await popover(w, w.getByTestId('tab-2-B-r1-c6'));
  await expectHow(pop, bf16);
  await page.keyboard.press('Escape');
  await w.getByLabel(WIDGETS['tab-2-B']!.controls[0]!.label, { exact: true }).selectOption('fp8');
  const fp8 = how(core.ok({ ...qwen, weight_dtype: 'fp8' }), 'weight_display');
  expect(fp8.substituted).not.toBe(bf16.substituted);
  pop = await popover(w, w.getByTestId('tab-2-B-r1-c6'));
  await expectHow(pop, fp8);
});

test('list table: a compare row explains the request total (section 2.6.3)', async ({ page, core }) => {
  const w = await open(page, 'tab-request');
  const cfg = WIDGETS['tab-request']!;
  const values = Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
  const rows = at(core.ok({ ...cellRequest('compare', values, cfg.table!.list!.fields), explain: true }), 'rows') as unknown[];
  const pop = await popover(w, w.getByTestId('tab-request-r1-c0'));
  await expectHow(pop, how(rows[1], 'request_display'));
});

test('Table 2-D: one row per stage, one column per path, the core values for the reader P', async ({ page, core }) => {
  const w = await open(page, 'tab-2-D');
  const stages = ['encoder', 'decoder_kv', 'decoder_rest', 'head', 'total'];
  const check = async (P: number) => {
    for (const [col, execution] of ['reference', 'ced'].entries()) {
      const r = core.ok({ op: 'forward', model: 'deepseek-v4.1-flash', input: P, execution });
      for (const [row, id] of stages.entries()) {
        await expect(w.getByTestId(`tab-2-D-r${row}-c${col}`).locator('.cell-value')).toHaveText(shown(at(r, `stages[id=${id}].display`)));
      }
    }
  };
  await check(8192);
  // The book's printed stages at P = 8192, as the core displays them.
  await expect(w.getByTestId('tab-2-D-r0-c0').locator('.cell-value')).toHaveText('142.14 TFLOPs');
  await expect(w.getByTestId('tab-2-D-r2-c1').locator('.cell-value')).toHaveText('2.17 TFLOPs');
  await expect(w.getByTestId('tab-2-D-r4-c1').locator('.cell-value')).toHaveText('143.95 TFLOPs');
  const ced = core.ok({ op: 'forward', model: 'deepseek-v4.1-flash', input: 8192, execution: 'ced' });
  const pop = await popover(w, w.getByTestId('tab-2-D-r1-c1'));
  await expectHow(pop, { formula: at(ced, 'stages[id=decoder_kv].formula') as string, substituted: at(ced, 'stages[id=decoder_kv].substituted') as string });
  await page.keyboard.press('Escape');

  await typeInto(w.getByLabel(WIDGETS['tab-2-D']!.controls[0]!.label, { exact: true }), '4096');
  await check(4096);
});

test('worked example: every step explains itself, and the substitution follows m (Example 2-1)', async ({ page, core }) => {
  const w = await open(page, 'example-2-1');
  const cfg = WIDGETS['example-2-1']!;
  const expected = (step: number, m: string): How => {
    const s = cfg.steps![step]!;
    const r = core.ok({ ...cellRequest(s.op, { $m: m }, cfg.fields, s.fields), explain: true });
    // Steps read a tensor's per_copy (its own "how") or a forward row (its formula).
    const item = at(r, s.path.replace(/\.[a-z_]+$/, '')) as Record<string, unknown>;
    return item.how ? how(item, s.path.split('.').pop()!) : { formula: item.formula as string, substituted: item.substituted as string };
  };
  await expect(w.locator('.tally-step .how-button')).toHaveCount(cfg.steps!.length);
  let pop = await popover(w, w.locator('.tally-step').nth(0));
  await expectHow(pop, expected(0, '1'));
  await page.keyboard.press('Escape');

  pop = await popover(w, w.locator('.tally-step').nth(4));
  await expectHow(pop, expected(4, '1'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel('m（本次參與投影的 token 數）'), '128');
  const at128 = expected(4, '128');
  expect(at128.substituted).toContain('128');
  pop = await popover(w, w.locator('.tally-step').nth(4));
  await expectHow(pop, at128);
});

test('pitfall check: the evidence numbers explain themselves (pitfall 3)', async ({ page, core }) => {
  const w = await open(page, 'check-fixed-state');
  await w.getByRole('button', { name: '成立', exact: true }).click();
  const state = (H: number) => core.ok({ op: 'state', model: 'kimi-k3', tokens: H, explain: true });
  let pop = await popover(w, w.locator('.tally-step').nth(1));
  await expectHow(pop, how(state(8192), 'history_display'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel(WIDGETS['check-fixed-state']!.controls[0]!.label, { exact: true }), '65536');
  pop = await popover(w, w.locator('.tally-step').nth(1));
  await expectHow(pop, how(state(65536), 'history_display'));
});

test('foundation widgets: capacity, decode and Table 2-1 explain their numbers and follow their controls', async ({ page, core }) => {
  // Capacity: B_max and a bar segment.
  let w = await open(page, 'capacity');
  let pop = await popover(w, w.locator('.tally-headline'));
  await expectHow(pop, how(core.ok({ ...DEFAULTS.capacity, explain: true }), 'display'));
  await page.keyboard.press('Escape');
  pop = await popover(w, w.getByTestId('seg-kv'));
  await expectHow(pop, how(core.ok({ ...DEFAULTS.capacity, explain: true }), 'items[id=kv].binary_display'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel(WIDGETS.capacity!.controls.find((c) => c.field === 'context')!.label, { exact: true }), '4096');
  pop = await popover(w, w.locator('.tally-headline'));
  await expectHow(pop, how(core.ok({ ...DEFAULTS.capacity, context: 4096, explain: true }), 'display'));
  await page.keyboard.press('Escape');

  // Decode: the cumulative reads, then with another G.
  w = await open(page, 'decode');
  const reads = w.locator('.tally-headline');
  pop = await popover(w, reads);
  await expectHow(pop, how(core.ok({ ...DEFAULTS.request, explain: true }), 'kv_read_display'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel(WIDGETS.decode!.controls.find((c) => c.field === 'generated')!.label, { exact: true }), '2049');
  pop = await popover(w, reads);
  await expectHow(pop, how(core.ok({ ...DEFAULTS.request, generated: 2049, explain: true }), 'kv_read_display'));
  await page.keyboard.press('Escape');

  // Table 2-1: the total, then with another P.
  w = await open(page, 'table-2-1');
  const total = w.locator('.tally-headline');
  pop = await popover(w, total);
  await expectHow(pop, how(core.ok({ ...DEFAULTS.forward, explain: true }), 'display'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel(WIDGETS['table-2-1']!.controls.find((c) => c.field === 'input')!.label, { exact: true }), '4096');
  pop = await popover(w, total);
  await expectHow(pop, how(core.ok({ ...DEFAULTS.forward, input: 4096, explain: true }), 'display'));
});

test('figure summary and data table: the headline and the weight budget explain themselves and follow the control (Figure 2-34)', async ({ page, core }) => {
  const w = await open(page, 'fig-2-34');
  const budget = (requests: number) => core.ok({ op: 'param_budget', ...defaults('fig-2-34'), requests, explain: true });
  let pop = await popover(w, w.locator('.fig-summary div').filter({ has: page.getByTestId('headline') }));
  await expectHow(pop, how(budget(4), 'display'));
  await expect(pop.locator('.how-title')).toHaveText(await w.locator('.fig-summary dt').first().innerText());
  await page.keyboard.press('Escape');

  await typeInto(w.getByLabel(WIDGETS['fig-2-34']!.controls.find((c) => c.field === 'requests')!.label, { exact: true }), '2');
  await expect(w.getByTestId('headline')).toHaveText(at(budget(2), 'display') as string);
  pop = await popover(w, w.locator('.fig-summary div').filter({ has: page.getByTestId('headline') }));
  await expectHow(pop, how(budget(2), 'display'));
  expect(how(budget(2), 'display').substituted).not.toBe(how(budget(4), 'display').substituted);
  await page.keyboard.press('Escape');

  // The data table's weight budget is the core's available_display; the
  // workspace is an input, with nothing to explain.
  const table = await openTable(w);
  pop = await popover(w, table.locator('tr[data-row="weights"] td'));
  await expectHow(pop, how(budget(2), 'available_display'));
  expect(how(budget(2), 'items[id=weights].display')).toEqual(how(budget(2), 'available_display'));
  await page.keyboard.press('Escape');
  await expect(table.locator('tr[data-row="workspace"] .how-button')).toHaveCount(0);
});

test("figures whose ops explain themselves: the requests' state (2-34), a kind of state (2-14), the candidate pool (2-22), dependency chains (2-1)", async ({
  page,
  core,
}) => {
  // 2-34: the state set aside for the requests, B·K.
  let w = await open(page, 'fig-2-34');
  let table = await openTable(w);
  let pop = await popover(w, table.locator('tr[data-row="kv"] td'));
  await expectHow(pop, how(core.ok({ op: 'param_budget', ...defaults('fig-2-34'), explain: true }), 'items[id=kv].display'));
  await page.keyboard.press('Escape');

  // 2-14: a bar is the sum of one kind's rows, as state explains it; it follows H.
  w = await open(page, 'fig-2-14');
  const kinds = (tokens: number) => core.ok({ op: 'state', model: 'deepseek-v4-flash', ...defaults('fig-2-14'), tokens, explain: true });
  table = await openTable(w);
  pop = await popover(w, table.locator('tr[data-row="compressed"] td'));
  await expectHow(pop, how(kinds(8192), 'by_kind_display.compressed'));
  await page.keyboard.press('Escape');
  await typeInto(w.getByLabel(WIDGETS['fig-2-14']!.controls.find((c) => c.field === 'tokens')!.label, { exact: true }), '65536');
  table = await openTable(w);
  pop = await popover(w, table.locator('tr[data-row="buffer"] td'));
  await expectHow(pop, how(kinds(65536), 'by_kind_display.buffer'));
  await page.keyboard.press('Escape');

  // 2-22: the pool's candidates at the reader's N; its block size is a spec fact.
  w = await open(page, 'fig-2-22');
  table = await openTable(w);
  const pool = core.ok({ op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens: 131072, explain: true });
  pop = await popover(w, table.locator('tr[data-row="candidates"] td'));
  await expectHow(pop, how(pool, 'candidates_display'));
  await page.keyboard.press('Escape');
  await expect(table.locator('tr[data-row="block_size"] .how-button')).toHaveCount(0);

  // 2-1: L×T nodes; the layer count is an input.
  w = await open(page, 'fig-2-1');
  table = await openTable(w);
  pop = await popover(w, table.locator('tr[data-row="nodes"] td'));
  await expectHow(pop, how(core.ok({ op: 'dependency_chain', layers: 3, tokens: 4, explain: true }), 'nodes'));
  await page.keyboard.press('Escape');
  await expect(table.locator('tr[data-row="layers"] .how-button')).toHaveCount(0);
});

test('figure data table: a model row explains its value through compare (Figure 2-28), a plain count has no button (Figure 2-25)', async ({ page, core }) => {
  const w = await open(page, 'fig-2-28');
  const table = await openTable(w);
  const rows = at(core.ok({ op: 'compare', ...defaults('fig-2-28'), explain: true }), 'rows') as Array<Record<string, unknown>>;
  const model = rows[1]!.model as string;
  const pop = await popover(w, table.locator(`tr[data-row="${model}"] td`));
  await expectHow(pop, how(rows[1], 'weight_display'));
  await expect(pop.locator('.how-title')).toContainText(rows[1]!.name as string);
  await page.keyboard.press('Escape');
  // Layers are a fact of each spec: the core explains nothing, no button.
  const depth = page.locator('[data-instance="fig-2-25"]');
  await expect(depth.getByTestId('figure-data').locator('td')).not.toHaveCount(0);
  await expect(depth.locator('.how-button')).toHaveCount(0);
});

test('a value drawn in a chart opens the explanation of its table cell: bars (Figures 2-28, 2-33), a diagram label (2-22); a spec fact stays plain (2-25)', async ({
  page,
  core,
}) => {
  let w = await open(page, 'fig-2-28');
  const rows = at(core.ok({ op: 'compare', ...defaults('fig-2-28'), explain: true }), 'rows') as Array<Record<string, unknown>>;
  const model = rows[2]!.model as string;
  const label = w.getByTestId(`bar-${model}`);
  await expect(label).toHaveText(rows[2]!.weight_display as string);
  await expect(label).toHaveClass(/how-value/);
  await label.click();
  let pop = w.locator('.how-pop');
  await expect(pop).toBeVisible();
  await expectHow(pop, how(rows[2], 'weight_display'));
  await expect(pop.locator('.how-title')).toContainText(rows[2]!.name as string);
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();

  // 2-33: each bar's tail is the request count at that context length.
  w = await open(page, 'fig-2-33');
  const contexts = (WIDGETS['fig-2-33'] as unknown as { data: { contexts: number[] } }).data.contexts;
  const ctx = contexts[0]!;
  const tail = w.getByTestId(`bar-ctx-${ctx}`);
  const capacity = core.ok({ op: 'capacity', ...defaults('fig-2-33'), context: ctx, explain: true });
  await expect(tail).toHaveText(at(capacity, 'display') as string);
  await tail.click();
  pop = w.locator('.how-pop');
  await expectHow(pop, how(capacity, 'display'));

  // Layers: nothing to explain, so the label stays plain.
  const depth = page.locator('[data-instance="fig-2-25"]');
  await expect(depth.locator('.fig-svg .bar-value').first()).toBeVisible();
  await expect(depth.locator('.how-value')).toHaveCount(0);

  // A diagram's label with a core number (2-22, the candidate pool): the same
  // explanation as that number's row in the data table.
  w = await open(page, 'fig-2-22');
  const labels = w.locator('.fig-svg .how-value');
  await expect(labels).not.toHaveCount(0);
  const key = await labels.first().getAttribute('data-how');
  await labels.first().click();
  pop = w.locator('.how-pop');
  await expect(pop).toBeVisible();
  const fromLabel = { formula: await pop.locator('.how-formula').innerText(), substituted: await pop.locator('.how-substituted').innerText() };
  expect(fromLabel.formula).not.toBe('—');
  await page.keyboard.press('Escape');
  const table = await openTable(w);
  const twin = table.locator(`.how-button[data-how="${key}"]`);
  await expect(twin).toHaveCount(1);
  await twin.click();
  await expectHow(pop, fromLabel);
});

test('a curve point explains itself through state at that length, and follows the format (Figure 2-18)', async ({ page, core }) => {
  const w = await open(page, 'fig-2-18');
  const cfg = WIDGETS['fig-2-18']!;
  const models = (cfg as unknown as { data: { models: string[] } }).data.models;
  let table = await openTable(w);
  const row = table.locator('tbody tr').first();
  const tokens = Number(await row.getAttribute('data-row'));
  const state = (kv_dtype: string) => core.ok({ op: 'state', ...defaults('fig-2-18'), model: models[1]!, tokens, kv_dtype, explain: true });
  let pop = await popover(w, row.locator('td').nth(1));
  await expectHow(pop, how(state('bf16'), 'display'));
  await expect(row.getByTestId(`cell-${tokens}-2`)).toHaveText(at(state('bf16'), 'display') as string);
  await page.keyboard.press('Escape');

  await w.getByLabel(cfg.controls.find((c) => c.field === 'kv_dtype')!.label, { exact: true }).selectOption('fp8');
  await expect(row.getByTestId(`cell-${tokens}-2`)).toHaveText(at(state('fp8'), 'display') as string);
  table = await openTable(w); // a new format can redraw the figure (other ticks)
  pop = await popover(w, table.locator(`tr[data-row="${tokens}"] td`).nth(1));
  await expectHow(pop, how(state('fp8'), 'display'));
});

test('the popover: keyboard-operable, labelled, fits 360 px, hidden in print, axe clean while open', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const w = await open(page, 'tab-2-D');
  const button = w.getByTestId('tab-2-D-r0-c0').locator('.how-button');
  await expect(button).toHaveAccessibleName(/^怎麼算的？ 編碼器（20 層）・參考全層前向$/);
  await button.focus();
  await page.keyboard.press('Enter');
  const pop = w.locator(`[id="${await button.getAttribute('popovertarget')}"]`);
  await expect(pop).toBeVisible();
  const box = (await pop.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);

  const axe = await new AxeBuilder({ page }).include(`[id="${await pop.getAttribute('id')}"]`).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The close button inside, then Escape from the button again.
  await pop.getByRole('button', { name: '關閉' }).click();
  await expect(pop).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(pop).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();

  await page.emulateMedia({ media: 'print' });
  await expect(button).toBeHidden();
});
