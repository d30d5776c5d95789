// Reviewed screenshots of the first screen of every page at 360 px and
// 1280 px, and no horizontal overflow anywhere on the page at either width
// (baselines in pages-visual.spec.ts-snapshots/, made on this
// project's machine image: regenerate with --update-snapshots after a
// deliberate change and look at them before committing). Status lines are
// masked: their text depends on when the core finishes loading.
import { PAGES } from './chapter';
import { allReady, expect, test } from './fixtures';

for (const width of [360, 1280]) {
  for (const file of PAGES) {
    test(`${file} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`./${file}`);
      await allReady(page);
      await page.evaluate(() => document.fonts.ready);
      // No horizontal overflow at any width (tables scroll inside their own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(page).toHaveScreenshot(`${file.replace('.html', '')}-${width}.png`, {
        mask: [page.locator('.tally-status')],
        animations: 'disabled',
        maxDiffPixelRatio: 0.01,
      });
    });
  }
}
