// Measured values drawn as paired bars (Figure 3-8): each group is one
// measure, each bar one run, on a shared linear scale. Like measured-table,
// the values are the dataset's as printed (content/<chapter>/data/*.json),
// with the source the book names; the core computes none of them and
// tests/content/ch03-widgets-a.test.mjs checks each against its dataset path.
//
// Config: data.dataset, data.source, data.series (one label per bar of a
// group), data.groups [{ label, cells: [{ v, path, digits? }] }], optional
// data.extra (one more row shown under the chart, e.g. counts in another unit,
// worded by text.extra_line "{label}…{values}" with values joined by text.extra_sep),
// optional data.ticks (the value axis's tick labels, chart.ts styles: "si" for
// byte counts in the tens of millions). A value may carry thousands
// separators ("33,554,688"), as a grouped integer is printed. A value may be
// negative ("-2.45", a paired difference): the axis then runs below zero, a
// solid line stands at zero and the bar goes left of it, shown with a minus
// sign (−2.45). Optional data.rules [{ id, label, v, path?, digits? }] are
// dashed lines at printed values (a median), named above the plot and in a
// summary (testid rule-<id>). With a single series each group is one bar
// named by its group (the legend names the series).

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { text, type WidgetConfig } from '../../runtime/config';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, hbars, summary, svgFrame, tickLabel, WIDE, type Drawing, type TickStyle } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { coord, groupCoreDigits } from '../../runtime/format';
import { dataStatus } from '../../figures/data-status';
import { sourceLine } from '../../figures/source-line';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { referenceLines } from '../../figures/plot';

interface Cell {
  v: string;
  path?: string;
  digits?: number | string;
}
interface Group {
  label: string;
  cells: Cell[];
}
interface Rule extends Cell {
  id: string;
  label: string;
}

const PAD = { left: 12, right: 70, top: 4, bottom: 40 };

/** A number's text with a minus sign, not a hyphen: "-2.45" → "−2.45". */
const minus = (t: string): string => t.replace(/^-/, '\u2212');
/** A printed value as the site shows numbers: "33554688" → "33,554,688" (integer parts of four digits or more grouped, as the core's are). */
const shown = (c: Cell): string => minus(groupCoreDigits(c.v));
/** A printed value as a length: "33,554,688" → 33554688. */
const amount = (c: Cell): number => Number(c.v.replace(/,/g, ''));
const ROW_H = 40;
const RULE_ROW = 20;

function groups(cfg: WidgetConfig): Group[] {
  const g = dataOf<Group[]>(cfg, 'groups');
  if (!Array.isArray(g) || g.some((x) => !Array.isArray(x.cells))) throw new Error(`content: ${cfg.title}: data.groups needs cells`);
  return g;
}

const rulesOf = (cfg: WidgetConfig): Rule[] => (cfg.data as { rules?: Rule[] } | undefined)?.rules ?? [];

function drawing(gs: Group[], series: string[], width: number, cfg: WidgetConfig): Drawing {
  const rules = rulesOf(cfg);
  const values = [...gs.flatMap((g) => g.cells.map(amount)), ...rules.map(amount)];
  const low = Math.min(0, ...values);
  const x = scaleLinear()
    .domain([low, Math.max(1, ...values)])
    .nice()
    .range([PAD.left, width - PAD.right]);
  // Bars start at zero; only an axis that runs below zero moves it off the left edge.
  const base = low < 0 ? x(0) : undefined;
  const children: Mark[] = [];
  // A rule's name sits in a row above the plot.
  const plotTop = rules.length ? PAD.top + RULE_ROW : PAD.top;
  let top = plotTop;
  gs.forEach((g, i) => {
    // One series (the legend names it): each group is one bar named by the group, without a title row of its own.
    const single = series.length === 1;
    if (!single) children.push(el('text', { class: 'axis-title', x: String(PAD.left), y: String(top + 12) }, g.label));
    const label = (k: number) => (single ? g.label : (series[k] ?? ''));
    const bars = g.cells.map((c, k) => ({ id: `g${i}-${k}`, label: label(k), value: amount(c), display: shown(c), cls: `series-${k}` }));
    const head = single ? 0 : 16;
    children.push(...hbars(bars, x, top + head, ROW_H, base));
    top += head + bars.length * ROW_H + (single ? 0 : 10);
  });
  const height = top + PAD.bottom;
  const box = { left: PAD.left, right: width - PAD.right, top: plotTop, bottom: top };
  children.push(
    ...referenceLines(
      rules.map((r) => ({ axis: 'x' as const, pos: x(amount(r)), name: r.label, value: shown(r), testid: `rule-line-${r.id}` })),
      box,
      width === WIDE,
    ),
  );
  const ticks = (cfg.data as { ticks?: TickStyle } | undefined)?.ticks;
  children.push(
    axisBottom(
      x,
      height - PAD.bottom + 6,
      width === WIDE ? 6 : 3,
      ticks ? tickLabel(ticks) : (v: number) => minus(groupCoreDigits(String(v))),
      text(cfg, 'x_axis'),
    ),
  );
  // The zero line last, over the axis's grid, so it reads as the bars' origin.
  if (base !== undefined) {
    children.push(el('g', { class: 'axis zero-line' }, [el('line', { x1: coord(base), x2: coord(base), y1: coord(plotTop), y2: coord(top) })]));
  }
  return { width, height, children };
}

function marks(cfg: WidgetConfig, instance: string): Mark[] {
  const gs = groups(cfg);
  const series = dataOf<string[]>(cfg, 'series');
  const extra = (cfg.data as { extra?: Group } | undefined)?.extra;
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(gs, series, w, cfg));
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    series.map((s, k) => el('li', { class: `series-${k}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, s)])),
  );
  const rows = [...gs, ...(extra ? [extra] : [])].map((g, i) => ({ id: `g${i}`, cells: [g.label, ...g.cells.map(shown)] }));
  const table = dataTable(text(cfg, 'table_summary'), text(cfg, 'chart_title'), [text(cfg, 'col_measure'), ...series], rows);
  // "搶佔次數：均勻混合 62，…": the line's words and punctuation are content's (text.extra_line, text.extra_sep).
  const extraValues = (g: Group) => g.cells.map((c, k) => `${series[k] ?? ''} ${shown(c)}`).join(text(cfg, 'extra_sep'));
  const extraLine = extra
    ? [
        el(
          'p',
          { class: 'tally-notes', 'data-testid': 'measured-extra' },
          text(cfg, 'extra_line').replace('{label}', extra.label).replace('{values}', extraValues(extra)),
        ),
      ]
    : [];
  const rules = rulesOf(cfg);
  const ruleSummary = rules.length ? [summary(rules.map((r) => ({ label: r.label, value: shown(r), testid: `rule-${r.id}` })))] : [];
  return [...ruleSummary, chart, legend, ...extraLine, sourceLine(cfg), table];
}

export const measuredBars: WidgetDef<null> = {
  // Nothing to ask the core: the values are the data's.
  compute: () => Promise.resolve(null),

  view(_data, { cfg, instance }) {
    const v = marksView(marks(cfg, instance));
    return { ...v, [SHAPE]: `measured-bars:${v[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view) {
    return marksMarkup(view);
  },

  // The chapter's status line says the core computed the numbers; these are data.
  status: dataStatus,
};

export default measuredBars;
