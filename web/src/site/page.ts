// The HTML shell around a rendered chapter page. Every URL is relative, so
// dist/ works from any static host and any sub-path. No inline scripts.

import path from 'node:path';

import { attrs, esc } from '../runtime/html';
import { profileChip } from '../runtime/profile-chip';
import { offlineHead } from '../offline/markup';
import { ui } from '../i18n/ui';
import { themeSwitch } from '../theme/switch-markup';
import type { OfflineAssets } from '../offline/text';

export interface PageAssets {
  /** Entry script and stylesheets from Vite's manifest (paths relative to dist/). */
  script: string;
  /** Chunks the entry imports statically, preloaded with it. */
  modules?: string[];
  styles: string[];
  /** Every bundled asset (KaTeX fonts among them), for font preloads. */
  fonts: string[];
  /** The classic script that starts compiling the core and its worker from the head (web/src/start-core.js). */
  startCore?: string;
  /** The classic script that applies the reader's light/dark choice before the first paint (web/src/theme/theme.js). */
  theme?: string;
  /** Content-hashed copies of the Emscripten glue and binary. */
  wasmGlue: string;
  wasmBinary: string;
  /**
   * The core's message catalog of the page's edition (messages.<lang>.<hash>.json),
   * once the build writes one (web/scripts/build-site.mjs coreCatalog): preloaded,
   * and named on <html data-core-catalog> for the code that hands it to the core.
   */
  catalog?: string;
}

/**
 * Every page's Content-Security-Policy: scripts only from this site (no
 * inline script, no eval), WASM compilation allowed, no third-party hosts.
 * style-src needs 'unsafe-inline' for KaTeX's inline style attributes only.
 * worker-src blob: lets the page start the core's worker, whose script the
 * page makes itself (runtime/core-worker.ts); 'self' lets it register the
 * offline copy's service worker (sw.js) and lets search run Pagefind's own
 * worker (pagefind/pagefind-worker.js). frame-ancestors cannot be set
 * in a meta tag: scripts/serve.mjs sends this policy as a header with it
 * (docs/hosting.md).
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:", // Vite inlines the smallest KaTeX fonts as data: URLs
  "connect-src 'self'",
  "worker-src blob: 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Site root (relative to the page) and build version, for the "嵌入" snippets. */
export interface EmbedMeta {
  root: string;
  version: string;
}

export function headMeta(embed: EmbedMeta | undefined): string {
  const csp = `<meta http-equiv="Content-Security-Policy"${attrs({ content: CSP })}>`;
  if (!embed) return csp;
  return `${csp}\n<meta name="tally-root"${attrs({ content: embed.root })}>\n<meta name="tally-version"${attrs({ content: embed.version })}>`;
}

export interface PageInput {
  title: string;
  description: string;
  siteName: string;
  bodyHtml: string;
  /** Site-wide contents (all pages, the current one's sections). */
  tocHtml: string;
  tocLabel: string;
  /** The current page's short name, shown beside the folded contents' button on narrow screens. */
  tocCurrent?: string;
  footerHtml: string;
  assets: PageAssets;
  /** Font files to preload, by stem (e.g. "KaTeX_Main-Regular"; site/katex-fonts.ts). */
  preloadFonts: string[];
  /** The page's own widget configs (JSON, relative to dist/), when it has widgets. */
  widgetConfig?: string;
  /** Widget instance or anchor → the page that has it now, for old links (runtime/old-links.ts). */
  oldLinks?: Record<string, string>;
  embed?: EmbedMeta;
  /** Where the site name in the header leads (the book's front door, from a chapter page, the contents or an article); plain text without it (the front door itself). */
  siteHref?: string;
  /** Site-wide tools beside the site name (the "匯入模型" button), their dialogs and notices. */
  tools?: { header: string; dialogs: string; notices: string };
  /** The manifest, icon and service worker of the offline copy (chapter pages only: never embeds or articles). */
  offline?: OfflineAssets;
  /** The page's edition (BCP 47: zh-Hant, zh-Hans, en); zh-Hant when absent. */
  lang?: string;
  /** Canonical and hreflang alternates (site/edition-links.ts). */
  alternates?: string;
  /** The header's language switch (site/edition-links.ts). */
  langSwitch?: string;
}

/** woff2 assets whose name starts with one of the wanted font names. */
function fontPreloads(assets: string[], wanted: string[]): string {
  return assets
    .filter((a) => a.endsWith('.woff2') && wanted.some((w) => path.basename(a).startsWith(`${w}-`)))
    .map((href) => `<link rel="preload"${attrs({ href, as: 'font', type: 'font/woff2', crossorigin: 'anonymous' })}>`)
    .join('\n');
}

