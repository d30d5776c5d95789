// The kinds configured wholly in content (line-chart, gantt, plane-points):
// every example of docs/widget-kinds.md passes the widget schema and is
// prerendered by the site build's own code (.cache/site-ssr, written by
// `npm run build:site`) through the Node core, and what it shows is the
// core's: the readings at the reader's x, the reference lines, the markers,
// the thresholds and the data table's cells, recomputed here from the
// example's JSON and the core. So the page a chapter helper copies from
// stays true, and each kind's prerender is held to its documented rules.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { pathToFileURL } from 'node:url';

import Ajv from 'ajv';
import { parseHTML } from 'linkedom';

import { loadEngine, root } from '../wasm/engine.mjs';
import { at, defaults, eachAt, shown } from './shown-values.mjs';

const ssrFile = path.join(root, '.cache/site-ssr/zh-Hant/build.mjs');
const engine = await loadEngine();
const ssr = existsSync(ssrFile) ? await import(pathToFileURL(ssrFile).href) : null;

/** The examples: ```json widget-kind-example <instance> blocks of docs/widget-kinds.md. */
const doc = readFileSync(path.join(root, 'docs/widget-kinds.md'), 'utf8');
const examples = Object.fromEntries([...doc.matchAll(/```json widget-kind-example ([\w-]+)\n([\s\S]*?)\n```/g)].map((m) => [m[1], JSON.parse(m[2])]));

/** The core's answer to a request, zh-Hant. */
function ask(op, fields) {
  const response = JSON.parse(engine.evaluate(JSON.stringify({ op, ...fields })));
  assert.ok(response.ok, `${op} ${JSON.stringify(fields)}: ${JSON.stringify(response.error)}`);
  return response.result;
}

/** A request template with "$x" replaced by the control's default (digits as numbers, as the page sends them). */
function filled(template, values) {
  if (typeof template === 'string' && template.startsWith('$')) return /^\d+$/.test(values[template]) ? Number(values[template]) : values[template];
  if (Array.isArray(template)) return template.map((v) => filled(v, values));
  if (template && typeof template === 'object') return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, filled(v, values)]));
  return template;
}

/** The prerendered widget, parsed; `byTestId(id)` is its one element with that test id (text, whitespace collapsed). */
async function prerendered(instance) {
  assert.ok(ssr, `${ssrFile} is missing: run \`npm run build:site\` first`);
  const html = await ssr.prerenderConfig(engine, instance, examples[instance]);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const byTestId = (id) => {
    const found = document.querySelectorAll(`[data-testid="${id}"]`);
    assert.equal(found.length, 1, `${instance}: one element with data-testid ${id}`);
    const value = found[0].querySelector('.cell-value') ?? found[0];
    return value.textContent.replace(/\s+/g, ' ').trim();
  };
  return { document, byTestId };
}

test('docs/widget-kinds.md has an example of each kind, and each passes the widget schema', () => {
  assert.deepEqual([...new Set(Object.values(examples).map((e) => e.kind))].sort(), ['gantt', 'line-chart', 'plane-points']);
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const f of ['path.schema.json', 'widgets.schema.json']) ajv.addSchema(JSON.parse(readFileSync(path.join(root, 'content/schemas', f), 'utf8')));
  const validate = ajv.getSchema('widgets.schema.json');
  assert.ok(validate({ widgets: examples }), JSON.stringify(validate.errors));
  // Not vacuous: a data member the kind does not know is refused.
  const wrong = structuredClone(examples['fig-4-7']);
  wrong.data.series[0].colour = 'red';
  assert.equal(validate({ widgets: { wrong } }), false);
  // A gantt draws an op's answer or a dataset's trace, not both.
  const mixed = structuredClone(examples['trace-gantt']);
  mixed.data.op = 'pipeline_schedule';
  assert.equal(validate({ widgets: { mixed } }), false);
  const bare = structuredClone(examples['trace-gantt']);
  delete bare.data.dataset;
  assert.equal(validate({ widgets: { bare } }), false);
});

