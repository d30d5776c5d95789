// The chapter's exercises: answers checked by the core, named mistakes,
// hints, worked solutions, seeded variants and progress in localStorage.
// Every expected value and message is the core's own answer to the same
// request (the Node build, see fixtures.ts).

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type Core } from './fixtures';
import { exercisePart as part, answerExercise as answer } from './learner';

const root = path.resolve(import.meta.dirname, '../..');
const exerciseFile = (id: string) => JSON.parse(readFileSync(path.join(root, `content/ch02/exercises/${id}.json`), 'utf8'));

// Which page holds what, read from the content: a fenced block "```exercise 2-5"
// in content/ch02/2-3.md puts exercise 2-5 on 2-3.html; "```exercise progress"
// puts the chapter summary on that page.
const pages = (() => {
  const dir = path.join(root, 'content/ch02');
  const byId = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()) {
    const html = file.replace(/\.md$/, '.html');
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/^```exercise[ \t]+(\S+)[ \t\r]*$/gm)) {
      const id = m[1]!;
      if (byId.has(id)) throw new Error(`exercise block "${id}" on both ${byId.get(id)} and ${html}`);
      byId.set(id, html);
    }
  }
  return byId;
})();

/** The page (e.g. "2-3.html") that holds exercise `id`, or the summary for "progress". */
function pageOf(id: string): string {
  const page = pages.get(id);
  if (!page) throw new Error(`no "\`\`\`exercise ${id}" block in content/ch02/*.md`);
  return page;
}

const exercise = (page: Page, id: string): Locator => page.locator(`#exercise-${id}`);
const progressBlock = (page: Page): Locator => page.locator('#exercise-progress');

/** Go to the page holding exercise `id` (hash such as "#ex-2-6:seed=123") and wait until its exercises are live. */
async function openExercise(page: Page, id: string, hash = ''): Promise<void> {
  await page.goto(`./${pageOf(id)}${hash}`);
  await expect(exercise(page, id)).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // Every exercise on that page shares the store; wait for all of them.
  for (const el of await page.locator('[data-exercise]').all()) {
    await expect(el).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  }
}

/** Go to the page with the chapter's progress summary and wait until it is wired. */
async function openProgress(page: Page): Promise<Locator> {
  await page.goto(`./${pageOf('progress')}`);
  const progress = progressBlock(page);
  await expect(progress.getByRole('button', { name: '匯出進度' })).toBeVisible({ timeout: 20_000 });
  return progress;
}

/** The verdict the core gives for `text` against `expected`. */
function verdict(core: Core, text: string, expected: Record<string, unknown>) {
  return core.ok({ op: 'check_answer', answer: text, expected: expected as never }) as {
    correct: boolean;
    mistake: string | null;
    message: string;
  };
}

const str = (v: unknown): string => String(v);

test('prerendered without JavaScript: question, givens and labelled fields', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`./${pageOf('2-5')}`);
  const ex = exercise(page, '2-5');
  await expect(ex.getByRole('heading', { name: /練習 2-5/ })).toBeVisible();
  await expect(ex.locator('.exercise-intro')).toContainText('61.875 MiB');
  await expect(ex.locator('.exercise-givens')).toContainText('Qwen3.6-35B-A3B');
  await expect(ex.getByLabel('模型甲的 H*（token）')).toBeVisible();
  // Buttons that need the core stay hidden until it has loaded.
  await expect(ex.getByRole('button', { name: '換一題' })).toBeHidden();
  await context.close();
});

test('a right answer is confirmed with the core message', async ({ page, core }) => {
  await openExercise(page, '2-7');
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  const text = `${str(cap.requests)} 條請求`;
  const feedback = await answer(page, '2-7', 'a', text);
  await expect(feedback).toHaveAttribute('data-verdict', 'correct');
  await expect(feedback).toHaveText(verdict(core, text, { value: str(cap.requests), unit: 'requests' }).message);
});

