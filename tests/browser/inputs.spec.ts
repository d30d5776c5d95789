// Number fields read what the exercise boxes read (issue 15, item 5): the
// reader's text goes to the core, which reads "32K", "32,768", "1e6" or
// "2 GiB"; refusals name the field by its on-screen label, never by the
// API's field name; arrow keys step a field; a typed "32K" survives a reload.
import { DEFAULTS, expect, openChapter, test, typeInto, widget } from './fixtures';

test('table 2-1: "32K", "32,768" and "1e6" give the same numbers as 32768 and 1000000', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const p = w.getByLabel('P（每請求本次輸入 token）');
  const at32k = core.ok({ ...DEFAULTS.forward, input: 32768 });
  for (const typed of ['32K', '32,768', '32768']) {
    await typeInto(p, '8192');
    await expect(w.getByTestId('total')).toHaveText('133.59 TFLOPs');
    await typeInto(p, typed);
    await expect(w.getByTestId('total')).toHaveText(at32k.display as string);
    await expect(w.getByTestId('error')).toBeHidden();
  }
  await typeInto(p, '1e6');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 1000000 }).display as string);
  await expect(w).toHaveAttribute('data-state', 'ok');
});

test('capacity: "2 GiB" of workspace is 2,147,483,648 bytes; "32K" context is 32,768 tokens', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  await typeInto(w.getByLabel('工作區預留（位元組）'), '3 GiB');
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, workspace_bytes: 3221225472 }).display as string);
  await typeInto(w.getByLabel('工作區預留（位元組）'), '2 GiB');
  await typeInto(w.getByLabel('每請求上下文 token'), '32K');
  const mine = core.ok({ ...DEFAULTS.capacity, context: 32768 });
  await expect(w.getByTestId('requests')).toHaveText(mine.display as string);
  await expect(w.getByTestId('per-request')).toHaveText(mine.kv_per_request_display as string);
});

test('a refused value is named by its on-screen label, without the API field name', async ({ page, core }) => {
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const ctx = w.getByLabel('每請求上下文 token');
  await ctx.fill('0');
  const err = core.evaluate({ ...DEFAULTS.capacity, context: 0 }).error as { field: string; message: string; detail?: string };
  expect(err.field).toBe('context');
  expect(err.detail).toBeTruthy();
  const error = w.getByTestId('error');
  await expect(error).toHaveText(`每請求上下文 token：${err.detail}`);
  await expect(error).not.toContainText('context');
  await expect(error).not.toContainText('已有上下文 S');
  await typeInto(ctx, '8192');
  await expect(error).toBeHidden();

  const ws = w.getByLabel('工作區預留（位元組）');
  await ws.fill('abc');
  await expect(error).toContainText('工作區預留（位元組）：');
  await expect(error).not.toContainText('workspace_bytes');
  await expect(w.locator('[data-field-wrap="ws"] [data-testid="error"]')).toBeVisible();
  await expect(ws).toHaveAttribute('aria-invalid', 'true');
});

test('arrow keys step a field: lengths to the next power of two, counts by one, Shift by one', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const p = w.getByLabel('P（每請求本次輸入 token）');
  await p.press('ArrowUp');
  await expect(p).toHaveValue('16384');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 16384 }).display as string);
  // The core reads "32K" (32,768) before stepping down.
  await typeInto(p, '32K');
  await p.press('ArrowDown');
  await expect(p).toHaveValue('16384');
  await p.press('Shift+ArrowUp');
  await expect(p).toHaveValue('16385');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 16385 }).display as string);
  const b = w.getByLabel('B（請求數）');
  await b.press('ArrowUp');
  await expect(b).toHaveValue('2');
  await b.press('ArrowDown');
  await b.press('ArrowDown');
  await expect(b).toHaveValue('0'); // never below zero; the core says what B accepts
  await expect(w.getByTestId('error')).toBeVisible();
  await b.press('ArrowUp');
  await expect(b).toHaveValue('1');
  await expect(w.getByTestId('error')).toBeHidden();
});

test('a typed "32K" is kept in the URL and gives the same numbers after a reload', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  await typeInto(w.getByLabel('P（每請求本次輸入 token）'), '32K');
  const at32k = core.ok({ ...DEFAULTS.forward, input: 32768 }).display as string;
  await expect(w.getByTestId('total')).toHaveText(at32k);
  await page.waitForFunction(() => location.hash.includes('P=32K'));
  await page.reload();
  await expect(widget(page, 'table-2-1')).toHaveAttribute('data-ready', 'true');
  await expect(widget(page, 'table-2-1').getByLabel('P（每請求本次輸入 token）')).toHaveValue('32K');
  await expect(widget(page, 'table-2-1').getByTestId('total')).toHaveText(at32k);
});