test('line-chart, sampled x (Fig. 4-7): the readings at e/b = 1.5 are the core’s 0.67 and 0.87, and the table holds every sample', async () => {
  const cfg = examples['fig-4-7'];
  const { document, byTestId } = await prerendered('fig-4-7');
  const request = filled(cfg.data.request, defaults(cfg));
  const answer = ask(cfg.data.op, request);
  assert.equal(byTestId('at-fixed'), '0.67');
  assert.equal(byTestId('at-scaled'), '0.87');
  assert.equal(byTestId('at-fixed'), shown(at(answer, 'fixed_voltage_share_display')));
  // 26 samples from 0.5 to 3: 0.5, 0.6 … 3; the first and the last row are the core's at those inputs.
  assert.equal(document.querySelectorAll('[data-testid="figure-data"] tbody tr').length, 26);
  for (const [row, x] of [
    [0, '0.5'],
    [25, '3'],
  ]) {
    const there = ask(cfg.data.op, { ...request, e_over_b: x });
    assert.equal(byTestId(`cell-${row}-1`), shown(there.fixed_voltage_share_display), `row ${row}`);
    assert.equal(byTestId(`cell-${row}-2`), shown(there.scaled_voltage_share_display), `row ${row}`);
  }
  // One drawn line per series, and the reader is a slider at the control's value.
  assert.ok(byTestId('line-fixed') !== null && byTestId('line-scaled') !== null);
  const marker = document.querySelector('[data-testid="drag-marker"]');
  assert.equal(marker.getAttribute('role'), 'slider');
  assert.equal(marker.getAttribute('aria-valuenow'), '1.5');
  assert.equal(byTestId('drag-readout'), 'e/b = 1.5：電壓固定 0.67，電壓跟著降 0.87');
});

test('line-chart, x from an array: one row per batch the core returns, and the rule at its crossover B*', async () => {
  const cfg = examples['crossover-lines'];
  const { document, byTestId } = await prerendered('crossover-lines');
  const answer = ask(cfg.data.op, filled(cfg.data.request, defaults(cfg)));
  assert.equal(byTestId('rule-crossover'), answer.crossover_display);
  assert.match(byTestId('rule-mark-crossover'), new RegExp(answer.crossover_display.replace('*', '\\*')));
  const rows = document.querySelectorAll('[data-testid="figure-data"] tbody tr');
  assert.equal(rows.length, answer.batches.length);
  const last = answer.batches.length - 1;
  assert.equal(byTestId(`cell-${last}-1`), answer.weight_read_display[last]);
  assert.equal(byTestId(`cell-${last}-2`), answer.kv_read_display[last]);
});

test('line-chart, a declared stroke: a series says solid or dashed (which line is measured), its line and legend swatch carry it, and any other stroke is refused', async () => {
  const cfg = structuredClone(examples['crossover-lines']);
  cfg.data.series[0].stroke = 'solid';
  cfg.data.series[1].stroke = 'dashed';
  const ajv = new Ajv({ allErrors: true, strict: false });
  for (const f of ['path.schema.json', 'widgets.schema.json']) ajv.addSchema(JSON.parse(readFileSync(path.join(root, 'content/schemas', f), 'utf8')));
  const validate = ajv.getSchema('widgets.schema.json');
  assert.ok(validate({ widgets: { cfg } }), JSON.stringify(validate.errors));
  const dotted = structuredClone(cfg);
  dotted.data.series[1].stroke = 'dotted';
  assert.equal(validate({ widgets: { dotted } }), false);
  await assert.rejects(ssr.prerenderConfig(engine, 'stroked', dotted), /stroke "dotted"; a stroke is "solid" or "dashed"/);

  const html = await ssr.prerenderConfig(engine, 'stroked', cfg);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  // Both drawings (wide and phone) carry it.
  const svgs = document.querySelectorAll('svg.fig-svg');
  assert.equal(svgs.length, 2);
  for (const svg of svgs) {
    assert.equal(svg.querySelector('[data-series="weights"] path.line').getAttribute('class'), 'line stroke-solid');
    assert.equal(svg.querySelector('[data-series="context"] path.line').getAttribute('class'), 'line stroke-dashed');
  }
  const legend = [...document.querySelectorAll('.fig-legend li')].map((li) => li.getAttribute('class'));
  assert.deepEqual(legend, ['series-0 stroke-solid', 'series-1 stroke-dashed']);
  // Without a stroke the series keeps its own dash (no class added): the documented example as it stands.
  const { document: plain } = await prerendered('crossover-lines');
  assert.equal(plain.querySelector('svg.is-wide [data-series="context"] path.line').getAttribute('class'), 'line');
  assert.equal(plain.querySelector('.fig-legend li').getAttribute('class'), 'series-0');
});

