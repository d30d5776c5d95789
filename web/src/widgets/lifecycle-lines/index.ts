// Figure 3-29 as the book draws it: each model's life-cycle cost as a line of
// GPU-hours against calls served, its intercept the training and its slope one
// call, with the crossings marked. The lines are the core's (lifecycle_cost
// with `calls`: each row's cost at the axis' end, each crossing's calls and
// cost); the table under them (widgets/core-table, same config) is the text
// alternative and keeps every exact value. The target loss, P, G and MFU are
// the reader's: the fit sizes each model again and the lines move.
//
// Config: a core-table with table.list (op lifecycle_cost), plus text.chart_title,
// text.chart_desc, text.x_axis, text.y_axis and text.unreachable ("{model}: {why}",
// for a model the target is out of reach of). The axis ends at twice the latest
// crossing (10^9 calls when none).

import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dot, svgFrame, tickLabel, WIDE, type Drawing } from '../../figures/chart';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import coreTable from '../core-table';

type TableData = Awaited<ReturnType<typeof coreTable.compute>>;

interface Row {
  id: string;
  label: string;
  start: number; // GPU-hours at 0 calls (drawing only)
  end: number; // GPU-hours at the axis' end
  startDisplay: string;
  endDisplay: string;
}
interface Cross {
  id: string;
  label: string;
  calls: number;
  hours: number;
  display: string;
}
interface Data {
  table: TableData;
  axisEnd: number;
  axisEndDisplay: string;
  rows: Row[];
  crossings: Cross[];
  /** Models that cannot reach the target: the core's sentence with their floor. */
  unreachable: string[];
}

const PAD = { left: 56, right: 16, top: 28, bottom: 52 };

/** An exact value as the core sent it ("125.7", "7/3", 42) → a coordinate. */
function position(v: Json | undefined): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return 0;
  const [a, b] = v.split('/');
  return b === undefined ? Number(a) : Number(a) / Number(b);
}

/** The whole part of an exact value ("204800000", "2048/3", "12.5"), for choosing the axis' end. */
function wholePart(v: Json | undefined): bigint {
  if (typeof v === 'number') return BigInt(Math.floor(v));
  if (typeof v !== 'string') return 0n;
  const [a, b] = v.split('/');
  if (b !== undefined) return BigInt(a!) / BigInt(b);
  return BigInt(v.split('.')[0]!);
}

interface ListSpec {
  fields?: Fields;
  list: { op: string; fields?: Fields };
}

