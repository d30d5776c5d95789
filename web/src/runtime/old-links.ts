// Links shared before the chapter was split into pages point at index.html
// with widget state in the hash (index.html#table-2-1:B=4&S=4096). The
// landing page knows where each widget lives now (data-widget-pages, written
// at build time) and forwards such a link, hash intact, to that page.

import { parseHash } from './hash-state';

export function forwardOldLink(doc: Document, loc: Location): boolean {
  const raw = doc.body.dataset.widgetPages;
  if (!raw || !loc.hash) return false;
  const pages = JSON.parse(raw) as Record<string, string>;
  const targets = new Set([...parseHash(loc.hash).keys()].map((name) => pages[name]).filter(Boolean));
  // Only an unambiguous link is forwarded; widgets of several pages cannot share one URL now.
  if (targets.size !== 1) return false;
  loc.replace(`${[...targets][0]!}${loc.hash}`);
  return true;
}
