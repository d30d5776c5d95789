// Nothing replaced or lost silently (issue 18 items 5–6): a share link with
// another model under a stored id asks first; a stored model that fails to
// restore for any reason is reported and copied aside before the list is
// rewritten; a full storage is said on the page, in its words, and never
// breaks it. Expected numbers and refusals are the core's (fixtures.ts).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { allReady, DEFAULTS, expect, test, widget, type Core } from './fixtures';
import { seedStorageOnce as seed } from './learner';

test.describe.configure({ timeout: 120_000 });

const KEY = 'tally.models.v1';
const PROGRESS = 'tally.progress.v1';
const text = (name: string) => readFileSync(path.resolve(import.meta.dirname, `../fixtures/hf/${name}.json`), 'utf8');
const words = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site/import.json'), 'utf8'));
const progressWords = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/site/progress.json'), 'utf8'));
const token = (t: string) => deflateRawSync(Buffer.from(t, 'utf8')).toString('base64url');
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (w, k: string) => (k in values ? String(values[k]) : w));

type Obj = ReturnType<Core['ok']>;
function imported(core: Core, config: string): { id: string; name: string; shared: string; spec: Obj } {
  const result = core.ok({ op: 'import_hf_config', config_text: config });
  const spec = result.spec as Obj;
  return { id: spec.id as string, name: spec.name as string, shared: result.shared_config_text as string, spec };
}
const storedList = (...texts: string[]) => JSON.stringify({ version: 1, models: texts.map((config_text) => ({ config_text })) });

/** Every localStorage.setItem from now on fails as a full storage does. */
async function fullStorage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
}

const get = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test('a share link with another model under a stored id asks first; keeping or replacing loses nothing', async ({ page, core }) => {
  const mine = imported(core, text('qwen2-7b'));
  // The link's model: the same checkpoint path (so the same id), but fewer layers.
  const changed = JSON.parse(mine.shared);
  changed.num_hidden_layers = 20;
  const linked = imported(core, JSON.stringify(changed));
  expect(linked.id).toBe(mine.id);
  expect(linked.shared).not.toBe(mine.shared);
  await seed(page, { [KEY]: storedList(mine.shared) });

  const url = `./2-6.html#import:m=${token(linked.shared)};capacity:model=${mine.id}`;
  await page.goto(url);
  await allReady(page);
  const box = page.locator(`[data-import-conflict-id="${mine.id}"]`);
  await expect(box).toContainText(fill(words.conflict.question, { linked: linked.name, kept: mine.name, id: mine.id }));
  // Until the reader answers, nothing is replaced: the stored version computes.
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: mine.spec }).display as string);
  expect(await get(page, KEY)).toBe(storedList(mine.shared));

  await box.getByRole('button', { name: words.conflict.keep }).click();
  await expect(box).toHaveText(fill(words.conflict.kept, { name: mine.name }));
  expect(await get(page, KEY)).toBe(storedList(mine.shared));
  expect(await get(page, `${KEY}.replaced`)).toBeNull();

  // Asked again on the next visit of the link; this time replace: the reader's version is copied aside first.
  await page.reload();
  await allReady(page);
  await box.getByRole('button', { name: words.conflict.replace }).click();
  await expect(box).toHaveText(fill(words.conflict_replaced, { name: linked.name, aside: `${KEY}.replaced` }));
  expect(await get(page, KEY)).toBe(storedList(linked.shared));
  expect(await get(page, `${KEY}.replaced`)).toBe(storedList(mine.shared));
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: linked.spec }).display as string);

  // The same link once more: the stored model is the link's, so nothing is asked.
  await page.reload();
  await allReady(page);
  await expect(box).toHaveCount(0);
  await expect(page.locator('[data-import-conflict]')).toBeHidden();
});

