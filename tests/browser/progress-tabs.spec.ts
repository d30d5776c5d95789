// Exercise progress that is never lost (issue 18 items 2–3, issue 15 item 4):
// two tabs merge instead of overwriting each other and follow each other
// live; every length limit is in the form; one unreadable part is dropped
// alone; a variant keeps its own answers apart from the book's question; and
// progress stored by the page before this change migrates without loss.
// Verdicts and expected values are the core's (the Node build, fixtures.ts).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { exercisePart as part, answerExercise as answer, seedStorageOnce as seed } from './learner';

test.describe.configure({ timeout: 120_000 });

const KEY = 'tally.progress.v1';
const fixture = readFileSync(path.resolve(import.meta.dirname, '../fixtures/progress/v1-before-seeds.json'), 'utf8');
/** The variant seed the fixture's 2-5(a) belongs to (recorded by the page before seeds were kept apart). */
const FIXTURE_SEED = JSON.parse(fixture).exercises['2-5'].parts.a.seed as number;

/** Wait until every exercise on the page is live. */
async function ready(page: Page): Promise<void> {
  for (const el of await page.locator('[data-exercise]').all()) await expect(el).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await ready(page);
}

/** The answer the page shows in the worked solution (the core's display), read after opening it. */
async function shownAnswer(page: Page, id: string, p: string): Promise<string> {
  const el = part(page, id, p);
  await el.getByRole('button', { name: '看完整解答' }).click();
  return (await el.locator('[data-answer]').textContent())!.replace('答案：', '');
}

const stored = (page: Page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), KEY);
const setAsideKeys = (page: Page) => page.evaluate((k) => Object.keys(localStorage).filter((x) => x.startsWith(`${k}.set-aside.`)), KEY);

test('two tabs answering different exercises: neither overwrites the other, and each shows the other live', async ({ page, context, core }) => {
  await open(page, './2-6.html');
  const other = await context.newPage();
  await open(other, './2-6.html');

  // Tab A answers 2-7(b) (the core's capacity), tab B answers 2-8(a).
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192 });
  await expect(await answer(page, '2-7', 'b', String(cap.requests))).toHaveAttribute('data-verdict', 'correct');
  await answer(other, '2-8', 'a', '1392');
  const verdict28 = await part(other, '2-8', 'a').locator('[data-feedback]').getAttribute('data-verdict');

  // Without a reload, each tab shows the other's answer (storage event), with the core's verdict.
  await expect(part(other, '2-7', 'b').getByRole('textbox')).toHaveValue(String(cap.requests));
  await expect(part(other, '2-7', 'b').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(part(page, '2-8', 'a').getByRole('textbox')).toHaveValue('1392');
  await expect(part(page, '2-8', 'a').locator('[data-feedback]')).toHaveAttribute('data-verdict', verdict28!);

  // Tab A answers again (2-7(c)): B's answer is still in storage afterwards.
  await answer(page, '2-7', 'c', '3');
  const both = await stored(page);
  expect(both.exercises['2-7'].parts.b.answer).toBe(String(cap.requests));
  expect(both.exercises['2-7'].parts.c.answer).toBe('3');
  expect(both.exercises['2-8'].parts.a.answer).toBe('1392');

  // Both reloaded: every answer is there in both.
  for (const p of [page, other]) {
    await p.reload();
    await ready(p);
    await expect(part(p, '2-7', 'b').getByRole('textbox')).toHaveValue(String(cap.requests));
    await expect(part(p, '2-7', 'c').getByRole('textbox')).toHaveValue('3');
    await expect(part(p, '2-8', 'a').getByRole('textbox')).toHaveValue('1392');
  }
  await other.close();
});

test('the same part answered in two tabs: the later answer wins in both', async ({ page, context }) => {
  await open(page, './2-6.html');
  const other = await context.newPage();
  await open(other, './2-6.html');
  await answer(page, '2-7', 'a', '100');
  await expect(part(other, '2-7', 'a').getByRole('textbox')).toHaveValue('100');
  await answer(other, '2-7', 'a', '200');
  await expect(part(page, '2-7', 'a').getByRole('textbox')).toHaveValue('200');
  expect((await stored(page)).exercises['2-7'].parts.a.answer).toBe('200');
  await other.close();
});

