// Copy as CSV gives a spreadsheet the core's exact numbers: digits without
// thousands separators, no units in the cells (the unit is in the column's
// header), decimals as the core sent them. Markdown keeps the text on screen.
import type { Page } from '@playwright/test';
import { allReady, expect, test } from './fixtures';

async function copied(page: Page, instance: string, button: string): Promise<string[]> {
  const w = page.locator(`[data-instance="${instance}"]`);
  await w.getByRole('button', { name: button }).click();
  await expect(w.getByRole('status')).toHaveText('已複製到剪貼簿。');
  return (await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n');
}

test('CSV of the bytes-per-token table: exact bytes, units in the header; Markdown as displayed', async ({ page, core, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./2-3.html#tab-bytes-per-token');
  await allReady(page);
  const csv = await copied(page, 'tab-bytes-per-token', '複製為 CSV');
  expect(csv[0]).toBe('模型與快取路徑,每多一個 token 的全域歷史（B） (bytes),全域歷史 (bytes),每次 decode 注意力 KV＋索引讀 (bytes)');
  const qwen = core.ok({ op: 'state', model: 'qwen3-8b', layout: 'reference', tokens: 8192 });
  // 147456, 1207959552, 1207959552: no "1.125 GiB", no "147,456".
  expect(csv[1]).toBe(`Qwen3-8B，BF16 GQA,${qwen.bytes_per_token},${qwen.history_bytes},${qwen.decode_read_bytes}`);
  expect(csv[1]).toBe('Qwen3-8B，BF16 GQA,147456,1207959552,1207959552');
  // A fractional per-token size stays exact, as the core sent it.
  const v4 = csv.find((line) => line.startsWith('DeepSeek V4-Flash'))!;
  expect(v4.split(',')[1]).toBe('3514.25');
  for (const line of csv.slice(1)) expect(line).not.toMatch(/GiB|MiB|\d,\d{3}\b/);

  const md = await copied(page, 'tab-bytes-per-token', '複製為 Markdown');
  expect(md[2]).toBe(`| Qwen3-8B，BF16 GQA | 147,456 | ${qwen.history_display} | ${qwen.decode_read_display} |`);
});

test('CSV of Table 2-B: parameter counts as digits and weight bytes, whatever the format chosen', async ({ page, core, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('./2-6.html#tab-2-B:wd=int4');
  await allReady(page);
  const csv = await copied(page, 'tab-2-B', '複製為 CSV');
  expect(csv[0]).toContain('嵌入與輸出頭 (params)');
  expect(csv[0]).toMatch(/權重容量 \(bytes\)$/);
  const q = core.ok({ op: 'params', model: 'qwen3-8b', weight_dtype: 'int4' });
  const groups = q.groups as Record<string, number>;
  const row = csv.find((line) => line.startsWith('Qwen3-8B'))!.split(',');
  expect(row.slice(1)).toEqual([
    String(groups.embedding_head),
    String(groups.attention),
    String(groups.dense_shared_ffn),
    String(groups.routed_experts),
    String(groups.engram),
    String(groups.other),
    String(q.weight_bytes),
  ]);
});