test('a stored model whose restore throws something other than the core’s error is reported and copied aside', async ({ page, core }) => {
  const good = imported(core, text('qwen3-8b'));
  const brokenConfig = JSON.parse(text('llama-3-8b'));
  brokenConfig._name_or_path = 'tally-broken-entry/Llama';
  const broken = imported(core, JSON.stringify(brokenConfig)).shared;
  const raw = JSON.stringify({ version: 1, models: [{ config_text: good.shared }, { config_text: broken }, { config_text: 42 }] });
  await seed(page, { [KEY]: raw });
  // The page cannot read the core's answer for that one entry (as when a response is cut or the module traps).
  await page.addInitScript(() => {
    const parse = JSON.parse;
    JSON.parse = function (textIn: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) {
      if (typeof textIn === 'string' && textIn.includes('"ok"') && textIn.includes('tally-broken-entry')) {
        throw new RangeError('simulated unreadable response');
      }
      return parse.call(JSON, textIn, reviver);
    } as typeof JSON.parse;
  });
  await page.goto('./2-6.html');
  await allReady(page);
  const problem = page.locator('[data-import-problem]');
  const first = fill(words.storage_entry_refused, {
    index: 2,
    message: fill(words.storage_entry_broken, { reason: 'RangeError: simulated unreadable response' }),
    aside: `${KEY}.unreadable`,
  });
  const second = fill(words.storage_entry_refused, { index: 3, message: words.corrupt_reasons.entry, aside: `${KEY}.unreadable.2` });
  await expect(problem).toHaveText(`${first} ${second}`);
  // Each entry exists aside as it was; the list keeps the model that restored, which still computes.
  expect(JSON.parse((await get(page, `${KEY}.unreadable`))!)).toEqual({ version: 1, models: [{ config_text: broken }] });
  expect(JSON.parse((await get(page, `${KEY}.unreadable.2`))!)).toEqual({ version: 1, models: [{ config_text: 42 }] });
  expect(await get(page, KEY)).toBe(storedList(good.shared));
  const cap = widget(page, 'capacity');
  await cap.getByLabel('模型').selectOption(good.id);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: good.spec }).display as string);
});

test('a full storage: every write that fails says so on the page, which keeps working', async ({ page, core }) => {
  await fullStorage(page);
  await page.goto('./2-6.html');
  await allReady(page);
  const ex = page.locator('#exercise-2-7');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(ex.locator('[data-notice]')).toHaveText(progressWords.storage_full_at_start);
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192 });
  const b = page.locator('#exercise-2-7-b');
  await b.getByRole('textbox').fill(String(cap.requests));
  await b.getByRole('button', { name: '核對答案' }).click();
  await expect(b.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(ex.locator('[data-notice]')).toHaveText(fill(progressWords.storage_full, { reason: 'QuotaExceededError' }));
  await expect(ex.locator('[data-notice]')).toBeVisible();

  // The import dialog: the model is imported for this page, and the reader is told it was not stored.
  const model = imported(core, text('gemma-7b'));
  await page.getByRole('button', { name: '匯入模型' }).click();
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await dialog.getByLabel('貼上 config.json 的內容').fill(text('gemma-7b'));
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(dialog.locator('[data-import-status]')).toContainText(fill(words.storage_full, { reason: 'QuotaExceededError: The quota has been exceeded.' }));
  await expect(page.locator(`select[data-options="models"] option[value="${model.id}"]`).first()).toBeAttached();
});

test('progress too large to copy aside stays where it is, and the page says so instead of breaking', async ({ page, core }) => {
  const raw = '{"schema": 1, "exercises": [unreadable';
  await seed(page, { [PROGRESS]: raw });
  await fullStorage(page);
  await page.goto('./2-6.html');
  await allReady(page);
  const ex = page.locator('#exercise-2-7');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const notice = ex.locator('[data-notice]');
  await expect(notice).toContainText(fill(progressWords.unreadable_kept, { reason: '不是有效的 JSON', key: PROGRESS }));
  // Answers are still checked; saving them would overwrite the only copy, so the page says it keeps them here.
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  const a = page.locator('#exercise-2-7-a');
  await a.getByRole('textbox').fill(String(cap.requests));
  await a.getByRole('button', { name: '核對答案' }).click();
  await expect(a.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(notice).toHaveText(progressWords.storage_held);
  expect(await get(page, PROGRESS)).toBe(raw);
});

test('a stored model that fails while the storage is full stays in the list untouched; nothing rewrites it', async ({ page, core }) => {
  const good = imported(core, text('qwen3-8b'));
  const raw = JSON.stringify({ version: 1, models: [{ config_text: good.shared }, { config_text: 42 }] });
  await seed(page, { [KEY]: raw });
  await fullStorage(page);
  await page.goto('./2-6.html');
  await allReady(page);
  await expect(page.locator('[data-import-problem]')).toHaveText(fill(words.storage_entry_kept, { index: 2, message: words.corrupt_reasons.entry, key: KEY }));
  // The model that restored works; removing it (a write) is refused rather than dropping the held entry.
  const cap = widget(page, 'capacity');
  await cap.getByLabel('模型').selectOption(good.id);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: good.spec }).display as string);
  await page.getByRole('button', { name: '匯入模型' }).click();
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await dialog.getByRole('button', { name: /^移除/ }).click();
  await expect(dialog.locator('[data-import-status]')).toContainText(words.storage_held);
  expect(await get(page, KEY)).toBe(raw);
});
