// A measured tree laid along one axis (Figure 8-17: the compressed prefix
// tree of an agent's rounds). Each node sits at a position on a linear axis
// (a token count from the start) and on a lane (its row in the drawing); the
// edge into it runs from its parent's position to its own, and carries the
// number on that edge (the tokens it adds). A root's edge starts at 0. Edges
// into leaves (the paths only one branch takes) are drawn in the second
// series style, dashed; the shared ones in the first. Like measured-bars, the
// values are the dataset's as recorded (content/<chapter>/data/*.json), with
// the source the book names; the core computes none of them and the browser
// derives none (an edge's number is the dataset's own, at its path), and the
// chapter's content test checks every value against its dataset path.
//
// Config: data.dataset, data.source, data.nodes [{ id, parent (an id, or
// null for the root), name (the table's and the readout's name for it), leaf?
// (true: its name is drawn beside it), at: { v, path? } (its position),
// lane: { v, path? } (its row, 0 at the top; halves allowed), edge: { v,
// path? } (the number on the edge into it) }], data.legend { shared, own }
// (the two edge styles' words). Texts: chart_title, chart_desc, x_axis,
// table_summary, col_node, col_at, col_edge, edge_text ("+{v}"), leaf_text
// ("{name}: {at}"), read_text (a node's readout value: "{at} (+{edge})").

import { scaleLinear } from 'd3-scale';
import { SHAPE, type View } from '../../runtime/bind';
import { text, type WidgetConfig } from '../../runtime/config';
import { coord, groupCoreDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { axisBottom, dataTable, labelWidth, readAttrs, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { dataStatus } from '../../figures/data-status';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { sourceLine } from '../../figures/source-line';

interface Value {
  v: string;
  path?: string;
}
interface Node {
  id: string;
  parent: string | null;
  name: string;
  leaf?: boolean;
  at: Value;
  lane: Value;
  edge: Value;
}

/** A lane's height: taller on a phone, where a leaf's name and its edge's number stack at the same end. */
const laneHeight = (wide: boolean): number => (wide ? 34 : 42);
const TOP = 26;
const AXIS_GAP = 22;
const BOTTOM = 44;

/** The nodes, each parent named before use; a parent that is not a node fails the build. */
function nodes(cfg: WidgetConfig): Node[] {
  const ns = dataOf<Node[]>(cfg, 'nodes');
  const ids = new Set(ns.map((n) => n.id));
  for (const n of ns) {
    if (n.parent !== null && !ids.has(n.parent)) throw new Error(`content: ${cfg.title}: node ${n.id}'s parent ${n.parent} is not a node`);
  }
  return ns;
}

const amount = (v: Value): number => Number(v.v.replace(/,/g, ''));
const fill = (template: string, values: Record<string, string>): string => template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);

function drawing(cfg: WidgetConfig, ns: Node[], width: number): Drawing {
  const wide = width === WIDE;
  const byId = new Map(ns.map((n) => [n.id, n]));
  const leafTexts = ns.filter((n) => n.leaf).map((n) => fill(text(cfg, 'leaf_text'), { name: n.name, at: groupCoreDigits(n.at.v) }));
  // Room on the right for the longest leaf's words.
  const right = Math.max(0, ...leafTexts.map(labelWidth)) + 14;
  const x = scaleLinear()
    .domain([0, Math.max(1, ...ns.map((n) => amount(n.at)))])
    .range([8, width - right]);
  const lanes = Math.max(0, ...ns.map((n) => amount(n.lane)));
  const y = (n: Node) => TOP + amount(n.lane) * laneHeight(wide);
  const axisY = TOP + lanes * laneHeight(wide) + AXIS_GAP;
  const edges: Mark[] = [];
  const words: Mark[] = [];
  const dots: Mark[] = [];
  for (const n of ns) {
    const parent = n.parent === null ? undefined : byId.get(n.parent);
    const x0 = parent ? x(amount(parent.at)) : x(0);
    const x1 = x(amount(n.at));
    const y0 = parent ? y(parent) : y(n);
    const y1 = y(n);
    edges.push(
      el('g', { class: `series ${n.leaf ? 'series-1' : 'series-0'}`, 'data-edge': n.id }, [
        el('path', { class: 'line', d: `M${coord(x0)} ${coord(y0)}V${coord(y1)}H${coord(x1)}` }),
      ]),
    );
    // The edge's number above its middle when it fits there, else above its end.
    const edgeText = fill(text(cfg, 'edge_text'), { v: groupCoreDigits(n.edge.v) });
    const fits = x1 - x0 >= labelWidth(edgeText) + 6;
    words.push(
      el(
        'text',
        {
          class: 'label small',
          'data-testid': `edge-${n.id}`,
          x: coord(fits ? (x0 + x1) / 2 : x1 + 6),
          y: coord(y1 - 6),
          'text-anchor': fits ? 'middle' : 'start',
        },
        edgeText,
      ),
    );
    const read = fill(text(cfg, 'read_text'), { at: groupCoreDigits(n.at.v), edge: groupCoreDigits(n.edge.v) });
    dots.push(el('circle', { class: 'dot', cx: coord(x1), cy: coord(y1), r: '3.5', ...readAttrs(n.name, read) }));
    if (n.leaf) {
      const leafText = fill(text(cfg, 'leaf_text'), { name: n.name, at: groupCoreDigits(n.at.v) });
      // Below the edge's number when that stands at the end too.
      words.push(el('text', { class: 'label', 'data-testid': `leaf-${n.id}`, x: coord(x1 + 6), y: coord(y1 + (fits ? 4 : 10)) }, leafText));
    }
  }
  const axis = axisBottom(x, axisY, wide ? 6 : 3, (v: number) => groupCoreDigits(String(v)), text(cfg, 'x_axis'));
  return { width, height: axisY + BOTTOM, children: [axis, ...edges, ...dots, ...words] };
}

function marks(cfg: WidgetConfig, instance: string): Mark[] {
  const ns = nodes(cfg);
  const legendWords = dataOf<{ shared: string; own: string }>(cfg, 'legend');
  const chart = svgFrame(`${instance}-chart`, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), (w) => drawing(cfg, ns, w));
  const legend = el(
    'ul',
    { class: 'fig-legend' },
    [legendWords.shared, legendWords.own].map((s, k) =>
      el('li', { class: `series-${k}` }, [el('span', { class: 'swatch', 'aria-hidden': 'true' }, ''), el('span', {}, s)]),
    ),
  );
  const table = dataTable(
    text(cfg, 'table_summary'),
    text(cfg, 'chart_title'),
    [text(cfg, 'col_node'), text(cfg, 'col_at'), text(cfg, 'col_edge')],
    ns.map((n) => ({ id: n.id, cells: [n.name, groupCoreDigits(n.at.v), groupCoreDigits(n.edge.v)] })),
  );
  return [chart, legend, sourceLine(cfg), table];
}

export const measuredTree: WidgetDef<null> = {
  // Nothing to ask the core: the tree is the data's.
  compute: () => Promise.resolve(null),

  view(_data, { cfg, instance }) {
    const v = marksView(marks(cfg, instance));
    return { ...v, [SHAPE]: `measured-tree:${v[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view) {
    return marksMarkup(view);
  },

  // The chapter's status line says the core computed the numbers; these are data.
  status: dataStatus,
};

export default measuredTree;