test('the answer field works from the keyboard alone', async ({ page, core }) => {
  await openExercise(page, '2-3');
  const r = core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: 513 });
  const input = part(page, '2-3', 'a').getByLabel('decode 次數 n_d');
  await input.focus();
  await page.keyboard.type(str(r.decode_steps));
  await page.keyboard.press('Enter');
  await expect(part(page, '2-3', 'a').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(part(page, '2-3', 'a').locator('[data-feedback]')).toHaveAttribute('aria-live', 'polite');
});

test('a wrong unit: GB written for GiB is named', async ({ page, core }) => {
  await openExercise(page, '2-3');
  const r = core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: 513 });
  const rx = core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: 514 });
  const rq = core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: 513, kv_heads: 32 });
  // The core's own display ("1.195 GiB") with the decimal unit instead.
  const text = str(r.final_kv_display).replace('GiB', 'GB');
  expect(text).toMatch(/ GB$/);
  const feedback = await answer(page, '2-3', 'b', text);
  const expected = verdict(core, text, {
    value: str(r.final_kv_bytes),
    unit: 'B',
    digits: 4,
    mistakes: [
      { code: 'decode_steps_g', value: str(rx.final_kv_bytes) },
      { code: 'query_heads', value: str(rq.final_kv_bytes) },
    ],
  });
  expect(expected.mistake).toBe('gb_vs_gib');
  await expect(feedback).toHaveAttribute('data-verdict', 'wrong');
  await expect(feedback).toHaveAttribute('data-mistake', 'gb_vs_gib');
  await expect(feedback).toHaveText(expected.message);
  await expect(part(page, '2-3', 'b').getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
});

test('wrong values name the mistake: n_d = G, square pairs', async ({ page, core }) => {
  await openExercise(page, '2-3');
  // n_d = G instead of G − 1: typing G itself.
  const steps = await answer(page, '2-3', 'a', '513');
  await expect(steps).toHaveAttribute('data-mistake', 'decode_steps_g');

  // The whole B·P·(S+P) rectangle instead of the causal pairs.
  const shape = { op: 'forward', model: 'qwen3-8b', batch: 4, context: 4096, input: 1024 };
  const items = (r: Record<string, unknown>) => r.items as Array<Record<string, unknown>>;
  const square = items(core.ok({ ...shape, pairs: 'square' })).find((i) => i.id === 'attn_core')!;
  const causal = items(core.ok(shape)).find((i) => i.id === 'attn_core')!;
  const text = str(square.display);
  await openExercise(page, '2-2');
  const feedback = await answer(page, '2-2', 'a', text);
  const expected = verdict(core, text, {
    value: str(causal.flops),
    unit: 'FLOPs',
    digits: 3,
    mistakes: [{ code: 'square_pairs', value: str(square.flops) }],
  });
  expect(expected.mistake).toBe('square_pairs');
  await expect(feedback).toHaveAttribute('data-mistake', 'square_pairs');
  await expect(feedback).toHaveText(expected.message);
  // The message names the mistake without giving the value away.
  await expect(feedback).not.toContainText(str(causal.display));
});

test('query heads instead of KV heads is named', async ({ page, core }) => {
  await openExercise(page, '2-3');
  const rq = core.ok({ op: 'request', model: 'qwen3-8b', input: 8192, generated: 513, kv_heads: 32 });
  const feedback = await answer(page, '2-3', 'b', str(rq.final_kv_display));
  await expect(feedback).toHaveAttribute('data-mistake', 'query_heads');
});

