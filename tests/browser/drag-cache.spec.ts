// A drag on the heaviest figure follows the pointer without waiting for the
// core (issue 16, item 6): Fig. 2-18's kept curves hold every length its
// marker can stop at, so stepping or dragging H sends the core nothing and
// still shows the core's values at H; the table keeps its shape while H
// moves (H's own row is hidden where a tick shows H already), so the figure
// is never rebuilt under the reader's pointer. Expected numbers are the
// Node core's answers for the same requests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Core } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const cfg: { data: { models: string[] } } = JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/figures.json'), 'utf8')).widgets['fig-2-18'];
const MODELS = cfg.data.models;

/** Every request the page sends its core worker, kept in window.__sent. */
function recordRequests(): void {
  const w = window as unknown as { __sent: string[] };
  w.__sent = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const request = (message as { request?: unknown } | null)?.request;
    if (typeof request === 'string') w.__sent.push(request);
    return (post as (...a: unknown[]) => void).call(this, message, ...rest);
  };
}

const sent = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __sent: string[] }).__sent.slice());

function displaysAt(core: Core, len: number): string[] {
  return MODELS.map((model) => (core.ok({ op: 'state_curve', model, lengths: [len], kv_dtype: 'bf16', layout: 'reference' }).total_display as string[])[0]!);
}

/** Each model's value at H in the table's row for H (the cell test ids carry the row's id). */
async function expectRow(w: Locator, core: Core, id: string, len: number): Promise<void> {
  for (const [i, v] of displaysAt(core, len).entries()) await expect(w.getByTestId(`cell-${id}-${i + 1}`)).toHaveText(v);
}

async function openFigure(page: Page): Promise<{ w: Locator; marker: Locator }> {
  await page.addInitScript(recordRequests);
  await page.goto('./2-3.html#fig-2-18');
  const w = page.locator('#fig-2-18');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await marker.scrollIntoViewIfNeeded();
  // The page's idle-time warm-up asks the core on purpose (past the kept answers): let it finish.
  await page.waitForFunction(() => performance.getEntriesByName('tally:warm').length > 0, null, { timeout: 90_000 });
  return { w, marker };
}

test.setTimeout(120_000); // the page's warm-up first, on a busy machine

test('after the curves are kept, stepping H across the axis sends the core nothing and shows its values at each H', async ({ page, core }) => {
  const { w, marker } = await openFigure(page);
  await marker.focus();
  // The first step asks for the curves (at every stop of the marker) and keeps them.
  await page.keyboard.press('ArrowRight'); // 32K → 48K
  await expect(marker).toHaveAttribute('aria-valuenow', '49152');
  await expectRow(w, core, '49152', 49152);
  const before = (await sent(page)).length;
  expect(before).toBeGreaterThan(0);

  for (const [key, len] of [
    ['ArrowRight', 65536],
    ['PageUp', 131072],
    ['ArrowLeft', 98304],
    ['Home', 1],
  ] as const) {
    await page.keyboard.press(key);
    await expect(marker).toHaveAttribute('aria-valuenow', String(len));
    await expectRow(w, core, String(len), len);
  }
  expect((await sent(page)).slice(before)).toEqual([]);
  // 128K on Qwen3-8B: 147,456 bytes per token × 131,072 = 18 GiB (the core's display, checked above too).
  expect(displaysAt(core, 131072)[1]).toBe('18 GiB');
});

test('the table keeps its shape while H moves: H on a tick has its own row, hidden, and the figure is not rebuilt', async ({ page, core }) => {
  const { w, marker } = await openFigure(page);
  const rows = w.getByTestId('figure-data').locator('tbody tr');
  await w.getByTestId('figure-data').locator('summary').click();
  // The default H (32,768) is a tick: its own row follows the tick's, hidden.
  await expect(rows).toHaveCount(6);
  await expect(w.locator('tbody tr[data-row="32768-h"]')).toBeHidden();
  await expect(w.locator('tbody tr[data-row="32768"]')).toBeVisible();
  await marker.focus();
  await page.keyboard.press('ArrowRight'); // 48K: a row of its own, shown
  await expect(marker).toHaveAttribute('aria-valuenow', '49152');
  await expect(w.locator('tbody tr[data-row="49152"]')).toBeVisible();

  // From here on, no step replaces the drawing or the table.
  const output = w.locator('[data-output]');
  await output.evaluate((el) => {
    const w = window as unknown as { __rebuilt: number };
    w.__rebuilt = 0;
    new MutationObserver((list) => (w.__rebuilt += list.length)).observe(el, { childList: true });
  });
  await page.keyboard.press('End'); // 1M: a tick again
  await expect(marker).toHaveAttribute('aria-valuenow', '1048576');
  await expect(rows).toHaveCount(6);
  await expect(w.locator('tbody tr[data-row="1048576-h"]')).toBeHidden();
  await expectRow(w, core, '1048576', 1048576);
  await page.keyboard.press('PageDown'); // 128K
  await expect(marker).toHaveAttribute('aria-valuenow', '131072');
  await expect(w.locator('tbody tr[data-row="131072"]')).toBeVisible();
  await expectRow(w, core, '131072', 131072);
  await expect(rows.filter({ visible: true })).toHaveCount(6);
  expect(await page.evaluate(() => (window as unknown as { __rebuilt: number }).__rebuilt)).toBe(0);
  await expect(marker).toBeFocused();
});
