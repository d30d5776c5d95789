// What a hydrated widget's figures do beyond showing the core's numbers:
// readouts of any mark (readout.ts) and motion between values (motion.ts).
// Called by the widget runtime for every widget, in a page, embed.html and
// <tally-widget> alike; a widget without a drawing gets nothing, and only
// the figures built from marks (chart.ts) and drawings that opt in
// (svg[data-readable]: the capacity bar, the decode lines) have readouts.

import type { WidgetConfig } from '../runtime/config';
import { enableMotion } from './motion';
import { attachReadout, READABLE_SVG } from './readout';

export function liveFigure(root: HTMLElement, cfg: WidgetConfig): void {
  if (!root.querySelector('svg')) return;
  enableMotion(root);
  if (root.querySelector(READABLE_SVG)) attachReadout(root, cfg.text.readout_hint ?? '');
}