test('2-2: the share reuse saves is a checked percentage, as % or as a proportion', async ({ page, core }) => {
  await openExercise(page, '2-2');
  const t = core.ok({ op: 'turn', model: 'qwen3-8b', total_input: 8192, cached: 6144, generated: 1 });
  const shown = str(t.prefill_saved_display); // "72.22%"
  expect(shown).toMatch(/%$/);
  await expect(await answer(page, '2-2', 'saving', shown)).toHaveAttribute('data-verdict', 'correct');
  // The same value written as a proportion (0.7222): the test writes it, the core judges it.
  const proportion = (Number(shown.replace('%', '')) / 100).toFixed(4);
  await expect(await answer(page, '2-2', 'saving', proportion)).toHaveAttribute('data-verdict', 'correct');
  // The share of rows skipped is the named mistake, not a bare "wrong".
  const rows = str(t.rows_saved_display);
  const feedback = await answer(page, '2-2', 'saving', rows);
  const expected = verdict(core, rows, {
    value: str(t.prefill_saved_percent),
    unit: '%',
    digits: 2,
    mistakes: [
      {
        code: 'kept_share',
        value: str(t.prefill_kept_percent),
        message: exerciseFile('2-2').parts.find((p: { id: string }) => p.id === 'saving').mistakes[0].message,
      },
      {
        code: 'rows_share',
        value: str(t.rows_saved_percent),
        message: exerciseFile('2-2').parts.find((p: { id: string }) => p.id === 'saving').mistakes[1].message,
      },
    ],
  });
  expect(expected.mistake).toBe('rows_share');
  await expect(feedback).toHaveAttribute('data-mistake', 'rows_share');
  await expect(feedback).toHaveText(expected.message);
  // The worked solution prints the core's two totals and the share.
  await part(page, '2-2', 'saving').getByRole('button', { name: '看完整解答' }).click();
  const solution = part(page, '2-2', 'saving').locator('[data-solution]');
  await expect(solution).toContainText(str(t.full_prefill_display));
  await expect(solution.locator('[data-answer]')).toHaveText(`答案：${shown}`);
});

test('2-4(c): KV heads used for the scores is named; a half is not called a forgotten K/V', async ({ page, core }) => {
  await openExercise(page, '2-4');
  const right = core.ok({ op: 'forward', model: 'qwen3-8b', context: 8192, kv_heads: 4 });
  const wrong = core.ok({ op: 'forward', model: 'qwen3-8b', context: 8192, kv_heads: 4, score_heads: 'kv' });
  const named = await answer(page, '2-4', 'c', str(wrong.interaction_display));
  await expect(named).toHaveAttribute('data-mistake', 'kv_heads_for_scores');
  await expect(named).toContainText('查詢頭');
  await expect(named).not.toContainText(str(right.interaction_display));
  // Half the right value, as an exact FLOPs count (BigInt: no rounding in the test).
  const half = `${BigInt(str(right.interaction)) / 2n} FLOPs`;
  const halfFeedback = await answer(page, '2-4', 'c', half);
  await expect(halfFeedback).toHaveAttribute('data-mistake', 'missing_factor_2');
  await expect(halfFeedback).not.toContainText('K 與 V');
  await expect(await answer(page, '2-4', 'c', str(right.interaction_display))).toHaveAttribute('data-verdict', 'correct');
});

test('2-4(d): CSA entry counts are answer fields checked against the core', async ({ page, core }) => {
  await openExercise(page, '2-4');
  const rows = (r: Record<string, unknown>, key: string) => r[key] as Array<Record<string, unknown>>;
  const s8 = core.ok({ op: 'state', model: 'deepseek-v4-flash', tokens: 8192 });
  const s16 = core.ok({ op: 'state', model: 'deepseek-v4-flash', tokens: 16384 });
  const stored8 = rows(s8, 'items').find((i) => i.id === 'csa_main')!;
  const scan16 = rows(s16, 'reads').find((i) => i.id === 'csa_index_read')!;
  const selected16 = rows(s16, 'reads').find((i) => i.id === 'csa_entries_read')!;
  await expect(await answer(page, '2-4', 'stored1', `${str(stored8.entries)} 個`)).toHaveAttribute('data-verdict', 'correct');
  await expect(await answer(page, '2-4', 'scan2', str(scan16.entries))).toHaveAttribute('data-verdict', 'correct');
  // Scanning only the selected entries is the named trap.
  const trap = await answer(page, '2-4', 'scan2', str(selected16.entries_cap));
  await expect(trap).toHaveAttribute('data-mistake', 'selected_only');
  await expect(await answer(page, '2-4', 'cap', str(selected16.entries_cap))).toHaveAttribute('data-verdict', 'correct');
  // The "why" stays an open question with a model answer.
  const open = part(page, '2-4', 'e');
  await open.getByRole('button', { name: '我想好了，看參考答案' }).click();
  const grouped = (v: unknown) => BigInt(str(v)).toLocaleString('en-US'); // the page's digit grouping
  const stored16 = rows(s16, 'items').find((i) => i.id === 'csa_main')!;
  await expect(open.locator('[data-solution]')).toContainText(`${grouped(stored8.entries)} → ${grouped(stored16.entries)}`);
});

