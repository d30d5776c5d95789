// Chapter 8's widgets (content/ch08/widgets/w81 … w810.json): every request goes
// through the Node build of the core with the widget's defaults, each widget is
// placed on its page in both written editions, the values a reader sees with
// the defaults are the chapter's printed numbers, a changed control reaches
// the core (the flips at 6 GiB and 16 outputs), and the English map covers
// every text.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { ask as askCore, defaults, follow, merged, substituted } from '../widget-requests.mjs';
import { asInteger } from '../shown-values.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const PAGES = { w81: '8-1.md', w82: '8-2.md', w83: '8-3.md', w84: '8-4.md', w85: '8-5.md', w86: '8-6.md', w87: '8-2.md', w88: '8-3.md', w89: '8-5.md', w810: '8-6.md' };
const configs = Object.fromEntries(Object.keys(PAGES).map((f) => [f, read(`content/ch08/widgets/${f}.json`).widgets]));
const allWidgets = Object.assign({}, ...Object.values(configs));

/** A steps-chart: its steps' texts and its bars' displays, for control values `changes` over the defaults. */
function stepsChart(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...changes };
  const steps = cfg.steps.map((s) => String(follow(ask(s.op, merged(vars, cfg.fields, s.fields)), s.path)));
  const bars = cfg.data.bars.map((b) => follow(ask(b.op, merged(vars, cfg.fields, b.fields)), b.display));
  return { steps, bars };
}

/** A stage-stack's bars as the chart reads them: each segment's exact length and display, and the bar's tail. */
function stageBars(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...changes };
  return cfg.data.bars.map((b) => {
    const r = ask(b.op, merged(vars, b.fields));
    const segments = b.segments.map((s) => [follow(r, s.path), follow(r, s.display)]);
    const tail = b.total ? follow(r, b.total.display) : segments[segments.length - 1][1];
    return { segments, tail, total: b.total ? follow(r, b.total.path) : segments[0][0] };
  });
}

/** A stage-stack: each bar's single segment display, the reference line's exact value, and the raw lengths. */
function stageStack(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...changes };
  const results = cfg.data.bars.map((b) => ask(b.op, merged(vars, b.fields)));
  const line = cfg.data.lines[0];
  return {
    shown: results.map((r, i) => follow(r, cfg.data.bars[i].segments[0].display)),
    results,
    line: follow(ask(line.op, merged(vars, line.fields)), line.path),
  };
}

test('every chapter-8 widget answers with its defaults and is placed on its page in both editions', () => {
  for (const [file, page] of Object.entries(PAGES)) {
    for (const id of Object.keys(configs[file])) {
      for (const dir of ['content/ch08', 'content/i18n/en/ch08']) {
        const text = readFileSync(path.join(root, dir, page), 'utf8');
        assert.ok(text.includes('```widget ' + id + '\n'), `${id} on ${dir}/${page}`);
      }
    }
  }
  stepsChart('speculative-calculator');
  stageBars('fig-8-2');
  stageBars('fig-8-12');
  stageBars('fig-8-22');
  stageBars('fig-8-23');
  stageBars('fig-8-24');
  stageStack('fig-8-25');
  stageStack('planner-memory');
  stageStack('planner-time');
  kindAnswer('fig-8-3');
  kindAnswer('fig-8-5');
  kindAnswer('fig-8-32');
  kindAnswer('fig-8-36');
  planePoints('fig-8-35');
  kindAnswer('fig-8-4');
  for (const id of ['fig-8-11', 'fig-8-13', 'fig-8-19', 'fig-8-30', 'fig-8-31']) stageBars(id);
  coreTable('tab-8-1-2-a');
  coreTable('tab-8-6-3-b');
  coreTable('tab-8-4-3-offload');
});

/** A core-table: each row's cells as shown (the column's path), for control values `changes` over the defaults. */
function coreTable(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...changes };
  return cfg.table.rows.map((row) =>
    cfg.table.columns.map((c) => String(follow(ask(c.op, merged(vars, cfg.table.fields, row.fields)), c.path))),
  );
}

