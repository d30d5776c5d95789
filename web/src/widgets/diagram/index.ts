// Conceptual figures (dependency chains, projections, layer skeletons …):
// the drawing is content (config `data.diagram`), not computed. Step-through
// diagrams (2-1, 2-2, 2-15, 2-22) add buttons that walk through `steps`.
// compute() asks the core nothing, so a diagram is complete without WASM.

import { text, type WidgetConfig } from '../../runtime/config';
import type { WidgetDef } from '../../runtime/widget';
import { svgFrame } from '../../figures/chart';
import { dataOf } from '../../figures/content';
import { arrowDefs, shapeMark, type DiagramSpec } from '../../figures/diagram';
import { marksMarkup, marksView, type Mark } from '../../figures/marks';
import { enhanceStepper, stepperMarks } from '../../figures/stepper';

function view(spec: DiagramSpec, cfg: WidgetConfig, instance: string) {
  const marks: Mark[] = [];
  if (spec.steps?.length) marks.push(...stepperMarks(spec.steps, { next: text(cfg, 'step_next'), reset: text(cfg, 'step_reset') }));
  marks.push(
    svgFrame(instance, spec.width, spec.height, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), [
      arrowDefs(instance),
      ...spec.shapes.map((s) => shapeMark(s, instance)),
    ]),
  );
  return marksView(marks);
}

export const diagram: WidgetDef<DiagramSpec> = {
  compute: async (_engine, _fields, { cfg }) => dataOf<DiagramSpec>(cfg, 'diagram'),
  view: (spec, { cfg, instance }) => view(spec, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root, { cfg }) => {
    if (dataOf<DiagramSpec>(cfg, 'diagram').steps?.length) enhanceStepper(root);
  },
};

export default diagram;
