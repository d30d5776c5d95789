// Labelled points on a plane configured in content: each point is one core
// request (the shared request with the point's own fields on top), placed at
// two result paths (x, y) and read out with the core's displays. Threshold
// lines stand at a result value or at a request field's value (a 12 GiB
// memory limit, a 7 s deadline); a point beyond any threshold is drawn
// hollow with a ring and its readout and table row say so. Configurations
// A–D on a memory × deadline plane is the model use. The data table under
// the chart is the text alternative.
//
// The instance's JSON is documented in docs/widget-kinds.md; in short:
//   data.op, data.request (with "$variables"),
//   data.points [{ id, label, fields }],
//   data.x, data.y { path, display?, scale?, ticks?, zero? },
//   data.thresholds? [{ id, axis: "x" | "y", label, path | field, display?, format?, beyond?: "above" | "below" }],
//   text.chart_title, chart_desc, x_axis, y_axis, table_summary, col_point, col_status, within, beyond.

import { displayText, follow } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, axisLeft, dataTable, labelWidth, readAttrs, summary, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { joined } from '../../figures/joins';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { axisScale, axisTicks, drawable, exactCoord, fillWords, levelLines, TemplateAsker, type AxisSpec } from '../../figures/plot';

interface PointSpec {
  id: string;
  label: string;
  fields?: Fields;
}
interface PlaneAxis extends AxisSpec {
  path: string;
  display?: string;
}
interface ThresholdSpec {
  id: string;
  axis: 'x' | 'y';
  label: string;
  /** A result path in the threshold's own answer (the shared request), or … */
  path?: string;
  /** … a request field of the shared request, whose value (as the core accepted it) is the threshold. */
  field?: string;
  display?: string;
  /** For a field: the value in words ("{v} GiB"). */
  format?: string;
  /** Which side is beyond it (default "above"). */
  beyond?: 'above' | 'below';
}
interface Spec {
  op: string;
  request: Fields;
  points: PointSpec[];
  x: PlaneAxis;
  y: PlaneAxis;
  thresholds?: ThresholdSpec[];
}
interface Point {
  spec: PointSpec;
  x: number;
  y: number;
  xText: string;
  yText: string;
  /** Ids of the thresholds this point lies beyond. */
  beyond: string[];
}
interface Threshold {
  spec: ThresholdSpec;
  at: number;
  text: string;
}
interface Data {
  points: Point[];
  thresholds: Threshold[];
}

const PAD = { left: 60, right: 20, top: 28, bottom: 52 };

function specOf(cfg: WidgetConfig): Spec {
  for (const k of ['op', 'request', 'points', 'x', 'y'] as const) dataOf(cfg, k);
  return cfg.data as unknown as Spec;
}

