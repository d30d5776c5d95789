// Offscreen widgets wake as they near the screen (issue 36, item 5): until
// then a widget keeps its prerendered SVG and the page does no work for it.
// Idle time wakes the rest, so here idle callbacks are held back: only the
// viewport can wake a widget.
import { allReady, expect, test } from './fixtures';

const PAGE = './2-6.html'; // chapter 2's longest page: the capacity widget sits far below the fold

test('a widget far below the screen stays prerendered until the reader nears it', async ({ page }) => {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0; // idle time never comes
  });
  await page.goto(PAGE);
  const roots = page.locator('[data-widget][data-instance]');
  await expect(roots.first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const far = roots.last();
  const box = await far.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y > 3 * viewport.height).toBe(true);
  const prerendered = await far.locator('svg').first().innerHTML();
  await page.waitForTimeout(500); // the engine is in and the first widgets are done: nothing else wakes it
  await expect(far).not.toHaveAttribute('data-ready', 'true');
  expect(await far.locator('svg').first().innerHTML()).toBe(prerendered);

  await far.scrollIntoViewIfNeeded();
  await expect(far).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
});

test('without scrolling, every widget of the page wakes in idle time', async ({ page }) => {
  await page.goto(PAGE);
  await allReady(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
