// Every page of every chapter, in every edition the build wrote (issue 36):
// one suite over content/book.json's published chapters and each chapter's
// pages (content/<chapter>/site.json), so a new chapter is covered without a
// new spec file. Each page is loaded once, and that one load is checked for
// everything that needs a browser:
//
// - every edition: the page opens with its <html lang> and one h1, every
//   widget hydrates and none shows an error, nothing scrolls sideways at
//   360 px, the contents are folded into a menu and the title is on the
//   first screen there, its charts read at that width (tick labels apart,
//   text ≥ 11 px: phone-checks.ts), no console error or uncaught exception
//   (fixtures.ts), and after the idle recomputation every value shown is
//   the built page's;
// - zh-Hant (the edition we write; tests/content/editions-structure.test.mjs
//   holds the others to its ids, widgets and anchors): axe (serious and
//   critical), and one control → core check per data widget kind of the
//   chapter (its first instance: defaults, then a change of its first control
//   recomputed in the page's core; tests/content/prerendered.test.mjs checks
//   every widget's defaults in the built HTML);
// - every other edition: the chapter's first data widget recomputes in the
//   edition's language after a control change;
// - every edition, in the same load: every question the page places (練習,
//   實驗, 思考: content/book.json exercise_kinds) takes the book question's
//   answer to its first answer part, the page shows the verdict and message
//   the core gives for it in the edition's language, and the answers are
//   saved under the questions' ids and restored on reload;
// - visual baselines (chapters.spec.ts-snapshots/; regenerate with
//   --update-snapshots after a deliberate change, and look at them): in
//   `npm test` the first screen of each chapter's landing page at 360 and
//   1280 px and one widget of each kind at 360 px, in zh-Hant;
//   `npm run test:visual` (TALLY_VISUAL=all) adds the first screen of every
//   page of every edition at both widths. Status lines are masked: their text
//   depends on when the core finishes loading.
//
// TALLY_CHAPTERS=ch02,ch03 narrows the run to those chapters (`npm test`
// runs one chapter at a time, to print each one's time).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

import { CHAPTERS, pageOfInstance, placedExercises, type Chapter } from './chapter';
import { BUILT, contentJson, coreIn, DEFAULT_LANG, uiIn, widgetsIn, type Edition } from './editions';
import { allReady, expect, settled, test, type Core } from './fixtures';
import { answerExercise, exerciseAnchor, firstAnswer, type ExerciseFile } from './learner';
import { phoneFindings } from './phone-checks';
import { checkDataWidgets, DATA_KINDS } from './widget-values';

const ONLY = process.env.TALLY_CHAPTERS?.split(',').map((s) => s.trim());
const VISUAL_ALL = process.env.TALLY_VISUAL === 'all';
const PHONE = { width: 360, height: 900 };
const DESKTOP = { width: 1280, height: 900 };

/** A screenshot's name: zh-Hant's carry none (2-1-360.png), the other editions' their language (en-2-1-360.png). */
const shotName = (e: Edition, file: string, width: number): string => `${e.lang === DEFAULT_LANG ? '' : `${e.lang}-`}${file.replace('.html', '')}-${width}.png`;
const SHOT = { animations: 'disabled', maxDiffPixelRatio: 0.01 } as const;

/** Each widget kind's first instance in the chapter's reading order (the gallery of figures left out: it repeats them). */
function firstOfEachKind(chapter: Chapter, kinds: (kind: string) => boolean): Map<string, string[]> {
  const widgets = widgetsIn(DEFAULT_LANG, chapter.content);
  const placed = pageOfInstance(chapter.content);
  const order = (instance: string) => chapter.pages.indexOf(placed[instance]!);
  const byKind = new Map<string, string>();
  for (const instance of Object.keys(placed).sort((a, b) => order(a) - order(b))) {
    const kind = widgets[instance]?.kind;
    if (kind && kinds(kind) && !byKind.has(kind)) byKind.set(kind, instance);
  }
  const byPage = new Map<string, string[]>();
  for (const instance of byKind.values()) byPage.set(placed[instance]!, [...(byPage.get(placed[instance]!) ?? []), instance]);
  return byPage;
}

