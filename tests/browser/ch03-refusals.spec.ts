// A worked example refused by the core says so once, in its widget, with no
// error escaping to the console (issue 37, item 9: `N=abc` in chapter 3's
// example 3-1 threw 11 uncaught EngineErrors per load). The fixture fails a
// test on any console error or uncaught exception.
import { allReady, expect, test } from './fixtures';

test('example 3-1 with N=abc in its link shows the refusal and nothing escapes to the console', async ({ page }) => {
  await page.goto('./3-1.html#example-3-1:N=abc');
  await allReady(page);
  const example = page.locator('[data-instance="example-3-1"]');
  await expect(example).toHaveAttribute('data-state', 'error');
  await expect(example.getByTestId('error')).toContainText('N');
  // Corrected, the example computes again.
  await example.locator('[data-key="N"]').fill('3');
  await expect(example).toHaveAttribute('data-state', 'ok');
});
