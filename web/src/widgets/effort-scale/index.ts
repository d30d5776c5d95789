// The reasoning-effort knob, 1 … 100. Deliberately no cost or accuracy curve:
// the card publishes none, so the bar shows the setting and nothing else.

import { boundAttrs, boundText, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { EffortResult } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import { esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';
import { aside } from '../../figures/joins';

const BAR_W = 1000;
const BAR_H = 24;

const effortScale: WidgetDef<EffortResult> = {
  compute: (engine, fields) => engine('effort_scale', fields),

  view(r, { cfg }) {
    const view: View = {
      [SHAPE]: 'effort',
      display: r.display,
      band: aside(text(cfg, `band.${r.band}`), r.band_display),
      published: text(cfg, r.published ? 'published' : 'unpublished'),
      // The core's exact fraction (e.g. "0.37") sets the bar's length only.
      'bar.w': coord(Number.parseFloat(r.fraction) * BAR_W),
    };
    return view;
  },

  renderOutput(view, { cfg }) {
    return (
      `<dl class="tally-summary"><div class="tally-headline"><dt>${esc(text(cfg, 'setting'))}</dt>` +
      boundText('dd', 'display', view, { 'data-testid': 'effort', 'aria-live': 'polite' }) +
      `</div><div><dt>${esc(text(cfg, 'band'))}</dt>${boundText('dd', 'band', view, { 'data-testid': 'band' })}</div></dl>` +
      `<svg class="effort-bar" viewBox="0 0 ${BAR_W} ${BAR_H}" preserveAspectRatio="none" role="img" aria-label="${esc(text(cfg, 'bar_label'))}">` +
      `<rect class="effort-track" x="0" y="0" width="${BAR_W}" height="${BAR_H}"></rect>` +
      `<rect class="effort-fill" x="0" y="0" height="${BAR_H}"${boundAttrs({ width: 'bar.w' }, view)}></rect></svg>` +
      boundText('p', 'published', view, { class: 'tally-notes', 'data-testid': 'published' }) +
      `<p class="tally-hint">${esc(text(cfg, 'no_curve'))}</p>`
    );
  },
};

export default effortScale;