test('line-chart, one line per request: each card’s step times are the core’s for that card, the card that cannot hold the model stops, and the two rules are the content’s budget and the reader’s context', async () => {
  const cfg = examples['cards-lines'];
  const { document, byTestId } = await prerendered('cards-lines');
  const values = defaults(cfg);
  const shared = filled(cfg.data.request, values);
  // Each series asks its own request: the shared one with that card's gpu on top.
  const xs = [1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072];
  assert.equal(document.querySelectorAll('[data-testid="figure-data"] tbody tr').length, xs.length);
  let missing = 0;
  xs.forEach((context, row) => {
    cfg.data.series.forEach((s, k) => {
      const fields = cfg.data.requests.find((r) => r.id === s.request).fields;
      const there = ask(cfg.data.op, { ...shared, ...fields, context });
      assert.equal(byTestId(`cell-${row}-${k + 1}`), shown(there.step_ms_display), `${s.id} at ${context}`);
      missing += there.step_ms === null ? 1 : 0;
    });
  });
  // Not vacuous: the lines differ (three cards, three values at one context), and one card runs out of memory.
  assert.equal(new Set(cfg.data.series.map((_, k) => byTestId(`cell-0-${k + 1}`))).size, 3);
  assert.ok(missing > 0 && missing < xs.length, `${missing} cells without a step time`);
  // A line per card; the one that stops has fewer points than samples.
  const wide = document.querySelector('svg.is-wide');
  const points = (id) => wide.querySelectorAll(`[data-testid="line-${id}"] circle`).length;
  assert.equal(points('h200'), xs.length);
  assert.ok(points('rtx4090') < xs.length);
  // The rules: a constant and a request field, each worded with its unit.
  assert.equal(byTestId('rule-budget'), '20 ms');
  assert.equal(byTestId('rule-mine'), `${shown(shared.context)} tokens`);
  assert.match(wide.querySelector('[data-testid="rule-mark-budget"]').textContent, /每步預算 20 ms/);
});

test('line-chart, x and y from the members of a list’s rows: one point per row the core returns, and the rule at its best interval', async () => {
  const cfg = examples['interval-rows'];
  const { document, byTestId } = await prerendered('interval-rows');
  const answer = ask(cfg.data.op, filled(cfg.data.request, defaults(cfg)));
  const rows = document.querySelectorAll('[data-testid="figure-data"] tbody tr');
  assert.equal(rows.length, answer.rows.length);
  answer.rows.forEach((row, i) => {
    assert.equal(rows[i].querySelector('th').textContent.trim(), shown(row.interval_seconds), `row ${i}`);
    assert.equal(byTestId(`cell-${i}-4`), row.total_display, `row ${i}`);
  });
  assert.deepEqual(eachAt(answer, 'rows[*].save_display'), answer.rows.map((r) => r.save_display));
  assert.equal(byTestId(`cell-${answer.rows.length - 1}-1`), answer.rows.at(-1).save_display);
  assert.equal(byTestId('rule-best'), `${shown(answer.optimal_interval_seconds)} s`);
  // Each line has a point per row.
  const wide = document.querySelector('svg.is-wide');
  for (const s of cfg.data.series) assert.equal(wide.querySelectorAll(`[data-testid="line-${s.id}"] circle`).length, answer.rows.length, s.id);
});

