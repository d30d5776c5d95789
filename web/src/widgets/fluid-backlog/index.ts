// The fluid backlog against the GPU count (Example 3-1, Figure 3-7): a chain
// of three core requests, none of whose numbers the browser derives.
//   1. decode_step_rate  — steps/s the bandwidth allows on N cards;
//   2. workload_mix      — each window's decode steps per second (one per scenario);
//   3. fluid_backlog     — the backlog at each window boundary and after the
//                          last arrivals, fed the core's own exact values from 1 and 2.
// The chart draws the core's curve points; the summary shows its displays.
//
// Config: a control whose field is "$N" (cards); data.rate (decode_step_rate
// fields, "$variables" allowed), data.classes (workload_mix classes),
// data.scenarios [{ id, label, windows: [{ seconds, rates }] }] ("$variables"
// allowed anywhere in the windows: request-template.ts), data.headline
// (the scenario whose peak and drain the summary shows). With "steps" (and
// "fields") as a "steps" widget takes them, the worked example's steps come
// first and share the controls (Example 3-1), as crossover-curve does.
// With data.x_max and data.strips (figures/context-strip.ts, linear strips)
// the chart carries draggable markers under its time axis (N, the rates). Each line's peak and its drained end
// read on hover, tap or the keys (figures/readout.ts), with the core's
// displays of the peak and of the time to drain.