async function compute(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<Data> {
  const spec = specOf(cfg);
  const core = new TemplateAsker(engine, vars);
  const answers = await Promise.all(spec.points.map((p) => core.ask(spec.op, { ...spec.request, ...(p.fields ?? {}) })));
  const needsShared = (spec.thresholds ?? []).some((t) => t.path !== undefined);
  const shared = needsShared ? await core.ask(spec.op, spec.request) : null;
  const thresholds = (spec.thresholds ?? []).map((t): Threshold => {
    if (t.path !== undefined) return { spec: t, at: exactCoord(follow(shared, t.path)), text: displayText(follow(shared, t.display ?? t.path)) };
    const v = core.request(spec.request)[t.field ?? ''];
    return { spec: t, at: exactCoord(v), text: fillWords(t.format ?? '{v}', { v: displayText(v) }) };
  });
  const points = spec.points.map((p, i) => {
    const a = answers[i]!;
    const x = exactCoord(follow(a, spec.x.path));
    const y = exactCoord(follow(a, spec.y.path));
    // Beyond: the core's two values compared as they are, for the mark's style only (the figures stay the core's).
    const beyond = thresholds.filter((t) => {
      const v = t.spec.axis === 'x' ? x : y;
      return (t.spec.beyond ?? 'above') === 'above' ? v > t.at : v < t.at;
    });
    return {
      spec: p,
      x,
      y,
      xText: displayText(follow(a, spec.x.display ?? spec.x.path)),
      yText: displayText(follow(a, spec.y.display ?? spec.y.path)),
      beyond: beyond.map((t) => t.spec.id),
    };
  });
  return { points, thresholds };
}

/** "10.5 GiB · 6.2 s" with, beyond a threshold, the content's word for it. */
function pointValue(p: Point, cfg: WidgetConfig): string {
  const both = joined(p.xText, p.yText);
  return p.beyond.length ? joined(both, text(cfg, 'beyond')) : both;
}

function drawing(d: Data, width: number, cfg: WidgetConfig): Drawing {
  const spec = specOf(cfg);
  const wide = width === WIDE;
  const height = wide ? 320 : 300;
  const box = { left: PAD.left, right: width - PAD.right, top: PAD.top, bottom: height - PAD.bottom };
  const along = (axis: 'x' | 'y') => [...d.points.map((p) => p[axis]), ...d.thresholds.filter((t) => t.spec.axis === axis).map((t) => t.at)];
  const x = axisScale(spec.x, along('x'), [box.left, box.right], true);
  const y = axisScale(spec.y, along('y'), [box.bottom, box.top], true);
  const children: Mark[] = [
    axisLeft(y, box.left, box.right - box.left, wide ? 5 : 4, axisTicks(spec.y), text(cfg, 'y_axis')),
    axisBottom(x, box.bottom, wide ? 6 : 4, axisTicks(spec.x), text(cfg, 'x_axis')),
  ];
  children.push(...levelLines(d.thresholds, spec, { x, y }, box, wide, text(cfg, 'y_axis'), 'threshold-'));
  d.points.forEach((p) => {
    if (!drawable(spec.x, p.x) || !drawable(spec.y, p.y)) return;
    const cx = x(p.x);
    const cy = y(p.y);
    const out = p.beyond.length > 0;
    // Beyond a threshold: hollow and ringed, so it differs by shape, not by colour alone.
    children.push(
      el('g', { class: `plane-point series ${out ? 'series-1 is-beyond' : 'series-0'}`, 'data-point': p.spec.id, 'data-testid': `point-${p.spec.id}` }, [
        ...(out ? [el('circle', { class: 'ring', cx: coord(cx), cy: coord(cy), r: '8' })] : []),
        el('circle', { class: 'end', cx: coord(cx), cy: coord(cy), r: '4.5', ...readAttrs(p.spec.label, pointValue(p, cfg)) }),
        pointLabel(p.spec.label, cx, cy, box),
      ]),
    );
  });
  return { width, height, children };
}

/**
 * A point's name beside it, inside the plot: right of the point and above
 * it, or left of it where the name would pass the plot's right edge (a point
 * near the edge), and below it where it would rise above the plot's top.
 */
function pointLabel(label: string, cx: number, cy: number, box: { left: number; right: number; top: number; bottom: number }): Mark {
  const w = labelWidth(label);
  const right = cx + 9 + w <= box.right;
  const above = cy - 8 - 12 >= box.top;
  const y = above ? cy - 8 : cy + 16;
  return right
    ? el('text', { class: 'label small', x: coord(cx + 9), y: coord(y) }, label)
    : el('text', { class: 'label small', x: coord(Math.max(cx - 9, box.left + w)), y: coord(y), 'text-anchor': 'end' }, label);
}

export const planePoints: WidgetDef<Data> = {
  compute: (engine, vars, ctx) => compute(engine, vars, ctx.cfg),

  view(data, ctx) {
    const cfg = ctx.cfg;
    const frame = svgFrame(`${ctx.instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(data, w, cfg));
    const limits = data.thresholds.map((t) => ({ label: t.spec.label, value: t.text, testid: `limit-${t.spec.id}` }));
    const table = dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'chart_title'),
      [text(cfg, 'col_point'), text(cfg, 'x_axis'), text(cfg, 'y_axis'), text(cfg, 'col_status')],
      data.points.map((p) => ({ id: p.spec.id, cells: [p.spec.label, p.xText, p.yText, text(cfg, p.beyond.length ? 'beyond' : 'within')] })),
    );
    return marksView([...(limits.length ? [summary(limits)] : []), frame, table]);
  },

  renderOutput: (view) => marksMarkup(view),
};

export default planePoints;