test('gantt: one bar per slot the core schedules, in its lane, and the marker at the core’s time', async () => {
  const cfg = examples['pipeline-gantt'];
  const { document, byTestId } = await prerendered('pipeline-gantt');
  const answer = ask(cfg.data.op, filled(cfg.data.request, defaults(cfg)));
  // The marker is worded with its unit (format "{v} ms").
  assert.equal(byTestId('marker-done'), `${shown(answer.gradients_done_ms)} ms`);
  const wide = document.querySelector('svg.is-wide');
  assert.equal(wide.querySelectorAll('.gantt-lane rect').length, answer.slots.length);
  for (const stage of [0, 3]) {
    assert.equal(wide.querySelectorAll(`.gantt-lane[data-lane="${stage}"] rect`).length, answer.slots.filter((s) => s.stage === stage).length);
  }
  // Kinds in the content's colour order: F is series 0, B series 1.
  assert.equal(wide.querySelectorAll('.series-0[data-kind="F"]').length, answer.slots.filter((s) => s.kind === 'F').length);
  assert.equal(wide.querySelectorAll('.series-1[data-kind="B"]').length, answer.slots.filter((s) => s.kind === 'B').length);
  // The readout of a bar names its two core times; the table holds every slot.
  const first = answer.slots[0];
  assert.equal(wide.querySelector('.gantt-lane rect').getAttribute('data-read'), `${shown(first.start_ms)} – ${shown(first.end_ms)} ms`);
  assert.equal(byTestId('cell-0-2'), shown(first.start_ms));
  assert.equal(byTestId(`cell-${answer.slots.length - 1}-3`), shown(answer.slots.at(-1).end_ms));
});

test('gantt from a dataset (Fig. 5-30’s trace): a bar per recorded interval at the dataset’s times, its counts, source and status the dataset’s, the core asked nothing', async () => {
  const cfg = examples['trace-gantt'];
  const data = JSON.parse(readFileSync(path.join(root, `content/ch05/data/${cfg.data.dataset}.json`), 'utf8'));
  // Every recorded value is the dataset's at its path.
  for (const i of cfg.data.intervals) for (const t of [i.start, i.end]) assert.equal(t.v, String(at(data, t.path)), t.path);
  for (const t of cfg.data.totals) assert.equal(t.v, String(at(data, t.path)), t.path);
  const { document, byTestId } = await prerendered('trace-gantt');
  assert.equal(byTestId('total-launches'), '3');
  const wide = document.querySelector('svg.is-wide');
  assert.equal(wide.querySelectorAll('.gantt-lane[data-lane="host"] rect').length, 1);
  assert.equal(wide.querySelectorAll('.gantt-lane[data-lane="gpu"] rect').length, 2);
  // Kinds in the content's colour order; readouts name the two recorded times, digit-grouped, never a difference.
  assert.equal(wide.querySelectorAll('.series-0[data-kind="gemm"]').length, 2);
  assert.equal(wide.querySelector('.gantt-lane[data-lane="gpu"] rect').getAttribute('data-read'), '34,552,748 – 34,618,892 ns');
  assert.equal(byTestId('cell-2-3'), '34,682,859');
  // Ticks in μs (per 1000) on an axis that does not start at zero; the phone drawing names lanes by their short names.
  const ticks = [...wide.querySelectorAll('.tick text')].map((t) => t.textContent);
  assert.ok(ticks.includes('34,600'), ticks.join(' '));
  assert.ok(!ticks.includes('0'), ticks.join(' '));
  const phone = [...document.querySelectorAll('svg:not(.is-wide) .bar-label')].map((t) => t.textContent);
  assert.deepEqual(phone, ['主機', 'GPU']);
  // The source line links the dataset; the status line is the file's, not the chapter's "computed by the core".
  assert.ok(document.querySelector('.measured-source[data-dataset="launch-trace"] a.dataset-source'));
  assert.ok(document.querySelector('[data-status]').textContent.includes('launch-trace'));
});

