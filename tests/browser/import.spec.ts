// Importing a Hugging Face config.json in the browser (web/src/import): paste,
// upload or drop; the core's summary; the model in every picker with the
// core's numbers; persistence, a corrupt store set aside, share links (also
// tampered ones), removal, and axe on the dialog. Every expected number is
// the Node core's answer for the same request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { allReady, DEFAULTS, expect, test, widget, type Core } from './fixtures';
import { seedStorageOnce } from './learner';

// Several page loads per test (and axe) on a busy 2-core machine.
test.describe.configure({ timeout: 180_000 });

const KEY = 'tally.models.v1';
const fixtures = path.resolve(import.meta.dirname, '../fixtures/hf');
const fixtureText = (name: string) => readFileSync(path.join(fixtures, `${name}.json`), 'utf8');

type Obj = ReturnType<Core['ok']>;

/** The core's import of a config text (what the page must agree with). */
function imported(core: Core, text: string): { spec: Obj; id: string; result: Obj } {
  const result = core.ok({ op: 'import_hf_config', config_text: text }) as Obj;
  const spec = result.spec as Obj;
  return { spec, id: spec.id as string, result };
}

/** A share token as the page writes it: deflate-raw + base64url. */
const token = (text: string) => deflateRawSync(Buffer.from(text, 'utf8')).toString('base64url');

async function openDialog(page: Page) {
  await page.getByRole('button', { name: '匯入模型' }).click();
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await expect(dialog).toBeVisible();
  // The page links import.css: the form is one column wide.
  await expect(dialog.locator('[data-import-form]')).toHaveCSS('grid-template-columns', /^[\d.]+px$/);
  return dialog;
}

async function paste(page: Page, text: string) {
  const dialog = await openDialog(page);
  await dialog.getByLabel('貼上 config.json 的內容').fill(text);
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  return dialog;
}

test('a pasted config: the core summary, then the model in the pickers with the core numbers', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const text = fixtureText('qwen2-7b');
  const { spec, id, result } = imported(core, text);
  const dialog = await paste(page, text);

  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  await expect(dialog.getByTestId('summary-params')).toHaveText(result.params_display as string);
  await expect(dialog.getByTestId('summary-kv')).toHaveText(result.kv_bytes_per_token_display as string);
  const prefill = core.ok({ op: 'forward', model: spec, input: 8192 });
  await expect(dialog.getByTestId('summary-prefill')).toHaveText(prefill.display as string);
  const fit = core.ok({ op: 'capacity', model: spec, gpu: 'h100-sxm', context: 8192 });
  await expect(dialog.getByTestId('summary-fit-h100-sxm')).toHaveText(fit.display as string);
  await dialog.getByRole('button', { name: '關閉' }).click();

  // The capacity widget offers it; picking it gives the core's answer for the spec.
  const cap = widget(page, 'capacity');
  await cap.getByLabel('模型').selectOption(id);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).display as string);
  await expect(cap.getByTestId('per-request')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).kv_per_request_display as string);
  // Every model picker on the page lists it once.
  const pickers = page.locator('select[data-options="models"]');
  const n = await pickers.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await expect(pickers.nth(i).locator(`option[value="${id}"]`)).toHaveCount(1);

  // Stored under the versioned key, as the core's short config text.
  const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!);
  expect(stored).toEqual({ version: 1, models: [{ config_text: result.shared_config_text }] });

  // After a reload (and on another page) it is still there, numbers from the core.
  await page.goto(`./2-6.html#capacity:model=${id}`);
  await allReady(page);
  await expect(widget(page, 'capacity').getByLabel('模型')).toHaveValue(id);
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).display as string);
  await page.goto('./ch02.html');
  await allReady(page);
  await expect(page.locator('#profile-model').locator(`option[value="${id}"]`)).toHaveText(`${spec.name as string}（匯入）`);
});