test('a reset in one tab is not undone by the other tab’s next save', async ({ page, context }) => {
  await open(page, './2-6.html');
  await answer(page, '2-7', 'a', '100');
  const summary = await context.newPage();
  await summary.goto('./ch02.html');
  const block = summary.locator('#exercise-progress');
  await block.getByRole('button', { name: '清除進度…' }).click();
  await block.getByRole('button', { name: '確定清除' }).click();
  await expect(summary.locator('[data-summary="2-7"] [data-count="attempted"]')).toHaveText('0');
  // The first tab shows the reset live: the answer it gave is gone from its field.
  await expect(part(page, '2-7', 'a').getByRole('textbox')).toHaveValue('');
  await expect(part(page, '2-7', 'a').locator('[data-feedback]')).not.toHaveAttribute('data-verdict', /./);
  // The first tab saves another part: the reset part stays cleared.
  await answer(page, '2-7', 'b', '4');
  const after = await stored(page);
  expect(after.exercises['2-7'].parts.a).toBeUndefined();
  expect(after.exercises['2-7'].parts.b.answer).toBe('4');
  await summary.close();
});

test('a 3,000-character open answer: the field keeps 2,000 and says so; after a reload nothing is set aside', async ({ page }) => {
  await open(page, './2-3.html');
  const open5 = part(page, '2-5', 'i');
  const box = open5.getByRole('textbox');
  const count = open5.locator('[data-count]');
  await expect(box).toHaveAttribute('maxlength', '2000');
  await expect(count).toHaveText('0／2000 字');
  // Pasted text beyond the limit is cut by the field, and the count shows the limit reached.
  await box.focus();
  await page.keyboard.insertText('想'.repeat(3000));
  await expect(box).toHaveValue('想'.repeat(2000));
  await expect(count).toHaveText('2000／2000 字');
  // A longer text that reached the field anyway (a script) is refused visibly and not stored.
  await box.evaluate((el: HTMLTextAreaElement) => {
    el.value = '長'.repeat(3000);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await expect(count).toHaveText('3000／2000 字');
  await expect(count).toHaveAttribute('data-over', 'true');
  await open5.getByRole('button', { name: '我想好了，看參考答案' }).click();
  await expect(open5.locator('[data-feedback]')).toHaveText('超過 2000 字的上限（目前 3000 字）：請縮短後再送出，這段文字沒有儲存。');
  await expect(open5.locator('[data-feedback]')).toHaveAttribute('data-verdict', 'wrong');
  expect(await stored(page)).toBeNull();

  // 2,000 characters are kept, and come back after a reload with nothing set aside.
  await box.fill('想'.repeat(2000));
  await open5.getByRole('button', { name: '我想好了，看參考答案' }).click();
  await expect(open5.locator('[data-solution]')).toContainText('參考答案');
  await page.reload();
  await ready(page);
  await expect(part(page, '2-5', 'i').getByRole('textbox')).toHaveValue('想'.repeat(2000));
  await expect(part(page, '2-5', 'i').locator('[data-solution]')).toBeVisible();
  expect(await setAsideKeys(page)).toEqual([]);
  await expect(page.locator('[data-exercise] [data-notice]:visible')).toHaveCount(0);
});

test('an answer field takes the core’s 200 characters and shows the count near the limit', async ({ page, core }) => {
  await open(page, './2-6.html');
  const el = part(page, '2-7', 'a');
  const box = el.getByRole('textbox');
  await expect(box).toHaveAttribute('maxlength', '200');
  await expect(el.locator('[data-count]')).toBeHidden();
  await box.focus();
  await page.keyboard.insertText('9'.repeat(300));
  await expect(box).toHaveValue('9'.repeat(200));
  await expect(el.locator('[data-count]')).toHaveText('200／200 字');
  // 201 characters reach the core only through a script: the core's own message.
  const long = '9'.repeat(201);
  const expected = core.ok({ op: 'check_answer', answer: long, expected: { value: '4', unit: 'requests' } }) as { message: string };
  await box.evaluate((e: HTMLInputElement, v) => (e.value = v), long);
  await el.getByRole('button', { name: '核對答案' }).click();
  await expect(el.locator('[data-feedback]')).toHaveText(expected.message);
});

test('one unreadable stored part is dropped and reported; the rest loads, the original is copied aside', async ({ page, core }) => {
  const data = JSON.parse(fixture);
  // An older page let a 3,000-character open answer into storage.
  data.exercises['2-7'].parts.g = { seed: 0, answer: 'x'.repeat(3000), correct: false, attempted: true, hints: 0, revealed: true };
  const raw = JSON.stringify(data);
  await seed(page, { [KEY]: raw });
  await open(page, './2-6.html');
  const notice = page.locator('[data-exercise] [data-notice]').first();
  await expect(notice).toContainText('有 1 項無法讀取');
  await expect(notice).toContainText('練習 2-7 的小題 g（answer 不是字串（最多 2000 字））');
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192 });
  await expect(part(page, '2-7', 'b').getByRole('textbox')).toHaveValue(String(cap.requests));
  await expect(part(page, '2-7', 'g').getByRole('textbox')).toHaveValue('');
  const aside = await setAsideKeys(page);
  expect(aside).toHaveLength(1);
  await expect(notice).toContainText(aside[0]!);
  expect(await page.evaluate((k) => localStorage.getItem(k), aside[0]!)).toBe(raw);
});

