// Three stages side by side as tabs: the old baseline, CSA2 and SWA Bounded
// Replay, each with its mechanism, its cost and its bytes per token. The
// ratios (¼, ⅛, and ½ between the last two) are the core's exact quotients.

import { baseline, design, footprint } from '../../article/designs';
import { boundText, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { FootprintResult } from '../../runtime/engine';
import { attrs, esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';

const STAGES = ['baseline', 'csa2', 'resident'] as const;

interface Stages {
  perToken: FootprintResult[];
  /** resident against CSA2 (not against the baseline). */
  residentVsCsa2: FootprintResult;
}

const stageTabs: WidgetDef<Stages> = {
  async compute(engine) {
    const perToken = await Promise.all(STAGES.map((id) => footprint(engine, design(id), { tokens: 1, baseline_bytes_per_token: baseline })));
    const csa2 = design('csa2').request.bytes_per_token ?? null;
    const residentVsCsa2 = await footprint(engine, design('resident'), { tokens: 1, baseline_bytes_per_token: csa2 });
    return { perToken, residentVsCsa2 };
  },

  view(data) {
    const view: View = { [SHAPE]: STAGES.join(',') };
    data.perToken.forEach((r, i) => {
      view[`${STAGES[i]}.bytes`] = `${r.bytes_per_token_display}/token`;
      view[`${STAGES[i]}.ratio`] = r.ratio_display;
    });
    view.half = data.residentVsCsa2.ratio_display;
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const tabs = STAGES.map(
      (id, i) =>
        `<button${attrs({
          type: 'button',
          role: 'tab',
          id: `${instance}-tab-${id}`,
          'aria-controls': `${instance}-panel-${id}`,
          'aria-selected': i === 0 ? 'true' : 'false',
          tabindex: i === 0 ? '0' : '-1',
          'data-tab': id,
        })}>${esc(text(cfg, `${id}.title`))}</button>`,
    ).join('');
    const panels = STAGES.map(
      (id, i) =>
        `<div${attrs({ role: 'tabpanel', id: `${instance}-panel-${id}`, 'aria-labelledby': `${instance}-tab-${id}`, hidden: i === 0 ? null : '', 'data-panel': id })}>` +
        `<dl class="tally-summary"><div class="tally-headline"><dt>${esc(text(cfg, 'bytes'))}</dt>` +
        boundText('dd', `${id}.bytes`, view, { 'data-testid': `stage-${id}-bytes` }) +
        `</div><div><dt>${esc(text(cfg, 'ratio'))}</dt>${boundText('dd', `${id}.ratio`, view, { class: 'num', 'data-testid': `stage-${id}-ratio` })}</div></dl>` +
        `<p><strong>${esc(text(cfg, 'mechanism'))}</strong>${esc(text(cfg, `${id}.mechanism`))}</p>` +
        `<p><strong>${esc(text(cfg, 'cost'))}</strong>${esc(text(cfg, `${id}.cost`))}</p></div>`,
    ).join('');
    return (
      `<div class="stage-tabs" role="tablist" aria-label="${esc(text(cfg, 'tabs_label'))}">${tabs}</div>${panels}` +
      `<p class="tally-hint">${esc(text(cfg, 'half_before'))}${boundText('strong', 'half', view, { class: 'num', 'data-testid': 'resident-vs-csa2' })}${esc(text(cfg, 'half_after'))}</p>`
    );
  },

  // Tabs are presentation only (no figure changes), so they keep no URL state.
  mount(root) {
    const select = (tab: HTMLElement): void => {
      for (const t of root.querySelectorAll<HTMLElement>('[role="tab"]')) {
        const on = t === tab;
        t.setAttribute('aria-selected', String(on));
        t.tabIndex = on ? 0 : -1;
        const panel = root.querySelector<HTMLElement>(`[data-panel="${CSS.escape(t.dataset.tab ?? '')}"]`);
        if (panel) panel.hidden = !on;
      }
    };
    root.addEventListener('click', (e) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
      if (tab && root.contains(tab)) select(tab);
    });
    root.addEventListener('keydown', (e) => {
      const tab = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
      if (!tab || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
      const all = [...root.querySelectorAll<HTMLElement>('[role="tab"]')];
      const next = all[(all.indexOf(tab) + (e.key === 'ArrowRight' ? 1 : all.length - 1)) % all.length]!;
      select(next);
      next.focus();
    });
  },
};

export default stageTabs;
