// Controls drive the core; the URL hash mirrors and restores widget state.
import { DEFAULTS, expect, openChapter, test, typeInto, widget } from './fixtures';

test('table 2-1: exercise 2-2 inputs update every row to the core values and round-trip through the hash', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  await typeInto(w.getByLabel('B（請求數）'), '4');
  await typeInto(w.getByLabel('S（已有上下文 token）'), '4096');
  await typeInto(w.getByLabel('P（每請求本次輸入 token）'), '1024');
  await typeInto(w.getByLabel('m_out（執行詞表頭的 token）'), '4');

  const expected = core.ok({ ...DEFAULTS.forward, batch: 4, context: 4096, input: 1024, head_tokens: 4 });
  await expect(w.getByTestId('total')).toHaveText(expected.display as string);
  for (const item of expected.items as Array<{ id: string; display: string }>) {
    await expect(w.getByTestId(`flops-${item.id}`)).toHaveText(item.display);
  }
  await expect(w.getByTestId('rows')).toHaveText('4,096');
  await expect(page).toHaveURL(/#table-2-1:B=4&S=4096&P=1024&m=4$/);

  await page.reload();
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(w.getByLabel('P（每請求本次輸入 token）')).toHaveValue('1024');
  await expect(w.getByLabel('B（請求數）')).toHaveValue('4');
  await expect(w.getByTestId('total')).toHaveText(expected.display as string);
});

test('table 2-1: a decode step after 8K context (S=8192, P=1) is about 20.0 GFLOPs', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  await typeInto(w.getByLabel('S（已有上下文 token）'), '8192');
  await typeInto(w.getByLabel('P（每請求本次輸入 token）'), '1');
  const expected = core.ok({ ...DEFAULTS.forward, context: 8192, input: 1 });
  expect(expected.display).toMatch(/^(19\.9\d|20\.0\d) GFLOPs$/); // book: 20.0 GFLOPs
  await expect(w.getByTestId('total')).toHaveText(expected.display as string);
});

test('capacity: selects and numbers recompute through the core (book cases of 2.6.2)', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const requests = w.getByTestId('requests');
  const ctx = w.getByLabel('每請求上下文 token');

  // Qwen3-8B on the 4090: 16K → 2, 4K → 9 (book).
  await typeInto(ctx, '16384');
  await expect(requests).toHaveText(core.ok({ ...DEFAULTS.capacity, context: 16384 }).display as string);
  expect(core.ok({ ...DEFAULTS.capacity, context: 16384 }).requests).toBe(2);
  await typeInto(ctx, '4096');
  await expect(requests).toHaveText(core.ok({ ...DEFAULTS.capacity, context: 4096 }).display as string);
  expect(core.ok({ ...DEFAULTS.capacity, context: 4096 }).requests).toBe(9);

  // 70B on an H100 SXM: INT8 → 1, INT4 → 14, INT4 at 32K → 3 (book).
  await typeInto(ctx, '8192');
  await w.getByLabel('模型').selectOption('deepseek-r1-distill-llama-70b');
  await w.getByLabel('GPU', { exact: true }).selectOption('h100-sxm');
  await w.getByLabel('權重格式').selectOption('int8');
  const int8 = { ...DEFAULTS.capacity, model: 'deepseek-r1-distill-llama-70b', gpu: 'h100-sxm', weight_dtype: 'int8' };
  expect(core.ok(int8).requests).toBe(1);
  await expect(requests).toHaveText(core.ok(int8).display as string);

  await w.getByLabel('權重格式').selectOption('int4');
  const int4 = { ...int8, weight_dtype: 'int4' };
  expect(core.ok(int4).requests).toBe(14);
  await expect(requests).toHaveText(core.ok(int4).display as string);
  await expect(w.locator('path.kv-slices')).toHaveAttribute('d', /^(M[\d.]+ 0V40){13}$/);

  await typeInto(ctx, '32768');
  const int4Long = { ...int4, context: 32768 };
  expect(core.ok(int4Long).requests).toBe(3);
  await expect(requests).toHaveText(core.ok(int4Long).display as string);
  for (const seg of core.ok(int4Long).items as Array<{ id: string; binary_display: string }>) {
    await expect(w.getByTestId(`seg-${seg.id}-display`)).toHaveText(seg.binary_display); // GiB, as the per-request state
  }
  await expect(page).toHaveURL(/capacity:model=deepseek-r1-distill-llama-70b&gpu=h100-sxm&wd=int4&ctx=32768/);

  // BF16 70B does not fit at all: 0 requests, the core explains the shortfall.
  await w.getByLabel('權重格式').selectOption('bf16');
  const bf16 = core.ok({ ...int4Long, weight_dtype: 'bf16' });
  await expect(requests).toHaveText(bf16.display as string);
  expect(bf16.requests).toBe(0);
  await expect(w.getByTestId('notes')).toHaveText((bf16.notes as string[]).join('；'));
  await expect(w.getByTestId('notes')).toBeVisible();
});

