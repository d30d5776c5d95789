// Example 2-2 as one widget: the worked example's steps (widgets/steps) and,
// under them, the same givens drawn against the batch B (./curve.ts), where
// the reader drags B along the curve and the reads at B follow. One widget,
// so the model, weight format and H of the steps are the curve's too.
//
// Config: everything a "steps" widget takes, plus data.curve_fields (the
// crossover_curve request, with "$variables"), data.max_batch (the axis'
// least end) and data.landmarks (batches the marker snaps to); a control
// whose field is "$B" sets the marker.

import { SHAPE, type View } from '../../runtime/bind';
import { marksMarkup, marksView } from '../../figures/marks';
import { enhanceDragMarkers } from '../../figures/drag-marker';
import type { WidgetDef } from '../../runtime/widget';
import steps from '../steps';
import { computeCurve, curveMarks, type CurveData } from './curve';

type StepsData = Awaited<ReturnType<typeof steps.compute>>;

interface Data {
  steps: StepsData;
  curve: CurveData;
}

/** The two views share one View: the steps' keys and the marks' ("m…") do not overlap; the shape is both. */
const STEPS_SHAPE = 'steps:';

export const crossoverCurve: WidgetDef<Data> = {
  async compute(engine, vars, ctx) {
    const [s, curve] = await Promise.all([steps.compute(engine, vars, ctx), computeCurve(engine, vars, ctx.cfg)]);
    return { steps: s, curve };
  },

  view(data, ctx) {
    const stepsView = steps.view(data.steps, ctx);
    const { marks, hover } = curveMarks(data.curve, ctx.cfg, ctx.instance);
    const curveView = hover(marksView(marks));
    return { ...stepsView, ...curveView, [SHAPE]: `${STEPS_SHAPE}${stepsView[SHAPE] ?? ''}|${curveView[SHAPE] ?? ''}` } as View;
  },

  renderOutput(view, ctx) {
    return steps.renderOutput(view, ctx) + marksMarkup(view);
  },

  enhance(root, ctx) {
    steps.enhance?.(root, ctx);
    enhanceDragMarkers(root);
  },
};

export default crossoverCurve;