test('plane-points: each configuration at the core’s values, the thresholds at the core’s, and a point beyond one marked so', async () => {
  const cfg = examples['deadline-plane'];
  const { document, byTestId } = await prerendered('deadline-plane');
  const values = defaults(cfg);
  const base = ask(cfg.data.op, filled(cfg.data.request, values));
  assert.equal(byTestId('limit-memory'), shown(base.usable_bytes));
  assert.equal(byTestId('limit-step'), shown(base.deadline_step_seconds));
  const coordinate = (v) => (typeof v === 'string' && v.includes('/') ? Number(v.split('/')[0]) / Number(v.split('/')[1]) : Number(v));
  let beyond = 0;
  for (const p of cfg.data.points) {
    const a = ask(cfg.data.op, filled({ ...cfg.data.request, ...p.fields }, values));
    assert.equal(byTestId(`cell-${p.id}-1`), shown(a.peak_bytes), p.id);
    assert.equal(byTestId(`cell-${p.id}-2`), shown(a.step_display), p.id);
    const out = coordinate(a.peak_bytes) > coordinate(base.usable_bytes) || coordinate(a.step_seconds) > coordinate(base.deadline_step_seconds);
    beyond += out ? 1 : 0;
    assert.equal(byTestId(`cell-${p.id}-3`), out ? cfg.text.beyond : cfg.text.within, p.id);
    assert.equal(document.querySelector(`svg.is-wide [data-point="${p.id}"]`).classList.contains('is-beyond'), out, p.id);
  }
  // Not vacuous: the example has points on both sides of the step-time line.
  assert.ok(beyond > 0 && beyond < cfg.data.points.length, `${beyond} of ${cfg.data.points.length} beyond`);
});

/** The words every chapter's widgets share (content/book.json) and a data widget's status line, for configs written here. */
const kindsSharedText = {
  ...JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8')).widget_text,
  data_status: JSON.parse(readFileSync(path.join(root, 'content/ch04/widgets/w48.json'), 'utf8')).text.data_status,
};

/** A byte tick's label as bytes: "1.5 GiB" → 1.5 × 2^30, "0 B" → 0. */
function kindsTickBytes(label) {
  const m = /^(-?[\d,.]+) (B|KiB|MiB|GiB|TiB|PiB)$/.exec(label);
  assert.ok(m, `a byte tick reads a number and a unit: ${label}`);
  return Number(m[1].replace(/,/g, '')) * 1024 ** ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'].indexOf(m[2]);
}