test('2-1: the node a new position waits for is two checked fields', async ({ page, core }) => {
  await openExercise(page, '2-1');
  const dc = core.ok({ op: 'dependency_chain', layers: 3, tokens: 4 });
  await expect(await answer(page, '2-1', 'waitlayer', str(dc.layers))).toHaveAttribute('data-verdict', 'correct');
  await expect(await answer(page, '2-1', 'waitpos', str(dc.tokens))).toHaveAttribute('data-verdict', 'correct');
  // One past the last known position is the new position itself: wrong, with no made-up pattern named.
  const wrong = await answer(page, '2-1', 'waitpos', String(Number(dc.tokens) + 1));
  await expect(wrong).toHaveAttribute('data-mistake', 'other');
});

test('the summary counts only the parts an exercise still has', async ({ page }) => {
  // Progress saved before 2-4(d) became answer fields: its old open part "d" is kept, not counted.
  const saved = {
    schema: 1,
    exercises: {
      '2-4': {
        parts: {
          a: { seed: 0, answer: '576 MiB', correct: true, attempted: true, hints: 0, revealed: false },
          d: { seed: 0, answer: '條目加倍', correct: false, attempted: true, hints: 1, revealed: true },
        },
      },
    },
  };
  await page.addInitScript((raw) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tally.progress.v1', raw);
      sessionStorage.setItem('seeded', '1');
    }
  }, JSON.stringify(saved));
  await openProgress(page);
  await expect(page.locator('[data-summary="2-4"] [data-count="attempted"]')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tally.progress.v1') ?? 'null'));
  expect(Object.keys(stored.exercises['2-4'].parts).sort()).toEqual(['a', 'd']);
});

test('hints open one at a time', async ({ page }) => {
  await openExercise(page, '2-5');
  const p = part(page, '2-5', 'a');
  const button = p.locator('[data-action="hint"]');
  await expect(button).toHaveText('提示（共 2 則）');
  await button.click();
  await expect(p.locator('[data-hints] li')).toHaveCount(1);
  await expect(p.locator('[data-hints] li').first()).toHaveText(exerciseFile('2-5').parts[0].hints[0]);
  await button.click();
  await expect(p.locator('[data-hints] li')).toHaveCount(2);
  await expect(button).toBeDisabled();
});

test('the worked solution shows the core numbers for the current givens', async ({ page, core }) => {
  await openExercise(page, '2-5');
  const s = core.ok({ op: 'state', model: 'qwen3.6-35b-a3b', tokens: 32768, budget_bytes: 268435456 });
  const p = part(page, '2-5', 'g');
  await p.getByRole('button', { name: '看完整解答' }).click();
  const solution = p.locator('[data-solution]');
  await expect(solution).toBeVisible();
  await expect(solution).toContainText(str(s.fixed_display));
  await expect(solution.locator('[data-answer]')).toHaveText(`答案：${str(s.budget_tokens_display)}`);

  // An open question: the model answer appears after 「我想好了」.
  const open = part(page, '2-5', 'i');
  await open.getByRole('textbox').fill('固定部分與上下文無關');
  await open.getByRole('button', { name: '我想好了，看參考答案' }).click();
  await expect(open.locator('[data-solution]')).toContainText('參考答案');
});

