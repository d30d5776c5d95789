// Bad input: the core's own message appears next to the control it names,
// and the last good result stays on screen (no NaN, no blanking).
import { DEFAULTS, expect, openChapter, test, typeInto, widget } from './fixtures';

for (const bad of ['0', '-3', 'abc', '', '1e3', '99999999999999999999']) {
  test(`table 2-1: P = ${JSON.stringify(bad)} shows the core's message and keeps the last total`, async ({ page, core }) => {
    await openChapter(page, 'table-2-1');
    const w = widget(page, 'table-2-1');
    const p = w.getByLabel('P（每請求本次輸入 token）');

    // A good value first, so "last good" is not just the prerendered default.
    await typeInto(p, '4096');
    const good = core.ok({ ...DEFAULTS.forward, input: 4096 }).display as string;
    await expect(w.getByTestId('total')).toHaveText(good);

    // fill(): one input event with the whole text (like a paste), so no
    // intermediate keystroke produces a different "last good" value.
    await p.fill(bad);
    // Same encoding the page uses: safe integers as numbers, the rest as raw text.
    const sent = /^-?\d+$/.test(bad) && Number.isSafeInteger(Number(bad)) ? Number(bad) : bad;
    const err = core.error({ ...DEFAULTS.forward, input: sent });
    expect(err.field).toBe('input');

    const error = w.getByTestId('error');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(err.message);
    await expect(w).toHaveAttribute('data-state', 'error');
    await expect(p).toHaveAttribute('aria-invalid', 'true');
    // Inline: inside the P control's own field.
    await expect(w.locator('[data-field-wrap="P"] [data-testid="error"]')).toBeVisible();
    await expect(w.getByTestId('total')).toHaveText(good);
    await expect(w.locator('[data-output]')).not.toContainText('NaN');

    // Fixing the value clears the error.
    await typeInto(p, '8192');
    await expect(error).toBeHidden();
    await expect(w).toHaveAttribute('data-state', 'ok');
    await expect(p).not.toHaveAttribute('aria-invalid', 'true');
    await expect(w.getByTestId('total')).toHaveText('133.59 TFLOPs');
  });
}

test('invalid hash values go to the core and show its messages on load', async ({ page, core }) => {
  // Each widget lives on its own page now; the same hash format on each.
  await openChapter(page, 'table-2-1', '#table-2-1:P=abc');
  const t = widget(page, 'table-2-1');
  await expect(t.getByLabel('P（每請求本次輸入 token）')).toHaveValue('abc');
  await expect(t.getByTestId('error')).toHaveText(core.error({ ...DEFAULTS.forward, input: 'abc' }).message);
  await expect(t.getByTestId('total')).toHaveText(core.ok(DEFAULTS.forward).display as string); // prerendered default kept

  await openChapter(page, 'capacity', '#capacity:model=no-such-model');
  const c = widget(page, 'capacity');
  const capErr = core.error({ ...DEFAULTS.capacity, model: 'no-such-model' });
  expect(capErr.field).toBe('model');
  await expect(c.getByTestId('error')).toHaveText(capErr.message);
  await expect(c.locator('[data-field-wrap="model"] [data-testid="error"]')).toBeVisible();
  await expect(c.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);

  await openChapter(page, 'decode', '#decode:G=0');
  const d = widget(page, 'decode');
  const decErr = core.error({ ...DEFAULTS.request, generated: 0 });
  await expect(d.getByTestId('error')).toHaveText(decErr.message);
  await expect(d).toHaveAttribute('data-state', 'error');

  // A valid G recovers.
  await typeInto(d.getByLabel('G（回傳 token）'), '1025');
  await expect(d).toHaveAttribute('data-state', 'ok');
  await expect(d.getByTestId('error')).toBeHidden();
});

test('capacity: a non-integer workspace is refused by the core, named by its field', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  await w.getByLabel('工作區預留（位元組）').fill('2GiB');
  const err = core.error({ ...DEFAULTS.capacity, workspace_bytes: '2GiB' });
  expect(err.field).toBe('workspace_bytes');
  await expect(w.getByTestId('error')).toHaveText(err.message);
  await expect(w.locator('[data-field-wrap="ws"] [data-testid="error"]')).toBeVisible();
  await expect(w.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);

  // 3 GiB as exact bytes (exercise 2-7).
  await typeInto(w.getByLabel('工作區預留（位元組）'), '3221225472');
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, workspace_bytes: 3221225472 }).display as string);
});
