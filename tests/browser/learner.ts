// What a learner does in the tests that keep progress: find an exercise part,
// answer it, and start a page with storage as an earlier visit left it.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

interface Kind {
  id_prefix: string;
  anchor_prefix: string;
}
const kinds: Kind[] = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../content/book.json'), 'utf8')).exercise_kinds;

/** An exercise's element id from its id, by content/book.json's kinds: 2-5 → exercise-2-5, lab-4-5 → lab-4-5. */
export function exerciseAnchor(id: string): string {
  const kind = [...kinds].sort((a, b) => b.id_prefix.length - a.id_prefix.length).find((k) => id.startsWith(k.id_prefix))!;
  return `${kind.anchor_prefix}${id.slice(kind.id_prefix.length)}`;
}

export const exercisePart = (page: Page, id: string, p: string): Locator => page.locator(`#${exerciseAnchor(id)}-${p}`);

/**
 * Type and check an answer; resolves to the feedback element once the core's
 * verdict is shown. `check` is the button's name in the page's edition.
 */
export async function answerExercise(page: Page, id: string, p: string, text: string, check = '核對答案'): Promise<Locator> {
  const el = exercisePart(page, id, p);
  // Hydration restores stored answers into the fields: typing before it is done would be overwritten.
  await expect(page.locator(`[data-exercise="${id}"]`)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await el.getByRole('textbox').fill(text);
  const feedback = el.locator('[data-feedback]');
  // A restored answer already shows its verdict; clear it so the wait below
  // is for this check's verdict, not the old one (a race under load).
  await feedback.evaluate((f) => f.removeAttribute('data-verdict'));
  await el.getByRole('button', { name: check }).click();
  await expect(feedback).toHaveAttribute('data-verdict', /correct|wrong/);
  return feedback;
}

/** Seed localStorage once (before the first load of the test), not on reloads. */
export async function seedStorageOnce(page: Page, entries: Record<string, string>): Promise<void> {
  await page.addInitScript((e) => {
    if (sessionStorage.getItem('seeded')) return;
    for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v);
    sessionStorage.setItem('seeded', '1');
  }, entries);
}
