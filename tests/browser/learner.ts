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

type Obj = Record<string, unknown>;
interface ExercisePart {
  id: string;
  kind: 'answer' | 'open';
  expected?: { call: string; field: string; unit: string; digits?: number; guesses?: string[] };
  mistakes?: Array<{ code: string; call: string; field: string; message?: string }>;
}
export interface ExerciseFile {
  id: string;
  givens?: Record<string, { default: { value: unknown; with?: Obj } }>;
  calls: Record<string, Obj>;
  parts: ExercisePart[];
}

/** A result's field by the exercises' path syntax: `total`, `items[id=kv].bytes`, `chunks[3].ready`. */
function follow(value: unknown, fieldPath: string): unknown {
  return fieldPath.match(/[^.[\]]+(?:\[[^\]]*\])?/g)!.reduce<unknown>((v, segment) => {
    const [, key, index] = /^([^[]+)(?:\[([^\]]*)\])?$/.exec(segment)!;
    const out = (v as Obj | undefined)?.[key!];
    if (index === undefined) return out;
    if (/^\d+$/.test(index)) return (out as unknown[] | undefined)?.[Number(index)];
    const [k, want] = index.split('=');
    return (out as Obj[] | undefined)?.find((x) => String(x[k!]) === want);
  }, value);
}

/**
 * The book question's first answer part as the page checks it: its calls run
 * in `ask` (the Node core, in the page's language) on the default givens, the
 * exact expected value as the text to type, and the check_answer request the
 * page sends for it (web/src/exercises/compute.ts).
 */
export function firstAnswer(ask: (request: Obj) => Obj, ex: ExerciseFile): { part: string; typed: string; expected: Obj } {
  const givens: Obj = {};
  for (const [key, g] of Object.entries(ex.givens ?? {})) Object.assign(givens, { [key]: g.default.value }, g.default.with ?? {});
  const results: Record<string, Obj> = {};
  for (const [name, call] of Object.entries(ex.calls)) {
    const field = (v: unknown): unknown => {
      if (typeof v === 'string' && v.startsWith('$')) return givens[v.slice(1)];
      const ref = v as { from?: string; field?: string } | null;
      return ref && typeof ref === 'object' && typeof ref.from === 'string' ? follow(results[ref.from], ref.field!) : v;
    };
    results[name] = ask(Object.fromEntries(Object.entries(call).map(([k, v]) => [k, field(v)])));
  }
  const part = ex.parts.find((p) => p.kind === 'answer')!;
  const e = part.expected!;
  const value = String(follow(results[e.call], e.field));
  const mistakes = (part.mistakes ?? [])
    .map((m) => ({ code: m.code, value: String(follow(results[m.call], m.field)), ...(m.message ? { message: m.message } : {}) }))
    .filter((m) => m.value !== value);
  const expected: Obj = { value, unit: e.unit };
  if (e.digits !== undefined) expected.digits = e.digits;
  if (e.guesses !== undefined) expected.guesses = e.guesses;
  if (mistakes.length) expected.mistakes = mistakes;
  return { part: part.id, typed: value, expected };
}
