// The book's contents page (contents.html in every edition's folder): every
// published chapter of content/book.json with its pages, in reading order.
// Every page's contents (site-toc) starts with a link to it, and each
// chapter's landing page links to it from its list of pages.

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { chapters } from '../runtime/book';
import { esc } from '../runtime/html';
import { fill, ui } from '../i18n/ui';
import type { PageLink } from './chapter-nav';
import { splitFrontMatter } from './markdown';

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
export function chapterName(c: ChapterContents): string {
  return fill(ui.book.chapter, { number: String(c.number), title: c.title });
}

/** The contents page's body: each chapter, its landing page first, then its other pages with their descriptions. */
export function contentsBody(book: ChapterContents[]): string {
  const chaptersHtml = book.map((c) => {
    const [landing, ...rest] = c.pages;
    const heading = landing ? `<a href="${esc(landing.href)}">${esc(chapterName(c))}</a>` : esc(chapterName(c));
    const items = rest.map((p) => `<li><a href="${esc(p.href)}">${esc(p.nav)}</a><p>${esc(p.description)}</p></li>`).join('');
    return `<section class="book-chapter" id="${esc(c.id)}"><h2>${heading}</h2>${landing ? `<p>${esc(landing.description)}</p>` : ''}<ol class="page-list">${items}</ol></section>`;
  });
  return `<h1 id="top">${esc(ui.book.contents_heading)}</h1>\n<p>${esc(ui.book.contents_intro)}</p>\n${chaptersHtml.join('\n')}`;
}

/** The contents page's own sidebar: the chapters. */
export function contentsToc(book: ChapterContents[]): string {
  const items = book.map((c) => `<li><a href="#${esc(c.id)}">${esc(chapterName(c))}</a></li>`).join('');
  return `<ol class="site-toc"><li class="current"><a href="${CONTENTS_PAGE}.html" aria-current="page">${esc(ui.book.contents_nav)}</a><ol>${items}</ol></li></ol>`;
}

/** Above every page's contents (beside the chapter's list, not in it): the way to the book's contents. */
export function contentsLink(): string {
  return `<p class="book-contents"><a href="${CONTENTS_PAGE}.html">${esc(ui.book.contents_nav)}</a></p>`;
}
