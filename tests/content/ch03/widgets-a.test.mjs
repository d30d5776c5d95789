// Chapter 3's widgets of sections 3.1 and 3.2 (content/ch03/widgets/w31.json,
// w32.json): every default request a widget sends is answered by the core
// (the Node build of the WASM module), and the chapter's printed numbers come
// out at their places; every measured value shown is its dataset's value; and
// every widget is placed on its page and the page's blocks all have a config.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { ask as askCore, defaults, follow, merged, substituted } from '../widget-requests.mjs';

const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const w31 = read('content/ch03/widgets/w31.json').widgets;
const w32 = read('content/ch03/widgets/w32.json').widgets;
const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);

const grouped = (v) => (typeof v === 'number' || /^\d+$/.test(String(v)) ? BigInt(v).toLocaleString('en-US') : String(v));

/** Each step's shown text, as the steps kind shows it. */
function stepTexts(cfg) {
  const vars = defaults(cfg);
  return cfg.steps.map((s) => grouped(follow(ask(s.op, merged(vars, cfg.fields, s.fields)), s.path)));
}

/** A core-table's cells, row by row. */
function tableCells(cfg) {
  const vars = defaults(cfg);
  const t = cfg.table;
  return t.rows.map((r) => t.columns.map((c) => grouped(follow(ask(c.op, merged(vars, t.fields, substituted(r.fields, vars), c.fields)), c.path ?? r.path))));
}

/** A diagram's placeholder values. */
function diagramValues(cfg) {
  const vars = defaults(cfg);
  const results = Object.fromEntries(Object.entries(cfg.data.requests).map(([name, r]) => [name, ask(r.op, merged(vars, cfg.fixed, r.fields))]));
  return Object.fromEntries(Object.entries(cfg.data.values).map(([name, v]) => [name, grouped(follow(results[v.request], v.path))]));
}

/** The fluid-backlog chain (web/src/widgets/fluid-backlog): rate → each scenario's mix → backlog. */
function backlog(cfg, N, rates = {}) {
  const vars = { ...defaults(cfg), ...(N ? { $N: N } : {}), ...rates };
  const rate = ask('decode_step_rate', merged(vars, cfg.data.rate));
  const out = { rate };
  for (const s of cfg.data.scenarios) {
    const mix = ask('workload_mix', { classes: cfg.data.classes, windows: substituted(s.windows, vars) });
    const windows = mix.windows.map((w) => ({ seconds: String(w.seconds), arrival: String(w.decode_steps), service: String(rate.steps_per_second_all) }));
    out[s.id] = ask('fluid_backlog', { windows });
  }
  return out;
}

test('3.1: Figure 3-1 counts the calls of S = 6144, P = 2048, G = 4 with the core', () => {
  const v = diagramValues(w31['fig-3-1']);
  assert.deepEqual([v.S, v.P, v.c0, v.c1, v.c2, v.nd], ['6,144', '2,048', '8,192', '8,193', '8,194', '3']);
});

test('3.1: the p95 sentence: rank 456 of 480, and the largest of 4', () => {
  const cfg = w31['sentence-3-1'];
  const vars = defaults(cfg);
  const at = (name) => follow(ask(cfg.values[name].op, merged(vars, cfg.fields, cfg.values[name].fields)), cfg.values[name].path);
  assert.equal(at('rank'), 456);
  assert.equal(at('rank4'), 4);
});

test('3.1: Figure 3-3: 1 GiB for 10 s is 10 GiB·s; 2 tasks/s waiting 10 s hold 20 tasks and 20 GiB', () => {
  assert.deepEqual(stepTexts(w31['fig-3-3']), ['10 GiB·s', '20', '20 GiB']);
});