test('the reader profile and a table follow an imported model', async ({ page, core }) => {
  await page.goto('./ch02.html');
  await allReady(page);
  const text = fixtureText('llama-3-8b');
  const { spec, id } = imported(core, text);
  const dialog = await paste(page, text);
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  await dialog.getByRole('button', { name: '關閉' }).click();
  const form = page.locator('[data-profile-form]');
  await form.getByLabel('模型').selectOption(id);
  await form.getByRole('button', { name: '儲存設定' }).click();
  await expect(form.locator('[data-profile-status]')).toContainText('已儲存');

  await page.goto('./2-6.html');
  await allReady(page);
  const cap = widget(page, 'capacity');
  await expect(cap.getByLabel('模型')).toHaveValue(id);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).display as string);
  await expect(cap).toHaveAttribute('data-differs', 'true');
});

test('upload through the file input and drop on the page', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const dialog = await openDialog(page);
  await dialog.getByLabel('或選擇檔案').setInputFiles(path.join(fixtures, 'llama-3-8b.json'));
  const llama = imported(core, fixtureText('llama-3-8b'));
  await expect(dialog.getByTestId('summary-params')).toHaveText(llama.result.params_display as string);
  await expect(dialog.getByTestId('summary-model')).toContainText(llama.id);
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(dialog).toBeHidden();

  // Drop a file anywhere on the page: the dialog opens and imports it.
  const text = fixtureText('deepseek-v2-lite');
  const dropped = imported(core, text);
  const transfer = await page.evaluateHandle((t) => {
    const dt = new DataTransfer();
    dt.items.add(new File([t], 'config.json', { type: 'application/json' }));
    return dt;
  }, text);
  await page.locator('main').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.locator('main').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('summary-params')).toHaveText(dropped.result.params_display as string);
  await expect(dialog.getByTestId('summary-mtp')).toHaveCount(0); // V2-Lite stores no MTP layers
  await expect(dialog.locator('[data-import-list] li')).toHaveCount(2);
});

test('bad JSON and an unsupported model_type show the core message; nothing is stored', async ({ page, core }) => {
  await page.goto('./2-2.html');
  await allReady(page);
  const bad = '{\n  "model_type": "llama",\n  "hidden_size": 4096,\n}';
  const dialog = await paste(page, bad);
  const err = core.error({ op: 'import_hf_config', config_text: bad });
  expect(err.field).toBe('config_text');
  await expect(dialog.getByTestId('import-error')).toHaveText(err.message);
  await expect(dialog.getByLabel('貼上 config.json 的內容')).toHaveAttribute('aria-invalid', 'true');

  const gpt2 = '{"model_type": "gpt2", "n_embd": 768, "n_layer": 12}';
  await dialog.getByLabel('貼上 config.json 的內容').fill(gpt2);
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  const unsupported = core.error({ op: 'import_hf_config', config_text: gpt2 });
  expect(unsupported.field).toBe('config.model_type');
  await expect(dialog.getByTestId('import-error')).toHaveText(unsupported.message);
  await expect(dialog.getByTestId('import-error')).toContainText('qwen3_moe'); // what is accepted

  // A config the core refuses for a contradiction names the field.
  const cfg = JSON.parse(fixtureText('llama-3-8b'));
  cfg.num_key_value_heads = 5;
  await dialog.getByLabel('貼上 config.json 的內容').fill(JSON.stringify(cfg));
  await dialog.getByRole('button', { name: '匯入', exact: true }).click();
  await expect(dialog.getByTestId('import-error')).toHaveText(core.error({ op: 'import_hf_config', config: cfg }).message);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
});

test('a corrupt store is reported and set aside, never wiped; a refused entry too', async ({ page, core }) => {
  // Seeded before the page's own code runs: written after goto, the first
  // load's restore (it starts when the core is ready, maybe after `load`)
  // could set the entry aside before the reload meant to find it.
  await seedStorageOnce(page, { [KEY]: '{"version": 1, "models": [oops' });
  await page.goto('./2-6.html');
  await allReady(page);
  const problem = page.locator('[data-import-problem]');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText(KEY);
  await expect(problem).toContainText(`${KEY}.unreadable`);
  expect(await page.evaluate((k) => localStorage.getItem(`${k}.unreadable`), KEY)).toBe('{"version": 1, "models": [oops');
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
  // The page works: the widgets show the book's numbers.
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(core.ok(DEFAULTS.capacity).display as string);

  // A well-formed store whose entry the core refuses: reported with the core's message, moved aside.
  const good = imported(core, fixtureText('qwen3-8b')).result.shared_config_text as string;
  const refused = '{"model_type":"gpt2"}';
  await page.evaluate(
    ([k, a, b]) => localStorage.setItem(k!, JSON.stringify({ version: 1, models: [{ config_text: a }, { config_text: b }] })),
    [KEY, good, refused],
  );
  await page.reload();
  await allReady(page);
  await expect(problem).toContainText(core.error({ op: 'import_hf_config', config_text: refused }).message);
  await expect(problem).toContainText(`${KEY}.unreadable.2`);
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(k), KEY))!)).toEqual({
    version: 1,
    models: [{ config_text: good }],
  });
  expect(JSON.parse((await page.evaluate((k) => localStorage.getItem(`${k}.unreadable.2`), KEY))!)).toEqual({
    version: 1,
    models: [{ config_text: refused }],
  });
});

