// Links made before content moved. Links shared before the chapter was split
// into pages point at index.html with widget state in the hash
// (index.html#table-2-1:B=4&S=4096); links to the model lookup tables point at
// 2-6.html (2-6.html#tab-2-4), where they stood before they got their own
// page. Such a page knows where those widgets and anchors live now
// (data-old-links, written at build time) and forwards the link, hash intact.

import { decodeOrUndefined } from './decode';
import { parseHash } from './hash-state';

export function forwardOldLink(doc: Document, loc: Location): boolean {
  const raw = doc.body.dataset.oldLinks;
  if (!raw || !loc.hash) return false;
  const pages = JSON.parse(raw) as Record<string, string>;
  const names = [...parseHash(loc.hash).keys()];
  if (!names.length) {
    const anchor = decodeOrUndefined(loc.hash.slice(1)); // a plain anchor; a malformed one names nothing
    if (anchor !== undefined) names.push(anchor);
  }
  // Only what this page no longer has is forwarded.
  const here = (name: string) => doc.getElementById(name) ?? doc.querySelector(`[data-instance="${CSS.escape(name)}"]`);
  const targets = new Set(
    names
      .filter((name) => !here(name))
      .map((name) => pages[name])
      .filter(Boolean),
  );
  // Only an unambiguous link is forwarded; widgets of several pages cannot share one URL now.
  if (targets.size !== 1) return false;
  loc.replace(`${[...targets][0]!}${loc.hash}`);
  return true;
}
