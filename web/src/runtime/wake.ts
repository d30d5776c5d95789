// Offscreen widgets wake lazily (issue 36): a widget far below the screen
// keeps its prerendered SVG, and costs the page nothing, until it comes
// within one screen of the viewport. Whatever the reader has not scrolled
// to wakes in idle time, one widget per idle period, so a page still
// becomes live throughout (search hits, state links and print read every
// widget) without delaying the first one or a drag.
import { idle } from './idle';

/** One screen above and below the viewport counts as near. */
const NEAR = '100% 0px';

/**
 * Calls `wake` once per element, when it nears the viewport or, failing that,
 * in idle time, in document order. Resolves with every result, in the
 * elements' order, once all have woken.
 */
export async function wakeLazily<T>(elements: readonly HTMLElement[], wake: (el: HTMLElement) => Promise<T>): Promise<T[]> {
  const woken = new Map<HTMLElement, Promise<T>>();
  let observer: IntersectionObserver | undefined;
  const start = (el: HTMLElement): Promise<T> => {
    let result = woken.get(el);
    if (!result) {
      observer?.unobserve(el);
      result = wake(el);
      woken.set(el, result);
    }
    return result;
  };
  if (elements.length && 'IntersectionObserver' in window) {
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) if (entry.isIntersecting) void start(entry.target as HTMLElement);
      },
      { rootMargin: NEAR },
    );
    for (const el of elements) observer.observe(el);
  }
  for (const el of elements) {
    if (!woken.has(el)) await idle();
    await start(el).catch(() => undefined); // its own promise, below, reports the failure
  }
  observer?.disconnect();
  return Promise.all(elements.map(start));
}
