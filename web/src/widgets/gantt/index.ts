// A Gantt chart configured in content: lanes × intervals read from one core
// answer's array of objects (chapter 10's pipeline_schedule `slots`, chapter
// 8's iteration_schedule …). Each element names its lane, start, end and
// kind at declared paths; kinds are coloured in the content's order and
// named in the legend; vertical marker lines stand at a result value, a
// request field or a constant (a deadline, a failure time), worded with
// their unit. Every time drawn is the core's; the readout of
// an interval names its two times as the core wrote them, never a
// difference. The data table under the chart lists every interval.
// (slot-timeline is chapter 4's own Gantt with its wait and idle marks; this
// one is the general kind.)
//
// Or, instead of an op, a measured trace (Figs. 5-28 to 5-31, an Nsight
// timeline): data.dataset names content/<chapter>/data/<id>.json and each
// interval writes its start and end as the dataset holds them, with the
// path each sits at (like measured-bars; the chapter's content test holds
// every value to its path). The core is asked nothing, the source line
// links the file, and the status line is the file's text.data_status.
//
// The instance's JSON is documented in docs/widget-kinds.md; in short:
//   data.op, data.request (with "$variables"), data.items (path of the array),
//   data.lane, data.start, data.end, data.kind (paths inside an element),
//   data.label? (an element's name), data.start_display?, data.end_display?,
//   data.lanes? [{ value, label, short? }] (order and names, short on a phone; default: as they come, text.lane "{lane}"),
//   data.kinds [{ value, label }] (colours and legend),
//   data.markers? [{ id, label, path | field | value, display?, format? ("{v} ms") }],
//   data.time? { ticks?, zero? } (the time axis; linear),
//   text.chart_title, chart_desc, x_axis (with its unit), span ("{start} – {end} ms"), table_summary,
//   col_lane, col_kind, col_start, col_end, and without data.lanes text.lane ("階段 {lane}").
// The dataset form: data.dataset, data.source, data.intervals [{ lane, kind, start: { v, path },
//   end: { v, path } }] in place of op … end, data.lanes and data.kinds as above,
//   data.totals? [{ id, label, v, path }] (the dataset's own counts, shown above the chart),
//   data.time.per? ("1000": tick labels are the dataset's unit ÷ per, e.g. ns read as μs).

import { displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json } from '../../runtime/engine';
import { coord, groupCoreDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, labelWidth, readAttrs, summary, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { dataStatus } from '../../figures/data-status';
import { joined } from '../../figures/joins';
import { sourceLine } from '../../figures/source-line';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import {
  axisScale,
  axisTicks,
  exactCoord,
  fillWords,
  levelOf,
  referenceLines,
  seriesLegend,
  TemplateAsker,
  type AxisSpec,
  type LevelSource,
} from '../../figures/plot';

interface Named {
  value: string;
  label: string;
  /** A lane's name on a phone's drawing (default: its value). */
  short?: string;
}
interface MarkerSpec extends LevelSource {
  id: string;
  label: string;
}
/** A value as the dataset holds it (v), with the path it sits at in the dataset file. */
interface Recorded {
  v: string;
  path: string;
}
interface RecordedInterval {
  lane: string;
  kind: string;
  start: Recorded;
  end: Recorded;
}
interface Total extends Recorded {
  id: string;
  label: string;
}
interface Spec {
  op?: string;
  request?: Fields;
  items?: string;
  lane?: string;
  start?: string;
  end?: string;
  kind?: string;
  dataset?: string;
  source?: string;
  intervals?: RecordedInterval[];
  totals?: Total[];
  label?: string;
  start_display?: string;
  end_display?: string;
  lanes?: Named[];
  kinds: Named[];
  markers?: MarkerSpec[];
  time?: AxisSpec & { per?: string };
}
interface Interval {
  lane: string;
  kind: string;
  name: string;
  start: number;
  end: number;
  startText: string;
  endText: string;
}
interface Marker {
  spec: MarkerSpec;
  at: number;
  text: string;
}
interface Data {
  intervals: Interval[];
  markers: Marker[];
}

const PAD = { left: 84, right: 20, top: 30, bottom: 46 };
const NARROW_LEFT = 44;
const ROW_H = 26;

/** An instance drawing a measured trace (data.dataset) rather than an op's answer. */
const fromDataset = (cfg: WidgetConfig): boolean => (cfg.data as Partial<Spec> | undefined)?.dataset !== undefined;

function specOf(cfg: WidgetConfig): Spec {
  const d = cfg.data as Partial<Spec> | undefined;
  const keys = fromDataset(cfg)
    ? (['source', 'intervals', 'lanes', 'kinds'] as const)
    : (['op', 'request', 'items', 'lane', 'start', 'end', 'kind', 'kinds'] as const);
  for (const k of keys) dataOf(cfg, k);
  return d as Spec;
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const spec = specOf(cfg);
  if (spec.intervals) return { intervals: spec.intervals.map(recorded), markers: [] };
  const core = new TemplateAsker(engine, vars);
  const request = spec.request as Fields;
  const answer = await core.ask(spec.op as string, request);
  const at = (it: Json, p: string | undefined) => follow(it, p as string);
  const items = (at(answer, spec.items) as Json[] | undefined) ?? [];
  const intervals = items.map((it) => ({
    lane: String(at(it, spec.lane)),
    kind: String(at(it, spec.kind)),
    name: spec.label ? displayText(at(it, spec.label)) : '',
    start: exactCoord(at(it, spec.start)),
    end: exactCoord(at(it, spec.end)),
    startText: displayText(at(it, spec.start_display ?? spec.start)),
    endText: displayText(at(it, spec.end_display ?? spec.end)),
  }));
  const markers = (spec.markers ?? []).map((m) => ({ spec: m, ...levelOf(m, answer, core.request(request)) }));
  return { intervals, markers };
}

/** A recorded interval as drawn: its two times as the dataset holds them, digit-grouped ("33,156,313"). */
const recorded = (i: RecordedInterval): Interval => ({
  lane: i.lane,
  kind: i.kind,
  name: '',
  start: Number(i.start.v),
  end: Number(i.end.v),
  startText: groupCoreDigits(i.start.v),
  endText: groupCoreDigits(i.end.v),
});

/** The time axis's tick labels; with time.per, in a larger unit (ns ticks read as μs: 33200000 → "33,200"). */
function tickText(spec: Spec): (v: number) => string {
  const label = axisTicks(spec.time);
  const per = Number(spec.time?.per ?? '1');
  return per === 1 ? label : (v) => label(v / per);
}

/** The lanes in drawing order with their names: the content's list, else as the answer brings them. */
function lanesOf(d: Data, spec: Spec, cfg: WidgetConfig): Named[] {
  if (spec.lanes) return spec.lanes;
  return [...new Set(d.intervals.map((i) => i.lane))].map((value) => ({ value, label: fillWords(text(cfg, 'lane'), { lane: value }) }));
}

const kindIndex = (spec: Spec, kind: string): number => spec.kinds.findIndex((k) => k.value === kind);
const kindName = (spec: Spec, kind: string): string => spec.kinds.find((k) => k.value === kind)?.label ?? kind;

/** "0 – 10 ms": an interval's two times as the core wrote them, with the content's unit. */
const span = (i: Interval, cfg: WidgetConfig): string => fillWords(text(cfg, 'span'), { start: i.startText, end: i.endText });

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const spec = specOf(cfg);
  const wide = width === WIDE;
  const lanes = lanesOf(d, spec, cfg);
  // A phone's drawing names a lane by its value ("0"), the wide one in full ("階段 0").
  const laneText = (lane: Named) => (wide ? lane.label : (lane.short ?? lane.value));
  // The lane names' column widens for long names, up to a share of the drawing; a name longer still is shortened (laneName).
  const longest = Math.max(0, ...lanes.map((l) => labelWidth(laneText(l))));
  const left = Math.min(Math.max(wide ? PAD.left : NARROW_LEFT, Math.ceil(longest) + 14), Math.round(width * (wide ? 0.3 : 0.25)));
  const top = PAD.top;
  const bottom = top + lanes.length * ROW_H;
  const height = bottom + PAD.bottom;
  const box = { left, right: width - PAD.right, top: top - 6, bottom };
  const times = [...d.intervals.flatMap((i) => [i.start, i.end]), ...d.markers.map((m) => m.at)];
  const x = axisScale(spec.time, times, [box.left, box.right], true);
  const children: Mark[] = [axisBottom(x, bottom, wide ? 8 : 4, tickText(spec), text(cfg, 'x_axis'), top - 6)];
  lanes.forEach((lane, row) => {
    const y = top + row * ROW_H;
    children.push(laneName(laneText(lane), left - 8, y + ROW_H / 2 + 4, left - 12));
    const own = d.intervals.filter((i) => i.lane === lane.value && Number.isFinite(i.start) && Number.isFinite(i.end));
    children.push(
      el(
        'g',
        { class: 'gantt-lane', 'data-lane': lane.value },
        own.map((i) =>
          el('g', { class: `bar series-${Math.max(0, kindIndex(spec, i.kind))}`, 'data-kind': i.kind }, [
            el('rect', {
              x: coord(x(i.start)),
              y: coord(y + 3),
              width: coord(Math.max(x(i.end) - x(i.start), 0.5)),
              height: coord(ROW_H - 6),
              ...readAttrs(joined(lane.label, [kindName(spec, i.kind), i.name].filter(Boolean).join(' ')), span(i, cfg)),
            }),
          ]),
        ),
      ),
    );
  });
  const drawn = d.markers.filter((m) => Number.isFinite(m.at));
  children.push(
    ...referenceLines(
      drawn.map((m) => ({ axis: 'x' as const, pos: x(m.at), name: m.spec.label, value: m.text, testid: `marker-line-${m.spec.id}` })),
      box,
      wide,
    ),
  );
  return { width, height, children };
}