test('3.1: Figure 3-3 follows τ: one task of 1 GiB held 30 s is 30 GiB·s, and its bars are the one task and the mean held', () => {
  const cfg = w31['fig-3-3'];
  const vars = { ...defaults(cfg), $tau: '30' };
  const first = cfg.steps[0];
  assert.equal(follow(ask(first.op, merged(vars, cfg.fields, first.fields)), first.path), '30 GiB·s');
  const bars = cfg.data.bars.map((b) => follow(ask(b.op, merged(vars, cfg.fields, b.fields)), b.display));
  assert.deepEqual(bars, ['1 GiB', '60 GiB']);
});

test('3.1: Figure 3-6 steps through its three captions: every shape belongs to a step that is shown, the last one too', () => {
  const dg = w31['fig-3-6'].data.diagram;
  const steps = [...new Set(dg.shapes.filter((s) => s.step !== undefined).map((s) => s.step))].sort();
  assert.deepEqual(steps, dg.steps.map((_, i) => i));
});

test('3.1: Table 3.1.3-a follows the two minutes\' arrival rates: 2 and 2 puts the even mix in every row', () => {
  const cfg = w31['tab-3-1-3-a'];
  assert.deepEqual(
    cfg.controls.map((c) => c.field),
    ['$heavy', '$light'],
  );
  const even = { ...cfg, controls: cfg.controls.map((c) => ({ ...c, default: '2' })) };
  const rows = tableCells(even);
  assert.ok(rows[0].includes('18,432') && rows[0].includes('4,604'), rows[0].join(' '));
  assert.deepEqual(rows[1], rows[0]);
  assert.deepEqual(rows[2], rows[0]);
});

test('3.1: Table 3.1.3-a: 18,432 / 4,604; 29,900.8 / 1,736.8; 6,963.2 / 7,471.2 per second', () => {
  const rows = tableCells(w31['tab-3-1-3-a']);
  assert.deepEqual(
    rows.map((r) => r.slice(0, 3)),
    [
      ['4', '18,432', '4,604'],
      ['4', '29,900.8', '1,736.8'],
      ['4', '6,963.2', '7,471.2'],
    ],
  );
  assert.equal(rows[0][3], '2,742');
});

test('3.1: Figures 3-4 and 3-5 ask workload_mix per window: 240 + 240, 216 + 24, 24 + 216 requests', () => {
  for (const id of ['fig-3-4', 'fig-3-5']) {
    const cfg = w31[id];
    const vars = defaults(cfg);
    const got = cfg.data.windows.map((w) => ask('workload_mix', { classes: cfg.data.classes, windows: substituted([{ seconds: w.seconds, rates: w.rates }], vars) }).windows[0]);
    assert.deepEqual(
      got.map((w) => w.class_requests),
      [
        [240, 240],
        [216, 24],
        [24, 216],
      ],
    );
    assert.deepEqual(
      got.map((w) => [w.input_display, w.decode_display]),
      [
        ['18,432', '4,604'],
        ['29,900.8', '1,736.8'],
        ['6,963.2', '7,471.2'],
      ],
    );
  }
});

test("3.1: Figures 3-4 and 3-5 take the two minutes' arrival rates from the reader: 2 and 2 is the even mix in both minutes", () => {
  for (const id of ['fig-3-4', 'fig-3-5']) {
    const cfg = w31[id];
    assert.deepEqual(
      cfg.controls.map((c) => c.field),
      ['$heavy', '$light'],
    );
    const vars = { ...defaults(cfg), $heavy: '2', $light: '2' };
    const got = cfg.data.windows.map((w) => ask('workload_mix', { classes: cfg.data.classes, windows: substituted([{ seconds: w.seconds, rates: w.rates }], vars) }).windows[0]);
    assert.deepEqual(
      got.map((w) => w.decode_display),
      ['4,604', '4,604', '4,604'],
    );
  }
});

test('3.1: Example 3-1 steps: 8319, 2047, 2,742; 41.02 GB, 22.89 ms, 2,795.66 and 5,591.33 steps/s; 7,471.2', () => {
  const t = stepTexts(w31['example-3-1']);
  assert.deepEqual(t, ['8,319', '2,047', '2,742', '41.024 GB', '22.89 ms', '2,795.66', '5,591.33', '7,471.2']);
});

