// The list embed.html shows when its URL names no widget (or one that does
// not exist): every embeddable widget by title, with its embed page and its
// place in the chapter, so a bare embed.html link still leads somewhere.
// Prerendered and hidden; embed/frame.ts shows it (and so does a browser
// without JavaScript, styles/no-script.css).
import { attrs, esc } from '../runtime/html';
import type { WidgetHome } from '../embed/home';

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
        (e.home ? ` · <a${attrs({ href: `${root}${e.home.href}` })}>在章節中</a>` : '') +
        `</li>`,
    )
    .join('');
  return (
    `<section id="embed-index" class="embed-index" aria-labelledby="embed-index-title" hidden>` +
    `<h1 id="embed-index-title">Tally 可嵌入的小工具</h1>` +
    `<p>這個頁面一次顯示一個小工具，由網址的 <code>w</code> 參數指定，例如 <code>embed.html?w=capacity</code>。` +
    `在章節頁按小工具旁的「嵌入」可取得含目前設定的 iframe 或 <code>&lt;tally-widget&gt;</code> 程式碼。</p>` +
    `<p><a${attrs({ href: `${root}index.html` })}>回到 Tally 第 2 章</a></p>` +
    `<ol class="embed-index-list">${items}</ol>` +
    `</section>`
  );
}
