// The View each hydrated widget shows, for code that acts on a click (the
// "how" popover, the copy buttons) and reads strings the page does not carry
// in its markup. widget.ts provides one getter per widget root.
import type { View } from './bind';

type ViewGetter = () => View | Promise<View>;
const getters = new WeakMap<Element, ViewGetter>();

export function provideView(root: Element, get: ViewGetter): void {
  getters.set(root, get);
}

/** The View of the widget holding `el`, or undefined outside a hydrated widget. */
export function viewOf(el: Element): View | Promise<View> | undefined {
  const root = el.closest('[data-widget]');
  return root ? getters.get(root)?.() : undefined;
}
