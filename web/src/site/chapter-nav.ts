// Chapter-wide navigation, rendered at build time: the contents of all pages
// (with the current page's sections), previous/next links, the landing page's
// list of pages and the glossary list.

import { ui } from '../i18n/ui';
import type { MarkdownIt } from 'markdown-it';

import { attrs, esc } from '../runtime/html';
import { CONTENTS_PAGE, contentsLink } from './book-contents';
import type { Glossary } from './markdown';

export interface PageLink {
  href: string;
  /** Short name, e.g. "2.3 上下文狀態". */
  nav: string;
  description: string;
}

/** Every page, after the link to the book's contents; the current one is marked and lists its own sections. */
export function siteToc(pages: PageLink[], current: number, headings: Array<{ id: string; html: string }>): string {
  const items = pages.map((p, i) => {
    if (i !== current) return `<li><a href="${esc(p.href)}">${esc(p.nav)}</a></li>`;
    const sub = headings.length ? `<ol>${headings.map((h) => `<li><a href="#${esc(h.id)}">${h.html}</a></li>`).join('')}</ol>` : '';
    return `<li class="current"><a href="${esc(p.href)}" aria-current="page">${esc(p.nav)}</a>${sub}</li>`;
  });
  return `${contentsLink()}<ol class="site-toc">${items.join('')}</ol>`;
}

/** Previous / next page links at the end of the article. */
export function pager(pages: PageLink[], current: number, label: string): string {
  const prev = pages[current - 1];
  const next = pages[current + 1];
  const link = (p: PageLink | undefined, rel: 'prev' | 'next', arrow: string) =>
    p
      ? `<a${attrs({ href: p.href, rel, class: `pager-${rel}` })}>${rel === 'prev' ? `${arrow} ` : ''}${esc(p.nav)}${rel === 'next' ? ` ${arrow}` : ''}</a>`
      : '<span></span>';
  return `<nav class="pager" data-pagefind-ignore aria-label="${esc(label)}">${link(prev, 'prev', '←')}${link(next, 'next', '→')}</nav>`;
}

/** The landing page's list of all other pages, with their descriptions, and the way to the other chapters. */
export function pagesBlock(pages: PageLink[]): string {
  const book = `<p class="book-link"><a href="${CONTENTS_PAGE}.html">${esc(ui.book.landing_link)}</a></p>`;
  return `${book}<ol class="page-list">${pages
    .slice(1)
    .map((p) => `<li><a href="${esc(p.href)}">${esc(p.nav)}</a><p>${esc(p.description)}</p></li>`)
    .join('')}</ol>`;
}

/** Every glossary symbol with its meaning (deep links: #sym-<key>). */
export function glossaryBlock(glossary: Glossary, md: MarkdownIt): string {
  const rows = Object.entries(glossary).map(
    ([key, t]) =>
      `<div id="sym-${esc(key)}"><dt>${md.renderInline(`$${t.tex}$`)}</dt><dd>${esc(ui.page.label_value)
        .replace('{label}', `<strong>${esc(t.name)}</strong>`)
        .replace('{value}', esc(t.desc))}</dd></div>`,
  );
  return `<dl class="glossary">${rows.join('')}</dl>`;
}