test('line-chart, bytes ticks on a linear axis: 0 reads 0 B and every label states the value where its tick stands', async () => {
  const cfg = structuredClone(examples['crossover-lines']);
  cfg.data.y = { ticks: 'bytes' };
  const html = await ssr.prerenderConfig(engine, 'linear-bytes', cfg);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const ticks = [...document.querySelectorAll('svg.is-wide .axis-y .tick')].map((t) => ({
    y: Number(/translate\([^,]+,([^)]+)\)/.exec(t.getAttribute('transform'))[1]),
    label: t.querySelector('text').textContent,
  }));
  assert.ok(ticks.length >= 3, `${ticks.length} ticks`);
  assert.ok(ticks.every((t) => !t.label.includes('NaN')), ticks.map((t) => t.label).join(' | '));
  assert.equal(ticks[0].label, '0 B');
  // Linear: the labelled values grow in step with the ticks' positions (a power-of-two label would not).
  const bytes = ticks.map((t) => kindsTickBytes(t.label));
  const perUnit = (bytes[1] - bytes[0]) / (ticks[1].y - ticks[0].y);
  ticks.forEach((t, i) => assert.ok(Math.abs(bytes[i] - bytes[0] - perUnit * (t.y - ticks[0].y)) <= Math.abs(perUnit) * 0.5, `${t.label} at ${t.y}`));
  // The axis reaches the largest value drawn.
  const answer = ask(cfg.data.op, filled(cfg.data.request, defaults(cfg)));
  const top = Math.max(...answer.weight_read_bytes.map(Number), ...answer.kv_read_bytes.map(Number));
  assert.ok(bytes.at(-1) * 1.5 >= top && bytes.at(-1) <= top * 2, `${ticks.at(-1).label} against ${top} B`);
});

test('measured-bars: a whole number of four digits or more reads grouped (1,234) on its bar and in the table', async () => {
  const cfg = {
    kind: 'measured-bars',
    controls: [],
    title: '分組測試',
    data: {
      dataset: 'projection-traffic',
      source: '測試資料',
      series: ['甲', '乙'],
      groups: [{ label: '一組', cells: [{ v: '1234' }, { v: '56789012' }] }],
    },
    text: { ...kindsSharedText, chart_title: '圖', chart_desc: '說明', x_axis: '次數', table_summary: '表', col_measure: '量' },
  };
  const html = await ssr.prerenderConfig(engine, 'grouped-bars', cfg);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const cell = (id) => document.querySelector(`[data-testid="${id}"]`).textContent.replace(/\s+/g, ' ').trim();
  assert.equal(cell('cell-g0-1'), '1,234');
  assert.equal(cell('cell-g0-2'), '56,789,012');
  const drawn = [...document.querySelectorAll('svg.is-wide text')].map((t) => t.textContent);
  assert.ok(drawn.includes('1,234') && drawn.includes('56,789,012'), drawn.join(' | '));
  assert.ok(!drawn.some((t) => /\d{4}/.test(t)), drawn.join(' | '));
});

test('measured-bars: a negative value draws left of a zero line with a minus sign; a rule stands at its value and in the summary', async () => {
  const cfg = {
    kind: 'measured-bars',
    controls: [],
    title: '正負測試',
    data: {
      dataset: 'replacement-pairs',
      source: '測試資料',
      series: ['差值'],
      groups: [
        { label: '甲', cells: [{ v: '2.5' }] },
        { label: '乙', cells: [{ v: '-1.25' }] },
      ],
      rules: [{ id: 'median', label: '中位數', v: '1.34' }],
    },
    text: { ...kindsSharedText, chart_title: '圖', chart_desc: '說明', x_axis: 'ms', table_summary: '表', col_measure: '量' },
  };
  const html = await ssr.prerenderConfig(engine, 'signed-bars', cfg);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const svg = document.querySelector('svg.is-wide');
  const zero = Number(svg.querySelector('.zero-line line').getAttribute('x1'));
  const rect = (id) => svg.querySelector(`[data-bar="${id}"] rect`);
  const span = (r) => [Number(r.getAttribute('x')), Number(r.getAttribute('x')) + Number(r.getAttribute('width'))];
  // The positive bar starts at zero and goes right; the negative one ends at zero and goes left, half as long.
  const [p0, p1] = span(rect('g0-0'));
  const [n0, n1] = span(rect('g1-0'));
  assert.ok(Math.abs(p0 - zero) < 0.01 && p1 > zero, `${p0}–${p1} against zero at ${zero}`);
  assert.ok(Math.abs(n1 - zero) < 0.01 && n0 < zero, `${n0}–${n1} against zero at ${zero}`);
  assert.ok(Math.abs((n1 - n0) * 2 - (p1 - p0)) < 0.05, `${n1 - n0} against ${p1 - p0}`);
  // The negative value reads with a minus sign, just right of the zero it hangs from; the table says the same.
  const value = svg.querySelector('[data-testid="bar-g1-0"]');
  assert.equal(value.textContent, '\u22121.25');
  assert.ok(Number(value.getAttribute('x')) > zero, value.getAttribute('x'));
  assert.equal(document.querySelector('[data-testid="cell-g1-1"]').textContent.trim(), '\u22121.25');
  // The axis reaches below zero, its ticks signed the same way.
  assert.ok([...svg.querySelectorAll('.axis text')].some((t) => t.textContent.startsWith('\u2212')));
  // The rule: a dashed line between zero and the positive bar's end, and its value in the summary.
  const rule = Number(svg.querySelector('[data-testid="rule-line-median"] line').getAttribute('x1'));
  assert.ok(rule > zero && rule < p1, `${rule}`);
  assert.equal(document.querySelector('[data-testid="rule-median"]').textContent.trim(), '1.34');
});