test('the progress import takes what the page exports: a 2,000-character open answer and a variant', async ({ page }) => {
  await open(page, './2-3.html');
  await part(page, '2-5', 'i').getByRole('textbox').fill('想'.repeat(2000));
  await part(page, '2-5', 'i').getByRole('button', { name: '我想好了，看參考答案' }).click();
  await page.locator('#exercise-2-5').getByRole('button', { name: '換一題' }).click();
  await expect(page.locator('#exercise-2-5')).not.toHaveAttribute('data-seed', '0');
  await answer(page, '2-5', 'a', '123');
  await page.goto('./ch02.html');
  const block = page.locator('#exercise-progress');
  const [download] = await Promise.all([page.waitForEvent('download'), block.getByRole('button', { name: '匯出進度' }).click()]);
  const file = await download.path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  await block.getByRole('button', { name: '清除進度…' }).click();
  await block.getByRole('button', { name: '確定清除' }).click();
  await block.locator('input[type="file"]').setInputFiles(file);
  await expect(block.locator('[data-progress-status]')).toContainText('已從「');
  const back = await stored(page);
  expect(back.exercises).toEqual(exported.exercises);
  expect(back.exercises['2-5'].parts.i.answer).toHaveLength(2000);
});

test('a variant keeps its own answers: back at the book’s question its answers are there, and the summary counts them', async ({ page }) => {
  await open(page, './2-3.html');
  const ex = page.locator('#exercise-2-5');
  const bookA = await shownAnswer(page, '2-5', 'a');
  await expect(await answer(page, '2-5', 'a', bookA)).toHaveAttribute('data-verdict', 'correct');
  const bookB = await shownAnswer(page, '2-5', 'b');
  await expect(await answer(page, '2-5', 'b', bookB)).toHaveAttribute('data-verdict', 'correct');

  // A variant: its fields start empty; answer (a), open a hint and its solution there.
  await ex.getByRole('button', { name: '換一題' }).click();
  await expect(ex).not.toHaveAttribute('data-seed', '0');
  const seedText = (await ex.getAttribute('data-seed'))!;
  await expect(part(page, '2-5', 'a').getByRole('textbox')).toHaveValue('');
  await answer(page, '2-5', 'a', '12345');
  await part(page, '2-5', 'b').getByRole('button', { name: /提示/ }).click();
  await part(page, '2-5', 'b').getByRole('button', { name: '看完整解答' }).click();

  // Back to the book: its answers and verdicts, no hint, no solution from the variant.
  await ex.getByRole('button', { name: '回到書中的題目' }).click();
  await expect(ex).toHaveAttribute('data-seed', '0');
  await expect(part(page, '2-5', 'a').getByRole('textbox')).toHaveValue(bookA);
  await expect(part(page, '2-5', 'a').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(part(page, '2-5', 'b').getByRole('textbox')).toHaveValue(bookB);
  await expect(part(page, '2-5', 'b').locator('[data-hints] li')).toHaveCount(0);

  // The variant's own work is there when its seed comes back (a link opened afresh).
  // First the page finishes writing the book's state into its URL (a write
  // still pending would land after the link and replace it).
  await expect(page).not.toHaveURL(/seed=/);
  await page.goto(`./2-3.html#ex-2-5:seed=${seedText}`);
  await page.reload();
  await ready(page);
  await expect(ex).toHaveAttribute('data-seed', seedText);
  await expect(part(page, '2-5', 'a').getByRole('textbox')).toHaveValue('12345');
  await expect(part(page, '2-5', 'b').locator('[data-hints] li')).toHaveCount(1);
  await expect(part(page, '2-5', 'b').locator('[data-solution]')).toBeVisible();

  // The summary counts the book's question: 2 tried, 2 right.
  await page.goto('./ch02.html');
  await expect(page.locator('[data-summary="2-5"] [data-count="attempted"]')).toHaveText('2');
  await expect(page.locator('[data-summary="2-5"] [data-count="correct"]')).toHaveText('2');
  const s = await stored(page);
  expect(s.exercises['2-5'].parts.a.answer).toBe(bookA);
  expect(s.exercises['2-5'].seeds[seedText].parts.a.answer).toBe('12345');
});

test('progress stored by the page before variants were kept apart migrates without loss', async ({ page, core }) => {
  const before = JSON.parse(fixture);
  await seed(page, { [KEY]: fixture });
  await page.goto('./ch02.html');
  // The summary counts the book's question: 2-5(b) and the open 2-5(i) tried, (b) right; 2-7(b) right.
  await expect(page.locator('[data-summary="2-5"] [data-count="attempted"]')).toHaveText('2', { timeout: 20_000 });
  await expect(page.locator('[data-summary="2-5"] [data-count="correct"]')).toHaveText('1');
  await expect(page.locator('[data-summary="2-7"] [data-count="correct"]')).toHaveText('1');
  await expect(page.locator('#exercise-progress [data-notice]')).toBeHidden();

  // The book's question shows its answers; (a) held the variant's answer, which is not the book's.
  await open(page, './2-3.html');
  const b = before.exercises['2-5'].parts;
  await expect(part(page, '2-5', 'a').getByRole('textbox')).toHaveValue('');
  await expect(part(page, '2-5', 'b').getByRole('textbox')).toHaveValue(b.b.answer);
  await expect(part(page, '2-5', 'b').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'correct');
  await expect(part(page, '2-5', 'b').locator('[data-solution]')).toBeVisible();
  await expect(part(page, '2-5', 'i').getByRole('textbox')).toHaveValue(b.i.answer);
  // The variant's (a) is found under its seed, with its hint.
  await open(page, `./2-3.html#ex-2-5:seed=${FIXTURE_SEED}`);
  await expect(part(page, '2-5', 'a').getByRole('textbox')).toHaveValue(b.a.answer);
  await expect(part(page, '2-5', 'a').locator('[data-hints] li')).toHaveCount(b.a.hints);
  await expect(part(page, '2-5', 'a').locator('[data-feedback]')).toHaveAttribute('data-verdict', 'wrong');

  // The next save writes the new layout, every part of the old entry in it, unchanged but for `at` where touched.
  const cap = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 4096 });
  await open(page, './2-6.html');
  await answer(page, '2-7', 'a', String(cap.requests));
  const after = await stored(page);
  expect(after.exercises['2-5'].parts.b).toEqual(b.b);
  expect(after.exercises['2-5'].parts.i).toEqual(b.i);
  expect(after.exercises['2-5'].parts.a).toBeUndefined();
  expect(after.exercises['2-5'].seeds[String(FIXTURE_SEED)].parts.a).toEqual(b.a);
  expect(after.exercises['2-7'].parts.b).toEqual(before.exercises['2-7'].parts.b);
  expect(after.exercises['2-7'].parts.a.answer).toBe(String(cap.requests));
  expect(await setAsideKeys(page)).toEqual([]);
});

test('an entry another page left unreadable is copied aside before this tab’s save replaces it', async ({ page }) => {
  await open(page, './2-6.html');
  // Written behind this tab's back (no storage event in the writing tab itself).
  await page.evaluate((k) => localStorage.setItem(k, '{"schema": 1, "exercises": [cut'), KEY);
  await answer(page, '2-7', 'a', '100');
  const aside = await setAsideKeys(page);
  expect(aside).toHaveLength(1);
  expect(await page.evaluate((k) => localStorage.getItem(k), aside[0]!)).toBe('{"schema": 1, "exercises": [cut');
  expect((await stored(page)).exercises['2-7'].parts.a.answer).toBe('100');
});
