// The book's contents page (contents.html in every edition's folder): the
// book's twelve chapters (content/site/book-toc.json) in reading order. A
// published chapter of content/book.json is listed with its pages; every
// other one says it is not live yet and links to the book's own text of it,
// in the reader's edition. Every page's contents (site-toc) starts with a
// link to it, and each chapter's landing page links to it from its list of
// pages.

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import bookToc from '../../../content/site/book-toc.json';
import { chapters } from '../runtime/book';
import { esc } from '../runtime/html';
import { fill, ui } from '../i18n/ui';
import type { PageLink } from './chapter-nav';
import { splitFrontMatter } from './markdown';
import { bookFileUrl } from './book-source';

/** The file name of the contents page (in each edition's folder). */
export const CONTENTS_PAGE = 'contents';

export interface ChapterContents {
  id: string;
  number: number;
  title: string;
  pages: PageLink[];
}

/** Every published chapter's pages (content dirs in book order, as web/scripts/build-site.mjs passes them). */
export async function bookContents(contentDirs: string[]): Promise<ChapterContents[]> {
  if (contentDirs.length !== chapters.length) throw new Error(`book contents: ${contentDirs.length} content folders for ${chapters.length} chapters`);
  return Promise.all(
    chapters.map(async (chapter, i) => {
      const dir = contentDirs[i]!;
      const site = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8')) as { pages: string[] };
      const pages = await Promise.all(
        site.pages.map(async (name) => {
          const { meta } = splitFrontMatter(await readFile(path.join(dir, `${name}.md`), 'utf8'));
          return { href: `${name}.html`, nav: meta.nav ?? name, description: meta.description ?? '' };
        }),
      );
      return { id: chapter.id, number: chapter.number, title: chapter.title, pages };
    }),
  );
}

/** A chapter's heading text, e.g. chapter 3 and its title (ui.book.chapter). */
export function chapterName(c: { number: number; title: string }): string {
  return fill(ui.book.chapter, { number: String(c.number), title: c.title });
}

/** One of the book's chapters (content/site/book-toc.json), in this edition's words. */
interface BookChapter {
  number: number;
  title: string;
  /** The chapter's file in the book's repository, per edition. */
  text: Record<string, { path: string }>;
}

const bookChapters: BookChapter[] = bookToc.chapters;

/** A chapter's anchor on the contents page: a live chapter's id (ch03), the same form for the others. */
const anchorOf = (number: number) => `ch${String(number).padStart(2, '0')}`;

/** The book's own text of a chapter on GitHub, in the edition `lang` (the zh-Hans manuscript when the book has no such edition). */
export function bookTextUrl(c: BookChapter, lang: string): string {
  const file = (c.text[lang] ?? c.text['zh-Hans'])!.path;
  return bookFileUrl(file);
}

/**
 * A live chapter: its name linking to its landing page, the landing page's
 * description, and (`withPages`, the contents page) its other pages; the
 * front door leaves them out and says how many there are.
 */
function liveChapter(c: ChapterContents, heading: 'h2' | 'h3', withPages: boolean): string {
  const [landing, ...rest] = c.pages;
  const name = landing ? `<a href="${esc(landing.href)}">${esc(chapterName(c))}</a>` : esc(chapterName(c));
  const items = rest.map((p) => `<li><a href="${esc(p.href)}">${esc(p.nav)}</a><p>${esc(p.description)}</p></li>`).join('');
  const more = withPages ? `<ol class="page-list">${items}</ol>` : `<p class="page-count">${esc(fill(ui.book.page_count, { count: c.pages.length }))}</p>`;
  return `<section class="book-chapter" id="${esc(c.id)}"><${heading}>${name}</${heading}>${landing ? `<p>${esc(landing.description)}</p>` : ''}${more}</section>`;
}

/** A chapter not live yet: marked so, with a link to the book's own text of it in the edition `lang`. */
function upcomingChapter(c: BookChapter, lang: string, heading: 'h2' | 'h3'): string {
  return (
    `<section class="book-chapter-upcoming" id="${anchorOf(c.number)}"><${heading}>${esc(chapterName(c))} <span class="not-live">${esc(ui.book.not_live)}</span></${heading}>` +
    `<p>${fill(esc(ui.book.not_live_line), { link: `<a href="${esc(bookTextUrl(c, lang))}" rel="external">${esc(ui.book.book_text_link)}</a>` })}</p></section>`
  );
}

/** Every chapter of the book in order: the live one (from `book`) where there is one. */
function allChapters(book: ChapterContents[]): { live?: ChapterContents; chapter: BookChapter }[] {
  const unlisted = book.filter((c) => !bookChapters.some((b) => b.number === c.number));
  if (unlisted.length) throw new Error(`content/site/book-toc.json has no chapter ${unlisted.map((c) => c.number).join(', ')} of content/book.json`);
  return bookChapters.map((chapter) => ({ chapter, live: book.find((c) => c.number === chapter.number) }));
}

/**
 * The contents page's body: the book's chapters; a live one with its landing
 * page first, then its other pages with their descriptions; the others with
 * a link to the book's text in the edition `lang`.
 */
export function contentsBody(book: ChapterContents[], lang: string): string {
  const chaptersHtml = allChapters(book).map(({ live, chapter }) => (live ? liveChapter(live, 'h2', true) : upcomingChapter(chapter, lang, 'h2')));
  return `<h1 id="top">${esc(ui.book.contents_heading)}</h1>\n<p>${esc(ui.book.contents_intro)}</p>\n${chaptersHtml.join('\n')}`;
}

/**
 * The front door's list of the book's chapters (its ```chapters``` block,
 * under a heading of the page's own, so each chapter is an h3): the same
 * entries as the contents page, a live chapter without its list of pages.
 */
export function chaptersBlock(book: ChapterContents[], lang: string): string {
  const items = allChapters(book).map(({ live, chapter }) => (live ? liveChapter(live, 'h3', false) : upcomingChapter(chapter, lang, 'h3')));
  return `<div class="book-chapters">${items.join('\n')}</div>`;
}

/** The contents page's own sidebar: the chapters, those not live yet marked so. */
export function contentsToc(book: ChapterContents[]): string {
  const items = allChapters(book)
    .map(({ live, chapter }) =>
      live
        ? `<li><a href="#${esc(live.id)}">${esc(chapterName(live))}</a></li>`
        : `<li class="not-live-item"><a href="#${anchorOf(chapter.number)}">${esc(chapterName(chapter))}</a></li>`,
    )
    .join('');
  return `<ol class="site-toc"><li class="current"><a href="${CONTENTS_PAGE}.html" aria-current="page">${esc(ui.book.contents_nav)}</a><ol>${items}</ol></li></ol>`;
}

/** Above every page's contents (beside the chapter's list, not in it): the way to the book's contents. */
export function contentsLink(): string {
  return `<p class="book-contents"><a href="${CONTENTS_PAGE}.html">${esc(ui.book.contents_nav)}</a></p>`;
}
