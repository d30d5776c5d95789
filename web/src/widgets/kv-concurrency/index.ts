// Concurrency: requests × context × bytes per token, for each KV design.
// The core multiplies the exact per-token figure and prints GB and GiB.

import { designs, footprint } from '../../article/designs';
import { boundText, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { FootprintResult } from '../../runtime/engine';
import { attrs, esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';

const HEADLINE = 'resident';

const kvConcurrency: WidgetDef<FootprintResult[]> = {
  compute: (engine, fields) => Promise.all(designs.map((d) => footprint(engine, d, fields))),

  view(rows) {
    const view: View = { [SHAPE]: designs.map((d) => d.id).join(',') };
    rows.forEach((r, i) => {
      const id = designs[i]!.id;
      view[`${id}.formula`] = r.formula;
      view[`${id}.gb`] = r.gb_display;
      view[`${id}.gib`] = r.gib_display;
    });
    return view;
  },

  renderOutput(view, { cfg }) {
    const rows = designs
      .map(
        (d) =>
          `<tr${attrs({ class: d.id === HEADLINE ? 'is-headline' : null, 'data-testid': `conc-${d.id}` })}><th scope="row">${esc(d.label)}</th>` +
          boundText('td', `${d.id}.formula`, view, { class: 'num formula', 'data-testid': `conc-${d.id}-formula` }) +
          boundText('td', `${d.id}.gb`, view, { class: 'num', 'data-testid': `conc-${d.id}-gb` }) +
          boundText('td', `${d.id}.gib`, view, { class: 'num', 'data-testid': `conc-${d.id}-gib` }) +
          `</tr>`,
      )
      .join('');
    return (
      `<dl class="tally-summary"><div class="tally-headline"><dt>${esc(text(cfg, 'headline'))}</dt>` +
      boundText('dd', `${HEADLINE}.gb`, view, { 'data-testid': 'headline', 'aria-live': 'polite' }) +
      `</div><div><dt>${esc(text(cfg, 'formula'))}</dt>${boundText('dd', `${HEADLINE}.formula`, view, { class: 'num' })}</div></dl>` +
      `<div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">${esc(text(cfg, 'col.design'))}</th>` +
      `<th scope="col">${esc(text(cfg, 'col.formula'))}</th><th scope="col">GB</th><th scope="col">GiB</th></tr></thead><tbody>${rows}</tbody></table></div>`
    );
  },
};

export default kvConcurrency;
