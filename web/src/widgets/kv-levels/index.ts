// KV footprint of one request at the nine context levels (4K … 1M) for the
// article's three designs and the chapter's two exact models. Every size is
// the core's kv_footprint; bars are drawn proportional to the core's totals.

import { design, designs, footprint } from '../../article/designs';
import { boundAttrs, boundText, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { FootprintResult } from '../../runtime/engine';
import { coord, ratio } from '../../runtime/format';
import { attrs, esc } from '../../runtime/html';
import type { WidgetContext, WidgetDef } from '../../runtime/widget';
import { aside, labelledHtml, plus } from '../../figures/joins';

const BAR_W = 1000;
const BAR_H = 22;
const GAP = 8;

interface Levels {
  /** The chosen level, one result per design. */
  chosen: FootprintResult[];
  /** [level][design] */
  table: FootprintResult[][];
}

function levels(ctx: WidgetContext): Array<{ value: string; label: string }> {
  return ctx.cfg.controls[0]?.choices ?? [];
}

const kvLevels: WidgetDef<Levels> = {
  async compute(engine, fields, ctx) {
    const chosen = await Promise.all(designs.map((d) => footprint(engine, d, { tokens: fields.tokens ?? null })));
    const table = await Promise.all(levels(ctx).map((l) => Promise.all(designs.map((d) => footprint(engine, d, { tokens: l.value })))));
    return { chosen, table };
  },

  view(data, ctx) {
    const view: View = { [SHAPE]: designs.map((d) => d.id).join(',') };
    let max = 0n;
    for (const r of data.chosen) if (r.total > max) max = r.total;
    data.chosen.forEach((r, i) => {
      const id = designs[i]!.id;
      view[`bar.${id}.w`] = coord(ratio(r.total, max) * BAR_W);
      view[`bar.${id}.display`] = aside(r.gb_display, r.gib_display);
      const perToken = `${r.bytes_per_token_display}/token`;
      view[`bar.${id}.per_token`] = r.window_bytes > 0n ? plus(perToken, r.window_display) : perToken;
    });
    view.tokens = data.chosen[0] ? `${data.chosen[0].tokens_display} token` : '';
    levels(ctx).forEach((l, li) => {
      data.table[li]?.forEach((r, di) => {
        view[`cell.${li}.${designs[di]!.id}`] = r.gb_display;
      });
    });
    return view;
  },

  renderOutput(view, ctx) {
    const { cfg } = ctx;
    const bars = designs
      .map((d, i) => {
        const y = i * (BAR_H + GAP);
        return `<rect class="kv-bar kv-bar-${esc(d.id)}" x="0" y="${y}" height="${BAR_H}"${boundAttrs({ width: `bar.${d.id}.w` }, view)}></rect>`;
      })
      .join('');
    const legend = designs
      .map(
        (d) =>
          `<li${attrs({ 'data-testid': `level-${d.id}`, class: d.inferred ? 'inferred' : null })}>` +
          `<span class="swatch kv-bar-${esc(d.id)}" aria-hidden="true"></span>` +
          labelledHtml(esc(d.label), boundText('strong', `bar.${d.id}.display`, view, { class: 'num', 'data-testid': `level-${d.id}-display` })) +
          ` <span class="tally-hint">${boundText('span', `bar.${d.id}.per_token`, view, { class: 'num' })}</span></li>`,
      )
      .join('');
    const head = designs.map((d) => `<th scope="col">${esc(design(d.id).label)}</th>`).join('');
    const rows = levels(ctx)
      .map(
        (l, li) =>
          `<tr><th scope="row">${esc(l.label)}</th>` +
          designs.map((d) => boundText('td', `cell.${li}.${d.id}`, view, { class: 'num', 'data-testid': `cell-${l.value}-${d.id}` })).join('') +
          `</tr>`,
      )
      .join('');
    const h = designs.length * (BAR_H + GAP);
    return (
      `<p class="tally-headline-small">${esc(text(cfg, 'chosen'))}${boundText('span', 'tokens', view, { class: 'num', 'data-testid': 'tokens' })}</p>` +
      `<svg class="kv-bars" viewBox="0 0 ${BAR_W} ${h}" preserveAspectRatio="none" role="img" aria-label="${esc(text(cfg, 'bars_label'))}">${bars}</svg>` +
      `<ul class="tally-legend kv-legend">${legend}</ul>` +
      `<div class="table-wrap" tabindex="0"><table class="kv-levels"><caption>${esc(text(cfg, 'table_caption'))}</caption>` +
      `<thead><tr><th scope="col">${esc(text(cfg, 'col.context'))}</th>${head}</tr></thead><tbody>${rows}</tbody></table></div>` +
      `<p class="tally-hint">${esc(text(cfg, 'note'))}</p>`
    );
  },
};

export default kvLevels;
