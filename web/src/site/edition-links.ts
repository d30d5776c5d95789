// Build time: what ties a page to its other editions (issue 20). Each
// edition is a folder of the same pages (zh-Hant at the site root, zh-Hans/
// and en/ beside it, web/scripts/editions.mjs), so the same page in another
// edition is the same file name in another folder. Relative URLs only.

import { attrs, esc } from '../runtime/html';
import { fill, ui } from '../i18n/ui';

export interface EditionRef {
  lang: string;
  /** Folder under the site root: "" for zh-Hant, "zh-Hans/", "en/". */
  dir: string;
  /** Its name in its own language (繁體中文, 简体中文, English). */
  label: string;
  hreflang: string;
  /** The landing page's offer of this edition in the edition's own words (site/ui.json lang.offer, lang.offer_go). */
  offer?: { offer: string; offer_go: string };
}

/** The edition a page is built in, and every edition this build writes. */
export interface PageEdition {
  lang: string;
  dir: string;
  editions: EditionRef[];
}

/** The page `file` in edition `to`, relative to a page of edition `from` (same depth below it: `depth` extra folders). */
export function editionHref(from: PageEdition, to: EditionRef, file: string, depth = 0): string {
  if (from.dir === to.dir) return `${'../'.repeat(depth)}${file}`;
  const up = '../'.repeat(depth + (from.dir ? 1 : 0));
  return `${up}${to.dir}${file}`;
}

/** <link rel="canonical"> and one <link rel="alternate" hreflang> per edition, zh-Hant also as x-default. */
export function alternateLinks(e: PageEdition, file: string, depth = 0): string {
  const own = e.editions.find((x) => x.lang === e.lang);
  const byDefault = e.editions[0];
  return [
    own ? `<link rel="canonical"${attrs({ href: editionHref(e, own, file, depth) })}>` : '',
    ...e.editions.map((x) => `<link rel="alternate"${attrs({ hreflang: x.hreflang, href: editionHref(e, x, file, depth) })}>`),
    byDefault ? `<link rel="alternate"${attrs({ hreflang: 'x-default', href: editionHref(e, byDefault, file, depth) })}>` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The header's language switch: a <details> menu (keyboard-operable without
 * scripts) of links to this page in each edition. Scripts add the page's
 * hash (the anchor and every widget's state) to the link when it is followed,
 * and remember the choice (i18n/lang-switch.ts).
 */
export function langSwitch(e: PageEdition, file: string, depth = 0): string {
  if (e.editions.length < 2) return '';
  const own = e.editions.find((x) => x.lang === e.lang);
  const items = e.editions
    .map((x) => {
      const current = x.lang === e.lang;
      return `<li><a${attrs({ href: editionHref(e, x, file, depth), hreflang: x.hreflang, lang: x.lang, 'data-lang': x.lang, 'aria-current': current ? 'true' : null })}>${esc(x.label)}</a></li>`;
    })
    .join('');
  const label = fill(ui.lang.switch_current, { name: own?.label ?? e.lang });
  const icon =
    '<svg class="lang-switch-icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false"><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.4"/><path d="M1.5 8h13M8 1.5c2 2 2.6 4 2.6 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.4 5.5 5.4 8S6 12.5 8 14.5" fill="none" stroke="currentColor" stroke-width="1.2"/></svg>';
  return (
    `<details class="lang-switch" data-lang-switch data-pagefind-ignore>` +
    `<summary${attrs({ 'aria-label': label, title: label })}>${icon}<span class="lang-switch-current">${esc(own?.label ?? e.lang)}</span></summary>` +
    `<ul class="lang-switch-menu"${attrs({ 'aria-label': ui.lang.switch_label })}>${items}</ul></details>`
  );
}

/** A sentence naming an edition, the name marked in its own language (an English page's 简体中文 is Chinese text). */
function withName(template: string, x: EditionRef): string {
  return esc(template)
    .split('{name}')
    .join(`<span${attrs({ lang: x.lang })}>${esc(x.label)}</span>`);
}

/**
 * The landing page's offer of the edition the reader chose before (hidden;
 * shown by i18n/lang-switch.ts when the remembered edition is another one).
 * One link per other edition, so the script only picks one; each is written
 * in the language it offers (a reader who chose English reads the offer in
 * English on a Chinese page), the button to stay in the page's.
 */
export function langOffer(e: PageEdition, file: string): string {
  const others = e.editions.filter((x) => x.lang !== e.lang);
  if (!others.length) return '';
  const offers = others
    .map(
      (x) =>
        `<p class="lang-offer-text" data-offer-lang="${esc(x.lang)}"${attrs({ lang: x.lang })} hidden>${withName((x.offer ?? ui.lang).offer, x)} ` +
        `<a${attrs({ href: editionHref(e, x, file), hreflang: x.hreflang, 'data-lang': x.lang })}>${withName((x.offer ?? ui.lang).offer_go, x)}</a></p>`,
    )
    .join('');
  return `<div class="lang-offer" data-lang-offer role="region"${attrs({ 'aria-label': ui.lang.switch_label })} hidden data-pagefind-ignore>${offers}<button type="button" data-lang-offer-dismiss>${esc(ui.lang.offer_dismiss)}</button></div>`;
}