import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import type { WidgetContext, WidgetDef } from '../../runtime/widget';
import steps from '../steps';
import { axisBottom, axisLeft, dataTable, dot, summary, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { contextStrip, STRIP_H, stripsOf, stripValue } from '../../figures/context-strip';
import { enhanceDragMarkers, withSliderRole } from '../../figures/drag-marker';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { blameControl, fillRequest } from '../../figures/request-template';

interface Scenario {
  id: string;
  label: string;
  windows: Array<{ seconds: string; rates: string[] }>;
}

interface Point {
  time: Json;
  backlog: Json;
}

interface ScenarioResult {
  id: string;
  label: string;
  points: Point[];
  peak: string;
  peak_time: Json;
  drain: string;
}

type StepsData = Awaited<ReturnType<typeof steps.compute>>;

interface BacklogData {
  /** The worked example's steps, when the config has any. */
  steps: StepsData | null;
  perCard: string;
  allCards: string;
  stepMs: string;
  scenarios: ScenarioResult[];
  /** The reader's values where the strips' markers stand, one per strip (figures/context-strip.ts). */
  marks: Array<bigint | number>;
}

const PAD = { left: 64, right: 16, top: 28, bottom: 46 };

/** An exact value of the core ("112792.2", "78375180/559133", 60) as a number, to place a mark only. */
function position(v: Json | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return 0;
  const [a, b] = v.split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

function show(v: Json | undefined): string {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '—';
}

/**
 * One scenario: its windows' decode demand from workload_mix, then the
 * backlog at the cards' rate. A window's seconds or rates may be "$x", the
 * value of a control (figure 3-7's arrival rates); a refusal of one lands
 * under that control.
 */
async function scenarioBacklog(cells: CellResolver, vars: Fields, classes: Json, s: Scenario, service: Json): Promise<ScenarioResult> {
  const { fields, origin } = fillRequest({ windows: s.windows as unknown as Json }, vars);
  let mix: Json;
  try {
    mix = (await cells.result('workload_mix', { classes, windows: fields.windows! })) as Json;
  } catch (err) {
    throw blameControl(err, origin);
  }
  const windows = (follow(mix as Json, 'windows') as Array<Record<string, Json>>).map((w) => ({
    seconds: String(w.seconds),
    arrival: String(w.decode_steps),
    service: String(service),
  }));
  const backlog = (await cells.result('fluid_backlog', { windows })) as unknown as Record<string, Json>;
  return {
    id: s.id,
    label: s.label,
    points: backlog.curve as unknown as Point[],
    peak: show(backlog.peak_display),
    peak_time: backlog.peak_time as Json,
    drain: show(backlog.drain_display),
  };
}

/**
 * The points a reader can read on a line: its peak (the core's peak display)
 * and, when it rises at all, the end where it has drained (the core's time
 * to drain). A flat line reads its peak of 0 once.
 */
function readablePoints(s: ScenarioResult, cfg: WidgetConfig): Array<{ p: Point; label: string; value: string }> {
  const peak = s.points.find((p) => position(p.time) === position(s.peak_time)) ?? s.points[0]!;
  const out = [{ p: peak, label: `${s.label} · ${text(cfg, 'peak_at')}`, value: s.peak }];
  const end = s.points[s.points.length - 1]!;
  if (end !== peak) out.push({ p: end, label: `${s.label} · ${text(cfg, 'drain')}`, value: s.drain });
  return out;
}

function drawing(d: BacklogData, width: number, cfg: WidgetConfig): Drawing {
  const wide = width === WIDE;
  const strips = stripsOf(cfg);
  // The strips sit under the time axis: the plot keeps its place and size.
  const plotHeight = wide ? 300 : 240;
  const height = plotHeight + strips.length * STRIP_H;
  const all = d.scenarios.flatMap((s) => s.points);
  const tMax = Math.max(1, ...all.map((p) => position(p.time)));
  // A backlog counts decode steps: with nothing queued the axis still ends at
  // 10, so its ticks stay whole steps (a 0…1 axis would tick 0.2, "200 m").
  const qMax = Math.max(10, ...all.map((p) => position(p.backlog)));
  const x = scaleLinear()
    .domain([0, tMax])
    .nice()
    .range([PAD.left, width - PAD.right]);
  const y = scaleLinear()
    .domain([0, qMax])
    .nice()
    .range([plotHeight - PAD.bottom, PAD.top]);
  const path = line<Point>()
    .x((p) => Number(coord(x(position(p.time)))))
    .y((p) => Number(coord(y(position(p.backlog)))));
  const lines: Mark[] = d.scenarios.map((s, k) =>
    el('g', { class: `series series-${k}`, 'data-series': s.id, 'data-testid': `backlog-${s.id}` }, [
      el('path', { class: 'line', d: path(s.points) ?? '' }),
      ...readablePoints(s, cfg).map((r) => dot('dot', x(position(r.p.time)), y(position(r.p.backlog)), r.label, r.value)),
    ]),
  );
  return {
    width,
    height,
    children: [
      axisLeft(y, PAD.left, width - PAD.left - PAD.right, wide ? 5 : 4, tickLabel('si'), text(cfg, 'y_axis')),
      axisBottom(x, plotHeight - PAD.bottom, wide ? 8 : 4, String, text(cfg, 'x_axis')),
      ...strips.flatMap((strip, i) => contextStrip(cfg, strip, d.marks[i]!, width, PAD.left, plotHeight - 4 + i * STRIP_H, wide)),
      ...lines,
    ],
  };
}

function legend(d: BacklogData): Mark {
  return el(
    'ul',
    { class: 'fig-legend' },
    d.scenarios.map((s, i) => el('li', { class: `series-${i}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, s.label)])),
  );
}

function marks(d: BacklogData, cfg: WidgetConfig, instance: string): Mark[] {
  const head = d.scenarios.find((s) => s.id === dataOf<string>(cfg, 'headline')) ?? d.scenarios[0]!;
  const top = summary([
    { label: text(cfg, 'step_ms'), value: d.stepMs, testid: 'step-ms' },
    { label: text(cfg, 'per_card'), value: d.perCard, testid: 'per-card' },
    { label: text(cfg, 'all_cards'), value: d.allCards, testid: 'all-cards' },
    { label: text(cfg, 'peak'), value: head.peak, testid: 'peak' },
    { label: text(cfg, 'drain'), value: head.drain, testid: 'drain' },
  ]);
  const frame = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(d, w, cfg));
  const chart = d.marks.length === 0 ? frame : withSliderRole(frame);
  // The exact series are fractions at N cards' exact rate; the table shows the core's displays.
  const rows = d.scenarios.map((s) => ({ id: s.id, cells: [s.label, s.peak, s.drain] }));
  const table = dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_scenario'), text(cfg, 'peak'), text(cfg, 'drain')], rows);
  return [top, chart, legend(d), el('p', { class: 'tally-notes' }, text(cfg, 'leaves_out')), table];
}

function hasSteps(cfg: WidgetConfig): boolean {
  return Array.isArray((cfg as WidgetConfig & { steps?: unknown }).steps);
}

/** The steps' view keys and the marks' ("m…") do not overlap; the shape names both. */
function joinViews(stepsView: View | null, chartView: View): View {
  if (!stepsView) return { ...chartView, [SHAPE]: `fluid-backlog:${chartView[SHAPE] ?? ''}` } as View;
  return { ...stepsView, ...chartView, [SHAPE]: `fluid-backlog:steps:${stepsView[SHAPE] ?? ''}|${chartView[SHAPE] ?? ''}` } as View;
}

async function computeSteps(engine: Parameters<WidgetDef<StepsData>['compute']>[0], vars: Fields, ctx: WidgetContext): Promise<StepsData | null> {
  return hasSteps(ctx.cfg) ? steps.compute(engine, vars, ctx) : null;
}

export const fluidBacklog: WidgetDef<BacklogData> = {
  async compute(engine, vars, ctx) {
    const { cfg } = ctx;
    const cells = new CellResolver(engine, vars);
    // Together, not one started and awaited after the other: when both are
    // refused (3-1.html#example-3-1:N=abc) the steps' refusal would go
    // unhandled, an uncaught EngineError in the console on every load.
    const [stepsData, rateResult] = await Promise.all([computeSteps(engine, vars, ctx), cells.result('decode_step_rate', dataOf<Fields>(cfg, 'rate'))]);
    const rate = rateResult as unknown as Record<string, Json>;
    const classes = dataOf<Json>(cfg, 'classes');
    const scenarios = await Promise.all(
      dataOf<Scenario[]>(cfg, 'scenarios').map((s) => scenarioBacklog(cells, vars, classes, s, rate.steps_per_second_all as Json)),
    );
    // Asked after the requests: they have accepted (or named) the reader's values.
    const marks = await Promise.all(stripsOf(cfg).map((strip) => stripValue(engine, strip, vars[strip.field])));
    return {
      marks,
      steps: stepsData,
      perCard: show(rate.steps_per_second_display),
      allCards: show(rate.steps_per_second_all_display),
      stepMs: show(rate.step_ms_display),
      scenarios,
    };
  },

  view(data, ctx) {
    const chart = marksView(marks(data, ctx.cfg, ctx.instance));
    return joinViews(data.steps ? steps.view(data.steps, ctx) : null, chart);
  },

  renderOutput(view, ctx) {
    return (hasSteps(ctx.cfg) ? steps.renderOutput(view, ctx) : '') + marksMarkup(view);
  },

  enhance(root, ctx) {
    if (hasSteps(ctx.cfg)) steps.enhance?.(root, ctx);
    if (stripsOf(ctx.cfg).length) enhanceDragMarkers(root);
  },
};

export default fluidBacklog;