test('3.1: Example 3-1 and Figure 3-7: two cards peak at 112,792 steps and drain in 20.17 s; the even mix never queues', () => {
  for (const id of ['example-3-1', 'fig-3-7']) {
    const b = backlog(w31[id]);
    assert.equal(b.phased.peak_display, '112,792');
    assert.match(b.phased.drain_display, /^20\.17 /);
    assert.equal(b.phased.peak_time, 120);
    assert.equal(b.even.peak, 0);
  }
});

test('3.1: the GPU count moves the backlog: three cards keep up with the second minute', () => {
  const b = backlog(w31['fig-3-7'], '3');
  assert.equal(b.rate.steps_per_second_all_display, '8,386.99');
  assert.equal(b.phased.peak, 0);
});

test("3.1: Figure 3-7's arrival rates are controls: both classes at 2 requests/s is the even mix, which two cards keep up with", () => {
  const cfg = w31['fig-3-7'];
  assert.deepEqual(cfg.data.scenarios.find((s) => s.id === 'phased').windows[0].rates, ['$heavy', '$light']);
  const b = backlog(cfg, undefined, { $heavy: '2', $light: '2' });
  assert.equal(b.phased.peak, 0);
  assert.deepEqual(b.phased.series, b.even.series);
});

test('3.1: the what-if beside Table 3.1.3-b: 552,480 decode steps need at least 197.6 s on one card, which queues from the start', () => {
  const cfg = w31['whatif-3-1-3-b'];
  const t = stepTexts(cfg);
  assert.equal(t[0], '552,480');
  assert.match(t[1], /^197\.6 /);
  const b = backlog(cfg);
  assert.equal(b.rate.steps_per_second_display, '2,795.66');
  assert.ok(b.even.peak !== 0 && b.phased.peak !== 0);
  assert.match(cfg.text.leaves_out, /KV 池/);
});

test('3.2: the prefix-reuse table: round 2 is 1,443 / 1,392 / 51; the four rounds sum to 76.196 and 11.976 TFLOPs', () => {
  const cfg = w32['prefix-reuse'];
  const rows = tableCells(cfg);
  assert.deepEqual(rows[1].slice(0, 3), ['1,443', '1,392', '51']);
  // The sums the page prints, from the core's exact per-round values (the widget shows the rows).
  const vars = defaults(cfg);
  const sum = (key) => cfg.table.rows.reduce((a, r) => a + BigInt(ask('turn', merged(vars, cfg.table.fields, r.fields))[key]), 0n);
  assert.equal(sum('full_prefill_flops'), 76195573465088n);
  assert.equal(sum('prefill_flops'), 11976253571072n);
  assert.deepEqual(
    cfg.table.rows.map((r) => r.fields.total_input),
    read('content/ch03/data/agent-traces.json').values.thinking_on.rounds.map((r) => r.prompt_tokens),
  );
});

test('3.2: edit position: appending 100 to 2000 computes 100 new rows; an edit at token 501 keeps a 500-token prefix', () => {
  assert.deepEqual(stepTexts(w32['edit-position']), ['2,000', '100', '500', '1,500']);
});

test('3.2: Figure 3-9: 2 and 2.5 units per success', () => {
  assert.deepEqual(stepTexts(w32['fig-3-9']).slice(0, 3), ['2', '2.5', '1.25']);
});

test('3.2: Example 3-2: halving the first round of 76.510 s gives 58.323 s, ≈ 1.31×, about 40.1 s left', () => {
  assert.deepEqual(stepTexts(w32['example-3-2']), ['58.323 秒', '1.31', '18.188 秒', '40.135 秒']);
});

