// The header's language switch in the browser (markup: site/edition-links.ts).
// A link to another edition is the same page there; following it carries the
// page's hash, which holds the anchor and every widget's state, so the
// reader lands on the same place with the same settings. The choice is
// remembered (localStorage tally.lang.v1, listed in the landing page's
// storage panel) and a landing page offers, never forces, the remembered
// edition.

export const LANG_KEY = 'tally.lang.v1';

/** The edition the reader chose, if any (i18n/first-visit.ts lets it win over the browser's languages). */
export function rememberedEdition(): string | null {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null; // storage blocked: the switch still works, it is only not remembered
  }
}

function remember(lang: string): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Blocked or full: the link still leads to the edition.
  }
}

/** Every edition link of the page carries the current hash. */
function withHash(a: HTMLAnchorElement, hash: string): void {
  const url = new URL(a.href);
  url.hash = hash;
  a.href = url.href;
}

export function installLangSwitch(doc: Document): void {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('[data-lang-switch] a[data-lang], [data-lang-offer] a[data-lang]')];
  const refresh = (): void => links.forEach((a) => withHash(a, doc.location.hash));
  refresh();
  doc.defaultView?.addEventListener('hashchange', refresh);
  for (const a of links) {
    // pointerdown and focus too, so a link opened in a new tab has the state as well.
    a.addEventListener('pointerdown', refresh);
    a.addEventListener('focus', refresh);
    a.addEventListener('click', () => {
      refresh();
      remember(a.dataset.lang ?? '');
    });
  }
  const menu = doc.querySelector<HTMLDetailsElement>('[data-lang-switch]');
  menu?.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
  doc.addEventListener('click', (e) => {
    if (menu?.open && !menu.contains(e.target as Node)) menu.open = false;
  });
  offerRemembered(doc);
}

function offerRemembered(doc: Document): void {
  const offer = doc.querySelector<HTMLElement>('[data-lang-offer]');
  const choice = rememberedEdition();
  if (!offer || !choice || choice === doc.documentElement.lang) return;
  const text = offer.querySelector<HTMLElement>(`[data-offer-lang="${CSS.escape(choice)}"]`);
  if (!text) return; // an edition this build does not have
  text.hidden = false;
  offer.hidden = false;
  offer.querySelector('[data-lang-offer-dismiss]')?.addEventListener('click', () => {
    offer.hidden = true;
    remember(doc.documentElement.lang); // staying here is a choice too
  });
}
