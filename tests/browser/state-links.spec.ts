// A link to a widget's state lands with the widget in view (issue 39, item 1):
// #capacity:gpu=h200 names no element id, so the browser alone opened such a
// link at the top of the page, 9,635 px above the widget. The link's state is
// applied and its widget (or exercise) is on screen: on opening the link, on
// reloading it, and on following one on the same page; at 1280 and 360 px,
// in every edition.
import { allReady, DEFAULTS, expect, test, type Core } from './fixtures';
import type { Locator } from '@playwright/test';

/** The capacity widget shows the core's answer for an H200 in the page's language (the link's state is applied). */
async function showsH200(capacity: Locator, core: Core, lang = 'zh-Hant'): Promise<void> {
  await expect(capacity.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, gpu: 'h200', lang }).display));
}

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];
const EDITIONS = ['', 'en/', 'zh-Hans/'];

for (const size of WIDTHS) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const dir of EDITIONS) {
      test(`${dir || 'zh-Hant '}2-6.html#capacity:gpu=h200 opens on the capacity widget set to H200, and so does a reload`, async ({ page, core }) => {
        await page.goto(`./${dir}2-6.html#capacity:gpu=h200`);
        const capacity = page.locator('[data-instance="capacity"]');
        await expect(capacity).toBeInViewport();
        await showsH200(capacity, core, dir ? dir.slice(0, -1) : 'zh-Hant');
        await allReady(page);
        await expect(capacity).toBeInViewport();
        expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000);

        await page.reload();
        await allReady(page);
        await expect(capacity).toBeInViewport();
      });
    }

    test('3-1.html#fig-3-7:N=3 opens on figure 3-7', async ({ page }) => {
      await page.goto('./3-1.html#fig-3-7:N=3');
      await allReady(page);
      await expect(page.locator('[data-instance="fig-3-7"]')).toBeInViewport();
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(1000);
    });

    test('an exercise variant link (#ex-2-9:seed=3) opens on the exercise, showing that variant', async ({ page }) => {
      await page.goto('./2-6.html#ex-2-9:seed=3');
      const exercise = page.locator('#exercise-2-9');
      await expect(exercise).toBeInViewport();
      await expect(exercise).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
      await expect(exercise).toBeInViewport();
    });

    test('a state link followed on the same page scrolls to its widget; a plain anchor still scrolls as the browser does', async ({ page, core }) => {
      await page.goto('./2-6.html');
      await allReady(page);
      expect(await page.evaluate(() => scrollY)).toBe(0);
      await page.evaluate(() => (location.hash = '#capacity:gpu=h200'));
      const capacity = page.locator('[data-instance="capacity"]');
      await expect(capacity).toBeInViewport();
      await showsH200(capacity, core);

      await page.evaluate(() => (location.hash = '#exercise-2-7'));
      await expect(page.locator('#exercise-2-7')).toBeInViewport();
    });
  });
}

test('a state link whose widget is already on screen does not move the page', async ({ page, core }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./2-6.html');
  await allReady(page);
  const capacity = page.locator('[data-instance="capacity"]');
  await capacity.scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollBy(0, -200));
  await expect(capacity).toBeInViewport();
  const before = await page.evaluate(() => scrollY);
  await page.evaluate(() => (location.hash = '#capacity:gpu=h200'));
  await showsH200(capacity, core);
  expect(await page.evaluate(() => scrollY)).toBe(before);
});