test('a share link imports the model in a fresh browser and selects it where the hash says', async ({ page, core, browser, baseURL }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const text = fixtureText('mixtral-8x7b-v0.1');
  const { spec, id, result } = imported(core, text);
  const dialog = await paste(page, text);
  const url = await dialog.getByTestId('import-share-url').inputValue();
  expect(url).toContain('#import:m=');
  expect(url.length).toBeLessThan(800); // compact: only the keys the import read, compressed

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(`${url};capacity:model=${id}`);
  await allReady(other);
  const cap = widget(other, 'capacity');
  await expect(cap.getByLabel('模型')).toHaveValue(id);
  await expect(cap.getByLabel('模型').locator('option:checked')).toHaveText(`${spec.name as string}（匯入）`);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).display as string);
  expect(JSON.parse((await other.evaluate((k) => localStorage.getItem(k), KEY))!)).toEqual({
    version: 1,
    models: [{ config_text: result.shared_config_text }],
  });

  // A tampered link: well-formed compression of a config the core refuses → the core's message.
  const tampered = JSON.parse(result.shared_config_text as string);
  tampered.num_experts_per_tok = 9;
  const refusal = core.error({ op: 'import_hf_config', config_text: JSON.stringify(tampered) });
  await other.goto(`./2-2.html#import:m=${token(JSON.stringify(tampered))}`);
  await allReady(other);
  await expect(other.locator('[data-import-problem]')).toContainText(refusal.message);
  // Garbage that does not decode or decompress: said so, with what is accepted; the page still works.
  for (const garbage of ['not*base64', 'AAAA']) {
    await other.goto(`./2-${garbage === 'AAAA' ? 3 : 1}.html#import:m=${garbage}`);
    await allReady(other);
    await expect(other.locator('[data-import-problem]')).toContainText('deflate-raw 壓縮後的 base64url');
  }
  // A link pasted into an open page (hash change only) imports too.
  const qwen = imported(core, fixtureText('qwen3-8b'));
  await other.goto('./2-2.html');
  await allReady(other);
  await other.evaluate((h) => (location.hash = h), `import:m=${token(qwen.result.shared_config_text as string)}`);
  await expect(other.locator(`select[data-options="models"] option[value="${qwen.id}"]`).first()).toHaveText(`${qwen.spec.name as string}（匯入）`);
  expect(errors).toEqual([]);
  await fresh.close();
});

test('removing an imported model takes it out of the pickers and the store', async ({ page, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const { id, spec } = imported(core, fixtureText('gemma-7b'));
  const dialog = await paste(page, fixtureText('gemma-7b'));
  await expect(dialog.locator('[data-import-list] li')).toHaveCount(1);
  await dialog.getByRole('button', { name: `移除「${spec.name as string}」` }).click();
  await expect(dialog.locator('[data-import-list] li')).toHaveCount(0);
  await expect(dialog.locator('[data-import-empty]')).toBeVisible();
  await expect(page.locator(`select[data-options="models"] option[value="${id}"]`)).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), KEY)).toBeNull();
});

