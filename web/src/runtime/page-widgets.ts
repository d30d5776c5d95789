// The widget configurations of the page being read. The site build writes
// one JSON file per page holding only that page's instances (and the status
// strings) and names it in <link data-tally="widgets"> (which also preloads
// it), so a page never downloads or parses the configs of the other pages.
// The build itself, the embeds and the articles read every config through
// site-config.ts.
import type { SiteWidgets } from './config';

const NONE: SiteWidgets = { status: { prerendered: '', ready: '', failed: '' }, widgets: {} };

export async function loadPageWidgets(doc: Document): Promise<SiteWidgets> {
  const link = doc.querySelector<HTMLLinkElement>('link[data-tally="widgets"]');
  if (!link) return NONE; // a page without widgets
  const response = await fetch(link.href);
  if (!response.ok) throw new Error(`tally widgets: HTTP ${response.status} for ${link.href}`);
  // Written by the build from checked configs, defaults included (site/build.ts).
  return (await response.json()) as SiteWidgets;
}
