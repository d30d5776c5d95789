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
// separators ("33,554,688"), as a grouped integer is printed.

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { text, type WidgetConfig } from '../../runtime/config';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, hbars, svgFrame, tickLabel, WIDE, type Drawing, type TickStyle } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { groupCoreDigits } from '../../runtime/format';
import { datasetSourceUrl } from '../../figures/dataset-sources';
import { ui } from '../../i18n/ui';
import { dataStatus } from '../../figures/data-status';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';

interface Cell {
  v: string;
  path?: string;
  digits?: number | string;
}
interface Group {
  label: string;
  cells: Cell[];
}

const PAD = { left: 12, right: 70, top: 4, bottom: 40 };

/** A printed value as the site shows numbers: "33554688" → "33,554,688" (integer parts of four digits or more grouped, as the core's are). */
const shown = (c: Cell): string => groupCoreDigits(c.v);
/** A printed value as a length: "33,554,688" → 33554688. */
const amount = (c: Cell): number => Number(c.v.replace(/,/g, ''));
const ROW_H = 40;

function groups(cfg: WidgetConfig): Group[] {
  const g = dataOf<Group[]>(cfg, 'groups');
  if (!Array.isArray(g) || g.some((x) => !Array.isArray(x.cells))) throw new Error(`content: ${cfg.title}: data.groups needs cells`);
  return g;
}

function drawing(gs: Group[], series: string[], width: number, cfg: WidgetConfig): Drawing {
  const x = scaleLinear()
    .domain([0, Math.max(1, ...gs.flatMap((g) => g.cells.map(amount)))])
    .nice()
    .range([PAD.left, width - PAD.right]);
  const children: Mark[] = [];
  let top = PAD.top;
  gs.forEach((g, i) => {
    children.push(el('text', { class: 'axis-title', x: String(PAD.left), y: String(top + 12) }, g.label));
    const bars = g.cells.map((c, k) => ({ id: `g${i}-${k}`, label: series[k] ?? '', value: amount(c), display: shown(c), cls: `series-${k}` }));
    children.push(...hbars(bars, x, top + 16, ROW_H));
    top += 16 + bars.length * ROW_H + 10;
  });
  const height = top + PAD.bottom;
  const ticks = (cfg.data as { ticks?: TickStyle } | undefined)?.ticks;
  children.push(
    axisBottom(x, height - PAD.bottom + 6, width === WIDE ? 6 : 3, ticks ? tickLabel(ticks) : (v: number) => groupCoreDigits(String(v)), text(cfg, 'x_axis')),
  );
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
  const dataset = dataOf<string>(cfg, 'dataset');
  const href = datasetSourceUrl(dataset);
  const source = el('p', { class: 'tally-notes measured-source', 'data-dataset': dataset }, [
    el('span', {}, `${dataOf<string>(cfg, 'source')} `),
    ...(href ? [el('a', { href, rel: 'external', class: 'dataset-source' }, ui.source.dataset_link)] : []),
  ]);
  return [chart, legend, ...extraLine, source, table];
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
