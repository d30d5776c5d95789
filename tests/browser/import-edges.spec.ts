// The importer's rough edges (issue 15, item 11): a failed import leaves no
// earlier summary under its error, the display name is the last segment of
// _name_or_path, two configs the core names alike keep two ids (nothing
// replaced silently, across a reload too), and a broken share link is
// explained in the page's language, never with the browser's English
// exception.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';

import { allReady, expect, test, widget } from './fixtures';

test.describe.configure({ timeout: 180_000 });

const KEY = 'tally.models.v1';
const fixtures = path.resolve(import.meta.dirname, '../fixtures/hf');
const config = (name: string): Record<string, unknown> => JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));

async function paste(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: '匯入模型' }).click();
  await dialog.getByLabel('貼上 config.json 的內容').fill(text);
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  return dialog;
}

test('a failed import clears the summary of the previous one', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const good = JSON.stringify(config('qwen2-7b'));
  const dialog = await paste(page, good);
  const summary = dialog.locator('[data-import-summary]');
  await expect(summary).toBeVisible();
  await expect(dialog.getByTestId('summary-params')).toHaveText(core.ok({ op: 'import_hf_config', config_text: good }).params_display as string);

  const broken = { ...config('qwen2-7b'), num_attention_heads: 0 };
  const refusal = core.error({ op: 'import_hf_config', config_text: JSON.stringify(broken) });
  await paste(page, JSON.stringify(broken));
  await expect(dialog.locator('#import-error')).toHaveText(refusal.message);
  await expect(summary).toBeHidden();
  await expect(dialog.getByTestId('summary-params')).toHaveCount(0);
});

test('the display name is the last segment of _name_or_path', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const text = JSON.stringify({ ...config('llama-3-8b'), _name_or_path: '/data/cl/scratch/model_weights/Meta-Llama-3.1-70B' });
  const spec = core.ok({ op: 'import_hf_config', config_text: text }).spec as Record<string, string>;
  expect(spec.name).toBe('Meta-Llama-3.1-70B');
  expect(spec.id).toBe('hf-meta-llama-3.1-70b');
  const dialog = await paste(page, text);
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入「Meta-Llama-3.1-70B」');
  await expect(dialog.locator(`[data-import-model="hf-meta-llama-3.1-70b"] .import-name`)).toHaveText('Meta-Llama-3.1-70B');
  await expect(widget(page, 'capacity').locator('select[data-options="models"] option[value="hf-meta-llama-3.1-70b"]')).toHaveText(
    'Meta-Llama-3.1-70B（匯入）',
  );
});

test('two nameless configs of one family keep two ids, also after a reload', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const first = { ...config('llama-3-8b') };
  delete first._name_or_path;
  const second = { ...first, num_hidden_layers: 16 };
  const one = core.ok({ op: 'import_hf_config', config_text: JSON.stringify(first) });
  const two = core.ok({ op: 'import_hf_config', config_text: JSON.stringify(second) });
  // The core names both alike; the page must not let the second replace the first.
  expect((one.spec as Record<string, string>).id).toBe('hf-llama');
  expect((two.spec as Record<string, string>).id).toBe('hf-llama');

  const dialog = await paste(page, JSON.stringify(first));
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  await paste(page, JSON.stringify(second));
  await expect(dialog.locator('[data-import-status]')).toContainText('改用 id hf-llama-2');
  await expect(dialog.locator('[data-import-model]')).toHaveCount(2);
  await expect(dialog.locator('[data-import-model="hf-llama"]')).toBeVisible();
  await expect(dialog.locator('[data-import-model="hf-llama-2"]')).toBeVisible();
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!)).toEqual({
    version: 1,
    models: [{ config_text: one.shared_config_text }, { config_text: two.shared_config_text, id: 'hf-llama-2' }],
  });
  await dialog.getByRole('button', { name: '關閉' }).click();

  // Each id computes its own model (16 layers against 32: different KV per request).
  const perRequest = (spec: unknown) => core.ok({ op: 'capacity', model: spec as never, gpu: 'rtx-4090', context: 8192 }).kv_per_request_display as string;
  expect(perRequest(one.spec)).not.toBe(perRequest(two.spec));
  await page.goto('./2-6.html#capacity:model=hf-llama-2');
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByLabel('模型')).toHaveValue('hf-llama-2');
  await expect(cap.getByTestId('per-request')).toHaveText(perRequest(two.spec));
  await cap.getByLabel('模型').selectOption('hf-llama');
  await expect(cap.getByTestId('per-request')).toHaveText(perRequest(one.spec));
  // Importing the first again is the same model: it keeps its id, no third entry.
  const again = await paste(page, JSON.stringify(first));
  await expect(again.locator('[data-import-status]')).toContainText('沿用原來的 id');
  await expect(again.locator('[data-import-model]')).toHaveCount(2);
});

test('a broken share link is explained in the page language, never with a browser exception', async ({ page }) => {
  const utf8Broken = deflateRawSync(Buffer.from([0xff, 0xfe, 0x7b])).toString('base64url');
  const cases: Array<[string, string]> = [
    ['not*base64', '含有 base64url 以外的字元'],
    ['AAAAA', '長度不是 base64url 文字可能有的長度'],
    ['AAAA', '不是 deflate-raw 壓縮的資料'],
    ['bm90IGRlZmxhdGU', '不是 deflate-raw 壓縮的資料'],
    [utf8Broken, '解壓後不是 UTF-8 文字'],
  ];
  for (const [i, [token, reason]] of cases.entries()) {
    await page.goto(`./2-${(i % 5) + 1}.html#import:m=${token}`);
    await allReady(page);
    const problem = page.locator('[data-import-problem]');
    await expect(problem).toContainText(reason);
    const text = (await problem.textContent()) ?? '';
    // No exception names or English sentences from the browser (atob, DecompressionStream, TextDecoder).
    expect(text).not.toMatch(/Error|Failed|invalid|not valid|The /);
    expect(text.replace(/deflate-raw|base64url|UTF-8|config|m=|MiB/g, '')).not.toMatch(/[A-Za-z]{4,}/);
  }
});
