// The values chapter 3's figures of their own kinds show, recomputed here
// from the config and the core (Node's WASM), never read from the page: the
// stacked bars (stage-stack), the fluid backlog against the card count
// (fluid-backlog) and the audio playout timeline (audio-timeline). Each
// follows the documented request rules of its widget (web/src/widgets/<kind>/
// index.ts), written out again so the test does not trust the page's own.
import type { Locator } from '@playwright/test';

import { asInteger, at, cellRequest, shown, type WidgetCfg } from './chapter';
import { expect, type Core } from './fixtures';

type Fields = Record<string, unknown>;
type Values = Record<string, string>;

/** The figure kinds checked here (beside widget-values.ts's tables and steps). */
export const FIGURE_KINDS = new Set(['stage-stack', 'fluid-backlog', 'audio-timeline']);

interface Asks {
  op?: string;
  fields?: Fields;
}
interface BarSpec extends Asks {
  id: string;
  segments: Array<Asks & { display: string; prefix?: string }>;
  total?: Asks & { display: string };
}

function dataOf<T>(cfg: WidgetCfg, key: string): T {
  return (cfg as WidgetCfg & { data: Record<string, unknown> }).data[key] as T;
}

/** "$x" anywhere inside a request template (lists and objects too) → the control's value. */
function filled(template: unknown, values: Values): unknown {
  if (typeof template === 'string' && template.startsWith('$')) return asInteger(values[template]!);
  if (Array.isArray(template)) return template.map((v) => filled(v, values));
  if (template !== null && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, filled(v, values)]));
  return template;
}

/** Each bar's tail: its total's display, or its last segment's (with that segment's prefix). */
async function checkStageStack(w: Locator, core: Core, cfg: WidgetCfg, values: Values): Promise<void> {
  for (const bar of dataOf<BarSpec[]>(cfg, 'bars')) {
    // A part's own request, else its bar's.
    const answer = (part: Asks) => core.ok(cellRequest((part.op ?? bar.op)!, values, bar.fields, part.op ? part.fields : undefined) as never);
    const last = bar.segments[bar.segments.length - 1]!;
    const tail = bar.total ? shown(at(answer(bar.total), bar.total.display)) : (last.prefix ?? '') + shown(at(answer(last), last.display));
    await expect(w.getByTestId(`bar-${bar.id}`), `${cfg.title}: bar ${bar.id}`).toHaveText(tail);
  }
}

/** decode_step_rate on N cards, then the headline scenario's windows (their "$x" filled) through workload_mix and fluid_backlog. */
async function checkFluidBacklog(w: Locator, core: Core, cfg: WidgetCfg, values: Values): Promise<void> {
  const rate = core.ok(cellRequest('decode_step_rate', values, dataOf<Fields>(cfg, 'rate')) as never) as Record<string, unknown>;
  const scenarios = dataOf<Array<{ id: string; windows: unknown }>>(cfg, 'scenarios');
  const head = scenarios.find((s) => s.id === dataOf<string>(cfg, 'headline')) ?? scenarios[0]!;
  const mix = core.ok({ op: 'workload_mix', classes: dataOf(cfg, 'classes'), windows: filled(head.windows, values) } as never) as {
    windows: Array<Record<string, unknown>>;
  };
  const windows = mix.windows.map((m) => ({ seconds: String(m.seconds), arrival: String(m.decode_steps), service: String(rate.steps_per_second_all) }));
  const backlog = core.ok({ op: 'fluid_backlog', windows } as never) as Record<string, unknown>;
  const expected = {
    'step-ms': rate.step_ms_display,
    'per-card': rate.steps_per_second_display,
    'all-cards': rate.steps_per_second_all_display,
    peak: backlog.peak_display,
    drain: backlog.drain_display,
  };
  for (const [testid, text] of Object.entries(expected)) await expect(w.getByTestId(testid), `${cfg.title}: ${testid}`).toHaveText(String(text));
}

/** One audio_playout request from the template: when playback starts, the stall, the late chunks. */
async function checkAudioTimeline(w: Locator, core: Core, cfg: WidgetCfg, values: Values): Promise<void> {
  const r = core.ok({ op: 'audio_playout', ...(filled(dataOf<Fields>(cfg, 'request'), values) as Fields) } as never) as Record<string, unknown>;
  for (const [testid, text] of Object.entries({ 'first-play': r.first_play_display, stall: r.stall_display, 'late-chunks': r.late_chunks })) {
    await expect(w.getByTestId(testid), `${cfg.title}: ${testid}`).toHaveText(String(text));
  }
}

/** The figure shows the core's values for `values` (the controls' fields → what they hold). */
export async function checkFigure(w: Locator, core: Core, cfg: WidgetCfg, values: Values): Promise<void> {
  if (cfg.kind === 'stage-stack') await checkStageStack(w, core, cfg, values);
  else if (cfg.kind === 'fluid-backlog') await checkFluidBacklog(w, core, cfg, values);
  else if (cfg.kind === 'audio-timeline') await checkAudioTimeline(w, core, cfg, values);
}
