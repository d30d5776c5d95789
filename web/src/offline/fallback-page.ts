// Build time: each edition's offline page (<edition>/offline.html, issue 39
// item 10). A worker answers a navigation with it when the network fails and
// the page is neither stored nor visited before (offline/sw-pages.js), so a
// reader sees where they are and where to go in their edition's words, not
// the browser's error page.
//
// The worker serves it at the address that was asked for (which may be one
// folder deeper, articles/…), so the page's relative links resolve against a
// <base> the worker sets to the page's own folder; standalone, "./" changes
// nothing. The worker also points "try again" at the address asked for. Both
// are plain text replacements of the markers below, which sw-pages.js names
// too.
import { attrs, esc } from '../runtime/html';
import { CSP } from '../site/page';
import type { FallbackText } from './text';

/** What sw-pages.js replaces: the base (with the folder's absolute URL) and the retry link's target (with the address asked for). */
export const FALLBACK_BASE = '<base href="./">';
export const FALLBACK_RETRY = 'href="offline.html" data-offline-retry';

export interface FallbackPageInput {
  lang: string;
  siteName: string;
  text: FallbackText;
  /** Stylesheets and the theme script, relative to the edition's folder (precached by the edition's worker). */
  styles: string[];
  theme?: string;
}

export function fallbackPage(p: FallbackPageInput): string {
  // The page's <base> must be allowed: the site's policy says base-uri 'none'.
  const csp = CSP.replace("base-uri 'none'", "base-uri 'self'");
  const t = p.text;
  return `<!doctype html>
<html${attrs({ lang: p.lang })}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"${attrs({ content: csp })}>
${FALLBACK_BASE}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${esc(t.title)} · ${esc(p.siteName)}</title>
${p.theme ? `<script${attrs({ src: p.theme })}></script>\n` : ''}${p.styles.map((href) => `<link rel="stylesheet"${attrs({ href })}>`).join('\n')}
</head>
<body>
<header class="site-header"><p class="site-name"><a href="index.html">${esc(p.siteName)}</a></p></header>
<main id="main" class="offline-page">
<article class="chapter">
<h1>${esc(t.heading)}</h1>
<p>${esc(t.lead)}</p>
<p>${esc(t.saved)}</p>
<nav${attrs({ 'aria-label': t.links_label })}><ul>
<li><a ${FALLBACK_RETRY}>${esc(t.retry)}</a></li>
<li><a href="index.html">${esc(t.home)}</a></li>
<li><a href="contents.html">${esc(t.contents)}</a></li>
</ul></nav>
</article>
</main>
</body>
</html>
`;
}
