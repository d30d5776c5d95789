// The folded contents on narrow screens (site/page.ts renders them as a
// <details> in nav.toc): choosing a link, pressing Escape or tapping outside
// closes the menu, so the reader lands on the chapter, not on an open list.
// Wide screens show the list as a sidebar; the <details> is kept open there
// for browsers whose CSS cannot show a closed one's content (site.css).

/** Where the contents stop folding: site.css's breakpoint of the two-column layout. */
export const WIDE = '(min-width: 64rem)';

export function installContentsMenu(doc: Document): void {
  const fold = doc.querySelector<HTMLDetailsElement>('details[data-toc-fold]');
  const view = doc.defaultView;
  if (!fold || !view) return;
  const wide = view.matchMedia(WIDE);
  const close = () => {
    if (!wide.matches) fold.open = false;
  };
  const follow = () => {
    fold.open = wide.matches;
  };
  follow();
  wide.addEventListener('change', follow);

  // A link chosen in the open menu: the page (or its section) comes into view.
  fold.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a')) close();
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !fold.open || wide.matches) return;
    close();
    fold.querySelector<HTMLElement>('summary')?.focus();
  });
  doc.addEventListener('pointerdown', (event) => {
    if (fold.open && !fold.contains(event.target as Node)) close();
  });
}