test('stage-stack: the legend lists every distinct segment across the bars, even when the first bar has one', async () => {
  const tile = (cols) => ({ tile_rows: 128, tile_cols: cols, matrix_cols: 4096, dtype: 'bf16' });
  const read = { id: 'read', label: '讀到的資料', path: 'payload_bytes', display: 'payload_display', series: 0 };
  const cfg = {
    kind: 'stage-stack',
    controls: [],
    title: '圖例測試',
    data: {
      unit: 'B',
      bars: [
        { id: 'whole', label: '整列', op: 'strided_tile', fields: tile(4096), segments: [read] },
        { id: 'span', label: '子塊', op: 'strided_tile', fields: tile(128), segments: [read, { id: 'skipped', label: '跳過的位址', path: 'skipped_bytes', display: 'skipped_display', series: 1 }] },
      ],
    },
    text: { ...kindsSharedText, chart_title: '圖', chart_desc: '說明', x_axis: '位元組', col_value: '值', table_summary: '表', col_bar: '長條', col_segment: '部分', total: '合計' },
  };
  const html = await ssr.prerenderConfig(engine, 'legend-stack', cfg);
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const items = [...document.querySelectorAll('.fig-legend li')].map((li) => [li.querySelector('.swatch').getAttribute('class'), li.textContent.trim()]);
  assert.deepEqual(items, [
    ['swatch series-0', '讀到的資料'],
    ['swatch series-1', '跳過的位址'],
  ]);
});

test('line-chart: token ticks spell powers of two on a log axis ("4K") and grouped integers on a linear one', async () => {
  const axisLabels = async (cfg) => {
    const html = await ssr.prerenderConfig(engine, 'cards-lines', cfg);
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    // The wide drawing's x axis (the phone's repeats it with fewer ticks).
    return [...document.querySelector('svg .axis-x').querySelectorAll('.tick text')].map((t) => t.textContent);
  };
  assert.ok(ssr, `${ssrFile} is missing: run \`npm run build:site\` first`);
  const log = examples['cards-lines'];
  assert.equal(log.data.x.scale, 'log');
  const logLabels = await axisLabels(log);
  assert.ok(logLabels.includes('4K') && logLabels.every((l) => /^\d+[KM]?$/.test(l)), logLabels.join(' '));
  const linear = { ...log, data: { ...log.data, x: { ...log.data.x, scale: 'linear' } } };
  const linearLabels = await axisLabels(linear);
  assert.ok(linearLabels.length >= 3, linearLabels.join(' '));
  // Round decimal ticks with their own values: 20,000 is not "16K".
  for (const label of linearLabels) assert.match(label, /^\d{1,3}(,\d{3})*$/, linearLabels.join(' '));
  assert.ok(linearLabels.includes('20,000') || linearLabels.includes('50,000') || linearLabels.includes('100,000'), linearLabels.join(' '));
});
