// The book's front door (issue 39, item 4): the root of each edition
// (index.html) says what Tally is, lists the book's twelve chapters and where
// to start, in the edition's own words (content/site/front.md; English
// written, zh-Hans generated). A live chapter links to its landing page; the
// others say they are not live yet and link to the book's own text of that
// chapter in the edition. Links from when the root was chapter 2's landing
// page are checked in pages.spec.ts and first-visit.spec.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';

// @ts-expect-error: a plain ES module of the site build (no types)
import { toHans } from '../../scripts/i18n/hans.mjs';
// @ts-expect-error: a plain ES module of the site build (no types)
import { siteChapters } from '../../web/scripts/book-chapters.mjs';
import { BUILT, contentJson, uiIn, type Lang } from './editions';
import { expect, test } from './fixtures';

const root = path.resolve(import.meta.dirname, '../..');
/** The browser language of a reader of each edition: the root keeps it there (i18n/first-visit.ts). */
const LOCALE: Record<Lang, string> = { 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN', en: 'en-US' };
/** The published chapters of content/book.json: these link to their pages, the others to the book's text. */
const LIVE = (siteChapters(path.resolve(import.meta.dirname, '../..')) as Array<{ id: string }>).map((c) => c.id);
const hans = toHans as (text: string) => string;

interface TocChapter {
  number: number;
  title: string;
  text: Record<string, { path: string }>;
}
const bookUrl = (file: string) => `${JSON.parse(readFileSync(path.join(root, 'content/site/book-source.json'), 'utf8')).text_url}${file}`;

/** The front door's title (its front matter), in the edition's words: written in English, converted for zh-Hans. */
function frontTitle(lang: Lang): string {
  const file = lang === 'en' ? 'content/i18n/en/site/front.md' : 'content/site/front.md';
  const title = /^title: (.+)$/m.exec(readFileSync(path.join(root, file), 'utf8'))![1]!;
  return lang === 'zh-Hans' ? hans(title) : title;
}

for (const e of BUILT) {
  test.describe(`${e.lang} front door`, () => {
    test.use({ locale: LOCALE[e.lang] });

    test('says what Tally is, lists all twelve chapters in order and where to start', async ({ page, baseURL }) => {
      const ui = uiIn(e.lang).book!;
      const chapters = contentJson<{ chapters: TocChapter[] }>('content/site/book-toc.json', e.lang).chapters;
      await page.goto(`./${e.dir}index.html`);
      await expect(page).toHaveURL(new RegExp(`/${e.dir}index\\.html$`)); // the reader's own edition: no redirect
      await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
      await expect(page).toHaveTitle(frontTitle(e.lang));
      const body = page.locator('article.chapter');
      await expect(body.locator('h1')).toHaveCount(1);
      // What Tally is: the book's repository, and the exact computation in the browser.
      await expect(body.locator('p').first().getByRole('link')).toHaveAttribute('href', 'https://github.com/899ms/ai-infra-book');
      await expect(body.locator('p').first()).toContainText('WebAssembly');

      // Twelve chapters, in the book's order, each named in the edition's words.
      const entries = body.locator('.book-chapters > section');
      await expect(entries).toHaveCount(12);
      expect(chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      for (const [i, c] of chapters.entries()) {
        const entry = entries.nth(i);
        const name = ui.chapter!.replace('{number}', String(c.number)).replace('{title}', c.title);
        await expect(entry.locator('h3')).toContainText(name);
        const id = `ch${String(c.number).padStart(2, '0')}`;
        await expect(entry).toHaveAttribute('id', id);
        if (LIVE.includes(id)) {
          await expect(entry.locator('h3 a')).toHaveAttribute('href', `${id}.html`);
          await expect(entry.locator('.not-live')).toHaveCount(0);
        } else {
          await expect(entry.locator('.not-live')).toHaveText(ui.not_live!);
          const link = entry.getByRole('link');
          await expect(link).toHaveText(ui.book_text_link!);
          await expect(link).toHaveAttribute('href', encodeURI(bookUrl(c.text[e.lang]!.path)));
        }
      }

      // Where to start: chapter 2's overview and its first section, both live pages of this edition.
      const start = body.locator('#start + ul');
      await expect(start.locator('a[href="ch02.html"]')).toHaveCount(1);
      await expect(start.locator('a[href="2-1.html"]')).toHaveCount(1);
      await expect(body.locator('a[href="contents.html"]')).toHaveCount(1);
      // English is written, not left in Chinese.
      if (e.lang === 'en') expect(await body.innerText()).not.toMatch(/[\u3400-\u9fff]/);
      // Its own contents name it, and the language switch leads to the same door in the other editions.
      await expect(page.locator('.toc [aria-current="page"]')).toHaveAttribute('href', 'index.html');
      for (const other of BUILT.filter((x) => x.lang !== e.lang))
        await expect(page.locator(`.lang-switch-menu a[data-lang="${other.lang}"]`)).toHaveAttribute('href', new URL(`${other.dir}index.html`, baseURL).href);
    });

    test("every chapter page's site name leads to this edition's front door; the door's own is not a link", async ({ page }) => {
      for (const file of ['2-1.html', 'ch03.html', 'contents.html']) {
        await page.goto(`./${e.dir}${file}`);
        await page.locator('.site-header .site-name a').click();
        await expect(page, file).toHaveURL(new RegExp(`/${e.dir}index\\.html$`));
      }
      await expect(page.locator('.site-header .site-name a')).toHaveCount(0);
      await expect(page.locator('.site-header .site-name')).toHaveText(uiIn(e.lang).book!.site_name!);
    });

    test('a live chapter opens its landing page, and nothing scrolls sideways on a phone', async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`./${e.dir}index.html`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.locator('#ch03 h3 a').click();
      await expect(page).toHaveURL(new RegExp(`/${e.dir}ch03\\.html$`));
      await expect(page.locator('html')).toHaveAttribute('lang', e.lang);
      await page.goBack();
      await page.locator('#start + ul a[href="ch02.html"]').click();
      await expect(page).toHaveURL(new RegExp(`/${e.dir}ch02\\.html$`));
      await expect(page.locator('#reader-profile')).toHaveCount(1); // chapter 2's overview, with the reader's settings
    });
  });
}
