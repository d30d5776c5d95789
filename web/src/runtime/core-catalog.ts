// The core's message catalog for this page: the browser's WASM module has
// no words compiled in (they would put it over its size budget); it gets one
// language's catalog, once, before its first request. Besides the messages,
// the file carries the words of the core's model, format and GPU catalogs in
// that language ("content": group names, notes, format names), from which
// the module builds its catalog of models in the page's language. The site build writes
// each language's catalog beside the core's binary, with its hash
// (scripts/i18n/catalogs.mjs: wasm/tally_web.<hash>.wasm → wasm/messages-en.<hash>.json;
// the hash covers the catalogs), so any page or embed that names the core
// finds its words. web/src/start-core.js derives the same URL to start the
// fetch from the page head.

/** The languages the core speaks (src/core/lang.hpp). */
export const CORE_LANGS = ['zh-Hant', 'zh-Hans', 'en'] as const;
export type CoreLang = (typeof CORE_LANGS)[number];

/** The core's language for a BCP 47 tag (a page's <html lang>, a widget's lang): zh-Hant unless it says otherwise. */
export function coreLang(tag: string | null | undefined): CoreLang {
  const t = (tag ?? '').trim();
  if (/^en(-|$)/i.test(t)) return 'en';
  if (/^zh-(Hans|CN|SG)\b/i.test(t)) return 'zh-Hans';
  return 'zh-Hant';
}

/** The catalog beside the core's binary at `wasmUrl`. */
export function catalogUrl(wasmUrl: string, lang: CoreLang): string {
  const url = new URL(wasmUrl);
  url.pathname = url.pathname.replace(/[^/]*?(\.[0-9a-f]+)?\.wasm$/, (_, hash: string | undefined) => `messages-${lang}${hash ?? ''}.json`);
  return url.href;
}

declare global {
  interface Window {
    /** The catalog fetch web/src/start-core.js started from the page head. */
    __tallyCatalog?: { url: string; text: Promise<string> };
  }
}

async function fetchCatalog(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`tally catalog: HTTP ${response.status}`);
  return response.text();
}

/**
 * The catalog's text (the head's fetch when it is the same URL), or
 * undefined when it cannot be had: the core then shows message codes in
 * place of sentences, and the console says why. Numbers are unaffected.
 */
export function loadCatalog(wasmUrl: string, lang: CoreLang): Promise<string | undefined> {
  const url = catalogUrl(wasmUrl, lang);
  const early = window.__tallyCatalog;
  const text = early?.url === url ? early.text.catch(() => fetchCatalog(url)) : fetchCatalog(url);
  return text.catch((error: unknown) => {
    console.warn(`Tally: the core's words (${url}) could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
}