test('Table 8.1.2-a is live: 37 short and 10 long requests in 12 GiB, 324 / 1,188 MiB allocated, 288 / 1,152 MiB after prefill; fewer at 6 GiB or 1,024 outputs', () => {
  assert.deepEqual(coreTable('tab-8-1-2-a'), [
    ['37', '324 MiB', '288 MiB'],
    ['10', '1,188 MiB', '1,152 MiB'],
  ]);
  // 6,144 MiB over 324 and 1,188 MiB: 18 and 5; 1,024 outputs make 2,048 + 1,023 = 3,071 positions, 3,072 in blocks (432 MiB): 28 fit.
  assert.deepEqual(coreTable('tab-8-1-2-a', { $budget: '6' }).map((r) => r[0]), ['18', '5']);
  assert.deepEqual(coreTable('tab-8-1-2-a', { $out: '1024' })[0], ['28', '432 MiB', '288 MiB']);
});

test('Table 8.6.3-b is live: prefill 7.34 / 2.04 / 7.34 / 2.23 s, then 255, 255, 255 and 85 rounds; D at 2 a round takes 128', () => {
  assert.deepEqual(coreTable('tab-8-6-3-b'), [
    ['7.34 s', '255', '14.90 s'],
    ['2.04 s', '255', '9.01 s'],
    ['7.34 s', '255', '14.55 s'],
    ['2.23 s', '85', '4.56 s'],
  ]);
  assert.deepEqual(coreTable('tab-8-6-3-b', { $t: '2' })[3].slice(0, 2), ['2.23 s', '128']);
  assert.deepEqual(coreTable('tab-8-6-3-b', { $out: '16' }).map((r) => r[1]), ['15', '15', '15', '5']);
});

test('the offload table is live: one buffer 288 MiB, 2,304 MiB net, 2 inputs or 1 request more; two buffers 576 / 2,016 MiB, 1 and 1; 18 layers free twice as much', () => {
  assert.deepEqual(coreTable('tab-8-4-3-offload'), [
    ['288 MiB', '2,304 MiB', '2', '1'],
    ['576 MiB', '2,016 MiB', '1', '1'],
  ]);
  // 18 FFNs free 5,184 MiB: 4,896 net with one buffer (4 inputs of 1,152 MiB, 4 requests of 1,188 MiB).
  assert.deepEqual(coreTable('tab-8-4-3-offload', { $layers: '18' })[0], ['288 MiB', '4,896 MiB', '4', '4']);
});

test("the planner's memory line is labelled with the core's '12 GiB', not the bytes", () => {
  const cfg = allWidgets['planner-memory'];
  const line = cfg.data.lines[0];
  for (const [budget, shown] of [['12', '12 GiB'], ['6', '6 GiB']]) {
    const vars = { ...defaults(cfg), $budget: budget };
    assert.equal(follow(ask(line.op, merged(vars, line.fields)), line.display), shown);
  }
});

/** A content-kind widget's one request (gantt, line-chart at the reader's x) for control values `changes` over the defaults. */
function kindAnswer(id, changes = {}) {
  const cfg = allWidgets[id];
  return ask(cfg.data.op, substituted(cfg.data.request, controlValues(cfg, changes)));
}

/** The controls' values as the page sends them: digits as a number (a count inside a list must be one). */
function controlValues(cfg, changes) {
  return Object.fromEntries(Object.entries({ ...defaults(cfg), ...changes }).map(([k, v]) => [k, asInteger(v)]));
}

/** A plane-points widget: each point's answer, by point id. */
function planePoints(id, changes = {}) {
  const cfg = allWidgets[id];
  const vars = controlValues(cfg, changes);
  return Object.fromEntries(cfg.data.points.map((p) => [p.id, ask(cfg.data.op, substituted({ ...cfg.data.request, ...p.fields }, vars))]));
}

test('Figure 8-3: at batch 16 and 2K a token reads 1,248,040,576 B (0.88 GiB of weights + 288 MiB of KV); the weights meet the KV at batch 51 (2K) and 13 (8K)', () => {
  const two = kindAnswer('fig-8-3');
  assert.deepEqual([two.per_token_read_bytes, two.weight_share_per_token_bytes, two.kv_bytes_per_request], [1248040576, 946050688, 301989888]);
  assert.equal(two.crossover_batch, 51);
  assert.equal(kindAnswer('fig-8-3', { $ctx: '8192' }).crossover_batch, 13);
  // Batch 64 at 2K: about 0.50 GiB per token (Exercise 8-1's last column).
  assert.equal((kindAnswer('fig-8-3', { $B: '64' }).per_token_read_bytes / 2 ** 30).toFixed(2), '0.50');
});

