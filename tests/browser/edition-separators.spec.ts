// What the page code joins in every edition's own punctuation (issue 20):
// the profile chip shortens a format's name at the edition's bracket
// ("INT4（每 128 值…）" / "INT4 (one FP16 scale…)" → "INT4"), and the
// progress notice names an unreadable variant's part with the edition's
// brackets and lists several with its clause separator ("；" / "; "). The
// expected words come from content/ in each edition (editions.ts), the same
// transform the site build uses; English shows no CJK punctuation.
import { BUILT, contentJson, uiIn } from './editions';
import { allReady, expect, test } from './fixtures';
import { seedStorageOnce } from './learner';

const CJK_PUNCTUATION = /[\u3000-\u303f\uff00-\uffef]/u;
const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

for (const e of BUILT) {
  test(`${e.dir}2-2.html: the profile chip names INT4 without its bracketed scale layout, in the ${e.lang} words`, async ({ page }) => {
    const chip = contentJson<{ chip: Record<string, string> }>('content/site/profile.json', e.lang).chip;
    await seedStorageOnce(page, { 'tally.profile.v1': JSON.stringify({ version: 1, values: { precision: 'int4', gpu: 'h200' } }) });
    await page.goto(`./${e.dir}2-2.html`);
    await allReady(page);
    const text = page.locator('[data-profile-chip]').getByTestId('profile-chip-text');
    await expect(text).toHaveText(`${fill(chip.precision ?? '', { name: 'INT4' })}${chip.separator}H200`);
    if (e.lang === 'en') expect(await text.textContent()).not.toMatch(CJK_PUNCTUATION);
  });

  test(`${e.dir}2-6.html: unreadable stored parts are named and listed in the ${e.lang} punctuation`, async ({ page }) => {
    const ui = uiIn(e.lang);
    const bad = { seed: 0, answer: 'x'.repeat(3000), correct: false, attempted: true, hints: 0, revealed: true };
    const stored = { schema: 1, exercises: { '2-7': { parts: { g: bad }, seeds: { '123': { parts: { b: bad } } } } } };
    await seedStorageOnce(page, { 'tally.progress.v1': JSON.stringify(stored) });
    await page.goto(`./${e.dir}2-6.html`);
    // "練習 2-7": the kind's label in this edition (content/book.json exercise_kinds), then the book's number.
    const practice = contentJson<{ exercise_kinds: Array<{ kind: string; label: string }> }>('content/book.json', e.lang).exercise_kinds.find(
      (k) => k.kind === 'exercise',
    )!.label;
    const where = fill(ui.progress_check!.where!, { kind: practice, number: '2-7' });
    const why = fill(ui.progress_check!.bad_answer!, { max: 2000 });
    const book = fill(ui.progress_check!.dropped_part!, { where, part: 'g', why });
    const variant = fill(ui.progress_check!.dropped_part!, { where: fill(ui.page!.name_detail!, { name: where, detail: '123' }), part: 'b', why });
    const notice = page.locator('[data-exercise] [data-notice]').first();
    await expect(notice).toContainText(`${book}${ui.widgets!.clause_separator}${variant}`, { timeout: 30_000 });
    if (e.lang === 'en') {
      expect(ui.widgets!.clause_separator).toBe('; ');
      expect(await notice.textContent()).not.toMatch(CJK_PUNCTUATION);
    }
  });
}
