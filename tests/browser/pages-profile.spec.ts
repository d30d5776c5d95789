// The reader profile: chosen once on the landing page, used by every page's
// widgets that opt in, marked where it departs from the book, reset in one
// click; an unreadable stored entry is reported and left in place.
import { allReady, DEFAULTS, expect, test, typeInto, widget } from './fixtures';

const KEY = 'tally.profile.v1';

test('a profile saved on the landing page propagates to other pages and can be reset to the book', async ({ page, core }) => {
  await page.goto('./ch02.html#reader-profile');
  await allReady(page);
  const form = page.locator('[data-profile-form]');
  await form.getByLabel('GPU', { exact: true }).selectOption('h100-sxm');
  await form.getByLabel('權重格式').selectOption('fp8');
  await typeInto(form.getByLabel('每請求上下文 token'), '32768');
  await form.getByRole('button', { name: '儲存設定' }).click();
  await expect(form.locator('[data-profile-status]')).toContainText('已儲存');
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!)).toEqual({
    version: 1,
    values: { gpu: 'h100-sxm', precision: 'fp8', context: '32768' },
  });

  // Capacity (2.6) starts from the profile and marks the difference from the book.
  await page.goto('./2-6.html');
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByLabel('GPU', { exact: true })).toHaveValue('h100-sxm');
  await expect(cap.getByLabel('權重格式')).toHaveValue('fp8');
  await expect(cap.getByLabel('每請求上下文 token')).toHaveValue('32768');
  const mine = core.ok({ ...DEFAULTS.capacity, gpu: 'h100-sxm', weight_dtype: 'fp8', context: 32768 });
  await expect(cap.getByTestId('requests')).toHaveText(mine.display as string);
  await expect(cap).toHaveAttribute('data-differs', 'true');
  await expect(cap.locator('[data-book]')).toBeVisible();

  // Table 2-B follows the profile's precision; table 2-A (no such control) does not differ.
  const b = page.locator('[data-instance="tab-2-B"]');
  await expect(b.getByLabel('權重格式')).toHaveValue('fp8');
  await expect(b.getByTestId('tab-2-B-r1-c6').locator('.cell-value')).toHaveText(
    core.ok({ op: 'params', model: 'qwen3-8b', weight_dtype: 'fp8' }).weight_display as string,
  );
  await expect(page.locator('[data-instance="tab-2-A"]')).toHaveAttribute('data-differs', 'false');

  // One click back to the book's values.
  await cap.getByRole('button', { name: '回到書中數值' }).click();
  await expect(cap.getByLabel('GPU', { exact: true })).toHaveValue('rtx-4090');
  await expect(cap.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);
  await expect(cap).toHaveAttribute('data-differs', 'false');
  await expect(cap.locator('[data-book]')).toBeHidden();

  // Another page: the 2.3 bytes-per-token table uses the profile's context.
  await page.goto('./2-3.html');
  await allReady(page);
  const t = page.locator('[data-instance="tab-bytes-per-token"]');
  await expect(t.getByLabel('N（上下文 token）')).toHaveValue('32768');
  await expect(t.getByTestId('tab-bytes-per-token-r0-c1').locator('.cell-value')).toHaveText(
    core.ok({ op: 'state', model: 'qwen3-8b', layout: 'reference', tokens: 32768 }).history_display as string,
  );

  // Clearing the profile returns every page to the book.
  await page.goto('./ch02.html');
  await allReady(page);
  await page.getByRole('button', { name: '清除，全部回到書中數值' }).click();
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
  await page.goto('./2-6.html');
  await allReady(page);
  await expect(widget(page, 'capacity').getByLabel('GPU', { exact: true })).toHaveValue('rtx-4090');
});

test('the profile form refuses what the core refuses, under the field it names', async ({ page, core }) => {
  await page.goto('./ch02.html');
  await allReady(page);
  const form = page.locator('[data-profile-form]');
  await typeInto(form.getByLabel('每請求上下文 token'), '0');
  await form.getByRole('button', { name: '儲存設定' }).click();
  const err = core.error({ op: 'state', model: 'qwen3-8b', tokens: 0 }) as { detail?: string };
  // Named by the form's label, not by the request field ("tokens") the check used.
  await expect(form.locator('[data-field-wrap="context"] [role="alert"]')).toHaveText(`每請求上下文 token：${err.detail}`);
  await expect(form.getByLabel('每請求上下文 token')).toHaveAttribute('aria-invalid', 'true');
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
});

test('an unreadable stored profile is reported on every page and not deleted', async ({ page, core }) => {
  await page.addInitScript((k) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(k, '{"version":7,"values":{}}');
      sessionStorage.setItem('seeded', '1');
    }
  }, KEY);
  await page.goto('./2-6.html');
  await allReady(page);
  const problem = page.locator('[data-profile-problem]');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(KEY);
  await expect(problem).toContainText('版本');
  // The book's values are used, and the entry is still there.
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBe('{"version":7,"values":{}}');
  await page.goto('./2-1.html');
  await expect(page.locator('[data-profile-problem]')).toBeVisible();
});

