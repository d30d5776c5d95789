// Where an embedded widget's "see it in the chapter" link leads: the widget's
// own place on a chapter page, or, for a widget that lives only in an
// article, the chapter passage it builds on (content/articles/chapter-links.json).
// Computed at build time (site/widget-homes.ts); embed.js and embed.html carry it.
import { ui } from '../i18n/ui';

export interface WidgetHome {
  /** Page and anchor, relative to the site root ("2-3.html#fig-2-14"). */
  href: string;
  /** The link's words. */
  label: string;
}

/** The link element itself (DOM calls only: the label is content, never markup). */
export function homeLink(home: WidgetHome | undefined, root: string, doc: Document = document): HTMLElement {
  const p = doc.createElement('p');
  p.className = 'tally-embed-home';
  const a = doc.createElement('a');
  a.href = new URL(home?.href ?? 'index.html', root).href;
  // On another site the chapter opens beside the host page; on Tally's own pages it is the next page.
  if (new URL(a.href).origin !== doc.location.origin) {
    a.target = '_blank';
    a.rel = 'noopener';
  }
  a.textContent = home?.label ?? ui.embed.home_fallback;
  a.dataset.testid = 'widget-home';
  p.append(a);
  return p;
}