test('a variant from the URL seed is reproducible and its answer is recomputed by the core', async ({ page, core }) => {
  await openExercise(page, '2-6', '#ex-2-6:seed=123456');
  const ex = exercise(page, '2-6');
  await expect(ex).toHaveAttribute('data-seed', '123456');
  const texts = await ex.locator('.exercise-givens dd').allTextContents();
  // The givens read back through the catalog and the content file.
  const catalog = core.ok({ op: 'catalog' }) as { models: Array<{ id: string; name: string }> };
  const model = catalog.models.find((m) => m.name === texts[0])!;
  expect(model, `model named ${texts[0]}`).toBeTruthy();
  const batch = Number(texts[1]!.replace(/[^\d]/g, ''));
  expect(exerciseFile('2-6').givens.B.variants.map((v: { value: number }) => v.value)).toContain(batch);

  const routing = core.ok({ op: 'routing', model: model.id, batch, dispatch: 'concentrated' });
  const feedback = await answer(page, '2-6', 'd', str(routing.display));
  await expect(feedback).toHaveAttribute('data-verdict', 'correct');

  // Same seed, same question after a reload.
  await page.reload();
  await expect(exercise(page, '2-6')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  expect(await exercise(page, '2-6').locator('.exercise-givens dd').allTextContents()).toEqual(texts);

  // 「換一題」 writes a new seed into the URL; 「回到書中的題目」 restores the book's givens.
  await exercise(page, '2-6').getByRole('button', { name: '換一題' }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/ex-2-6:seed=(?!123456\b)\d+/);
  await exercise(page, '2-6').getByRole('button', { name: '回到書中的題目' }).click();
  await expect(exercise(page, '2-6')).toHaveAttribute('data-seed', '0');
  await expect(exercise(page, '2-6').locator('.exercise-givens dd').first()).toHaveText('Qwen3.6-35B-A3B');
});

test('an invalid seed in the URL is reported and the book question shown', async ({ page }) => {
  await openExercise(page, '2-6', '#ex-2-6:seed=abc');
  await expect(exercise(page, '2-6').locator('[data-notice]')).toContainText('seed「abc」無效');
  await expect(exercise(page, '2-6')).toHaveAttribute('data-seed', '0');
});

test('progress survives a reload and shows in the chapter summary', async ({ page, core }) => {
  await openExercise(page, '2-7');
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192 });
  await answer(page, '2-7', 'b', str(cap.requests));
  await page.reload();
  await expect(exercise(page, '2-7')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(part(page, '2-7', 'b').getByRole('textbox')).toHaveValue(str(cap.requests));
  await expect(part(page, '2-7', 'b').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  // The chapter summary on its own page reads the same progress and links back.
  await openProgress(page);
  const row = page.locator('[data-summary="2-7"]');
  await expect(row.locator('[data-count="attempted"]')).toHaveText('1');
  await expect(row.locator('[data-count="correct"]')).toHaveText('1');
  await expect(row.getByRole('link')).toHaveAttribute('href', `${pageOf('2-7')}#exercise-2-7`);
});

test('export, reset with confirmation, and import round trip', async ({ page, core }) => {
  await openExercise(page, '2-7');
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 16384 });
  await answer(page, '2-7', 'c', str(cap.requests));
  let progress = await openProgress(page);
  const [download] = await Promise.all([page.waitForEvent('download'), progress.getByRole('button', { name: '匯出進度' }).click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  expect(exported.schema).toBe(1);
  expect(exported.exercises['2-7'].parts.c.answer).toBe(str(cap.requests));

  await progress.getByRole('button', { name: '清除進度…' }).click();
  await progress.getByRole('button', { name: '確定清除' }).click();
  await expect(page.locator('[data-summary="2-7"] [data-count="attempted"]')).toHaveText('0');
  await openExercise(page, '2-7');
  await expect(part(page, '2-7', 'c').getByRole('textbox')).toHaveValue('');

  progress = await openProgress(page);
  await progress.locator('input[type="file"]').setInputFiles(file);
  await expect(progress.locator('[data-progress-status]')).toContainText('已從');
  await expect(page.locator('[data-summary="2-7"] [data-count="correct"]')).toHaveText('1');
  await openExercise(page, '2-7');
  await expect(part(page, '2-7', 'c').getByRole('textbox')).toHaveValue(str(cap.requests));

  // A file that is not progress is refused with the reason; progress stays.
  progress = await openProgress(page);
  await progress.locator('input[type="file"]').setInputFiles({
    name: 'other.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"schema": 1, "exercises": {"2-7": {"parts": {"c": {"seed": -1}}}}}'),
  });
  await expect(progress.locator('[data-progress-status]')).toContainText('無法匯入「other.json」');
  await expect(progress.locator('[data-progress-status]')).toContainText('seed');
  await expect(page.locator('[data-summary="2-7"] [data-count="correct"]')).toHaveText('1');
  await page.reload();
  await expect(progressBlock(page).getByRole('button', { name: '匯出進度' })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-summary="2-7"] [data-count="correct"]')).toHaveText('1');
});