test('Figures 8-5 … 8-7: the four requests all done at 870 / 766 / 844 ms, longest gap 26 / 376 / 133 ms; one band per request and iteration', () => {
  const runs = ['fixed', 'continuous', 'chunked'].map((policy) => kindAnswer('fig-8-5', { $policy: policy }));
  assert.deepEqual(runs.map((r) => r.total_display), ['870 ms', '766 ms', '844 ms']);
  assert.deepEqual(runs.map((r) => r.max_gap_display), ['26 ms', '376 ms', '133 ms']);
  for (const r of runs) {
    const work = r.iterations.reduce((n, it) => n + it.prefill.length + it.decode.length, 0);
    const waits = r.requests.filter((q) => String(q.arrive_ms) !== String(q.start_ms)).length;
    assert.equal(r.bands.length, work + waits);
    assert.equal(String(r.bands[r.bands.length - 1].end_ms), String(r.total_ms));
  }
  // Chunked: r2's 8,192 tokens go in as four 2,048-token chunks.
  assert.equal(runs[2].bands.filter((b) => b.request === 'r2' && b.kind === 'prefill').length, 4);
  // A longer r2 takes longer under every policy.
  const longer = kindAnswer('fig-8-5', { $policy: 'chunked', $long: '32768' });
  assert.ok(Number(longer.total_ms) > Number(runs[2].total_ms));
});

test('Figure 8-32: the lookup break-even is 8.7 ms for AAAA (a = 1/4) and 53.9 ms for BBBB (a = 3/4); 19.79 and 8.64 ms per token at 0.1 ms', () => {
  const aaaa = kindAnswer('fig-8-32');
  const bbbb = kindAnswer('fig-8-32', { $a: '0.75' });
  assert.deepEqual([aaaa.break_even_query_ms_display, bbbb.break_even_query_ms_display], ['8.7 ms', '53.9 ms']);
  assert.deepEqual([aaaa.ms_per_token_display, bbbb.ms_per_token_display], ['19.79 ms', '8.64 ms']);
  assert.equal(aaaa.plain_ms_per_token, '26.26');
});

test('Figure 8-36: decode four times faster makes the 100 s task 1.60 times faster at f = 50 %, 1.18 at 20 %; the ceilings 2 and 1.25', () => {
  const half = kindAnswer('fig-8-36');
  const fifth = kindAnswer('fig-8-36', { $part: '20' });
  assert.deepEqual([String(half.total_after), half.speedup_display, half.limit_speedup_display], ['62.5', '1.60', '2.00']);
  assert.deepEqual([String(fifth.total_after), fifth.speedup_display, fifth.limit_speedup_display], ['85', '1.18', '1.25']);
  assert.equal(kindAnswer('fig-8-36', { $part: '80' }).speedup_display, '2.50');
});

test('Figure 8-35: of A–D only D is inside 12 GiB and 7 s (and Exercise 8-9’s E); at 6 GiB only E; at 16 outputs B, D and E, E first', () => {
  const feasible = (points) => Object.entries(points).filter(([, r]) => r.fits && r.on_time).map(([id]) => id);
  const book = planePoints('fig-8-35');
  assert.deepEqual(
    Object.values(book).map((r) => r.memory_display),
    ['18.562 GiB', '5.906 GiB', '9.861 GiB', '9.02 GiB', '5.906 GiB'],
  );
  assert.deepEqual(Object.values(book).map((r) => r.total_display), ['14.90 s', '9.01 s', '14.55 s', '4.56 s', '5.55 s']);
  assert.deepEqual(feasible(book), ['D', 'E']);
  assert.deepEqual(feasible(planePoints('fig-8-35', { $budget: '6' })), ['E']);
  const short = planePoints('fig-8-35', { $out: '16' });
  assert.deepEqual(feasible(short), ['B', 'D', 'E']);
  assert.deepEqual(['B', 'D', 'E'].map((id) => short[id].total_display), ['2.45 s', '2.37 s', '2.26 s']);
});

test('speculative calculator: Exercise 8-7 with its defaults (3.05 per round, 40.7 ms, 13.34 ms; bars 26.30 / 17.09 / 14.49 / 13.34 / 14.89 ms)', () => {
  const { steps, bars } = stepsChart('speculative-calculator');
  assert.deepEqual(steps, ['3.05', '40.7', '14.4', '13.34 ms', '26.3']);
  assert.deepEqual(bars, ['26.30 ms', '17.09 ms', '14.49 ms', '13.34 ms', '14.89 ms', '13.34 ms']);
  // The sliders reach the core: m = 8 is the 14.89 ms bar; a = 0.9 makes m = 8 the fastest of the five (8.99 ms).
  assert.equal(stepsChart('speculative-calculator', { $m: '8' }).steps[3], '14.89 ms');
  assert.deepEqual(stepsChart('speculative-calculator', { $a: '0.9' }).bars.slice(1, 5), ['15.74 ms', '12.36 ms', '9.94 ms', '8.99 ms']);
  // A looked-up draft (no per-position cost) at m = 4: 26.3 / 3.05 = 8.62 ms.
  assert.equal(stepsChart('speculative-calculator', { $per: '0' }).steps[3], '8.62 ms');
});

