// The light/dark switch (issue 39, item 12): the header's button flips the
// palette, the choice is remembered (localStorage tally.theme.v1) and applied
// before the first paint, the default follows the system, and embeds take it
// on: an article's <tally-widget>s switch with the page, and embed.html left
// to the reader ('auto') shows the stored choice, while a host's explicit
// theme still wins. In every edition, with its own words.
import { expect, test } from './fixtures';
import { BUILT, contentJson } from './editions';
import type { Page } from '@playwright/test';

const KEY = 'tally.theme.v1';
/** site.css's --bg, light and dark. */
const BG = { light: 'rgb(253, 252, 249)', dark: 'rgb(21, 23, 27)' };

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const stored = (page: Page) => page.evaluate((k) => localStorage.getItem(k), KEY);

for (const e of BUILT) {
  const label = contentJson<{ theme: { switch_label: string } }>('content/site/ui.json', e.lang).theme.switch_label;

  test(`${e.lang}: the switch flips a light system to dark, remembers it over a reload, and back to the system`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`./${e.dir}2-1.html`);
    const button = page.getByRole('button', { name: label, exact: true });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await background(page)).toBe(BG.light);

    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BG.dark);
    expect(await stored(page)).toBe('dark');

    // Another page of the edition opens dark from its first paint: the head's
    // script sets the attribute before the body is parsed.
    await page.goto(`./${e.dir}2-2.html`, { waitUntil: 'commit' });
    await page.waitForSelector('body');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await background(page)).toBe(BG.dark);

    // Back to light is the system's palette again: nothing stays stored.
    await page.getByRole('button', { name: label, exact: true }).click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    expect(await background(page)).toBe(BG.light);
    expect(await stored(page)).toBeNull();
  });
}

test('with no choice the page follows the system, and a choice of light holds on a dark system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('./en/index.html');
  const button = page.getByRole('button', { name: 'Dark mode', exact: true });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await background(page)).toBe(BG.dark);
  await button.click();
  expect(await stored(page)).toBe('light');
  expect(await background(page)).toBe(BG.light);
  await page.reload();
  expect(await background(page)).toBe(BG.light);
  // The system turning light then dark again does not undo the reader's choice.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await background(page)).toBe(BG.light);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
});

test("an article's embedded widgets switch with the page", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./en/articles/v41-kv-ratios.html');
  const widget = page.locator('tally-widget').first();
  const widgetBg = () => widget.evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect.poll(widgetBg).toBe(BG.light);
  await page.getByRole('button', { name: 'Dark mode', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-tally-theme', 'dark');
  await expect(widget).toHaveAttribute('data-theme', 'dark');
  await expect.poll(widgetBg).toBe(BG.dark);
  // The embeds on a page opened later take the stored choice from the start.
  await page.reload();
  await expect(page.locator('tally-widget').first()).toHaveAttribute('data-theme', 'dark');
});

test("embed.html shows the reader's stored choice when the host leaves the theme to the reader, and the host's theme otherwise", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('./2-1.html');
  await page.evaluate((k) => localStorage.setItem(k, 'dark'), KEY);
  for (const [query, want] of [
    ['', 'dark'],
    ['&theme=auto', 'dark'],
    ['&theme=light', 'light'],
  ] as const) {
    await page.goto(`./embed.html?w=capacity${query}`);
    await expect(page.locator('[data-widget="capacity"]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    expect(await background(page), query).toBe(BG[want]);
  }
});
