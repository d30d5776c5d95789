// Motion that explains: once a widget has shown its first answer, its
// figure's shapes glide to new values. Two cases:
// - the drawing is updated in place (same structure): figures.css
//   transitions x, width, cx, cy and d as the core's new coordinates are
//   written;
// - the drawing is rebuilt (a new set of axis ticks or table rows changes
//   its structure, runtime/widget.ts): the old shapes are gone, so each new
//   shape that has an old counterpart (same bar, series or cell, shapeKeys)
//   is animated from the old geometry with the Web Animations API, started
//   in the mutation callback, before the new drawing is first painted.
// Before the first answer nothing moves (the page opens, or a link's state
// replaces the book's drawing, at once): the attribute is set two frames
// after it, so its geometry and the transitions never meet in one style
// change. Under prefers-reduced-motion: reduce nothing moves at all.

const DURATION = 200;
const GEOMETRY: Record<string, string[]> = { rect: ['x', 'y', 'width', 'height'], circle: ['cx', 'cy'], path: ['d'] };
const MOVING = '.fig-svg rect, .fig-svg circle, .fig-svg path.line';

/**
 * Each shape's identity across rebuilds: its drawing (wide or narrow), the
 * bar or series it belongs to, its tag and class, and its place among the
 * shapes sharing those. One pass over `root` (a grid has hundreds of cells).
 */
export function shapeKeys(root: Element, selector = MOVING): Map<Element, string> {
  const seen = new Map<string, number>();
  const keys = new Map<Element, string>();
  for (const el of root.querySelectorAll(selector)) {
    const owner = el.closest('[data-bar], [data-series]');
    const ownerId = owner ? (owner.getAttribute('data-bar') ?? owner.getAttribute('data-series')) : '';
    const group = `${el.closest('svg')?.getAttribute('class') ?? ''}|${ownerId}|${el.tagName}|${el.getAttribute('class') ?? ''}`;
    const n = seen.get(group) ?? 0;
    seen.set(group, n + 1);
    keys.set(el, `${group}|${n}`);
  }
  return keys;
}

const reduced = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Path commands must match for a path to interpolate; otherwise it is drawn at once. */
const commands = (d: string): string => d.replace(/[^A-Za-z]/g, '');

/** Keyframes from an old shape's geometry to a new one's, or null when nothing moved. */
function keyframes(from: Element, to: Element): [Keyframe, Keyframe] | null {
  const props = GEOMETRY[to.tagName.toLowerCase()] ?? [];
  const a: Keyframe = {};
  const b: Keyframe = {};
  for (const p of props) {
    const was = from.getAttribute(p);
    const now = to.getAttribute(p);
    if (was === null || now === null || was === now) continue;
    if (p === 'd') {
      if (commands(was) !== commands(now)) continue;
      a.d = `path("${was}")`;
      b.d = `path("${now}")`;
    } else {
      a[p] = `${was}px`;
      b[p] = `${now}px`;
    }
  }
  return Object.keys(a).length ? [a, b] : null;
}

/** Animate the shapes of a rebuilt drawing from where their old counterparts were. */
function glideFromOld(removed: Element[], added: Element[]): void {
  const old = new Map<string, Element>();
  for (const root of removed) for (const [s, key] of shapeKeys(root)) old.set(key, s);
  if (!old.size) return;
  for (const root of added) {
    for (const [s, key] of shapeKeys(root)) {
      const before = old.get(key);
      const frames = before && keyframes(before, s);
      if (frames) s.animate(frames, { duration: DURATION, easing: 'ease-out' });
    }
  }
}

export function enableMotion(root: HTMLElement): void {
  root.addEventListener('tally:update', () => requestAnimationFrame(() => requestAnimationFrame(() => root.setAttribute('data-motion', ''))), { once: true });
  const output = root.querySelector('[data-output]');
  if (!output) return;
  new MutationObserver((records) => {
    if (!root.hasAttribute('data-motion') || reduced()) return;
    const els = (nodes: NodeList) => [...nodes].filter((n): n is Element => n instanceof Element);
    glideFromOld(
      records.flatMap((r) => els(r.removedNodes)),
      records.flatMap((r) => els(r.addedNodes)),
    );
  }).observe(output, { childList: true });
}