async function seriousAxeViolations(page: Page): Promise<string[]> {
  await settled(page); // the idle-time warm-up is over: axe gets the CPU
  // KaTeX output is excluded: its HTML half is aria-hidden and its MathML half is KaTeX's.
  const axe = await new AxeBuilder({ page }).exclude('.katex').analyze();
  return axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/**
 * The text of every value a widget shows (its data-testid elements), by
 * widget and test id: after hydration and the idle recomputation of the
 * defaults, the same as the built HTML (whose values
 * tests/content/prerendered.test.mjs holds to the core's).
 */
async function shownValues(page: Page, html?: string): Promise<Record<string, string>> {
  return page.evaluate((source) => {
    const doc = source === null ? document : new DOMParser().parseFromString(source, 'text/html');
    const out: Record<string, string> = {};
    for (const el of doc.querySelectorAll('[data-widget][data-instance] [data-testid]')) {
      const instance = el.closest('[data-instance]')!.getAttribute('data-instance');
      out[`${instance} ${el.getAttribute('data-testid')}`] = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    }
    return out;
  }, html ?? null);
}

/** The pages that place questions (練習, 實驗, 思考), each with its questions in reading order. */
function questionsByPage(chapter: Chapter): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { id, page } of placedExercises(chapter.content)) out.set(page, [...(out.get(page) ?? []), id]);
  return out;
}

/**
 * Each question of the page takes the book question's answer to its first
 * part; the page shows the verdict and message the core gives for it in the
 * edition's language; the answers are saved under the questions' own ids
 * (2-7, lab-4-3, think-4-1) and found again after a reload.
 */
async function checkQuestions(page: Page, ask: Core, chapter: Chapter, e: Edition, ids: string[]): Promise<void> {
  type Request = Parameters<typeof ask.ok>[0];
  const answered: Array<{ id: string; part: string; typed: string }> = [];
  for (const id of ids) {
    const ex = contentJson<ExerciseFile>(`content/${chapter.content}/exercises/${id}.json`, e.lang);
    const { part, typed, expected } = firstAnswer((request) => ask.ok(request as Request), ex);
    const feedback = await answerExercise(page, id, part, typed, uiIn(e.lang).exercise!.check);
    const verdict = ask.ok({ op: 'check_answer', answer: typed, expected: expected as Request });
    expect(verdict.correct, `${id}${part} ${typed}`).toBe(true);
    await expect(feedback).toHaveAttribute('data-verdict', 'correct');
    await expect(feedback).toHaveText(String(verdict.message));
    answered.push({ id, part, typed });
  }
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('tally.progress.v1') ?? '{}').exercises ?? {});
  for (const { id, part, typed } of answered) expect(stored[id]?.parts?.[part], `${id}${part}`).toMatchObject({ answer: typed, correct: true });
  await page.reload();
  for (const { id, part, typed } of answered) {
    await expect(page.locator(`[data-exercise="${id}"]`)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(page.locator(`#${exerciseAnchor(id)}-${part}`).getByRole('textbox')).toHaveValue(typed);
  }
}

const sideways = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);

