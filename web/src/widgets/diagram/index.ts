// Conceptual figures (dependency chains, projections, layer skeletons …):
// the drawing is content (config `data.diagram`). Numbers in its labels are
// "{name}" placeholders filled from the core (`data.values`, see
// figures/diagram-values.ts); the values also form the diagram's data table.
// Step-through diagrams (2-1, 2-2, 2-15, 2-22) add buttons that walk through
// `steps`. A diagram without values asks the core nothing.

import { text, type WidgetConfig } from '../../runtime/config';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, FigureHows, svgFrame, WIDE, type Drawing } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { arrowDefs, narrowShapes, shapeMark, shownShapes, sizeShapes, wrapText, type DiagramSpec, type Shape, type WidthScale } from '../../figures/diagram';
import { fillText, placeholders, resolveValues, valueSpecs, type DiagramValues } from '../../figures/diagram-values';
import { marksMarkup, marksView, type Mark } from '../../figures/marks';
import { enhanceStepper, stepperMarks } from '../../figures/stepper';

/** How wide a note may be where it stands in a drawing `width` units wide (6 units kept clear of each edge). */
function room(s: Shape, width: number): number {
  const x = s.x ?? 0;
  if (s.anchor === 'middle') return 2 * Math.min(x, width - x) - 12;
  return s.anchor === 'end' ? x - 6 : width - x - 6;
}

function view(values: DiagramValues, cfg: WidgetConfig, instance: string) {
  const spec = dataOf<DiagramSpec>(cfg, 'diagram');
  const fill = (s: string) => fillText(s, values, cfg.title);
  const marks: Mark[] = [];
  if (spec.steps?.length) {
    marks.push(...stepperMarks(spec.steps.map(fill), { next: text(cfg, 'step_next'), reset: text(cfg, 'step_reset') }));
  }
  const specs = valueSpecs(cfg);
  const hows = new FigureHows(instance, cfg);
  // One Shown per value: a label line showing it and its data-table row share its explanation.
  const shown = new Map(specs.map(([name]) => [name, { text: values.text[name] ?? '', how: values.how[name] }]));
  const lineHow = (line: string) => {
    const names = placeholders(line);
    return names.length === 1 && shown.has(names[0]!) ? hows.key(shown.get(names[0]!)!) : null;
  };
  // Numbers filled in after layout: the wide drawing as the content draws it, the phone's from data.diagram.narrow.
  // Shapes are dropped (`when`) only after the narrow layout has placed them by index.
  const finish = (shapes: Shape[], ws: WidthScale | undefined) =>
    sizeShapes(shownShapes(shapes, values.amount, cfg.title), ws, values.amount, cfg.title).map((s) =>
      s.label ? { ...s, label: fill(s.label), lineHows: s.label.split('\n').map(lineHow) } : s,
    );
  const lastStep = Math.max(0, (spec.steps?.length ?? 1) - 1);
  const draw = (width: number): Drawing => {
    const narrow = width !== WIDE ? spec.narrow : undefined;
    const shapes = narrow
      ? finish(narrowShapes(spec.shapes, narrow), narrow.widthScale ?? spec.widthScale).map((s) => wrapText(s, room(s, width)))
      : finish(spec.shapes, spec.widthScale);
    // Each drawing's arrowheads under its own id (both drawings share the page).
    const id = narrow ? `${instance}-n` : instance;
    return {
      width: narrow ? width : spec.width,
      height: narrow ? narrow.height : spec.height,
      children: [arrowDefs(id), ...shapes.map((s) => shapeMark(s, id, lastStep))],
    };
  };
  marks.push(svgFrame(instance, fill(text(cfg, 'chart_title')), fill(text(cfg, 'chart_desc')), draw));
  if (specs.length) {
    marks.push(
      dataTable(
        text(cfg, 'data_summary'),
        text(cfg, 'data_caption'),
        [text(cfg, 'data_head_label'), text(cfg, 'data_head_value')],
        specs.map(([name, s]) => ({ id: name, cells: [s.label, shown.get(name)!] })),
        hows,
      ),
    );
  }
  return hows.into(marksView(marks));
}

export const diagram: WidgetDef<DiagramValues> = {
  compute: (engine, fields, { cfg }) => resolveValues(engine, fields, cfg),
  view: (values, { cfg, instance }) => view(values, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root, { cfg }) => {
    if (dataOf<DiagramSpec>(cfg, 'diagram').steps?.length) enhanceStepper(root);
  },
};

export default diagram;
