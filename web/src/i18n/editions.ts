// The editions as the browser knows them: a language tag and the folder its
// pages, embed.html and embed.js are in (web/scripts/editions.mjs writes
// them there). zh-Hant is the site root.
export const EDITION_LANGS = ['zh-Hant', 'zh-Hans', 'en'] as const;
export type EditionLang = (typeof EDITION_LANGS)[number];
export const DEFAULT_LANG: EditionLang = 'zh-Hant';

export function isEditionLang(lang: string | null | undefined): lang is EditionLang {
  return (EDITION_LANGS as readonly string[]).includes(lang ?? '');
}

/** "" for zh-Hant, "en/" for English …: the edition's folder under the site root. */
export function editionDir(lang: EditionLang): string {
  return lang === DEFAULT_LANG ? '' : `${lang}/`;
}

/** The edition of the page this code runs in (its <html lang>), zh-Hant if it is none of them. */
export function pageLang(doc: Document = document): EditionLang {
  const lang = doc.documentElement.lang;
  return isEditionLang(lang) ? lang : DEFAULT_LANG;
}