test('Figure 8-2: 0.1 s queueing + 0.096 s prefill + 255 × 26.5 ms = 6.95 s, inside the 7 s line; the controls reach the core', () => {
  const [bar] = stageBars('fig-8-2');
  assert.deepEqual(bar.segments.map(([v]) => v), ['0.1', '0.096', '6.7575']);
  assert.equal(bar.total, '6.9535');
  assert.equal(bar.tail, '6.95 s');
  const line = allWidgets['fig-8-2'].data.lines[0];
  assert.equal(String(follow(ask(line.op, merged(defaults(allWidgets['fig-8-2']), line.fields)), line.path)), '7');
  const request = (changes) => ask('batch_plan', merged({ ...defaults(allWidgets['fig-8-2']), ...changes }, allWidgets['fig-8-2'].data.bars[0].fields));
  assert.equal(request({}).on_time, true);
  // A 28 ms round misses: 0.196 + 255 × 0.028 = 7.336 s.
  const slow = request({ $round: '28' });
  assert.equal(slow.total_seconds, '7.336');
  assert.equal(slow.on_time, false);
  // 128 outputs: 127 gaps, 3.5615 s.
  assert.equal(request({ $out: '128' }).total_seconds, '3.5615');
});

test('Figure 8-12: pages of 4 give 12 + 16 + 8 + 16 = 52 positions for 42 tokens (10 unused) against 16 each reserved whole', () => {
  const book = stageBars('fig-8-12');
  assert.deepEqual(book.map((b) => b.segments.map(([v]) => v)), [[9, 3], [13, 3], [5, 3], [15, 1]]);
  assert.deepEqual(book.map((b) => b.tail), [12, 16, 8, 16]);
  const layout = ask('paging_layout', merged(defaults(allWidgets['fig-8-12']), allWidgets['fig-8-12'].data.bars[0].fields));
  assert.deepEqual([layout.slots, layout.unused, layout.entries], [52, 10, 13]);
  const line = allWidgets['fig-8-12'].data.lines[0];
  assert.equal(follow(ask(line.op, line.fields), line.path), 16);
  // Pages of 8: 16 + 16 + 8 + 16 = 56, 14 unused (Exercise 8-3's variant); pages of 1 waste nothing.
  assert.deepEqual(stageBars('fig-8-12', { $p: '8' }).map((b) => b.tail), [16, 16, 8, 16]);
  assert.deepEqual(stageBars('fig-8-12', { $p: '1' }).map((b) => b.segments[1][0]), [0, 0, 0, 0]);
});

test("Figure 8-22: one A saves 132.7 ms against the three Bs' 3 × 40.3 = 120.9 ms; over Gen4 111.5 against 99.6 ms; every hit rate offered keeps both gains positive", () => {
  const book = stageBars('fig-8-22');
  assert.deepEqual(book.map((b) => b.tail), ['132.7 ms', '120.9 ms']);
  assert.deepEqual(book[1].segments.map(([, shown]) => shown), ['40.3 ms', '40.3 ms', '40.3 ms']);
  const gen4 = stageBars('fig-8-22', { $link: '32' });
  assert.deepEqual(gen4.map((b) => b.tail), ['111.5 ms', '99.6 ms']);
  // A at 40 % against Bs at 50 %: A saves less and the Bs win (the break-even is 46.0 %).
  const low = stageBars('fig-8-22', { $pa: '0.4' });
  assert.equal(low[0].tail, '103.3 ms');
  assert.equal(low[1].tail, '120.9 ms');
  const cfg = allWidgets['fig-8-22'];
  const hits = cfg.controls.find((c) => c.key === 'pa').choices.map((c) => c.value);
  for (const link of ['64', '32']) {
    for (const h of hits) {
      for (const bars of [stageBars('fig-8-22', { $pa: h, $pb: h, $link: link })]) {
        for (const b of bars) for (const [v] of b.segments) assert.ok(v !== null && Number(String(v).split('/')[0]) > 0, `${h} ${link}`);
      }
    }
  }
});