/**
 * The head's stylesheets, scripts and preloads, in the order a browser should
 * ask for them: HTTP/1.1 gives a host 6 connections, so the page code and the
 * core go out in the first round and the math fonts (needed only once the
 * formulas are laid out) queue last. The core's preload link comes before
 * the script that starts compiling it (start-core.js finds the URL there;
 * the glue's URL, for the worker it starts, is on the script itself).
 */
export function headAssets(assets: PageAssets, preloadFonts: string[] = [], widgetConfig?: string): string {
  const fetchPreload = (href: string, kind: string) => `<link rel="preload"${attrs({ href, as: 'fetch', crossorigin: 'anonymous', 'data-tally': kind })}>`;
  return [
    // First: it sets the palette before the stylesheets are applied, and waits for none of them.
    ...(assets.theme ? [`<script${attrs({ src: assets.theme })}></script>`] : []),
    ...assets.styles.map((href) => `<link rel="stylesheet"${attrs({ href })}>`),
    fetchPreload(assets.wasmBinary, 'wasm'),
    ...(assets.startCore ? [`<script${attrs({ src: assets.startCore, 'data-glue': assets.wasmGlue })}></script>`] : []),
    `<script type="module" async${attrs({ src: assets.script })}></script>`,
    ...(assets.modules ?? []).map((href) => `<link rel="modulepreload"${attrs({ href })}>`),
    `<link rel="modulepreload"${attrs({ href: assets.wasmGlue, 'data-tally': 'glue' })}>`,
    ...(widgetConfig ? [fetchPreload(widgetConfig, 'widgets')] : []),
    ...(assets.catalog ? [fetchPreload(assets.catalog, 'catalog')] : []),
    fontPreloads(assets.fonts, preloadFonts),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The contents: a <details> so they fold without JavaScript too. Narrow
 * screens show only its summary (a menu button in a bar under the header);
 * wide ones show the list as a sidebar whatever the open state
 * (site.css, and runtime/contents-menu.ts where ::details-content is
 * unknown).
 */
function contentsNav(p: PageInput): string {
  if (!p.tocHtml) return `<nav class="toc"${attrs({ 'aria-label': p.tocLabel })}></nav>`;
  const here = p.tocCurrent ? `<span class="toc-here">${esc(p.tocCurrent)}</span>` : '';
  const summary = `<summary class="toc-toggle"><span class="toc-toggle-label">${esc(p.tocLabel)}</span>${here}</summary>`;
  return `<nav class="toc" id="toc"${attrs({ 'aria-label': p.tocLabel })}><details class="toc-fold" data-toc-fold>${summary}${p.tocHtml}</details></nav>`;
}

// The empty data: icon stops browsers from requesting /favicon.ico (a 404 on
// most static hosts, and a console error).
export function renderPage(p: PageInput): string {
  return `<!doctype html>
<html${attrs({ lang: p.lang ?? 'zh-Hant', 'data-core-catalog': p.assets.catalog })}>
<head>
<meta charset="utf-8">
${headMeta(p.embed)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
${p.offline ? `<link rel="icon"${attrs({ href: p.offline.icon, type: 'image/svg+xml' })}>\n${offlineHead(p.offline)}` : '<link rel="icon" href="data:,">'}
<title>${esc(p.title)}</title>
<meta name="description"${attrs({ content: p.description })}>
${p.alternates ? `${p.alternates}\n` : ''}${headAssets(p.assets, p.preloadFonts, p.widgetConfig)}
</head>
<body${attrs({ 'data-old-links': p.oldLinks ? JSON.stringify(p.oldLinks) : null })}>
<a class="skip-link" href="#main">${esc(ui.page.skip_link)}</a>
<header class="site-header"><p class="site-name">${p.siteHref ? `<a${attrs({ href: p.siteHref })}>${esc(p.siteName)}</a>` : esc(p.siteName)}</p>${p.tools ? profileChip() : ''}${p.tools?.header ?? ''}${p.assets.theme ? themeSwitch() : ''}${p.langSwitch ?? ''}</header>${p.tools?.dialogs ?? ''}
<div class="layout">
${contentsNav(p)}
<main id="main">
<p class="profile-problem" data-profile-problem role="alert" hidden></p>${p.tools?.notices ?? ''}
<article class="chapter" data-pagefind-body>
${p.bodyHtml}
</article>
</main>
</div>
<footer class="site-footer">${p.footerHtml}</footer>
</body>
</html>
`;
}