test('an INT4 profile: Example 2-2 reads INT4 weights, the header chip says so, Table 2-C marks only what changed, and the chip resets', async ({
  page,
  core,
}) => {
  await page.addInitScript((k) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem(k, JSON.stringify({ version: 1, values: { precision: 'int4', gpu: 'h200' } }));
      sessionStorage.setItem('seeded', '1');
    }
  }, KEY);
  await page.goto('./2-2.html');
  await allReady(page);
  const chip = page.locator('[data-profile-chip]');
  await expect(chip.getByTestId('profile-chip-text')).toHaveText('INT4 權重 · H200');
  await expect(chip).toHaveAttribute('data-active', 'true');

  // Example 2-2: the weights one batch reads are INT4's, and B* follows.
  const ex = page.locator('[data-instance="example-2-2"]');
  await expect(ex.getByLabel('權重格式')).toHaveValue('int4');
  const int4 = core.ok({ op: 'crossover', model: 'qwen3-8b', context: 8192, weight_dtype: 'int4' });
  const bf16 = core.ok({ op: 'crossover', model: 'qwen3-8b', context: 8192 });
  expect(int4.weight_read_display).not.toBe(bf16.weight_read_display);
  await expect(ex.getByTestId('example-2-2-s0')).toHaveText(int4.weight_read_display as string);
  await expect(ex.getByTestId('example-2-2-s3')).toHaveText(int4.display as string);
  await expect(ex).toHaveAttribute('data-differs', 'true');
  // The per-request context read does not depend on the weights: not marked.
  await expect(ex.getByTestId('example-2-2-s1')).toHaveText(bf16.kv_per_request_display as string);
  await expect(ex.getByTestId('example-2-2-s1')).not.toHaveAttribute('data-book-differs', '');
  await expect(ex.getByTestId('example-2-2-s0')).toHaveAttribute('data-book-differs', '');

  // Table 2-C: prefill FLOPs do not depend on the weight format and stay unmarked; the expert weights are marked.
  await page.goto('./2-6.html');
  await allReady(page);
  const c = page.locator('[data-instance="tab-2-C"]');
  await expect(c.getByLabel('權重格式')).toHaveValue('int4');
  const flops = c.getByTestId('tab-2-C-r1-c0').locator('.cell-value');
  await expect(flops).toHaveText(core.ok({ op: 'forward', model: 'qwen3-8b', input: 8192 }).display as string);
  await expect(flops).not.toHaveAttribute('data-book-differs', '');
  await expect(flops).toHaveCSS('text-decoration-line', 'none');
  const expert = c.getByTestId('tab-2-C-r2-c1').locator('.cell-value');
  await expect(expert).toHaveText(core.ok({ op: 'params', model: 'qwen3.6-35b-a3b', weight_dtype: 'int4' }).selected_expert_display as string);
  await expect(expert).toHaveAttribute('data-book-differs', '');
  await expect(expert).toHaveCSS('text-decoration-line', 'underline');
  await expect(c.locator('[data-book-differs]')).toHaveCount(4); // the four models with routed experts (Qwen3-8B has none: 0 B either way)

  // The chip's reset returns every widget to the book's values, and says so.
  await chip.getByRole('button', { name: '清除讀者設定，各頁回到書中數值' }).click();
  await expect(chip.getByTestId('profile-chip-text')).toHaveText('書中預設');
  await expect(chip.getByRole('button')).toBeHidden();
  await expect(c.getByLabel('權重格式')).toHaveValue('bf16');
  await expect(c).toHaveAttribute('data-differs', 'false');
  await expect(c.locator('[data-book-differs]')).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
});

test("Table 2-C: numbers back at the book's mark nothing, even after the inputs changed", async ({ page }) => {
  await page.goto('./2-6.html#tab-2-C:wd=bf16&P=8192');
  await allReady(page);
  // Change P away and back: inputs once differed, values are the book's again.
  const c = page.locator('[data-instance="tab-2-C"]');
  await typeInto(c.getByLabel('P（prefill 輸入 token）'), '4096');
  await expect(c).toHaveAttribute('data-differs', 'true');
  await expect(c.locator('[data-book-differs]')).toHaveCount(5); // the five FLOPs cells, not the expert weights
  await typeInto(c.getByLabel('P（prefill 輸入 token）'), '8192');
  await expect(c).toHaveAttribute('data-differs', 'false');
  await expect(c.locator('[data-book-differs]')).toHaveCount(0);
  await expect(c.locator('[data-book]')).toBeHidden();
});
