// Bad input: the core's own reason appears next to the control it blames,
// named by the control's on-screen label ("<label>：<detail>", never the API's
// field name), and the last good result stays on screen (no NaN, no blanking).
import { DEFAULTS, expect, openChapter, test, typeInto, widget } from './fixtures';

// "1e3" and "32K" are read now (inputs.spec.ts); a fraction of a token is not.
for (const bad of ['0', '-3', 'abc', '', '1.5', '99999999999999999999']) {
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
    const err = core.error({ ...DEFAULTS.forward, input: sent }) as { field: string; message: string; detail: string };
    expect(err.field).toBe('input');

    const error = w.getByTestId('error');
    await expect(error).toBeVisible();
    await expect(error).toHaveText(`P（每請求本次輸入 token）：${err.detail}`);
    await expect(error).not.toContainText('input（');
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
  const pErr = core.error({ ...DEFAULTS.forward, input: 'abc' }) as { detail?: string };
  await expect(t.getByTestId('error')).toHaveText(`P（每請求本次輸入 token）：${pErr.detail}`);
  await expect(t.getByTestId('total')).toHaveText(core.ok(DEFAULTS.forward).display as string); // prerendered default kept

  await openChapter(page, 'capacity', '#capacity:model=no-such-model');
  const c = widget(page, 'capacity');
  const capErr = core.error({ ...DEFAULTS.capacity, model: 'no-such-model' }) as { field: string; detail?: string };
  expect(capErr.field).toBe('model');
  await expect(c.getByTestId('error')).toHaveText(`模型：${capErr.detail}`);
  await expect(c.locator('[data-field-wrap="model"] [data-testid="error"]')).toBeVisible();
  await expect(c.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);

  await openChapter(page, 'decode', '#decode:G=0');
  const d = widget(page, 'decode');
  const decErr = core.error({ ...DEFAULTS.request, generated: 0 }) as { detail?: string };
  await expect(d.getByTestId('error')).toHaveText(`G（回傳 token）：${decErr.detail}`);
  await expect(d).toHaveAttribute('data-state', 'error');

  // A valid G recovers.
  await typeInto(d.getByLabel('G（回傳 token）'), '1025');
  await expect(d).toHaveAttribute('data-state', 'ok');
  await expect(d.getByTestId('error')).toBeHidden();
});

test('capacity: a fraction of a byte of workspace is refused by the core, named by its on-screen label', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  await w.getByLabel('工作區預留（位元組）').fill('1.5');
  const err = core.error({ ...DEFAULTS.capacity, workspace_bytes: '1.5' }) as { field: string; detail?: string };
  expect(err.field).toBe('workspace_bytes');
  await expect(w.getByTestId('error')).toHaveText(`工作區預留（位元組）：${err.detail}`);
  await expect(w.getByTestId('error')).not.toContainText('workspace_bytes');
  await expect(w.locator('[data-field-wrap="ws"] [data-testid="error"]')).toBeVisible();
  await expect(w.getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);

  // 3 GiB as exact bytes (exercise 2-7).
  await typeInto(w.getByLabel('工作區預留（位元組）'), '3221225472');
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, workspace_bytes: 3221225472 }).display as string);
});
