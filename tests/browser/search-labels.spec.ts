// The book's labels in search (issue 39, item 3): a figure, table, worked
// example or exercise label typed as the book prints it is the first hit, in
// every edition, whichever edition's words it is typed in; and a Chinese
// word is found whole (預填 is not 預設 or 預留).
import type { Page } from '@playwright/test';
import { allReady, expect, test } from './fixtures';

/** The search dialog of the page, opened, with `query` typed; resolves once hits are listed. */
async function search(page: Page, query: string) {
  await page.keyboard.press('/');
  const dialog = page.locator('dialog[data-search]');
  await expect(dialog).toBeVisible();
  await dialog.locator('.search-input').fill(query);
  await expect(dialog.locator('a.search-hit').first()).toBeVisible({ timeout: 20_000 });
  return dialog;
}

/** [query, the box it names] — the labels of the issue, typed in each edition's words. */
const LABELS: Array<[string, string]> = [
  ['練習 3-2', '3-1.html#exercise-3-2'],
  ['练习 3-2', '3-1.html#exercise-3-2'],
  ['Exercise 3-2', '3-1.html#exercise-3-2'],
  ['例題 3-4', '3-5.html#example-3-4'],
  ['例题3-4', '3-5.html#example-3-4'],
  ['Example 3-4', '3-5.html#example-3-4'],
  ['表 3.4.3-a', '3-4.html#tab-3-4-3-a'],
  ['Table 3.4.3-a', '3-4.html#tab-3-4-3-a'],
  ['圖 3-7', '3-1.html#fig-3-7'],
  ['figure 2-14', '2-3.html#fig-2-14'],
];

for (const dir of ['', 'zh-Hans/', 'en/']) {
  test(`${dir || 'zh-Hant '}search: a label typed as the book prints it is the first hit`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`./${dir}2-1.html`);
    await allReady(page);
    for (const [query, href] of LABELS) {
      const dialog = await search(page, query);
      await expect(dialog.locator('a.search-hit').first(), query).toHaveAttribute('href', href);
      await dialog.locator('.search-close').click();
      await expect(dialog).toBeHidden();
    }
    // Followed, it lands on the box.
    const dialog = await search(page, '練習 3-2');
    const first = dialog.locator('a.search-hit').first();
    await expect(first).toHaveAttribute('href', '3-1.html#exercise-3-2');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/${dir}3-1\\.html#exercise-3-2$`));
    await expect(page.locator('#exercise-3-2')).toBeInViewport();
  });
}

test('a Chinese word is found whole: 預留 lists only hits that hold 預留, and 預填 (on no page) none', async ({ page }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const dialog = await search(page, '預留');
  const hits = dialog.locator('a.search-hit');
  const n = await hits.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await expect(hits.nth(i)).toContainText('預留');
  // 預填 is in no page's text (only the import dialog's): Pagefind's 預設 and 預留 are no hits for it.
  await dialog.locator('.search-input').fill('預填');
  await expect(dialog.locator('.search-status')).toContainText('找不到「預填」', { timeout: 20_000 });
  await expect(hits).toHaveCount(0);
});
