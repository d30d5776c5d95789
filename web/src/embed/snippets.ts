// The two ways to embed a widget in its current state, as text a reader can
// copy: an <iframe> of embed.html, or embed.js plus a <tally-widget> element.
// Both point into v/<version>/, the immutable copy of this build (docs/embed.md).
import type { Params } from '../runtime/hash-state';
import { esc } from '../runtime/html';
import { DEFAULT_LANG, editionDir, type EditionLang } from '../i18n/editions';

export interface EmbedTarget {
  /** Absolute URL of the site root (where index.html and v/ live), ending in "/". */
  root: string;
  version: string;
  /** The edition the snippet shows: its folder's embed.html / embed.js, and lang= (absent: zh-Hant, as before editions). */
  lang?: EditionLang;
  instance: string;
  params: Params;
  title: string;
  /**
   * Share tokens of the imported models the state names (import/codec.ts):
   * the iframe URL carries them as #import:m=…, the element as `import`.
   */
  imports?: string[];
}

export function stateText(params: Params): string {
  return new URLSearchParams([...params]).toString();
}

/** v/<version>/ plus the edition's folder. */
function pinned(t: EmbedTarget): string {
  return `${t.root}v/${encodeURIComponent(t.version)}/${editionDir(t.lang ?? DEFAULT_LANG)}`;
}

/** lang= for another edition than zh-Hant (zh-Hant snippets stay as they were). */
function langParam(t: EmbedTarget): [string, string][] {
  return t.lang && t.lang !== DEFAULT_LANG ? [['lang', t.lang]] : [];
}

export function embedUrl(t: EmbedTarget): string {
  const q = new URLSearchParams([['w', t.instance], ...t.params, ...langParam(t), ['v', t.version]]);
  const hash = t.imports?.length ? `#import:m=${t.imports.join(',')}` : '';
  return `${pinned(t)}embed.html?${q.toString()}${hash}`;
}

export function iframeSnippet(t: EmbedTarget): string {
  return (
    `<iframe src="${esc(embedUrl(t))}" title="${esc(t.title)}" width="100%" height="480" loading="lazy" data-tally-embed></iframe>\n` +
    `<script type="module" src="${esc(`${pinned(t)}embed-host.js`)}"></script>`
  );
}

export function elementSnippet(t: EmbedTarget): string {
  return (
    `<script type="module" src="${esc(`${pinned(t)}embed.js`)}"></script>\n` +
    `<tally-widget widget="${esc(t.instance)}" state="${esc(stateText(t.params))}"` +
    (t.lang && t.lang !== DEFAULT_LANG ? ` lang="${esc(t.lang)}"` : '') +
    (t.imports?.length ? ` import="${esc(t.imports.join(','))}"` : '') +
    `></tally-widget>`
  );
}
