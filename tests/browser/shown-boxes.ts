// Where a figure's texts land on screen, for the specs that check labels keep
// apart (tests/browser/ch04/kind-examples.spec.ts, ch10/timelines.spec.ts):
// the boxes of the texts a selector picks in the drawing shown at this width
// (the wide or the phone drawing, whichever is laid out), and whether two
// boxes overlap.
import type { Locator } from '@playwright/test';

export interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Boxes on screen of the drawing's texts that `selector` picks in the drawing shown at this width. */
export async function shownBoxes(w: Locator, selector: string): Promise<Box[]> {
  return w.locator('svg.fig-svg').evaluateAll(
    (svgs, sel) =>
      svgs
        .filter((svg) => svg.getBoundingClientRect().width > 0)
        .flatMap((svg) =>
          [...svg.querySelectorAll(sel)].map((t) => {
            const r = t.getBoundingClientRect();
            return { name: t.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }),
        ),
    selector,
  );
}

/** Two boxes share no area (touching edges are apart). */
export const apart = (a: Box, b: Box): boolean => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
