// One stacked bar against a few reference lines: figure 3-23 (the five parts
// of training state, 18 B per parameter, against three cards' memory) and
// figure 3-24 (forward plus backward FLOPs against 6ND). Every segment, the
// total and every line is its own core request (content/ch03/widgets/w34.json):
//   "segments": [{ label, op, fields, value, display, color? }]
//   "total":    { label, op, fields, value, display }   (the core's own sum)
//   "lines":    [{ label, op, fields, value, display }], or a published
//               figure shown as data: [{ label, bytes, display, source }]
//               (a card's memory from content/ch03/data/hardware-specs.json;
//               chapter 3's browser module has no capacity op to ask)
//   "unit":     "B" (byte axis) or e.g. "FLOPs" (SI axis)
// "value" and "display" are paths into the result (runtime/result-path.ts);
// "$name" in fields takes the control whose field is "$name". The browser
// only places what the core sent; the total is the core's, not a sum here.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, Json } from '../../runtime/engine';
import { coord } from '../../runtime/format';
import { EXPLAINED_OPS } from '../../runtime/generated/ops';
import { follow } from '../../runtime/result-path';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, FigureHows, readAttrs, summary, svgFrame, tickLabel, WIDE, type Drawing, type Shown } from '../../figures/chart';
import { byteAxis, byteFamily } from '../../figures/byte-ticks';
import { dataOf } from '../../figures/content';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { blameControl, fillRequest } from '../../figures/request-template';
import { scaleLinear } from 'd3-scale';

interface Part {
  label: string;
  op: string;
  fields: Fields;
  value: string;
  display: string;
}
/** A published figure (a card's memory): shown as the source gives it, never computed. */
interface Published {
  label: string;
  bytes: string;
  display: string;
  source: string;
}
interface Spec {
  segments: Part[];
  total: Part;
  lines: Array<Part | Published>;
  unit?: string;
}
interface Read {
  label: string;
  value: number;
  shown: Shown;
}
interface Data {
  segments: Read[];
  total: Read;
  lines: Read[];
}

const EXPLAINED: ReadonlySet<string> = new Set<string>(EXPLAINED_OPS);

const PAD = { left: 12, right: 40, top: 40, bottom: 44 };
const BAR_H = 34;

function specOf(cfg: WidgetConfig): Spec {
  const data = {
    segments: dataOf<Part[]>(cfg, 'segments'),
    total: dataOf<Part>(cfg, 'total'),
    lines: dataOf<Part[]>(cfg, 'lines'),
    unit: (cfg.data as { unit?: string }).unit,
  };
  if (!Array.isArray(data.segments) || !data.total || !Array.isArray(data.lines)) {
    throw new Error(`widgets*.json: ${cfg.title}: stack-bar needs data.segments, data.total and data.lines`);
  }
  return data;
}

/** A number for drawing only: the core's exact integer as a float coordinate. */
function coordinate(v: Json | undefined, where: string): number {
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw new Error(`stack-bar: ${where} is not a number`);
  return n;
}

function published(p: Published): Read {
  return { label: p.label, value: coordinate(p.bytes, `${p.label}: bytes`), shown: { text: p.display } };
}

async function read(engine: Engine, part: Part | Published, vars: Fields): Promise<Read> {
  if (!('op' in part)) return published(part);
  const { fields, origin } = fillRequest(part.fields, vars);
  let result;
  try {
    result = await engine.raw(part.op, fields);
  } catch (err) {
    throw blameControl(err, origin);
  }
  const display = follow(result, part.display);
  return {
    label: part.label,
    value: coordinate(follow(result, part.value), `${part.label}: ${part.value}`),
    // Only ops that explain themselves get a "how was this computed?" button.
    shown: {
      text: typeof display === 'string' ? display : String(display ?? ''),
      ask: EXPLAINED.has(part.op) ? { op: part.op, fields, path: part.display } : null,
    },
  };
}