test('a corrupt progress entry is reported and set aside, not wiped', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tally.progress.v1', '{"schema": 1, "exercises": [oops');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await openProgress(page);
  const notice = page.locator('#exercise-progress [data-notice]');
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText('tally.progress.v1.set-aside.');
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('tally.progress.v1.set-aside.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(['{"schema": 1, "exercises": [oops']);
});

test('progress written by a newer page is kept aside, not misread', async ({ page }) => {
  const newer = '{"schema": 2, "exercises": {}}';
  await page.addInitScript((raw) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tally.progress.v1', raw);
      sessionStorage.setItem('seeded', '1');
    }
  }, newer);
  await openProgress(page);
  await expect(page.locator('#exercise-progress [data-notice]')).toContainText('較新版本', { timeout: 20_000 });
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('tally.progress.v1.set-aside.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual([newer]);
});

test('without localStorage the exercises still work and the reader is told', async ({ page, core }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('storage is disabled', 'SecurityError');
      },
    });
  });
  // Progress lives only in the page's memory, so the summary and the
  // exercise are checked on one page each: the summary tells the reader...
  await openProgress(page);
  await expect(page.locator('#exercise-progress [data-notice]')).toContainText('不允許本頁使用 localStorage', { timeout: 20_000 });
  // This page cannot see answers given on other pages: it says so instead of showing 0.
  await expect(page.locator('#exercise-progress [data-notice]')).toContainText('其他頁面的作答在這裡看不到');
  await expect(page.locator('[data-summary="2-7"] [data-count="attempted"]')).toHaveText('—');
  await expect(page.locator('[data-summary="2-7"] [data-count="correct"]')).toHaveText('—');
  // ...and so does the exercise page, where answers are still checked.
  await openExercise(page, '2-7');
  await expect(page.locator('[data-exercise] [data-notice]').first()).toContainText('不允許本頁使用 localStorage');
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  await expect(await answer(page, '2-7', 'a', str(cap.requests))).toHaveAttribute('data-verdict', 'correct');
});

test('progress from the unversioned schema is migrated', async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tally.progress', '{"2-8": {"a": "1392"}}');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await openProgress(page);
  await expect(page.locator('#exercise-progress [data-notice]')).toContainText('轉換為新格式', { timeout: 20_000 });
  await openExercise(page, '2-8');
  await expect(part(page, '2-8', 'a').getByRole('textbox')).toHaveValue('1392');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tally.progress.v1') ?? 'null'));
  expect(stored.exercises['2-8'].parts.a.answer).toBe('1392');
});

test('fits a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  for (const id of ['2-2', '2-5', '2-7']) {
    await openExercise(page, id);
    const overflow = await exercise(page, id).evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, `exercise ${id} overflows`).toBeLessThanOrEqual(0);
    expect(await pageOverflow(), `${pageOf(id)} overflows`).toBeLessThanOrEqual(0);
  }
  await openProgress(page);
  const overflow = await progressBlock(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'progress summary overflows').toBeLessThanOrEqual(0);
  expect(await pageOverflow(), `${pageOf('progress')} overflows`).toBeLessThanOrEqual(0);
});
