// The right language at the door (issue 39, item 4): a first visit to the
// site's root opens the edition the browser's languages ask for; a choice
// the reader made before wins; deep links are never redirected; the root's
// offer of a remembered edition is written in that edition's language.
import { expect, test } from './fixtures';

const ROOTS = [
  { locale: 'en-US', url: /\/en\/index\.html(#.*)?$/, lang: 'en' },
  { locale: 'zh-CN', url: /\/zh-Hans\/index\.html(#.*)?$/, lang: 'zh-Hans' },
  { locale: 'fr-FR', url: /\/en\/index\.html(#.*)?$/, lang: 'en' }, // no French edition: English, not Chinese
];

for (const r of ROOTS) {
  test.describe(`a ${r.locale} browser`, () => {
    test.use({ locale: r.locale });

    test(`opens the ${r.lang} edition at the root, keeping the link's hash`, async ({ page }) => {
      await page.goto('./index.html#start');
      await expect(page).toHaveURL(r.url);
      await expect(page.locator('html')).toHaveAttribute('lang', r.lang);
      expect(new URL(page.url()).hash).toBe('#start');
      // The site's folder itself is the root too.
      await page.goto('./');
      await expect(page).toHaveURL(r.url);
      // A link from when the root was chapter 2's landing page reaches that page, in the browser's edition.
      await page.goto('./index.html#exercises');
      await expect(page).toHaveURL(r.url.source.includes('zh-Hans') ? /\/zh-Hans\/ch02\.html#exercises$/ : /\/en\/ch02\.html#exercises$/);
      await expect(page.locator('#exercises')).toBeInViewport();
    });

    test('is not redirected from a deep link, nor once it chose an edition', async ({ page }) => {
      await page.goto('./2-6.html');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      await expect(page).toHaveURL(/\/2-6\.html$/);
      await page.evaluate(() => localStorage.setItem('tally.lang.v1', 'zh-Hant'));
      await page.goto('./index.html');
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
      await expect(page).toHaveURL(/\/index\.html$/);
    });
  });
}

test.describe('a Taiwanese browser', () => {
  test.use({ locale: 'zh-TW' });
  test('stays on the root (zh-Hant)', async ({ page }) => {
    await page.goto('./index.html');
    await page.waitForLoadState('load');
    await expect(page).toHaveURL(/\/index\.html$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  });
});

test('the root offers a remembered English edition in English, and keeps "stay here" in its own language', async ({ page }) => {
  await page.goto('./2-1.html');
  await page.evaluate(() => localStorage.setItem('tally.lang.v1', 'en'));
  await page.goto('./index.html');
  await expect(page).toHaveURL(/\/index\.html$/); // a saved choice is offered, never forced
  const offer = page.locator('[data-lang-offer]');
  await expect(offer).toBeVisible();
  const text = offer.locator('[data-offer-lang="en"]');
  await expect(text).toHaveAttribute('lang', 'en');
  await expect(text).toContainText('English');
  await expect(text).not.toContainText(/[\u3400-\u9fff]/);
  await expect(offer.getByRole('link')).toHaveAttribute('href', /\/en\/index\.html$/);
  await expect(offer.getByRole('button')).toHaveText(/[\u3400-\u9fff]/);
});
