// The book's contents page (contents.html), in every edition the build wrote:
// its <html lang>, every published chapter of content/book.json with a link
// to its landing page and one to each of its other pages, nothing scrolls
// sideways at 360 px, and (zh-Hant; editions-structure.test.mjs holds the
// others to its links) no serious or critical axe violation. Console errors
// fail the test (fixtures.ts).
import AxeBuilder from '@axe-core/playwright';

import { CHAPTERS } from './chapter';
import { BUILT, DEFAULT_LANG } from './editions';
import { expect, settled, test } from './fixtures';

for (const e of BUILT) {
  test(`${e.lang} contents.html: every chapter and its pages, fits 360 px${e.lang === DEFAULT_LANG ? ', axe' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`./${e.dir}contents.html`);
    await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
    for (const chapter of CHAPTERS) {
      const [landing, ...others] = chapter.pages;
      await expect(page.locator(`#${chapter.id} h2 a`)).toHaveAttribute('href', landing!);
      await expect(page.locator(`#${chapter.id} .page-list a`)).toHaveCount(others.length);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    if (e.lang !== DEFAULT_LANG) return;
    await settled(page);
    const axe = await new AxeBuilder({ page }).exclude('.katex').analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
