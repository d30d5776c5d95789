// Each edition in its own script's faces (issue 39, item 11): zh-Hant pages
// in Traditional Chinese fonts, zh-Hans in Simplified Chinese ones, English
// in a Latin face first; an original term an English page marks
// lang="zh-Hant" in Traditional Chinese faces; an embed takes its edition's.
import { expect, test } from './fixtures';

const firstFace = (family: string): string => family.split(',')[0]!.trim().replace(/^"|"$/g, '');

const EDITIONS = [
  { dir: '', face: 'Noto Sans TC', mono: 'Noto Sans Mono CJK TC' },
  { dir: 'zh-Hans/', face: 'Noto Sans SC', mono: 'Noto Sans Mono CJK SC' },
  { dir: 'en/', face: '-apple-system', mono: 'Noto Sans Mono CJK TC' },
];

for (const e of EDITIONS) {
  test(`${e.dir || 'zh-Hant '}pages and embeds are set in the edition's faces (${e.face} first)`, async ({ page }) => {
    await page.goto(`./${e.dir}2-1.html`);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(firstFace(family)).toBe(e.face);
    const mono = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mono'));
    expect(mono).toContain(e.mono);
    // The search box draws its words with the page's face too.
    expect(firstFace(await page.locator('.search-input').evaluate((el) => getComputedStyle(el).fontFamily))).toBe(e.face);

    await page.goto(`./${e.dir}embed.html?w=capacity`);
    expect(firstFace(await page.evaluate(() => getComputedStyle(document.body).fontFamily))).toBe(e.face);
  });
}

test('an English page sets the Chinese it marks in its own script', async ({ page }) => {
  await page.goto('./en/2-1.html');
  // The language switch names 繁體中文 and 简体中文, each marked with its language.
  const hant = page.locator('.lang-switch a[lang="zh-Hant"]');
  expect(firstFace(await hant.evaluate((el) => getComputedStyle(el).fontFamily))).toBe('Noto Sans TC');
  const hans = page.locator('.lang-switch a[lang="zh-Hans"]');
  expect(firstFace(await hans.evaluate((el) => getComputedStyle(el).fontFamily))).toBe('Noto Sans SC');
  // The English around them stays Latin.
  expect(firstFace(await page.locator('.lang-switch a[lang="en"]').evaluate((el) => getComputedStyle(el).fontFamily))).toBe('-apple-system');
});
