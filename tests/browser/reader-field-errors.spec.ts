// A refusal names the field as the reader sees it (issue 39, item 8):
// figure 3-7's arrival rates fill "windows[0].rates[0]" of the core's
// request, and a negative rate was reported as "windows[0].rates[0]
// (requests per second of each class) cannot be negative" at the foot of
// the form. It lands under the control that filled it, in that control's
// words, in every edition.
import { allReady, expect, test } from './fixtures';

for (const dir of ['', 'zh-Hans/', 'en/']) {
  test(`${dir || 'zh-Hant '}figure 3-7: a negative arrival rate is blamed on its control, without the request's path`, async ({ page }) => {
    await page.goto(`./${dir}3-1.html#fig-3-7:heavy=-1`);
    await allReady(page);
    const widget = page.locator('[data-instance="fig-3-7"]');
    const heavy = widget.locator('[data-key="heavy"]');
    await expect(heavy).toHaveAttribute('aria-invalid', 'true');
    const error = widget.locator('[data-field-wrap]:has([data-key="heavy"]) [data-testid="error"]');
    await expect(error).toBeVisible();
    const message = (await error.textContent()) ?? '';
    expect(message).not.toMatch(/windows|rates|\[\d\]/);
    // It starts with the control's own label.
    const label = ((await widget.locator(`label[for="${await heavy.getAttribute('id')}"]`).textContent()) ?? '').trim();
    expect(label.length).toBeGreaterThan(3);
    expect(message.startsWith(label.slice(0, 6))).toBe(true);

    // The other rate, in the second window's first place, is its own control's too.
    await page.goto(`./${dir}3-1.html#fig-3-7:light=-2`);
    await allReady(page);
    await expect(widget.locator('[data-key="light"]')).toHaveAttribute('aria-invalid', 'true');
    await expect(heavy).not.toHaveAttribute('aria-invalid', 'true');
  });
}