test('Figure 8-23: one group of 32 values is 64 B in BF16, 32 + 2 = 34 B in q8_0 and 16 + 2 = 18 B in q4_0; the controls reach the core', () => {
  const book = stageBars('fig-8-23');
  assert.deepEqual(book.map((b) => b.tail), ['64 B', '34 B', '18 B']);
  assert.deepEqual(book.map((b) => b.segments.map(([v]) => v)), [[64], [32, 2], [16, 2]]);
  assert.deepEqual(book.map((b) => b.total), [64, 34, 18]);
  // A group of 64 values with a 4 B scale: 128 B, 64 + 4 and 32 + 4.
  const wide = stageBars('fig-8-23', { $g: '64', $s: '4' });
  assert.deepEqual(wide.map((b) => b.tail), ['128 B', '68 B', '36 B']);
  // Without a scale there are no groups to belong to: the core refuses, naming scale_bytes.
  const refused = JSON.parse(engine.evaluate(JSON.stringify({ op: 'quant_bytes', elements: '32', bits: 8, group: '32', scale_bytes: '0' })));
  assert.equal(refused.ok, false);
  assert.equal(refused.error.field, 'scale_bytes');
});

test('Figure 8-24: nine FFNs free 2592 MiB; one 288 MiB buffer leaves 2304 MiB net, two leave 2016 MiB', () => {
  const MiB = 2 ** 20;
  const book = stageBars('fig-8-24');
  assert.deepEqual(book.map((b) => b.segments.map(([v]) => v / MiB)), [[288, 2304], [576, 2016]]);
  assert.deepEqual(book.map((b) => b.segments.map(([, shown]) => shown)), [['288 MiB', '2.25 GiB'], ['576 MiB', '1.969 GiB']]);
  const line = allWidgets['fig-8-24'].data.lines[0];
  const moved = ask(line.op, merged(defaults(allWidgets['fig-8-24']), line.fields));
  assert.equal(follow(moved, line.path), 2592 * MiB);
  // Four layers: 1152 MiB out, 864 MiB net with one buffer.
  assert.equal(stageBars('fig-8-24', { $layers: '4' })[0].segments[1][0], 864 * MiB);
});

test('Figure 8-25: 9 host-kept FFNs copy in 42.5 ms a round over PCIe Gen5 (past the 26.26 ms round) and 6.0 ms over NVLink-C2C', () => {
  const book = stageStack('fig-8-25');
  assert.deepEqual(book.shown, ['42.5 ms', '6.0 ms']);
  assert.deepEqual(book.results.map((r) => r.copy_bytes_per_step), [2717908992, 2717908992]);
  assert.deepEqual(book.results.map((r) => r.copy_ms_per_step), ['42.467328', '6.03979776']);
  assert.equal(book.line, '26.2600001');
  assert.equal(follow(ask('step_time', allWidgets['fig-8-25'].data.lines[0].fields), 'step_display'), '26.26 ms');
  // Five layers copy in 23.6 ms, under the round; eighteen in 84.9 ms.
  assert.deepEqual(stageStack('fig-8-25', { $layers: '5' }).shown, ['23.6 ms', '3.4 ms']);
  assert.equal(stageStack('fig-8-25', { $layers: '18' }).shown[0], '84.9 ms');
});

test('planner, memory: A 19,008 MiB does not fit in 12 GiB; B and E 5.906 GiB, C 9.861 GiB, D 9.02 GiB fit; at 6 GiB only B and E fit', () => {
  const GiB = 2 ** 30;
  const at12 = stageStack('planner-memory');
  assert.deepEqual(at12.shown, ['18.562 GiB', '5.906 GiB', '9.861 GiB', '9.02 GiB', '5.906 GiB']);
  assert.equal(at12.results[0].total_bytes, 19008 * 2 ** 20);
  assert.equal(at12.line, 12 * GiB);
  assert.deepEqual(at12.results.map((r) => r.fits), [false, true, true, true, true]);
  const at6 = stageStack('planner-memory', { $budget: '6' });
  assert.equal(at6.line, 6 * GiB);
  assert.deepEqual(at6.results.map((r) => r.fits), [false, true, false, false, true]);
  // The request count: 32 long requests take 38,016 MiB each on its own and 11,232 MiB sharing the prefix
  // (Exercise 8-3's key); sharing, 12 GiB holds 35 (864 + 324 × 35 = 12,204 MiB) but not 36.
  const MiB = 2 ** 20;
  const n32 = stageStack('planner-memory', { $n: '32' });
  assert.deepEqual([n32.results[0].total_bytes, n32.results[1].total_bytes], [38016 * MiB, 11232 * MiB]);
  assert.deepEqual(
    ['35', '36'].map((n) => stageStack('planner-memory', { $n: n }).results[1].fits),
    [true, false],
  );
});

