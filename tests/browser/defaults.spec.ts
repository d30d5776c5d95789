// Every widget shows the core's answer for its default state, and those
// answers are the book's numbers.
import { DEFAULTS, expect, openChapter, test, widget } from './fixtures';
import { groupCoreDigits } from '../../web/src/runtime/format';

const GiB = 2 ** 30;

test('table 2-1 shows the core total and rows for B=1, S=0, P=8192, m_out=1', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const expected = core.ok(DEFAULTS.forward);

  expect(expected.display).toBe('133.59 TFLOPs'); // book: 133.6 TFLOPs for an 8K prefill
  await expect(w.getByTestId('total')).toHaveText(expected.display as string);
  await expect(w.getByTestId('rows')).toHaveText('8,192');
  await expect(w).toHaveAttribute('data-state', 'ok');

  const items = expected.items as Array<{ id: string; display: string; substituted: string }>;
  expect(items.map((i) => i.id)).toEqual(['embedding', 'q_proj', 'kv_proj', 'attn_core', 'o_proj', 'ffn', 'elementwise', 'lm_head']);
  for (const item of items) {
    const row = w.getByTestId(`row-${item.id}`);
    await expect(row).toBeVisible();
    await expect(w.getByTestId(`flops-${item.id}`)).toHaveText(item.display);
    await expect(row).toContainText(groupCoreDigits(item.substituted)); // the core's digits, grouped as its displays are
  }
});

test('capacity shows 4 requests for Qwen3-8B BF16 on an RTX 4090 with 8K context and 2 GiB workspace', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const expected = core.ok(DEFAULTS.capacity);

  expect(expected.requests).toBe(4); // book: B_max = 4
  await expect(w.getByTestId('requests')).toHaveText(expected.display as string);
  await expect(w.getByTestId('requests')).toContainText('4');
  await expect(w.getByTestId('per-request')).toHaveText(expected.kv_per_request_display as string);
  // The legend in GiB, as the per-request state above it (one unit per view).
  for (const seg of expected.items as Array<{ id: string; binary_display: string; label: string }>) {
    await expect(w.getByTestId(`seg-${seg.id}-display`)).toHaveText(seg.binary_display);
    await expect(w.getByTestId(`seg-${seg.id}`)).toContainText(seg.label);
  }
  // One slice divider between each pair of the 4 requests' KV.
  const d = await w.locator('path.kv-slices').getAttribute('d');
  expect(d?.match(/M/g)?.length).toBe(3);
});

test('decode shows example 2-3: 1024 decode steps, ~1224 GiB read, 144 MiB new, ~1.27 GiB stored', async ({ page, core }) => {
  await openChapter(page, 'decode');
  const w = widget(page, 'decode');
  const expected = core.ok(DEFAULTS.request);

  // The book's numbers, checked on the core's exact integers.
  expect(expected.decode_steps).toBe(1024);
  expect(expected.kv_read_tokens).toBe(8912384);
  expect(Math.round((expected.kv_read_bytes as number) / GiB)).toBe(1224);
  expect(expected.new_kv_display).toBe('144 MiB');
  expect(Number(((expected.final_kv_bytes as number) / GiB).toFixed(2))).toBe(1.27);

  // The page shows exactly the core's displays.
  await expect(w.getByTestId('decode-steps')).toHaveText('1,024');
  await expect(w.getByTestId('read-tokens')).toHaveText('8,912,384');
  await expect(w.getByTestId('reads')).toHaveText(expected.kv_read_display as string);
  await expect(w.getByTestId('new-kv')).toHaveText(expected.new_kv_display as string);
  await expect(w.getByTestId('final-kv')).toHaveText(expected.final_kv_display as string);
  await expect(w.getByTestId('total')).toHaveText(expected.display as string);

  // 24 samples of G from 1 to 1025, one point each.
  const points = await w.locator('polyline.line-reads').getAttribute('points');
  expect(points?.trim().split(/\s+/).length).toBe(24);
});
