// The widgets join the core's values with each edition's own punctuation
// (content/site/ui.json "widgets"), and figure 2-32 leaves out the core's
// shortfall note by the core's numbers, not by its words, so it works in
// every edition. Expected notes come from the Node build of the same core.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, typeInto } from './fixtures';

interface Capacity {
  notes: string[];
  shortfall_bytes: number | string;
}
const root = path.resolve(import.meta.dirname, '../..');
const items: Array<{ fields: Record<string, string> }> = JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/figures.json'), 'utf8')).widgets[
  'fig-2-32'
].data.items;
const english: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'content/i18n/en/ch02/widgets/figures.json'), 'utf8')).strings;
const CJK_PUNCT = /[\u3000-\u303f\u30fb\uff00-\uffef]/;

const EDITIONS = [
  { name: 'zh-Hant', lang: 'zh-Hant', dir: '', clauses: '；', label: (zh: string) => zh },
  { name: 'English', lang: 'en', dir: 'en/', clauses: '; ', label: (zh: string) => english[zh]! },
];

async function openFigure(page: Page, dir: string, id: string) {
  await page.goto(`./${dir}figures.html#${id}`);
  const w = page.locator(`#${id}`);
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return w;
}

for (const edition of EDITIONS) {
  test(`${edition.name} 2-32: the core's notes without its shortfall note, in the edition's separator`, async ({ page, core }) => {
    const w = await openFigure(page, edition.dir, 'fig-2-32');
    await typeInto(w.getByLabel(edition.label('每請求上下文 token')), '200000');
    const results = items.map(
      (item) =>
        core.ok({
          op: 'capacity',
          lang: edition.lang,
          gpu: 'h100-sxm',
          context: '200000',
          kv_dtype: 'bf16',
          workspace_bytes: '2147483648',
          ...item.fields,
        }) as unknown as Capacity,
    );
    // 70B in BF16 overflows the H100 by itself, so the core adds its shortfall note, last.
    expect(results.some((r) => BigInt(r.shortfall_bytes) > 0n)).toBe(true);
    const kept = [...new Set(results.flatMap((r) => (BigInt(r.shortfall_bytes) > 0n ? r.notes.slice(0, -1) : r.notes)))];
    expect(kept.length).toBe(2); // Qwen3-8B and the 70B past their released context
    await expect(w.getByTestId('notes')).toHaveText(kept.join(edition.clauses), { timeout: 30_000 });
  });
}

test('English 2-23: the curve readout and the data table join with English punctuation', async ({ page }) => {
  const w = await openFigure(page, 'en/', 'fig-2-23');
  const readout = w.getByTestId('drag-readout');
  await expect(readout).toHaveText(/^B = 64: .+ U = 256 \(.+\), .+ U = 8 \(.+\)$/);
  expect(await readout.textContent()).not.toMatch(CJK_PUNCT);
  const heads = await w.locator('table th[scope="col"]').allTextContents();
  expect(heads.some((h) => / U \(.+\)$/.test(h) && h.includes(': '))).toBe(true);
  for (const h of heads) expect(h).not.toMatch(CJK_PUNCT);
});

test('zh-Hant 2-23: the same readout keeps its Chinese punctuation', async ({ page }) => {
  const w = await openFigure(page, '', 'fig-2-23');
  await expect(w.getByTestId('drag-readout')).toHaveText(/^B = 64：.+ U = 256（.+）、.+ U = 8（.+）$/);
});