test('3.2: Figures 3-11 and 3-12: 21 s in series, 15 s in parallel, 16 s of tool work, 16 and 10 GiB·s', () => {
  assert.deepEqual(diagramValues(w32['fig-3-11']), { serial: '21', work: '16', gibs: '16 GiB·s' });
  assert.deepEqual(diagramValues(w32['fig-3-12']), { parallel: '15', work: '16', gibs: '10 GiB·s' });
});

test('3.2: Figure 3-13: 144 KiB per token; a 4096 prefix shared by two 512 tails', () => {
  // The saving with its unit (it was printed as a bare 603,979,776).
  assert.deepEqual(stepTexts(w32['fig-3-13']), ['144 KiB', '720 MiB', '1.266 GiB', '576 MiB']);
});

test('3.2: Figure 3-14: 327,680 vs 166,400 expert layers, 50.8%', () => {
  assert.deepEqual(stepTexts(w32['fig-3-14']), ['327,680', '166,400', '50.8%']);
});

test('3.2: Figure 3-15 and the Jev case: 27.90 TFLOPs, ≈ 70 ms, 9 ms a token, 0.65 s, ≈ 9×, +28%; hand-off break-even 0.58%', () => {
  const f = stepTexts(w32['fig-3-15']);
  assert.deepEqual(f, ['27.90 TFLOPs', '70.5', '9.21', '0.651', '9.2', '1.28']);
  const j = stepTexts(w32['case-jev']);
  assert.equal(j[0], '1,929');
  assert.equal(j[2], '0.0203');
  assert.equal(j[3], '2.07');
  assert.equal(j[6], '0.0002198');
  assert.equal(j[7], '0.58%');
});

/** A dataset value as a measured widget prints it: "a|b" joins fields with " / ". */
function printed(dataset, cell) {
  const base = cell.path.slice(0, cell.path.lastIndexOf('.') + 1);
  const keys = cell.path.slice(base.length).split('|');
  const one = (v) => {
    if (cell.digits === 'percent') return `${Math.round(v * 100)}%`;
    return Number.isInteger(v) && cell.digits === 0 ? v.toLocaleString('en-US') : v.toFixed(cell.digits);
  };
  return keys.map((k) => one(follow(dataset, base + k))).join(' / ');
}

test('measured widgets show their dataset values as printed, with the dataset and its source named', () => {
  let cells = 0;
  for (const [id, cfg] of Object.entries({ ...w31, ...w32 })) {
    if (!cfg.kind.startsWith('measured-')) continue;
    const dataset = read(`content/ch03/data/${cfg.data.dataset}.json`);
    assert.match(cfg.data.source, /experiments\/ch03\/03-0\d/, id);
    const rows = [...(cfg.data.rows ?? cfg.data.groups), ...(cfg.data.extra ? [cfg.data.extra] : [])];
    for (const row of rows) {
      for (const cell of row.cells) {
        assert.equal(cell.v, printed(dataset, cell), `${id} ${row.label} ${cell.path}`);
        cells++;
      }
    }
  }
  assert.ok(cells >= 50, `${cells} cells`);
  // The places the chapter prints: Table 3.1.3-b's TTFT p95 and Table 3.2.4-a's model times.
  assert.deepEqual(
    w31['tab-3-1-3-b'].data.rows[1].cells.map((c) => c.v),
    ['242.9', '258.9'],
  );
  assert.deepEqual(
    w32['tab-3-2-4-a'].data.rows[2].cells.map((c) => c.v),
    ['13.156', '76.294'],
  );
});

test('every widget of w31/w32 is placed on its page (zh-Hant and English), and every block there has a config', () => {
  const blocks = (file) => [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/```widget (\S+)/g)].map((m) => m[1]);
  for (const [page, widgets] of [
    ['3-1', w31],
    ['3-2', w32],
  ]) {
    for (const file of [`content/ch03/${page}.md`, `content/i18n/en/ch03/${page}.md`]) {
      assert.deepEqual(blocks(file).sort(), Object.keys(widgets).sort(), file);
    }
  }
});
