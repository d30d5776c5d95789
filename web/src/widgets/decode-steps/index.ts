// Figure 2-7: decode steps reading the context. Each row is one decode: it
// reads every position already stored (blue) and appends one (orange). The
// counts — n_d, positions read in total, bytes — are the core's `request`
// answer; rows can be stepped through, and the handle under the last row
// (g-handle.ts) adds or removes decode steps by setting G.

import { text, type WidgetConfig } from '../../runtime/config';
import type { Engine, Fields, RequestResult } from '../../runtime/engine';
import { coord, groupDigits } from '../../runtime/format';
import type { WidgetDef } from '../../runtime/widget';
import { dataTable, FigureHows, notesMark, summary, svgFrame, type Drawing, type Shown } from '../../figures/chart';
import { el, marksMarkup, marksView, type Mark } from '../../figures/marks';
import { labelled } from '../../figures/joins';
import { enhanceStepper, stepAttrs, stepperMarks } from '../../figures/stepper';
import { withSliderRole } from '../../figures/drag-marker';
import { enhanceGHandle, gHandleMarks, HANDLE_ROOM } from './g-handle';

interface Data {
  /** The request: asked again with explain when a popover opens. */
  request: Fields;
  r: RequestResult;
  P: bigint;
}

const PAD = { left: 90, top: 10, right: 10 };
const MAX_POSITIONS = 40;
const MAX_STEPS = 16;
/** The control the handle sets. */
const G_KEY = 'G';

async function compute(engine: Engine, fields: Fields): Promise<Data> {
  const r = await engine('request', fields);
  return { request: fields, r, P: BigInt(String(fields.input)) };
}

/**
 * The handle's range and words: from one decode step to as many as the
 * grid draws, G as the core read it (steps + 1) and the core's count of steps.
 */
function gHandle(d: Data, cfg: WidgetConfig, P: number) {
  const control = cfg.controls.find((c) => c.key === G_KEY);
  // G as the reader gave it; a form only the core reads ("1e1") is G = n_d + 1, the core's count.
  const asked = d.request.generated;
  const g = typeof asked === 'number' ? asked : Number(d.r.decode_steps) + 1;
  return {
    control: G_KEY,
    scale: control?.slider?.scale ?? '',
    label: text(cfg, 'g_handle_label'),
    valueText: text(cfg, 'g_handle_text')
      .replace('{g}', groupDigits(BigInt(g)))
      .replace('{n}', groupDigits(d.r.decode_steps)),
    hint: text(cfg, 'g_handle_hint'),
    g,
    min: 2,
    max: Math.min(MAX_STEPS, MAX_POSITIONS - P) + 1,
  };
}

function view(d: Data, cfg: WidgetConfig, instance: string) {
  const steps = Number(d.r.decode_steps);
  const P = Number(d.P);
  const drawable = steps >= 1 && steps <= MAX_STEPS && P + steps <= MAX_POSITIONS;
  const hows = new FigureHows(instance, cfg);
  // Every count is a field the request op explains under its own name.
  const value = (textValue: string, path: string): Shown => ({ text: textValue, ask: { op: 'request', fields: d.request, path } });
  const nd = value(groupDigits(d.r.decode_steps), 'decode_steps');
  const readTokens = value(groupDigits(d.r.kv_read_tokens), 'kv_read_tokens');
  const reads = value(d.r.kv_read_display, 'kv_read_display');
  const finalKv = value(d.r.final_kv_display, 'final_kv_display');
  const marks: Mark[] = [
    summary(
      [
        { label: text(cfg, 'steps'), value: nd, testid: 'decode-steps' },
        { label: text(cfg, 'read_tokens'), value: readTokens, testid: 'read-tokens' },
        { label: text(cfg, 'reads'), value: reads, testid: 'reads' },
        { label: text(cfg, 'final_kv'), value: finalKv, testid: 'final-kv' },
      ],
      hows,
    ),
  ];
  if (drawable) {
    const handle = gHandle(d, cfg, P);
    const draw = (width: number): Drawing => {
      const size = Math.min(24, (width - PAD.left - PAD.right) / (P + steps));
      const rows: Mark[] = [];
      for (let j = 0; j < steps; j++) {
        const y = PAD.top + j * (size + 6);
        const row: Mark[] = [el('text', { class: 'label small', x: '4', y: coord(y + size / 2 + 4) }, `${text(cfg, 'row_prefix')} ${j + 1}`)];
        for (let c = 0; c <= P + j; c++) {
          row.push(
            el('rect', { class: `cell ${c < P + j ? 'old' : 'new'}`, x: coord(PAD.left + c * size), y: coord(y), width: coord(size), height: coord(size) }),
          );
        }
        rows.push(el('g', stepAttrs(j, steps - 1), row));
      }
      rows.push(gHandleMarks({ ...handle, top: PAD.top, rowH: size + 6, left: PAD.left, width: size * (P + steps) }));
      return { width, height: PAD.top + steps * (size + 6) + HANDLE_ROOM, children: rows };
    };
    const captions = Array.from({ length: steps }, (_, j) => labelled(`${text(cfg, 'row_prefix')} ${j + 1}`, text(cfg, 'caption')));
    marks.push(...stepperMarks(captions, { next: text(cfg, 'step_next'), reset: text(cfg, 'step_reset') }));
    marks.push(withSliderRole(svgFrame(instance, text(cfg, 'chart_title'), text(cfg, 'chart_desc'), draw)));
    marks.push(
      el('ul', { class: 'fig-legend' }, [
        el('li', {}, [el('span', { class: 'swatch legend-old', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, 'legend_old'))]),
        el('li', {}, [el('span', { class: 'swatch legend-new', 'aria-hidden': 'true' }, ''), el('span', {}, text(cfg, 'legend_new'))]),
      ]),
    );
  } else {
    marks.push(el('p', { class: 'tally-notes', 'data-testid': 'too-large' }, text(cfg, 'too_large')));
  }
  marks.push(
    notesMark(d.r.notes),
    dataTable(
      text(cfg, 'table_summary'),
      text(cfg, 'chart_title'),
      [text(cfg, 'col_item'), text(cfg, 'col_value')],
      [
        { id: 'steps', cells: [text(cfg, 'steps'), nd] },
        { id: 'read-tokens', cells: [text(cfg, 'read_tokens'), readTokens] },
        { id: 'reads', cells: [text(cfg, 'reads'), reads] },
        { id: 'final', cells: [text(cfg, 'final_kv'), finalKv] },
      ],
      hows,
    ),
  );
  return hows.into(marksView(marks));
}

export const decodeSteps: WidgetDef<Data> = {
  compute: (engine, fields) => compute(engine, fields),
  view: (d, { cfg, instance }) => view(d, cfg, instance),
  renderOutput: (v) => marksMarkup(v),
  enhance: (root) => {
    enhanceStepper(root);
    enhanceGHandle(root);
  },
};

export default decodeSteps;
