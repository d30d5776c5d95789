// Print (issue 15): on paper no control is shown (no button but the glossary
// symbols, no answer box), every exercise prints its questions, and no table
// is wider than an A4 portrait page's printable width; page.pdf() works.
// Console errors fail any test (fixtures.ts).
import type { Page } from '@playwright/test';

import { PAGES } from './chapter';
import { allReady, expect, test } from './fixtures';

/** A4 portrait is 210 mm wide; print.css's @page leaves 14 mm each side: 182 mm at 96 px per inch. */
const PRINTABLE = Math.floor((182 / 25.4) * 96);

test.use({ viewport: { width: PRINTABLE, height: 1000 } });

/** Everything on the page a reader would see on paper that is a control. */
function visibleControls(page: Page) {
  return page.evaluate(() => {
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
    return {
      buttons: [...document.querySelectorAll('button:not(.gloss-term), summary.toc-toggle')].filter(shown).map(name),
      inputs: [...document.querySelectorAll('.exercise input, .exercise textarea')].filter(shown).map(name),
    };
  });
}

/** Tables wider than the printable width, or than the box they sit in. */
function wideTables(page: Page, width: number) {
  return page.evaluate((width) => {
    const out: string[] = [];
    for (const table of document.querySelectorAll('.chapter table')) {
      const r = table.getBoundingClientRect();
      if (r.width === 0) continue; // in a closed <details>
      const box = table.parentElement!;
      const where = table.closest('[id]')?.id ?? '?';
      if (r.right > width + 0.5) out.push(`${where}: right edge ${Math.round(r.right)} > ${width}`);
      if (box.scrollWidth > box.clientWidth + 0.5) out.push(`${where}: ${box.scrollWidth} wide in ${box.clientWidth}`);
    }
    return out;
  }, width);
}

for (const file of PAGES) {
  test(`${file} on paper: no button, no answer box, no table past the page edge`, async ({ page }) => {
    await page.goto(`./${file}`);
    await allReady(page);
    await page.emulateMedia({ media: 'print' });
    const controls = await visibleControls(page);
    expect(controls.buttons).toEqual([]);
    expect(controls.inputs).toEqual([]);
    expect(await wideTables(page, PRINTABLE)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PRINTABLE);
  });
}

test('every exercise prints its questions in full, each answer with a line to write on', async ({ page }) => {
  await page.goto('./2-3.html');
  await allReady(page);
  await page.emulateMedia({ media: 'print' });
  const exercise = page.locator('#exercise-2-4');
  await expect(exercise.locator('.exercise-title')).toBeVisible();
  await expect(exercise.locator('.exercise-intro')).toBeVisible();
  const prompts = exercise.locator('.exercise-prompt');
  expect(await prompts.count()).toBeGreaterThan(2);
  for (const prompt of await prompts.all()) {
    await expect(prompt).toBeVisible();
    expect((await prompt.textContent())!.length).toBeGreaterThan(5);
  }
  // The answer's name stays, with a rule after it instead of a box.
  const label = exercise.locator('.exercise-form label').first();
  await expect(label).toBeVisible();
  const rule = await label.evaluate((el) => {
    const s = getComputedStyle(el, '::after');
    return { width: parseFloat(s.width), border: s.borderBottomStyle };
  });
  expect(rule.width).toBeGreaterThan(50);
  expect(rule.border).toBe('solid');
  await expect(exercise.locator('input[data-input]').first()).toBeHidden();
});

test('paper is light even when the screen is dark, and the wide tables of 2.6 print whole', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./2-6.html');
  await allReady(page);
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(bg).toBe('rgb(255, 255, 255)');
  for (const id of ['tab-2-A', 'tab-2-B']) {
    const table = page.locator(`#w-${id} table`);
    const box = await table.boundingBox();
    expect(box!.x + box!.width, id).toBeLessThanOrEqual(PRINTABLE);
    // No sticky column left over from the screen.
    expect(await table.locator('tbody tr:first-child > :first-child').evaluate((el) => getComputedStyle(el).position), id).toBe('static');
  }
});

test('page.pdf() prints a chapter page on A4 portrait', async ({ page }) => {
  test.setTimeout(180_000); // printing a long page on a busy 2-core machine
  await page.goto('./2-3.html');
  await allReady(page);
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  // Every page is A4 portrait (595 × 842 points), as print.css's @page asks.
  const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(boxes.length).toBeGreaterThan(2);
  for (const [w, h] of boxes) {
    expect(w).toBeCloseTo(595, 0);
    expect(h).toBeCloseTo(842, 0);
  }
});
