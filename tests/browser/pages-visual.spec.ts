// Reviewed screenshots of the first screen of every page (both chapters) at 360 px and
// 1280 px, in every edition the build wrote, and no horizontal overflow
// anywhere on the page at either width (baselines in
// pages-visual.spec.ts-snapshots/, made on this project's machine image:
// regenerate with --update-snapshots after a deliberate change and look at
// them before committing). zh-Hant's baselines keep their names
// (2-1-360.png); the other editions' carry their language (en-2-1-360.png).
// Status lines are masked: their text depends on when the core finishes
// loading.
import { PAGES, sitePages } from './chapter';
import { BUILT, DEFAULT_LANG } from './editions';
import { allReady, expect, test } from './fixtures';

for (const e of BUILT) {
  const prefix = e.lang === DEFAULT_LANG ? '' : `${e.lang}-`;
  for (const width of [360, 1280]) {
    for (const file of [...PAGES, ...sitePages('ch03')]) {
      test(`${e.dir}${file} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`./${e.dir}${file}`);
        await allReady(page);
        await page.evaluate(() => document.fonts.ready);
        // No horizontal overflow at any width (tables scroll inside their own box).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await expect(page).toHaveScreenshot(`${prefix}${file.replace('.html', '')}-${width}.png`, {
          mask: [page.locator('.tally-status')],
          animations: 'disabled',
          maxDiffPixelRatio: 0.01,
        });
      });
    }
  }
}
