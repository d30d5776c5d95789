// SWA Bounded Replay as a picture: tokens on a time line, the newest one
// advancing, the replay window (the last n_win tokens) following it, and
// earlier tokens marked as possible long-range selections. Which slots are in
// the window or marked comes from the core (replay_window) for every frame;
// the page only places dots. The card gives no n_win: the slider is an
// illustration, as the widget says.

import { boundAttrs, boundText, SHAPE, type View } from '../../runtime/bind';
import { text } from '../../runtime/config';
import type { ReplayFrameResult } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import { esc } from '../../runtime/html';
import type { WidgetDef } from '../../runtime/widget';

const STEP = 20;
const R = 7;
const H = 40;
/** Time between frames while playing. */
const FRAME_MS = 450;

function slotClass(r: ReplayFrameResult, slot: bigint, selected: Set<bigint>): string {
  if (slot > r.position) return 'slot slot-future';
  if (slot === r.position) return 'slot slot-newest';
  if (slot >= r.window_first) return 'slot slot-window';
  return selected.has(slot) ? 'slot slot-selected' : 'slot slot-past';
}

const replayWindow: WidgetDef<ReplayFrameResult> = {
  compute: (engine, fields) => engine('replay_window', fields),

  view(r) {
    const view: View = {
      [SHAPE]: r.length.toString(),
      display: r.display,
      position: r.position_display,
      window: r.window_display,
      selected: r.selected_display,
    };
    const selected = new Set(r.selected);
    for (let slot = 1n; slot <= r.length; slot++) view[`slot.${slot}`] = slotClass(r, slot, selected);
    // The window's frame, in slot coordinates.
    view['frame.x'] = coord(Number(r.window_first - 1n) * STEP + 2);
    view['frame.w'] = coord(Number(r.window_last - r.window_first + 1n) * STEP - 4);
    return view;
  },

  renderOutput(view, { cfg }) {
    const length = Number(view[SHAPE] ?? '0');
    let dots = '';
    for (let slot = 1; slot <= length; slot++) {
      dots += `<circle cx="${coord((slot - 1) * STEP + STEP / 2)}" cy="${H / 2}" r="${R}"${boundAttrs({ class: `slot.${slot}` }, view)}></circle>`;
    }
    return (
      `<div class="replay-actions"><button type="button" class="replay-play" data-play data-testid="play" aria-pressed="false">${esc(text(cfg, 'play'))}</button>` +
      boundText('span', 'position', view, { class: 'num', 'data-testid': 'position', 'aria-live': 'off' }) +
      `</div>` +
      `<svg class="replay-line" viewBox="0 0 ${length * STEP} ${H}" role="img" aria-label="${esc(text(cfg, 'line_label'))}">` +
      `<rect class="replay-frame" y="1" height="${H - 2}" rx="6"${boundAttrs({ x: 'frame.x', width: 'frame.w' }, view)}></rect>${dots}</svg>` +
      `<ul class="tally-legend replay-legend">` +
      `<li><span class="swatch slot-window" aria-hidden="true"></span>${boundText('span', 'window', view, { 'data-testid': 'window' })}</li>` +
      `<li><span class="swatch slot-selected" aria-hidden="true"></span>${boundText('span', 'selected', view, { 'data-testid': 'selected' })}</li>` +
      `</ul><p class="tally-hint">${esc(text(cfg, 'illustrative'))}</p>`
    );
  },

  mount(root, { cfg }, host) {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    let position = 0;
    let timer: number | undefined;
    const button = (): HTMLButtonElement | null => root.querySelector<HTMLButtonElement>('[data-play]');
    const label = (playing: boolean): void => {
      const b = button();
      if (!b) return;
      b.textContent = text(cfg, reduced ? 'step' : playing ? 'pause' : 'play');
      b.setAttribute('aria-pressed', String(playing));
    };
    // One frame: the core says where the window is for the next position.
    const advance = async (): Promise<void> => {
      const fields = host.fields();
      const engine = await host.engine;
      try {
        // The time line's length is configuration (fixed.length), not a result.
        position = position >= Number(fields.length) ? 1 : position + 1;
        host.show(await engine('replay_window', { ...fields, position }));
      } catch {
        stop(); // a bad slider value: the widget already shows the core's message
      }
    };
    const stop = (): void => {
      window.clearInterval(timer);
      timer = undefined;
      label(false);
    };
    if (reduced) label(false);
    root.addEventListener('click', (e) => {
      if (!(e.target as HTMLElement).closest('[data-play]')) return;
      // Reduced motion: no running animation, one step per press.
      if (reduced) return void advance();
      if (timer !== undefined) return stop();
      label(true);
      void advance();
      timer = window.setInterval(() => void advance(), FRAME_MS);
    });
  },
};

export default replayWindow;
