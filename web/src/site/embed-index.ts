// The list embed.html shows when its URL names no widget (or one that does
// not exist): every embeddable widget by title, with its embed page and its
// place in the chapter, so a bare embed.html link still leads somewhere.
// Prerendered and hidden; embed/frame.ts shows it (and so does a browser
// without JavaScript, styles/no-script.css).
import { chapters, landingPage } from '../runtime/book';
import { attrs, esc } from '../runtime/html';
import type { WidgetHome } from '../embed/home';
import { ui } from '../i18n/ui';

export interface IndexEntry {
  instance: string;
  title: string;
  home?: WidgetHome;
}

export function embedIndex(entries: IndexEntry[], root: string): string {
  const items = entries
    .map(
      (e) =>
        `<li data-embed-entry="${esc(e.instance)}"><a${attrs({ href: `embed.html?w=${encodeURIComponent(e.instance)}` })}>${esc(e.title)}</a>` +
        ` <code>${esc(e.instance)}</code>` +
        (e.home ? ` · <a${attrs({ href: `${root}${e.home.href}` })}>${esc(ui.embed.index_in_chapter)}</a>` : '') +
        `</li>`,
    )
    .join('');
  return (
    `<section id="embed-index" class="embed-index" aria-labelledby="embed-index-title" hidden>` +
    `<h1 id="embed-index-title">${esc(ui.embed.index_title)}</h1>` +
    // The intro is our own markup (<code> only), from content/site/ui.json.
    `<p>${ui.embed.index_intro}</p>` +
    `<p><a${attrs({ href: `${root}${landingPage(chapters[0]!)}` })}>${esc(ui.embed.index_back)}</a></p>` +
    `<ol class="embed-index-list">${items}</ol>` +
    `</section>`
  );
}