test('planner, time: A 14.90, B 9.01, C 14.55, D 4.56, E 5.55 s against 7 s; with 16 outputs B 2.45, D 2.37, E 2.26 s', () => {
  const book = stageStack('planner-time');
  assert.deepEqual(book.shown, ['14.90 s', '9.01 s', '14.55 s', '4.56 s', '5.55 s']);
  assert.deepEqual(book.results.map((r) => r.on_time), [false, false, false, true, true]);
  assert.equal(String(book.line), '7');
  const short = stageStack('planner-time', { $out: '16' });
  assert.deepEqual(short.shown.slice(1), ['2.45 s', short.shown[2], '2.37 s', '2.26 s']);
  assert.deepEqual(short.results.slice(1).map((r) => r.on_time), [true, false, true, true]);
  // GPU-seconds per qualifying result at 16 outputs: E 0.141 < D 0.148 < B 0.153 (Exercise 8-9's choice of E).
  const gpu = short.results.map((r) => r.gpu_seconds_per_result);
  const n = (s) => (String(s).includes('/') ? Number(s.split('/')[0]) / Number(s.split('/')[1]) : Number(s));
  assert.deepEqual([1, 3, 4].map((i) => n(gpu[i]).toFixed(3)), ['0.153', '0.148', '0.141']);
});