test('decode: changing G to 513 (exercise 2-3) updates stored vs read to the core values', async ({ page, core }) => {
  await openChapter(page, 'decode');
  const w = widget(page, 'decode');
  await typeInto(w.getByLabel('G（回傳 token）'), '513');
  const expected = core.ok({ ...DEFAULTS.request, generated: 513 });
  await expect(w.getByTestId('decode-steps')).toHaveText('512');
  await expect(w.getByTestId('reads')).toHaveText(expected.kv_read_display as string);
  await expect(w.getByTestId('new-kv')).toHaveText(expected.new_kv_display as string);
  await expect(w.getByTestId('final-kv')).toHaveText(expected.final_kv_display as string);
  await expect(page).toHaveURL(/#decode:G=513$/);
});

test('a shared link restores several widgets of one page at once', async ({ page, core }) => {
  await openChapter(page, 'capacity', '#capacity:model=qwen3-32b&gpu=h100-sxm&ctx=8192;tab-2-E:S1=4096');
  const cap = core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b', gpu: 'h100-sxm' });
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(cap.display as string);
  await expect(widget(page, 'capacity').getByLabel('GPU', { exact: true })).toHaveValue('h100-sxm');
  const e = page.locator('[data-instance="tab-2-E"]');
  await expect(e.getByLabel('較短上下文 S')).toHaveValue('4096');
  const qwen = core.ok({ op: 'forward', model: 'qwen3-8b', context: 4096 });
  await expect(e.getByTestId('tab-2-E-r1-c0').locator('.cell-value')).toHaveText(qwen.interaction_display as string);
});

test('a shared link restores table 2-1 and the decode widget on their pages', async ({ page, core }) => {
  await openChapter(page, 'table-2-1', '#table-2-1:B=4&S=4096&P=1024&m=4');
  const table = core.ok({ ...DEFAULTS.forward, batch: 4, context: 4096, input: 1024, head_tokens: 4 });
  await expect(widget(page, 'table-2-1').getByTestId('total')).toHaveText(table.display as string);
  await openChapter(page, 'decode', '#decode:P=4096&G=2049');
  const req = core.ok({ ...DEFAULTS.request, input: 4096, generated: 2049 });
  await expect(widget(page, 'decode').getByTestId('reads')).toHaveText(req.kv_read_display as string);
  await expect(widget(page, 'decode').getByLabel('P（輸入 token）')).toHaveValue('4096');
});

test('controls are labelled and keyboard operable', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const gpu = w.getByLabel('GPU', { exact: true });
  await gpu.focus();
  await page.keyboard.press('ArrowDown'); // rtx-4090 → next GPU in catalog order
  const chosen = await gpu.inputValue();
  expect(chosen).not.toBe('rtx-4090');
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, gpu: chosen }).display as string);

  // Tab order reaches the table's inputs, and typing there recomputes.
  await openChapter(page, 'table-2-1');
  const t = widget(page, 'table-2-1');
  await t.getByLabel('B（請求數）').focus();
  await page.keyboard.press('Tab');
  await expect(t.getByRole('slider', { name: 'B 滑桿' })).toBeFocused(); // B's slider comes next (issue 16)
  await page.keyboard.press('Tab');
  await expect(t.getByLabel('S（已有上下文 token）')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('100');
  await expect(t.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, context: 100 }).display as string);
});
