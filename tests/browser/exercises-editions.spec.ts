// The exercises in every edition the build wrote (issue 20): on one page
// load per edition, exercise 2-2(a) takes an answer written the edition's
// way (11.13 trillion FLOPs / 11.13兆 FLOPs / 11.13万亿 FLOPs) and another
// edition's way, and confirms both with the core's message in the page's
// language; its hints and worked solution are in the edition's words with
// the core's numbers. exercises.spec.ts tests the rest in zh-Hant.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { BUILT, contentJson, coreIn, uiIn, type Edition, type Lang } from './editions';
import { expect, test, type Core } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const EXERCISE = '2-2';
const FILE = 'content/ch02/exercises/2-2.json';

/** The page that holds the exercise ("```exercise 2-2" in content/ch02/*.md). */
const PAGE = ['2-1', '2-2', '2-3', '2-4', '2-5', '2-6'].find((p) =>
  new RegExp(`^\`\`\`exercise[ \\t]+${EXERCISE}[ \\t\\r]*$`, 'm').test(readFileSync(path.join(root, `content/ch02/${p}.md`), 'utf8')),
)!;

/** How each edition writes 10¹² after a number (the core reads every one of them in every edition). */
const TRILLION: Record<Lang, string> = { 'zh-Hant': '兆', 'zh-Hans': '万亿', en: ' trillion' };

/** Part (a) with the exercise's default givens: Qwen3-8B, B = 4, P = 1,024, S = 4,096 (content/ch02/exercises/2-2.json). */
function partA(core: Core) {
  const ex = JSON.parse(readFileSync(path.join(root, FILE), 'utf8'));
  const shape = ex.givens.shape.default.with as { B: number; P: number };
  const request = { op: 'forward', model: ex.givens.model.default.value, batch: shape.B, context: ex.givens.S.default.value, input: shape.P };
  const attn = (r: Record<string, unknown>) => (r.items as Array<Record<string, unknown>>).find((i) => i.id === 'attn_core')!;
  const right = attn(core.ok(request));
  const square = attn(core.ok({ ...request, pairs: 'square' }));
  return {
    flops: String(right.flops),
    display: String(right.display),
    expected: { value: String(right.flops), unit: 'FLOPs', digits: 3, mistakes: [{ code: 'square_pairs', value: String(square.flops) }] },
  };
}

const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

for (const e of BUILT) {
  test(`${e.dir}${PAGE}.html: exercise ${EXERCISE} checks answers written the ${e.lang} way and another edition's, with the core's words in ${e.lang}`, async ({
    page,
    core: anyLang,
  }) => {
    test.setTimeout(120_000);
    const core = coreIn(anyLang, e.lang);
    const ui = uiIn(e.lang).exercise!;
    const words = contentJson<{ parts: Array<{ hints: string[] }> }>(FILE, e.lang);
    const a = partA(core);
    await page.goto(`./${e.dir}${PAGE}.html`);
    const ex = page.locator(`#exercise-${EXERCISE}`);
    await expect(ex).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const part = page.locator(`#exercise-${EXERCISE}-a`);

    const other: Edition = BUILT.find((x) => x.lang !== e.lang) ?? e;
    for (const lang of [e.lang, other.lang]) {
      const text = `${(Number(a.flops) / 1e12).toPrecision(4)}${TRILLION[lang]} FLOPs`;
      await part.getByRole('textbox').fill(text);
      await part.getByRole('button', { name: ui.check }).click();
      const feedback = part.locator('[data-feedback]');
      const verdict = core.ok({ op: 'check_answer', answer: text, expected: a.expected });
      expect(verdict.correct, text).toBe(true);
      await expect(feedback).toHaveText(String(verdict.message));
      await expect(feedback).toHaveAttribute('data-verdict', 'correct');
    }

    // Hints and the worked solution: the edition's words, the core's numbers.
    const hint = part.locator('[data-action="hint"]');
    await expect(hint).toHaveText(fill(ui.hint_count!, { total: words.parts[0]!.hints.length }));
    await hint.click();
    await expect(part.locator('[data-hints] li').first()).toHaveText(words.parts[0]!.hints[0]!);
    await part.getByRole('button', { name: ui.reveal }).click();
    await expect(part.locator('[data-solution] [data-answer]')).toHaveText(fill(ui.answer_line!, { answer: a.display }));
  });
}
