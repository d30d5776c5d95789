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
import { arrowDefs, narrowShapes, shapeMark, sizeShapes, type DiagramSpec } from '../../figures/diagram';
import { fillText, placeholders, resolveValues, valueSpecs, type DiagramValues } from '../../figures/diagram-values';
import { marksMarkup, marksView, type Mark } from '../../figures/marks';
import { enhanceStepper, stepperMarks } from '../../figures/stepper';

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
  const shapes = sizeShapes(spec, values.amount, cfg.title).map((s) =>
    s.label ? { ...s, label: fill(s.label), lineHows: s.label.split('\n').map(lineHow) } : s,
  );
  // The wide layout as the content draws it; the phone's from data.diagram.narrow.
  const draw = (width: number): Drawing => {
    const narrow = width !== WIDE && spec.narrow;
    const own = narrow ? narrowShapes(shapes, narrow) : shapes;
    // Each drawing's arrowheads under its own id (both drawings share the page).
    const id = narrow ? `${instance}-n` : instance;
    return { width: narrow ? width : spec.width, height: narrow ? narrow.height : spec.height, children: [arrowDefs(id), ...own.map((s) => shapeMark(s, id))] };
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