async function computeLines(engine: Parameters<typeof coreTable.compute>[0], vars: Parameters<typeof coreTable.compute>[1], cfg: WidgetConfig) {
  const spec = (cfg as WidgetConfig & { table: ListSpec }).table;
  const cells = new CellResolver(engine, vars);
  const first = (await cells.result(spec.list.op as never, spec.fields, spec.list.fields)) as Json;
  const crossings = (follow(first, 'crossovers') as Json[] | undefined) ?? [];
  // The axis' end is a drawing choice: twice the latest crossing the core reports.
  const latest = crossings.reduce<bigint>((m, c) => {
    const whole = wholePart(follow(c, 'calls'));
    return whole > m ? whole : m;
  }, 0n);
  const end = latest > 0n ? latest * 2n : 1000000000n;
  const r = (await cells.result(spec.list.op as never, spec.fields, spec.list.fields, { calls: end.toString() })) as Json;
  const rows: Row[] = [];
  const unreachable: string[] = [];
  for (const row of (follow(r, 'rows') as Json[] | undefined) ?? []) {
    const label = String(follow(row, 'label_display') ?? '');
    if (follow(row, 'feasible') === false) {
      unreachable.push(
        text(cfg, 'unreachable')
          .replace('{model}', label)
          .replace('{why}', String(follow(row, 'status_display') ?? '')),
      );
      continue;
    }
    rows.push({
      id: String(follow(row, 'id')),
      label,
      start: position(follow(row, 'training_gpu_hours')),
      end: position(follow(row, 'gpu_hours_at_calls')),
      startDisplay: String(follow(row, 'training_gpu_hours_display') ?? ''),
      endDisplay: String(follow(row, 'gpu_hours_at_calls_display') ?? ''),
    });
  }
  const marks: Cross[] = [];
  for (const c of (follow(r, 'crossovers') as Json[] | undefined) ?? []) {
    if (follow(c, 'crosses') !== true) continue;
    marks.push({
      id: String(follow(c, 'id')),
      label: `${String(follow(c, 'left'))} × ${String(follow(c, 'right'))}`,
      calls: position(follow(c, 'calls')),
      hours: position(follow(c, 'gpu_hours')),
      display: `${String(follow(c, 'calls_display'))} · ${String(follow(c, 'gpu_hours_display'))} GPU·h`,
    });
  }
  return { axisEnd: Number(end), axisEndDisplay: end.toString(), rows, crossings: marks, unreachable };
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const wide = width === WIDE;
  const height = wide ? 320 : 260;
  const x = scaleLinear()
    .domain([0, d.axisEnd])
    .range([PAD.left, width - PAD.right]);
  const top = Math.max(1, ...d.rows.map((r) => Math.max(r.start, r.end)));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([height - PAD.bottom, PAD.top]);
  const path = line<[number, number]>()
    .x((p) => Number(coord(x(p[0]))))
    .y((p) => Number(coord(y(p[1]))));
  const children: Mark[] = [
    axisLeft(y, PAD.left, width - PAD.left - PAD.right, wide ? 5 : 4, tickLabel('si'), text(cfg, 'y_axis')),
    axisBottom(x, height - PAD.bottom, wide ? 5 : 3, tickLabel('si'), text(cfg, 'x_axis')),
  ];
  d.rows.forEach((r, k) => {
    children.push(
      el('g', { class: `series series-${k}`, 'data-series': r.id, 'data-testid': `life-${r.id}` }, [
        el('path', {
          class: 'line',
          d:
            path([
              [0, r.start],
              [d.axisEnd, r.end],
            ]) ?? '',
        }),
        dot('dot', x(0), y(r.start), `${r.label} · 0`, `${r.startDisplay} GPU·h`),
        dot('dot', x(d.axisEnd), y(r.end), `${r.label} · ${d.axisEndDisplay}`, `${r.endDisplay} GPU·h`),
        el('text', { class: 'label small', x: coord(x(d.axisEnd) - 4), y: coord(y(r.end) - 6), 'text-anchor': 'end' }, r.label),
      ]),
    );
  });
  for (const c of d.crossings) {
    children.push(el('g', { class: 'crossing', 'data-testid': `cross-${c.id}` }, [dot('dot cross', x(c.calls), y(c.hours), c.label, c.display)]));
  }
  return { width, height, children };
}

function chartMarks(d: Data, cfg: WidgetConfig, instance: string): Mark[] {
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(d, w, cfg));
  const notes = el('p', { class: d.unreachable.length ? 'tally-notes' : 'tally-notes is-empty', 'data-testid': 'unreachable' }, d.unreachable.join(' '));
  return [chart, notes];
}

export const lifecycleLines: WidgetDef<Data> = {
  async compute(engine, vars, ctx) {
    const [table, lines] = await Promise.all([coreTable.compute(engine, vars, ctx), computeLines(engine, vars, ctx.cfg)]);
    return { table, ...lines };
  },

  // The table's shape comes first: core-table reads its row count from it ("8x5:…").
  view(data, ctx) {
    const tableView = coreTable.view(data.table, ctx);
    const chartView = marksView(chartMarks(data, ctx.cfg, ctx.instance));
    return { ...tableView, ...chartView, [SHAPE]: `${tableView[SHAPE] ?? ''}|lifecycle:${chartView[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view, ctx) {
    return marksMarkup(view) + coreTable.renderOutput(view, ctx);
  },

  enhance(root, ctx) {
    coreTable.enhance?.(root, ctx);
  },
};

export default lifecycleLines;
