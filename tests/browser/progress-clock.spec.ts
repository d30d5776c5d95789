// Progress that a clock cannot lose (issue 37, items 5 and 6): a stored
// answer dated in the future (the clock was ahead, or a file exported on such
// a machine was imported) no longer makes the reader's new answer look older
// and be dropped; a reset beats such answers too; and an entry with one
// unreadable part is copied aside once, not again on every page visited.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { exercisePart as part, answerExercise as answer, seedStorageOnce as seed } from './learner';

test.describe.configure({ timeout: 120_000 });

const KEY = 'tally.progress.v1';
/** Ten years ahead of this machine's clock. */
const FUTURE = Date.now() + 10 * 365 * 24 * 3600 * 1000;

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  for (const el of await page.locator('[data-exercise]').all()) await expect(el).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

const stored = (page: Page) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), KEY);
const setAsideKeys = (page: Page) => page.evaluate((k) => Object.keys(localStorage).filter((x) => x.startsWith(`${k}.set-aside.`)), KEY);

const futureEntry = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    schema: 1,
    ...extra,
    exercises: { '2-7': { parts: { a: { seed: 0, answer: '111', correct: false, attempted: true, hints: 0, revealed: false, at: FUTURE } } } },
  });

test('an answer stored with a time in the future does not outlive the reader’s new answer', async ({ page }) => {
  await seed(page, { [KEY]: futureEntry() });
  await open(page, './2-6.html');
  await expect(part(page, '2-7', 'a').getByRole('textbox')).toHaveValue('111');
  await answer(page, '2-7', 'a', '222');
  expect((await stored(page)).exercises['2-7'].parts.a.answer).toBe('222');
  await page.reload();
  await open(page, './2-6.html');
  await expect(part(page, '2-7', 'a').getByRole('textbox')).toHaveValue('222');
});

test('after importing a file from a machine whose clock was ahead, new answers are kept', async ({ page }) => {
  // What the import leaves: `replaced` and the parts both ahead of this clock.
  await seed(page, { [KEY]: futureEntry({ replaced: FUTURE - 1000 }) });
  await open(page, './2-6.html');
  await answer(page, '2-7', 'b', '4');
  await answer(page, '2-7', 'a', '222');
  const after = await stored(page);
  expect(after.exercises['2-7'].parts.a.answer).toBe('222');
  expect(after.exercises['2-7'].parts.b.answer).toBe('4');
});

test('a reset in another tab clears an answer dated in the future, and the next save does not bring it back', async ({ page, context }) => {
  await seed(page, { [KEY]: futureEntry() });
  await open(page, './2-6.html');
  const summary = await context.newPage();
  await summary.goto('./ch02.html');
  const block = summary.locator('#exercise-progress');
  await block.getByRole('button', { name: '清除進度…' }).click();
  await block.getByRole('button', { name: '確定清除' }).click();
  await expect(summary.locator('[data-summary="2-7"] [data-count="attempted"]')).toHaveText('0');
  await answer(page, '2-7', 'b', '4');
  const after = await stored(page);
  expect(after.exercises['2-7'].parts.a).toBeUndefined();
  expect(after.exercises['2-7'].parts.b.answer).toBe('4');
  await summary.close();
});

test('an entry with one unreadable part is copied aside once, however many pages are visited', async ({ page }) => {
  const data = JSON.parse(futureEntry());
  data.exercises['2-7'].parts.g = { seed: 0, answer: 'x'.repeat(3000), correct: false, attempted: true, hints: 0, revealed: true };
  const raw = JSON.stringify(data);
  await seed(page, { [KEY]: raw });
  for (const url of ['./2-6.html', './ch02.html', './2-6.html', './ch02.html']) await open(page, url);
  const aside = await setAsideKeys(page);
  expect(aside).toHaveLength(1);
  expect(await page.evaluate((k) => localStorage.getItem(k), aside[0]!)).toBe(raw);
  // Each page still says where the copy is.
  await open(page, './2-6.html');
  await expect(page.locator('[data-exercise] [data-notice]').first()).toContainText(aside[0]!);
});
