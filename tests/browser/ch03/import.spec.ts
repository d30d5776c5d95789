// Imported models on chapter 3's pages and embeds. One module serves the
// whole book, the importer included: an import on a chapter-3 page goes to
// the core the page already loaded (no second binary is fetched), and
// chapter 3's ops compute on the spec it returns, sent inline. Every
// expected number is the Node core's answer for the same request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

import { allReady, expect, test, type Core } from '../fixtures';
import { builtVersion, startHost, type HostServer } from '../embed-host';
import { seedStorageOnce } from '../learner';

// Several page loads per test on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const KEY = 'tally.models.v1';
const configText = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/hf/qwen2-7b.json'), 'utf8');
/** The book's one binary (tally_web.<hash>.wasm). */
const BOOK_WASM = /\/tally_web\.[0-9a-f]+\.wasm$/;
type Obj = ReturnType<Core['ok']>;

function imported(core: Core): { spec: Obj; id: string; result: Obj } {
  const result = core.ok({ op: 'import_hf_config', config_text: configText });
  const spec = result.spec as Obj;
  return { spec, id: spec.id as string, result };
}

/** Example 3-3's parameter-state total for a model: what its steps show once the model is picked. */
const stateTotal = (core: Core, model: Obj | string) => core.ok({ op: 'training', model, gradients: 'fp32' }).state_display as string;

/** Every binary the page asks for, from now on. */
function wasmRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.wasm')) urls.push(r.url());
  });
  return urls;
}

async function pickAndCheck(w: Locator, id: string, expected: string): Promise<void> {
  await w.getByLabel('模型', { exact: true }).selectOption(id);
  await expect(w).toContainText(expected);
}

test('a chapter-3 page imports on the core it already has; its widgets then compute on the imported spec', async ({ page, core }) => {
  const { spec, id, result } = imported(core);
  const wasm = wasmRequests(page);
  await page.goto('./3-4.html');
  await allReady(page);
  expect(wasm.filter((u) => BOOK_WASM.test(u))).toHaveLength(1);

  await page.getByRole('button', { name: '匯入模型' }).click();
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await dialog.getByLabel('貼上 config.json 的內容').fill(configText);
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  // The summary is the core's, as on chapter 2's pages.
  await expect(dialog.getByTestId('summary-params')).toHaveText(result.params_display as string);
  await expect(dialog.getByTestId('summary-fit-h100-sxm')).toHaveText(
    core.ok({ op: 'capacity', model: spec, gpu: 'h100-sxm', context: 8192 }).display as string,
  );
  await dialog.getByRole('button', { name: '關閉' }).click();
  expect(wasm, 'no second binary for the import').toHaveLength(1);

  // Chapter 3's training op on the imported spec; the default model's total differs.
  const expected = stateTotal(core, spec);
  expect(expected).not.toBe(stateTotal(core, 'qwen3-8b'));
  await pickAndCheck(page.locator('[data-instance="example-3-3"]'), id, expected);
});

test('a model kept from a chapter-2 page is restored on a chapter-3 page by the same core', async ({ page, core }) => {
  const { spec, id, result } = imported(core);
  await seedStorageOnce(page, { [KEY]: JSON.stringify({ version: 1, models: [{ config_text: result.shared_config_text }] }) });
  const wasm = wasmRequests(page);
  await page.goto('./3-4.html');
  await allReady(page);
  const w = page.locator('[data-instance="example-3-3"]');
  await expect(w.getByLabel('模型', { exact: true }).locator(`option[value="${id}"]`)).toHaveCount(1);
  await pickAndCheck(w, id, stateTotal(core, spec));
  expect(wasm.filter((u) => BOOK_WASM.test(u))).toHaveLength(1);
});

test.describe('embeds', () => {
  let host: HostServer;
  test.beforeAll(async () => {
    host = await startHost();
  });
  test.afterAll(() => host?.stop());

  test("a chapter-3 widget in an iframe and as an element imports a model on the book's core", async ({ page, baseURL, core }) => {
    const { spec, id } = imported(core);
    const q = new URLSearchParams({ tally: new URL(baseURL!).origin, ver: builtVersion(), frame0: 'w=example-3-3', element0: 'example-3-3' });
    await page.goto(`${host.origin}/index.html?${q.toString()}`);
    const scopes = [page.frameLocator('[data-testid="frame-0"]').locator('body'), page.getByTestId('element-0')];
    const expected = stateTotal(core, spec);
    for (const scope of scopes) {
      await expect(scope.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await scope.getByRole('button', { name: '匯入模型' }).click();
      const panel = scope.locator('[data-import-panel]');
      await panel.getByLabel('貼上 config.json 的內容').fill(configText);
      await panel.getByRole('button', { name: '匯入', exact: true }).click();
      await expect(panel.locator('[data-import-status]')).toContainText('已匯入');
      await pickAndCheck(scope, id, expected);
    }
  });
});