/**
 * A lane's name, right-aligned at (x, y). A name wider than `room` is cut
 * to fit with an ellipsis and keeps its full text as the mark's title (a
 * tooltip); the data table names the lane in full either way.
 */
function laneName(name: string, x: number, y: number, room: number): Mark {
  const at = { class: 'bar-label', x: coord(x), y: coord(y), 'text-anchor': 'end' };
  if (labelWidth(name) <= room) return el('text', at, name);
  const chars = [...name];
  while (chars.length > 1 && labelWidth(`${chars.join('')}…`) > room) chars.pop();
  return el('text', { ...at, 'data-full': name }, [el('title', {}, name), el('tspan', {}, `${chars.join('')}…`)]);
}

export const gantt: WidgetDef<Data> = {
  compute: (engine, vars, ctx) => compute(engine, vars, ctx.cfg),

  view(data, ctx) {
    const cfg = ctx.cfg;
    const spec = specOf(cfg);
    const lanes = new Map(lanesOf(data, spec, cfg).map((l) => [l.value, l.label]));
    const frame = svgFrame(`${ctx.instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(data, w, cfg));
    const marks: Mark[] = [];
    if (data.markers.length) marks.push(summary(data.markers.map((m) => ({ label: m.spec.label, value: m.text, testid: `marker-${m.spec.id}` }))));
    if (spec.totals?.length) marks.push(summary(spec.totals.map((t) => ({ label: t.label, value: groupCoreDigits(t.v), testid: `total-${t.id}` }))));
    marks.push(frame, seriesLegend(spec.kinds.map((k) => k.label)));
    if (spec.dataset) marks.push(sourceLine(cfg));
    const head = [text(cfg, 'col_lane'), text(cfg, 'col_kind'), text(cfg, 'col_start'), text(cfg, 'col_end')];
    marks.push(
      dataTable(
        text(cfg, 'table_summary'),
        text(cfg, 'chart_title'),
        head,
        data.intervals.map((i, n) => ({
          id: String(n),
          cells: [lanes.get(i.lane) ?? i.lane, [kindName(spec, i.kind), i.name].filter(Boolean).join(' '), i.startText, i.endText],
        })),
      ),
    );
    return marksView(marks);
  },

  renderOutput: (view) => marksMarkup(view),

  // A measured trace's status line says whose data it is; an op's keeps the chapter's.
  status: (ctx) => (fromDataset(ctx.cfg) ? dataStatus(ctx) : undefined),
};

export default gantt;
