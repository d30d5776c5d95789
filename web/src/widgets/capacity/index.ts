// Capacity (section 2.6.2): how many equal requests fit on one GPU.
// B_max, the segment bytes and every display string come from the core; the
// widget draws the stacked bar from the segments' byte counts. Each computed
// number has the core's "how was this computed?" (runtime/how.ts). Each
// segment reads out its part and the core's bytes (figures/readout.ts).

import { boundAttrs, boundText, notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { CapacityResult, Json } from '../../runtime/engine';
import { coord, ratio } from '../../runtime/format';
import { esc } from '../../runtime/html';
import { howAt, howButton, howText, howView } from '../../runtime/how';
import type { WidgetDef } from '../../runtime/widget';
import { clauses, joined, labelled } from '../../figures/joins';

const BAR_W = 1000;
const BAR_H = 40;
/** Beyond this many requests the per-request dividers would merge into a solid block. */
const MAX_SLICES = 200;

function sliceDividers(kvX: number, kvW: number, requests: bigint): string {
  if (requests < 2n || requests > BigInt(MAX_SLICES)) return '';
  const n = Number(requests);
  let d = '';
  for (let i = 1; i < n; i++) d += `M${coord(kvX + (kvW * i) / n)} 0V${BAR_H}`;
  return d;
}

export const capacity: WidgetDef<CapacityResult> = {
  compute: (engine, fields) => engine('capacity', { ...fields, explain: true }),

  view(r, { cfg }) {
    const view: View = {
      [SHAPE]: r.items.map((s) => s.id).join(','),
      requests: r.display,
      // In GiB, as the bar's parts and the per-request state: one prefix family per view.
      device: r.displays.device_binary_display ?? '',
      per_request: r.displays.kv_per_request_display ?? '',
      // The shortfall itself is explained in the core's notes.
      'shortfall.state': r.shortfall_bytes > 0n ? 'true' : 'false',
      ...notesView(r.notes),
    };
    const explained = { how: r.how } as Json;
    howView(view, 'requests', howAt(explained, 'display'));
    howView(view, 'per_request', howAt(explained, 'kv_per_request_display'));
    howView(view, 'device', howAt(explained, 'device_binary_display'));
    let x = 0;
    const parts: string[] = [];
    for (const s of r.items) {
      // Segments sum to device_bytes; widths are drawn proportionally.
      const w = ratio(s.bytes, r.device_bytes) * BAR_W;
      view[`seg.${s.id}.x`] = coord(x);
      view[`seg.${s.id}.w`] = coord(w);
      view[`seg.${s.id}.label`] = s.label;
      view[`seg.${s.id}.read`] = joined(text(cfg, 'bar_label'), s.label);
      // Binary, as the per-request state beside it: one unit per view.
      view[`seg.${s.id}.display`] = s.binary_display;
      howView(view, `seg.${s.id}.display`, howAt(explained, `items[id=${s.id}].binary_display`));
      if (s.id === 'kv') view['kv.slices'] = sliceDividers(x, w, r.requests);
      parts.push(`${s.label} ${s.binary_display}`);
      x += w;
    }
    view['kv.slices'] ??= '';
    view['bar.label'] = labelled(text(cfg, 'bar_label'), clauses(parts));
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const t = howText(cfg);
    const ids = (view[SHAPE] ?? '').split(',').filter(Boolean);
    const rects = ids
      .map(
        (id) =>
          `<rect class="seg seg-${esc(id)}" y="0" height="${BAR_H}"${boundAttrs({ x: `seg.${id}.x`, width: `seg.${id}.w`, 'data-read-label': `seg.${id}.read`, 'data-read': `seg.${id}.display` }, view)}></rect>`,
      )
      .join('');
    const legend = ids
      .map(
        (id) =>
          `<li class="legend-${esc(id)}" data-testid="seg-${esc(id)}"><span class="swatch seg-${esc(id)}" aria-hidden="true"></span>` +
          `${boundText('span', `seg.${id}.label`, view, { class: 'legend-label' })}` +
          `${boundText('span', `seg.${id}.display`, view, { class: 'num legend-value', 'data-testid': `seg-${id}-display` })}` +
          `${howButton(view, instance, `seg.${id}.display`, view[`seg.${id}.label`] ?? id, t)}</li>`,
      )
      .join('');
    return (
      `<dl class="tally-summary">` +
      `<div class="tally-headline"><dt>${esc(text(cfg, 'requests'))}</dt>` +
      `<dd>${boundText('span', 'requests', view, { 'data-testid': 'requests', 'aria-live': 'polite' })}` +
      `${howButton(view, instance, 'requests', text(cfg, 'requests'), t)}</dd></div>` +
      `<div><dt>${esc(text(cfg, 'per_request'))}</dt><dd>${boundText('span', 'per_request', view, { 'data-testid': 'per-request' })}` +
      `${howButton(view, instance, 'per_request', text(cfg, 'per_request'), t)}</dd></div>` +
      `<div><dt>${esc(text(cfg, 'device'))}</dt><dd>${boundText('span', 'device', view, { 'data-testid': 'device' })}` +
      `${howButton(view, instance, 'device', text(cfg, 'device'), t)}</dd></div>` +
      `</dl>` +
      notesMarkup(view) +
      `<div class="fig-scroll" tabindex="0" aria-describedby="${esc(`${instance}-readout-hint`)}">` +
      `<svg class="tally-bar" data-readable="" viewBox="0 0 ${BAR_W} ${BAR_H}" preserveAspectRatio="none" role="img"${boundAttrs({ 'aria-label': 'bar.label', 'data-shortfall': 'shortfall.state' }, view)}>` +
      `${rects}<path class="kv-slices"${boundAttrs({ d: 'kv.slices' }, view)}></path></svg></div>` +
      `<ul class="tally-legend">${legend}</ul>`
    );
  },
};

export default capacity;