function scaleFor(hi: number, unit: string, d: Data, range: [number, number], count: number) {
  if (unit === 'B') return byteAxis(hi, range, byteFamily([d.total.shown.text]), count);
  const scale = scaleLinear().domain([0, hi]).nice(count).range(range);
  const label = tickLabel('si', unit);
  return { scale, ticks: scale.ticks(count).map((v): [number, string] => [v, label(v)]) };
}

function drawing(d: Data, spec: Spec, cfg: WidgetConfig, width: number): Drawing {
  const hi = Math.max(d.total.value, ...d.lines.map((l) => l.value), 1);
  const wide = width === WIDE;
  const count = wide ? 5 : 3;
  const axis = scaleFor(hi, spec.unit ?? 'B', d, [PAD.left, width - PAD.right], count);
  const x = (v: number) => axis.scale(v);
  const barY = PAD.top + 14;
  const height = barY + BAR_H + PAD.bottom;
  const rects: Mark[] = [];
  let at = 0;
  d.segments.forEach((s, i) => {
    const x0 = x(at);
    at += s.value;
    rects.push(
      el('g', { class: `bar series-${i % 5}` }, [
        el('rect', {
          class: 'seg',
          x: coord(x0),
          y: coord(barY),
          width: coord(Math.max(0, x(at) - x0)),
          height: String(BAR_H),
          ...readAttrs(s.label, s.shown.text),
        }),
      ]),
    );
  });
  // Reference lines: label above, alternating rows so neighbours (80 and 96 GB) do not collide.
  const lines = d.lines.map((l, i) =>
    el('g', { class: 'marker' }, [
      el('line', { x1: coord(x(l.value)), x2: coord(x(l.value)), y1: coord(PAD.top - (i % 2) * 16), y2: coord(barY + BAR_H + 6) }),
      el(
        'text',
        { class: 'bar-value', x: coord(x(l.value)), y: coord(PAD.top - 4 - (i % 2) * 16), 'text-anchor': 'middle', ...readAttrs(l.label, l.shown.text) },
        wide ? `${l.label} ${l.shown.text}` : l.label,
      ),
    ]),
  );
  return {
    width,
    height,
    children: [axisBottom(axis.scale, barY + BAR_H + 10, axis.ticks, undefined, text(cfg, 'axis'), barY), ...rects, ...lines],
  };
}

function legend(d: Data): Mark {
  return el(
    'ul',
    { class: 'tally-legend fig-legend' },
    // Each part with the core's display, so the values read at any width.
    d.segments.map((s, i) =>
      el('li', { class: `series-${i % 5}` }, [
        el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''),
        el('span', {}, s.label),
        el('strong', { class: 'num' }, s.shown.text),
      ]),
    ),
  );
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const spec = specOf(cfg);
  const hows = new FigureHows(instance, cfg);
  const marks: Mark[] = [
    summary([{ label: d.total.label, value: d.total.shown, testid: 'total' }], hows),
    svgFrame(instance, text(cfg, 'chart_label'), text(cfg, 'chart_desc'), (w) => drawing(d, spec, cfg, w)),
    legend(d),
    dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'table_caption'),
      [text(cfg, 'col_part'), text(cfg, 'col_value')],
      [...d.segments, d.total, ...d.lines].map((r, i) => ({ id: `p${i}`, cells: [r.label, r.shown] })),
      hows,
    ),
  ];
  return hows.into(marksView(marks));
}

export const stackBar: WidgetDef<Data> = {
  async compute(engine, vars, { cfg }) {
    const spec = specOf(cfg);
    const [segments, total, lines] = await Promise.all([
      Promise.all(spec.segments.map((p) => read(engine, p, vars))),
      read(engine, spec.total, vars),
      Promise.all(spec.lines.map((p) => read(engine, p, vars))),
    ]);
    return { segments, total, lines };
  },
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
};

export default stackBar;