for (const chapter of CHAPTERS.filter((c) => !ONLY || ONLY.includes(c.id))) {
  const landing = chapter.pages[0]!;
  const kindShots = firstOfEachKind(chapter, () => true);
  const dataChecks = firstOfEachKind(chapter, (kind) => DATA_KINDS.has(kind));
  const firstData = [...dataChecks.entries()].sort(([a], [b]) => chapter.pages.indexOf(a) - chapter.pages.indexOf(b))[0];

  test(`${chapter.id}: the suite finds its pages, widget kinds and data widgets`, () => {
    expect(chapter.pages.length).toBeGreaterThan(1);
    expect(kindShots.size).toBeGreaterThan(0);
    expect(firstData).toBeDefined();
  });

  const questions = questionsByPage(chapter);
  for (const e of BUILT) {
    const zhHant = e.lang === DEFAULT_LANG;
    for (const file of chapter.pages) {
      const ids = questions.get(file) ?? [];
      const checks = [
        ...(zhHant ? ['axe', 'control → core'] : []),
        ...(ids.length ? [`${ids.join(', ')} check the book question's answer with the core`] : []),
      ];
      test(`${chapter.id} ${e.lang} ${file}: opens, hydrates, fits 360 px${checks.map((c) => `, ${c}`).join('')}`, async ({ page, core }) => {
        // axe on the longest pages of a busy 2-core machine takes minutes; each question adds its typing and check.
        test.setTimeout((zhHant ? 420_000 : 120_000) + 20_000 * ids.length);
        await page.setViewportSize(PHONE);
        await page.goto(`./${e.dir}${file}`);
        await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
        await expect(page.locator('h1')).toHaveCount(1);
        await allReady(page);
        await expect(page.locator('[data-widget][data-state="error"]')).toHaveCount(0);
        await expect.poll(() => sideways(page)).toBeLessThanOrEqual(0);
        // Charts read on a phone: ticks apart, labels clear of axis titles, text ≥ 11 px (phone-checks.ts).
        const built = await (await page.request.get(`./${e.dir}${file}`)).text();
        const phone = await phoneFindings(page);
        expect(phone.problems).toEqual([]);
        // Not vacuous: a page whose built HTML draws a chart had its text measured.
        const main = built.slice(built.indexOf('<main'));
        if (/<svg[^>]*>[\s\S]*?<text/.test(main)) expect(phone.texts).toBeGreaterThan(0);
        if (main.includes('axis-x')) expect(phone.axes).toBeGreaterThan(0);
        // On a phone the contents are folded into a menu, and the page's title is on the first screen (of a 740 px phone).
        await expect(page.locator('nav.toc summary.toc-toggle')).toBeVisible();
        await expect(page.locator('nav.toc .site-toc')).toBeHidden();
        expect((await page.locator('h1').boundingBox())!.y).toBeLessThan(740 / 3);

        if (VISUAL_ALL || (zhHant && file === landing)) {
          await page.evaluate(() => document.fonts.ready);
          await expect(page).toHaveScreenshot(shotName(e, file, PHONE.width), { ...SHOT, mask: [page.locator('.tally-status')] });
        }
        if (zhHant) {
          await page.evaluate(() => document.fonts.ready);
          // The sticky contents bar would lie over a widget wherever the screenshot scrolls it to: hidden meanwhile
          // (through the element's style: the pages' CSP refuses a style sheet of the test's).
          const tocShown = (shown: boolean) => page.locator('nav.toc').evaluate((nav, v) => ((nav as HTMLElement).style.visibility = v), shown ? '' : 'hidden');
          await tocShown(false);
          for (const instance of kindShots.get(file) ?? []) {
            const w = page.locator(`[data-instance="${instance}"]`);
            const kind = await w.getAttribute('data-widget');
            await expect(w).toHaveScreenshot(`${chapter.id}-widget-${kind}-360.png`, { ...SHOT, mask: [w.locator('.tally-status')] });
          }
          await tocShown(true);
          expect(await seriousAxeViolations(page)).toEqual([]);
        }
        // The page's own core recomputed the defaults at idle time: nothing it shows differs from the built page.
        await settled(page);
        const prerendered = await shownValues(page, built);
        const hydrated = await shownValues(page);
        // Hydration adds its own elements (the embed panel, readouts); every value of the built page stays as it was.
        expect(Object.fromEntries(Object.keys(prerendered).map((k) => [k, hydrated[k]]))).toEqual(prerendered);
        // Last, as it changes the page: a control's change reaches the page's core, in the edition's language.
        const instances = zhHant ? (dataChecks.get(file) ?? []) : firstData?.[0] === file ? [firstData[1][0]!] : [];
        if (instances.length) await checkDataWidgets(page, coreIn(core, e.lang), widgetsIn(e.lang, chapter.content), instances);
        // The page's questions, in the same load (their reload comes last).
        if (ids.length) await checkQuestions(page, coreIn(core, e.lang), chapter, e, ids);
      });
    }

    for (const file of chapter.pages.filter((f) => VISUAL_ALL || (zhHant && f === landing))) {
      test(`${chapter.id} ${e.lang} ${file}: the first screen at 1280 px is the reviewed one`, async ({ page }) => {
        await page.setViewportSize(DESKTOP);
        await page.goto(`./${e.dir}${file}`);
        await allReady(page);
        await page.evaluate(() => document.fonts.ready);
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await expect(page).toHaveScreenshot(shotName(e, file, DESKTOP.width), { ...SHOT, mask: [page.locator('.tally-status')] });
      });
    }
  }
}