test('every zh-Hant text of the chapter-8 widgets has its English in the map', () => {
  for (const file of Object.keys(PAGES)) {
    const zh = read(`content/ch08/widgets/${file}.json`);
    const { strings } = read(`content/i18n/en/ch08/widgets/${file}.json`);
    const texts = [];
    const walk = (v, key) => {
      if (typeof v === 'string') {
        if (!['op', 'path', 'display', 'raw', 'field', 'kind', 'key', 'id', 'unit', 'tick'].includes(key)) texts.push(v);
      } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk(zh, '');
    let n = 0;
    for (const t of texts) {
      if (!translatableStrings(t).size) continue;
      assert.ok(t in strings, `${file}: no English for "${t}"`);
      n += 1;
    }
    assert.ok(n >= 20, `${file}: only ${n} texts`);
    for (const key of Object.keys(strings)) assert.ok(translatableStrings(key).size, `${file}: "${key}" has no words to translate`);
  }
});

test('Figure 8-4: at 8K and batch 16 a token reads W/16 + K = 2,154,010,240 B from HBM, K alone 1,207,959,552 B; the gap is the weight share', () => {
  const r = kindAnswer('fig-8-4');
  assert.deepEqual([r.per_token_read_bytes, r.kv_bytes_per_request], [2154010240, 1207959552]);
  assert.equal(r.per_token_read_bytes - r.kv_bytes_per_request, r.weight_share_per_token_bytes);
  const one = kindAnswer('fig-8-4', { $B: '128' });
  assert.ok(one.per_token_read_bytes - one.kv_bytes_per_request < r.weight_share_per_token_bytes / 4);
});

test('Figures 8-8 and 8-9: 4 new tokens make 1 + 2 + 3 + 4 = 10 pairs alone and 32 + 10 = 42 after 8 earlier tokens', () => {
  const pairs = (id) => {
    const cfg = allWidgets[id];
    return ask('forward', { ...cfg.fixed, ...Object.fromEntries(cfg.controls.map((c) => [c.field, Number(c.default)])) }).n_pair;
  };
  assert.deepEqual([pairs('fig-8-8'), pairs('fig-8-9')], [10, 42]);
});

test('Figures 8-11 and 8-13: reserved whole the four requests hold 16 each, 64 with 22 unused; sharing A and B’s first 8 tokens brings 52 down to 44', () => {
  const reserved = stageBars('fig-8-11');
  assert.deepEqual(reserved.slice(0, 4).map((b) => b.total), [16, 16, 16, 16]);
  assert.deepEqual(reserved.slice(0, 4).map((b) => b.segments[1][0]), [7, 3, 11, 1]);
  assert.equal(reserved[4].total, 64);
  const shared = stageBars('fig-8-13');
  assert.deepEqual(shared.map((b) => b.total), [8, 4, 8, 8, 16, 44, 52]);
  // Blocks of 2: the prefix is still four whole blocks; 8 + 2 + 6 + 6 + 16 = 38 against 10 + 14 + 6 + 16 = 46 unshared.
  assert.deepEqual(stageBars('fig-8-13', { $p: '2' }).slice(5).map((b) => b.total), [38, 46]);
});

test('Figures 8-30 and 8-31: a draft of A is kept 1/4 of the time and B is sampled 3/4; a draft of B is kept 3/4 and A sampled 1/4; both give p = (1/4, 3/4)', () => {
  // The draft bar's parts: A kept, A sampled after a rejection, B sampled after a rejection, B kept.
  const [a, pa, acceptA] = stageBars('fig-8-30');
  assert.deepEqual(a.segments.map((s) => s[1]), ['0.25', 0, '0.75', 0]);
  assert.deepEqual(pa.segments.map((s) => s[1]), ['0.25', '0.75']);
  assert.equal(acceptA.tail, '0.25');
  const [b, pb, acceptB] = stageBars('fig-8-31');
  assert.deepEqual(b.segments.map((s) => s[1]), [0, '0.25', 0, '0.75']);
  assert.deepEqual(pb.segments.map((s) => s[1]), ['0.25', '0.75']);
  assert.equal(acceptB.tail, '0.75');
  assert.deepEqual([a.tail, pa.tail, b.tail, pb.tail], [1, 1, 1, 1]);
});

test('Figures 8-30 and 8-31: the reader’s p(A) = 0.3 and q(A) = 0.4 keep min(p, q) of each symbol (0.3 + 0.6 = 0.9), sample B 0.1, and still return p', () => {
  for (const id of ['fig-8-30', 'fig-8-31']) {
    const [draft, target, acceptance] = stageBars(id, { $p: '0.3', $q: '0.4' });
    assert.deepEqual(draft.segments.map((s) => s[1]), ['0.3', 0, '0.1', '0.6']);
    assert.deepEqual(target.segments.map((s) => s[1]), ['0.3', '0.7']);
    assert.equal(acceptance.tail, '0.9');
    assert.equal(draft.tail, 1);
  }
});

test('Figures 8-18, 8-33 and 8-34: every bar is its dataset’s value at its digits; the medians of the windows are the text’s 1.22, 2.33, 2.38 and 0.31, 1.02, 0.60 req/s', () => {
  for (const [id, dataset] of [['fig-8-18', 'prefix-rounds'], ['fig-8-33', 'service'], ['fig-8-34', 'service']]) {
    const data = read(`content/ch08/data/${dataset}.json`);
    assert.equal(allWidgets[id].data.dataset, dataset);
    for (const g of allWidgets[id].data.groups) {
      for (const c of g.cells) assert.equal(c.v, Number(follow(data, c.path)).toFixed(c.digits), `${id} ${c.path}`);
    }
  }
  const service = read('content/ch08/data/service.json').values;
  const median = (g, key) => g.windows.map((w) => w[key]).sort((x, y) => x - y)[1].toFixed(2);
  const at = (svc, rate) => service.groups.find((g) => g.service === svc && g.rate === rate);
  assert.deepEqual(
    [at('serial', 4), at('continuous', 4), at('continuous', 16)].map((g) => median(g, 'completed_per_s')),
    ['1.22', '2.33', '2.38'],
  );
  assert.deepEqual(
    [at('serial', 4), at('continuous', 4), at('continuous', 16)].map((g) => median(g, 'slo_goodput_per_s')),
    ['0.31', '1.02', '0.60'],
  );
  const windows = service.groups.flatMap((g) => g.windows);
  assert.deepEqual([windows.length * 16, windows.reduce((n, w) => n + w.correct, 0), windows.reduce((n, w) => n + w.qualified, 0)], [336, 294, 155]);
});

test('Figure 8-19: matched through 10,752 and restored from the snapshot at 8,192, 2,560 tokens are recomputed; from 4,096, 6,656; with none, all 10,752', () => {
  const [chosen, alone, none] = stageBars('fig-8-19');
  assert.deepEqual(chosen.segments.map((s) => s[0]), [8192, 2560]);
  assert.equal(chosen.total, 10752);
  assert.equal(alone.tail, 2560);
  assert.deepEqual(none.segments.map((s) => s[0]), [0, 10752]);
  assert.deepEqual(stageBars('fig-8-19', { $s: '4096' })[0].segments.map((s) => s[0]), [4096, 6656]);
});

test('Figure 8-17: every node’s position, lane and edge is its dataset’s value; the edges from the root add up to each round’s input length, and the root is the 206 shared tokens', () => {
  const data = read('content/ch08/data/prefix-rounds.json');
  const cfg = allWidgets['fig-8-17'];
  assert.equal(cfg.kind, 'measured-tree');
  assert.equal(cfg.data.dataset, 'prefix-rounds');
  const nodes = cfg.data.nodes;
  assert.equal(nodes.length, data.values.tree.length);
  nodes.forEach((n, i) => {
    for (const key of ['at', 'lane', 'edge']) assert.equal(n[key].v, String(follow(data, n[key].path)), `${n.id}.${key}`);
    // The node is the dataset's node i, under the dataset's parent, and its edge is the one into it.
    assert.equal(n.at.path, `values.tree[${i}].depth`);
    const parent = data.values.tree[i].parent;
    assert.equal(n.parent, parent === null ? null : `n${parent}`);
    const k = /^values\.edges\[(\d+)\]\[2\]$/.exec(n.edge.path);
    if (parent === null) assert.equal(n.edge.path, n.at.path);
    else assert.deepEqual(data.values.edges[Number(k[1])].slice(0, 2), [parent, i]);
  });
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const pathSum = (n) => Number(n.edge.v) + (n.parent === null ? 0 : pathSum(byId.get(n.parent)));
  const leaves = nodes.filter((n) => n.leaf);
  assert.deepEqual(
    leaves.map((n) => n.name),
    ['第 1 輪', '第 2 輪', '第 3 輪', '第 4 輪'],
  );
  assert.deepEqual(leaves.map(pathSum), data.values.input_lengths.slice(0, 4));
  assert.deepEqual(leaves.map((n) => Number(n.at.v)), [210, 316, 670, 884]);
  assert.equal(nodes[0].at.v, '206');
  assert.equal(nodes[0].at.v, String(data.values.adjacent_lcp[1]));
});

test('Figures 8-26 … 8-28: every cell is its dataset’s outcome; 28, 26 and 28 of 32 right, and tasks 5 and 6 swap between BF16 KV and FP8 KV with BF16 Q', () => {
  const data = read('content/ch08/data/kv-quality.json');
  const grids = ['fig-8-26', 'fig-8-27', 'fig-8-28'].map((id, k) => {
    const cfg = allWidgets[id];
    assert.equal(cfg.kind, 'outcome-grid');
    assert.equal(cfg.data.dataset, 'kv-quality');
    assert.equal(cfg.data.rows.length, 8);
    cfg.data.rows.forEach((r, i) => {
      assert.ok(r.label.includes(data.values.task_ids[i]), r.label);
      r.cells.forEach((c, j) => {
        assert.equal(c.path, `values.correct_by_task[${k}][${i}][${j}]`);
        assert.equal(c.v, String(follow(data, c.path)), `${id} ${c.path}`);
      });
    });
    for (const t of cfg.data.totals) assert.equal(t.v, String(follow(data, t.path)), `${id} ${t.path}`);
    const right = cfg.data.rows.flatMap((r) => r.cells).filter((c) => c.v === '1').length;
    assert.equal(String(right), cfg.data.totals[0].v);
    return cfg.data.rows.map((r) => r.cells.map((c) => c.v).join(''));
  });
  assert.deepEqual(
    allWidgets['fig-8-26'].data.totals.map((t) => t.v),
    ['28', '32'],
  );
  assert.deepEqual(
    grids.map((g) => g.filter((row) => row === '1111').length),
    [7, 6, 7],
  );
  // Task 5 (n512-r0) wrong every time with BF16 KV, right every time with FP8 KV + BF16 Q; task 6 (n512-r1) the reverse.
  assert.deepEqual([grids[0][4], grids[2][4], grids[0][5], grids[2][5]], ['0000', '1111', '1111', '0000']);
  // The original FP8: task 5 right at concurrency 1, wrong at 4.
  assert.equal(grids[1][4], '1100');
  // The columns are the dataset's concurrency and run.
  assert.deepEqual(data.values.columns, [
    [1, 0],
    [1, 1],
    [4, 0],
    [4, 1],
  ]);
});
