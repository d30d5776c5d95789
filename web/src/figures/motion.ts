// Motion that explains: once a widget has shown its first answer, its
// figure's shapes glide to new values (figures.css transitions x, width,
// cx, cy and d under prefers-reduced-motion: no-preference). Before that
// nothing moves: the page opens, or a link's state replaces the book's
// drawing, without an animation. The attribute is set two frames after the
// first update, so the first answer's new geometry and the transitions
// never reach the same style change.

export function enableMotionAfterFirstUpdate(root: HTMLElement): void {
  root.addEventListener(
    'tally:update',
    () => requestAnimationFrame(() => requestAnimationFrame(() => root.setAttribute('data-motion', ''))),
    { once: true },
  );
}