test('without localStorage the import works for the page and says it will not last', async ({ page, core }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
  });
  await page.goto('./2-6.html');
  await allReady(page);
  const text = fixtureText('phi-3-mini-4k-instruct');
  const { id, spec } = imported(core, text);
  const dialog = await paste(page, text);
  await expect(dialog.locator('[data-import-status]')).toContainText('localStorage');
  await dialog.getByRole('button', { name: '關閉' }).click();
  const cap = widget(page, 'capacity');
  await cap.getByLabel('模型').selectOption(id);
  await expect(cap.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, model: spec }).display as string);
});

test('the dialog is keyboard-operable and passes axe', async ({ page, core }) => {
  await page.goto('./2-1.html');
  await allReady(page);
  const open = page.getByRole('button', { name: '匯入模型' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /匯入自己的模型/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('貼上 config.json 的內容')).toBeFocused();
  await page.keyboard.insertText(fixtureText('qwen3-8b'));
  await dialog.getByRole('button', { name: '匯入', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('summary-params')).toHaveText(imported(core, fixtureText('qwen3-8b')).result.params_display as string);
  const axe = await new AxeBuilder({ page }).include('#import-dialog').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a figure with a model picker computes on an imported MoE model, and a dense one gets the core message', async ({ page, core }) => {
  const moe = imported(core, fixtureText('qwen3-30b-a3b'));
  const dense = imported(core, fixtureText('gemma-2-9b'));
  const tokens = [moe, dense].map((m) => token(m.result.shared_config_text as string)).join(',');
  await page.goto(`./2-4.html#import:m=${tokens};fig-2-23:model=${moe.id}`);
  await allReady(page);
  const fig = page.locator('[data-instance="fig-2-23"]');
  await expect(fig.getByLabel('模型')).toHaveValue(moe.id);
  for (const dispatch of ['uniform', 'concentrated']) {
    const r = core.ok({ op: 'routing', model: moe.spec, batch: 64, dispatch });
    await expect(fig.getByTestId(`distinct-${dispatch}`)).toHaveText(r.distinct_display as string);
    await expect(fig.getByTestId(`bytes-${dispatch}`)).toHaveText(r.display as string);
  }
  await fig.getByLabel('模型').selectOption(dense.id);
  await expect(fig).toHaveAttribute('data-state', 'error');
  // Named by the picker's on-screen label, then the core's reason.
  const refused = core.error({ op: 'routing', model: dense.spec, batch: 64, dispatch: 'uniform' });
  expect(refused.field).toBe('model');
  await expect(fig.getByTestId('error')).toHaveText(`模型：${refused.detail}`);
});

test('a model imported or removed in another tab joins or leaves this tab’s pickers', async ({ page, context, core }) => {
  await page.goto('./2-6.html');
  await allReady(page);
  const other = await context.newPage();
  await other.goto('./2-2.html');
  await allReady(other);
  const { id } = imported(core, fixtureText('mistral-7b-v0.1'));
  const dialog = await paste(page, fixtureText('mistral-7b-v0.1'));
  await expect(dialog.locator('[data-import-status]')).toContainText('已匯入');
  const option = other.locator(`select[data-options="models"] option[value="${id}"]`);
  await expect(option.first()).toBeAttached();
  await dialog.getByRole('button', { name: /^移除/ }).click();
  await expect(option).toHaveCount(0);
});

// ---------------------------------------------------------------------------
// Exercises posed on an imported model ("用我的模型出題", web/src/exercises).

/** Exercise 2-8's turn request for a model, with the book's givens (content/ch02/exercises/2-8.json). */
function turn28(model: Obj[string], generated: number): Obj {
  const ex = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/ch02/exercises/2-8.json'), 'utf8'));
  const w = ex.givens.turn.default.with as Record<string, number>;
  const edit = { edit_at: ex.givens.E.default.value as number };
  return { op: 'turn', model, total_input: w.T!, cached: w.H!, generated, ...(generated === w.G ? edit : {}) };
}

test('an exercise posed on an imported model: the core answer is accepted, a mistake named, the URL restores it', async ({ page, core, browser, baseURL }) => {
  const text = fixtureText('qwen2-7b');
  const { spec, id } = imported(core, text);
  await page.goto('./2-6.html');
  await allReady(page);
  const ex = page.locator('#exercise-2-8');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const select = ex.getByLabel('用我的模型出題（模型）');
  await expect(select).toBeHidden(); // nothing imported yet: only the line saying how
  await expect(ex.locator('[data-mine-none]')).toBeVisible();

  // The book's question answered first: it must survive the imported one.
  const bookTurn = core.ok(turn28('qwen3-8b', 128));
  const partE = ex.locator('#exercise-2-8-e');
  await partE.getByRole('textbox').fill(bookTurn.added_kv_display as string);
  await partE.getByRole('button', { name: '核對答案' }).click();
  await expect(partE.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');

  const dialog = await paste(page, text);
  await dialog.getByRole('button', { name: '關閉' }).click();
  await expect(select).toBeVisible();
  await select.selectOption(id);
  await expect(ex).toHaveAttribute('data-mine', `model=${id}`);
  await expect(ex.locator('[data-text="given.model"]')).toHaveText(`${spec.name as string}（匯入）`);
  await expect(partE.getByRole('textbox')).toHaveValue(''); // a new question, the book's answer kept apart

  // The core's numbers for the spec: its display is accepted, with the core's own message.
  const mine = core.ok(turn28(spec, 128));
  const mineX = core.ok(turn28(spec, 129));
  const expected = {
    value: String(mine.added_kv_bytes),
    unit: 'B',
    digits: 4,
    mistakes: [{ code: 'decode_steps_g', value: String(mineX.added_kv_bytes) }],
  };
  const right = core.ok({ op: 'check_answer', answer: mine.added_kv_display!, expected });
  expect(right.correct).toBe(true);
  await partE.getByRole('textbox').fill(mine.added_kv_display as string);
  await partE.getByRole('button', { name: '核對答案' }).click();
  await expect(partE.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(partE.locator('[data-feedback]')).toHaveText(right.message as string);
  // G + 1 decode steps: refused, with the mistake and message the core names.
  const wrongText = `${String(mineX.added_kv_bytes)} B`;
  const wrong = core.ok({ op: 'check_answer', answer: wrongText, expected });
  expect(wrong.correct).toBe(false);
  expect(wrong.mistake).toBe('decode_steps_g');
  await partE.getByRole('textbox').fill(wrongText);
  await partE.getByRole('button', { name: '核對答案' }).click();
  await expect(partE.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'wrong');
  await expect(partE.locator('[data-feedback]')).toHaveText(wrong.message as string);
  await expect(partE.locator('[data-feedback]')).toHaveAttribute('data-mistake', 'decode_steps_g');
  // The book's answer for qwen3-8b is not this model's answer.
  const bookText = core.ok({ op: 'check_answer', answer: bookTurn.added_kv_display!, expected });
  expect(bookText.correct).toBe(false);

  // The URL carries the question (given + the model's share token) to a fresh browser.
  await page.waitForFunction((m) => location.hash.includes(`ex-2-8:model=${m}`) && location.hash.includes('import:m='), id);
  const url = page.url();
  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  const errors: string[] = [];
  other.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  other.on('pageerror', (e) => errors.push(e.message));
  await other.goto(url);
  const ex2 = other.locator('#exercise-2-8');
  await expect(ex2).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(ex2).toHaveAttribute('data-mine', `model=${id}`);
  await expect(ex2.locator('[data-text="given.model"]')).toHaveText(`${spec.name as string}（匯入）`);
  await expect(ex2.getByLabel('用我的模型出題（模型）')).toHaveValue(id);
  const e2 = ex2.locator('#exercise-2-8-e');
  await e2.getByRole('textbox').fill(mine.added_kv_display as string);
  await e2.getByRole('button', { name: '核對答案' }).click();
  await expect(e2.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  // The solution prints the core's answer for the spec.
  await e2.getByRole('button', { name: '看完整解答' }).click();
  await expect(e2.locator('[data-answer]')).toHaveText(`答案：${mine.added_kv_display as string}`);
  const axe = await new AxeBuilder({ page: other }).include('#exercise-2-8').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(errors).toEqual([]);
  await fresh.close();

  // Back to the book's question: the answer given to it earlier is still there.
  await select.selectOption('');
  await expect(ex).toHaveAttribute('data-mine', '');
  await expect(partE.getByRole('textbox')).toHaveValue(bookTurn.added_kv_display as string);
  await expect(partE.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tally.progress.v1')))!);
  expect(stored.exercises['2-8'].parts.e.answer).toBe(bookTurn.added_kv_display);
  expect(stored.exercises['2-8'].mine[`model=${id}`].parts.e.answer).toBe(wrongText);
});

test('a question the imported model cannot answer says why (the core’s refusal) and keeps the book’s', async ({ page, core }) => {
  // 2-6 asks about routing: a dense model has no experts to route to.
  const dense = imported(core, fixtureText('qwen2-7b'));
  const refusal = core.error({ op: 'routing', model: dense.spec, batch: 64, dispatch: 'uniform' });
  await page.goto(`./2-4.html#import:m=${token(dense.result.shared_config_text as string)}`);
  const ex = page.locator('#exercise-2-6');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await ex.getByLabel('用我的模型出題（模型）').selectOption(dense.id);
  await expect(ex.locator('[data-notice]')).toContainText(refusal.message);
  await expect(ex).toHaveAttribute('data-mine', '');
  await expect(ex.getByLabel('用我的模型出題（模型）')).toHaveValue('');
  // An imported MoE model works, with the core's number of distinct experts.
  const moe = imported(core, fixtureText('mixtral-8x7b-v0.1'));
  const u = core.ok({ op: 'routing', model: moe.spec, batch: 64, dispatch: 'uniform' });
  await paste(page, fixtureText('mixtral-8x7b-v0.1'));
  await page.getByRole('button', { name: '關閉' }).click();
  await ex.getByLabel('用我的模型出題（模型）').selectOption(moe.id);
  await expect(ex).toHaveAttribute('data-mine', `model=${moe.id}`);
  const a = ex.locator('#exercise-2-6-a');
  await a.getByRole('textbox').fill(String(u.distinct_experts));
  await a.getByRole('button', { name: '核對答案' }).click();
  await expect(a.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
});

test('an exercise link pasted into an open page imports its model; progress on it exports and imports; a bad entry is refused', async ({ page, core }) => {
  const m = imported(core, fixtureText('llama-3-8b'));
  await page.goto('./2-6.html');
  const ex = page.locator('#exercise-2-9');
  await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  // Hash change only (no reload): the model arrives with the question.
  await page.evaluate((h) => (location.hash = h), `import:m=${token(m.result.shared_config_text as string)};ex-2-9:model=${m.id}&gpu=h200`);
  await expect(ex).toHaveAttribute('data-mine', `model=${m.id}`);
  await expect(ex.locator('[data-text="given.model"]')).toHaveText(`${m.spec.name as string}（匯入）`);
  // The weights of the imported spec, as the core gives them.
  const p = core.ok({ op: 'params', model: m.spec });
  // "16.061 GB（14.958 GiB）": the decimal form, as a reader would type it.
  const weights = (p.weight_display as string).split('（')[0]!;
  const a = ex.locator('#exercise-2-9-a');
  await a.getByRole('textbox').fill(weights);
  await a.getByRole('button', { name: '核對答案' }).click();
  await expect(a.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');

  // Export keeps the answer on the imported model apart from the book's parts.
  const progress = page.locator('#exercise-progress');
  await page.goto('./ch02.html');
  await expect(progress.getByRole('button', { name: '匯出進度' })).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('button', { name: '匯出進度' }).click()]);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(exported.exercises['2-9'].mine[`model=${m.id}`].parts.a.answer).toBe(weights);
  expect(exported.exercises['2-9'].parts.a).toBeUndefined();
  // Counted: only the book's parts.
  await expect(page.locator('[data-summary="2-9"] [data-count="attempted"]')).toHaveText('0');
  // A file whose imported-model entry is malformed is refused with the reason; nothing changes.
  await progress.locator('input[type="file"]').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ schema: 1, exercises: { '2-9': { parts: {}, mine: { x: { parts: { a: { seed: 'no' } } } } } } })),
  });
  await expect(progress.locator('[data-progress-status]')).toContainText('無法匯入「bad.json」');
  await expect(progress.locator('[data-progress-status]')).toContainText('seed');
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('tally.progress.v1')))!);
  expect(stored.exercises['2-9'].mine[`model=${m.id}`].parts.a.answer).toBe(weights);
});
