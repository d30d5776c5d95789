// Dragging a figure's marker (web/src/figures/drag-marker.ts) with the mouse,
// as a reader does: from its handle to a value on its axis. The marker says
// where its axis lies (data-range, in the drawing's units), what it spans
// (data-domain) and whether it is logarithmic (data-log); the drawing's
// viewBox maps those units to the page.
import type { Locator, Page } from '@playwright/test';

/** The client x of value `v` on the axis of `marker` (a drawing's `.drag-marker` slider). */
export async function markerX(marker: Locator, v: number): Promise<number> {
  return marker.evaluate((m: Element, v: number) => {
    const svg = (m as SVGGraphicsElement).ownerSVGElement!;
    const nums = (name: string) => m.getAttribute(name)!.split(' ').map(Number) as [number, number];
    const [x0, x1] = nums('data-range');
    const [lo, hi] = nums('data-domain');
    const t = m.getAttribute('data-log') === '1' ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
    const box = svg.getBoundingClientRect();
    return box.left + ((x0 + t * (x1 - x0)) * box.width) / svg.viewBox.baseVal.width;
  }, v);
}

/**
 * Drag `marker` from where it stands to value `to`, ending `nudge` pixels
 * past it so a landmark near it pulls it in.
 */
export async function dragMarker(page: Page, marker: Locator, to: number, nudge = 2): Promise<void> {
  await marker.scrollIntoViewIfNeeded();
  const handle = (await marker.locator('.drag-handle').boundingBox())!;
  const x = await markerX(marker, to);
  const y = handle.y + handle.height / 2;
  await page.mouse.move(handle.x + handle.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(x + nudge, y, { steps: 8 });
  await page.mouse.up();
}
