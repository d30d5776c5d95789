// Build time: the way out to the book (issue 39, item 5). Every page's
// footer names the book Tally accompanies, its author and its licence, the
// title linking to the book's repository; a chapter's pages link to the
// book's own text of that chapter in the page's edition (the original
// manuscript for zh-Hans, the book's translations for zh-Hant and English).
// The facts are data (content/site/book-source.json, with their source: the
// one place the book's repository is named), each chapter's files per edition
// content/site/book-toc.json's, the words the site's (content/site/ui.json "source").
import source from '../../../content/site/book-source.json';
import bookToc from '../../../content/site/book-toc.json';
import { attrs, esc } from '../runtime/html';
import { ui } from '../i18n/ui';

type Editions = Record<string, { path: string } | undefined>;

/** A file of the book's repository ("manuscripts/02-模型架构.md"), each path segment percent-encoded. */
export function bookFileUrl(file: string): string {
  return `${source.text_url}${file.split('/').map(encodeURIComponent).join('/')}`;
}

/** The book's text of a chapter ("ch02": its number) in an edition, or undefined where the book has none. */
export function chapterTextUrl(chapterDir: string, lang: string): string | undefined {
  const number = Number(/^ch(\d+)$/.exec(chapterDir)?.[1]);
  const chapter = bookToc.chapters.find((c) => c.number === number);
  const path = (chapter?.text as Editions | undefined)?.[lang]?.path;
  return path && bookFileUrl(path);
}

const external = (href: string, text: string, lang?: string) => `<a${attrs({ href, rel: 'external', lang })}>${esc(text)}</a>`;

/** The footer's words on the book, and the link to the chapter's text where the book has it in this edition. */
export function bookCredit(chapterDir: string | undefined, lang: string): string {
  const credit = esc(ui.source.credit)
    .replace('{title}', external(source.repository, source.title))
    .replace('{author}', esc(source.author))
    .replace('{licence}', external(source.licence_url, source.licence));
  const text = chapterDir ? chapterTextUrl(chapterDir, lang) : undefined;
  return `<p class="book-credit">${credit}${text ? ` ${external(text, ui.source.chapter_link)}` : ''}</p>`;
}
