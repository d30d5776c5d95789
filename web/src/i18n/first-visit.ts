// The book's front door speaks the reader's language (issue 39, item 4). The
// site's root is the default edition (zh-Hant); a first visit there opens the
// edition the browser asks for (navigator.languages, in its order of
// preference): an English browser gets en/, a mainland one zh-Hans/. An
// edition the reader chose before (the language switch, or "stay here" on the
// landing page's offer) wins over the browser; links into a page of an
// edition are never redirected, only the root.
import { rememberedEdition } from './lang-switch';

/** The editions a page has (its <link rel="alternate" hreflang>), with their hrefs. */
function alternates(doc: Document): Map<string, string> {
  const out = new Map<string, string>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) out.set(link.hreflang, link.getAttribute('href') ?? '');
  return out;
}

/** The site's root: the landing page of the default edition (its x-default is itself). */
function isRoot(doc: Document): boolean {
  const self = doc.querySelector('link[rel="canonical"]')?.getAttribute('href');
  return self === 'index.html' && alternates(doc).get('x-default') === self;
}

/**
 * The edition a browser language asks for, among `offered` (hreflangs: zh-Hant,
 * zh-Hans, en): Chinese by script, or by region where no script is given
 * (zh-TW, zh-HK, zh-MO read Traditional; zh, zh-CN, zh-SG Simplified);
 * other languages by their primary subtag.
 */
export function editionFor(language: string, offered: readonly string[]): string | undefined {
  const tag = language.toLowerCase();
  const [primary, ...rest] = tag.split('-');
  if (primary === 'zh') {
    const traditional = rest.includes('hant') || (!rest.includes('hans') && rest.some((s) => ['tw', 'hk', 'mo'].includes(s)));
    const wanted = traditional ? 'zh-Hant' : 'zh-Hans';
    return offered.includes(wanted) ? wanted : offered.find((o) => o.startsWith('zh'));
  }
  return offered.find((o) => o.toLowerCase() === primary);
}

/** The edition for a browser's languages (first match in its order); English when none of them is offered. */
export function preferredEdition(languages: readonly string[], offered: readonly string[]): string | undefined {
  for (const language of languages) {
    const found = editionFor(language, offered);
    if (found) return found;
  }
  return offered.includes('en') ? 'en' : undefined;
}

/** On a first visit to the root, opens the browser's edition instead; true when the page is being left. */
export function openPreferredEdition(doc: Document): boolean {
  if (!isRoot(doc) || rememberedEdition() !== null) return false;
  const editions = alternates(doc);
  editions.delete('x-default');
  const wanted = preferredEdition(navigator.languages ?? [navigator.language], [...editions.keys()]);
  const own = doc.documentElement.lang;
  if (!wanted || wanted === own) return false;
  doc.location.replace(`${editions.get(wanted)!}${doc.location.hash}`);
  return true;
}
