// The contents follow the section being read: the link of the last section
// whose heading has passed the top third of the window gets
// aria-current="true" (styled in pages.css). An IntersectionObserver wakes
// the check only when a section enters or leaves that top third, not on
// every scroll. It watches the sections, not their headings: a jump (a deep
// link, End, a scrollTo) can carry a heading past the band without it ever
// intersecting it, but the section landed in always does.

/** The reading line, as a fraction of the window's height from the top. */
const LINE = 0.3;

/** Section headings the contents link to (#id), with their links. */
function sectionsOf(doc: Document): Array<{ heading: HTMLElement; link: HTMLAnchorElement }> {
  const links = [...doc.querySelectorAll<HTMLAnchorElement>('nav.toc a[href^="#"]')];
  return links.flatMap((link) => {
    const heading = doc.getElementById(decodeURIComponent(link.hash.slice(1)));
    return heading ? [{ heading, link }] : [];
  });
}

export function installScrollSpy(doc: Document): void {
  const view = doc.defaultView;
  const sections = sectionsOf(doc);
  if (!view || !sections.length || !('IntersectionObserver' in view)) return;
  let current: HTMLAnchorElement | undefined;
  const mark = () => {
    const line = view.innerHeight * LINE;
    const passed = sections.filter((s) => s.heading.getBoundingClientRect().top <= line);
    const now = passed[passed.length - 1]?.link;
    if (now === current) return;
    current?.removeAttribute('aria-current');
    now?.setAttribute('aria-current', 'true');
    current = now;
  };
  // The band above the reading line: a heading entering or leaving it moves the mark.
  const observer = new view.IntersectionObserver(mark, { rootMargin: `0px 0px -${(1 - LINE) * 100}% 0px` });
  for (const s of sections) observer.observe(s.heading.closest('section') ?? s.heading);
  mark();
}
