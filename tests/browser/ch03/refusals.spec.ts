// A widget refused by the core says so once, in its widget, with no error
// escaping to the console (issue 37, item 9: `N=abc` in chapter 3's example
// 3-1 threw 11 uncaught EngineErrors per load), and never shows a number the
// core did not compute (item 3: a target loss of 10^12 in figure 3-29's link
// showed "D 0, 0 FLOPs, 不交叉"). The fixture fails a test on any console
// error or uncaught exception.
import { pageOfInstance } from '../chapter';
import { widgetsIn } from '../editions';
import { allReady, expect, test } from '../fixtures';

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

test('figure 3-29 with a target loss of 10^12 in its link shows the core’s refusal, not 0 training tokens and 0 FLOPs', async ({ page, core }) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['fig-3-29']! as { table: { list: { fields: Record<string, unknown> } } };
  const target = '1000000000000';
  // The request the page sends: the widget's fields with the link's target and the other controls' defaults.
  const fields = { ...cfg.table.list.fields, target_loss: target, prompt: 512, output: 128, mfu: '0.4' };
  const refusal = core.error({ op: 'lifecycle_cost', ...fields });
  expect(refusal.field).toBe('target_loss');
  await page.goto(`./${pageOfInstance('ch03')['fig-3-29']}#fig-3-29:target=${target}`);
  await allReady(page);
  const figure = page.locator('[data-instance="fig-3-29"]');
  await expect(figure).toHaveAttribute('data-state', 'error');
  await expect(figure.getByTestId('error')).toContainText(refusal.detail ?? refusal.message);
  // No row sized at zero: the table keeps the last good answer (dimmed), never D 0 or 0 FLOPs.
  const cells = await figure.locator('table td').allInnerTexts();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.map((c) => c.trim()).filter((c) => c === '0' || /^0 FLOPs$/.test(c))).toEqual([]);
});
