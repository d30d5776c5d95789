// Chapter 3's widgets of sections 3.5 and 3.6 and the pitfall checks
// (content/ch03/widgets/w35.json, w36.json, checks.json): every default
// request goes through the Node build of the core, and the values the reader
// sees at the chapter's places are the chapter's printed numbers.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { ask as askCore, defaults, follow, merged as merge } from '../widget-requests.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const FILES = ['w35', 'w36', 'checks'];
const configs = Object.fromEntries(FILES.map((f) => [f, read(`content/ch03/widgets/${f}.json`).widgets]));
const allWidgets = Object.assign({}, ...Object.values(configs));

/** What each widget shows with its defaults, as the reader reads it: text by place. */
function shown(id) {
  const cfg = allWidgets[id];
  const vars = defaults(cfg);
  const at = (result, p) => {
    const v = follow(result, p);
    assert.notEqual(v, undefined, `${id}: no value at ${p}`);
    return typeof v === 'number' || /^\d+$/.test(String(v)) ? BigInt(v).toLocaleString('en-US') : String(v);
  };
  if (cfg.kind === 'steps' || cfg.kind === 'steps-chart') return cfg.steps.map((s) => at(ask(s.op, merge(vars, cfg.fields, s.fields)), s.path));
  // A chart over a core-table (fit-points, lifecycle-lines) shows the table's cells as the table does.
  if (cfg.kind === 'core-table' || cfg.kind === 'fit-points' || cfg.kind === 'lifecycle-lines') {
    const t = cfg.table;
    if (t.list) {
      const rows = follow(ask(t.list.op, merge(vars, t.fields, t.list.fields)), t.list.path);
      return rows.map((r) => [String(follow(r, t.list.label)), ...t.columns.map((c) => at(r, c.path))]);
    }
    return t.rows.map((r) => [r.label, ...t.columns.map((c) => at(ask(c.op, merge(vars, t.fields, r.fields, c.fields)), r.path ?? c.path))]);
  }
  if (cfg.kind === 'stage-stack') {
    return cfg.data.bars.map((b) => {
      const result = ask(b.op, merge(vars, b.fields));
      return { segments: b.segments.map((s) => [at(result, s.path), at(result, s.display)]), total: b.total ? at(result, b.total.display) : null };
    });
  }
  if (cfg.kind === 'diagram') {
    const results = Object.fromEntries(Object.entries(cfg.data.requests).map(([k, r]) => [k, ask(r.op, r.fields)]));
    return Object.fromEntries(Object.entries(cfg.data.values).map(([k, v]) => [k, at(results[v.request], v.path)]));
  }
  if (cfg.kind === 'measured-table') return cfg.data.rows.map((r) => [r.label, ...r.cells.map((c) => c.v)]);
  throw new Error(`${id}: no reader for kind ${cfg.kind}`);
}

test('every widget of the three files answers with its defaults, and its id is placed on its page in both editions', () => {
  const pages = { w35: ['3-5.md'], w36: ['3-6.md'], checks: ['3-pitfalls.md'] };
  for (const [file, widgets] of Object.entries(configs)) {
    for (const id of Object.keys(widgets)) {
      assert.ok(shown(id), id);
      for (const page of pages[file]) {
        for (const dir of ['content/ch03', 'content/i18n/en/ch03']) {
          assert.match(readFileSync(path.join(root, dir, page), 'utf8'), new RegExp('```widget ' + id + '\\n'), `${dir}/${page} places ${id}`);
        }
      }
    }
  }
});

test('weight-sync: one Qwen3-8B BF16 copy is 16.381 GB, four replicas 65.526 GB (section 3.5.2)', () => {
  const [one, oneBytes, four, fourBytes] = shown('weight-sync');
  assert.match(one, /^16\.381 GB/);
  assert.equal(oneBytes, '16,381,470,720');
  assert.equal(four, '65.526 GB');
  assert.equal(fourBytes, '65,525,882,880');
});

test('table 3.5.3-a: the stages of one RL cycle, 465.143 / 129.056 / 634.944 / 0 / 952.416, 2,181.559 TFLOPs in all', () => {
  const rows = shown('tab-3-5-3-a');
  assert.deepEqual(
    rows.map((r) => r[1]),
    // One unit for the column (its header says TFLOPs), the book's three decimals: never "2.18 PFLOPs".
    ['465.143', '129.056', '634.944', '0.000', '952.416', '2,181.559'],
  );
  // The copied exact values carry the printed three decimals of TFLOPs.
  const exact = ask('rl_cycle', { model: 'qwen3-8b', prompts: 8, answers: 4, input: 1024, generated: 256, keep: 16 });
  const tflops = (k) => (Number(exact[k]) / 1e12).toFixed(3);
  assert.deepEqual(
    ['prefill', 'decode', 'reference', 'update', 'total'].map(tflops),
    ['465.143', '129.056', '634.944', '952.416', '2181.559'],
  );
  assert.deepEqual(
    allWidgets['tab-3-5-3-a'].table.rows.map((r) => r.raw),
    ['prefill', 'decode', 'reference', 'teacher', 'update', 'total'],
  );
});

test('example 3-4: keeping a quarter, 64 answers cost 3,410.701 TFLOPs, 213.169 per kept sample; the update stays 952.416', () => {
  const s = shown('example-3-4');
  assert.equal(s[0], '32');
  assert.equal(s[1], '2.18 PFLOPs');
  assert.equal(s[2], '64');
  assert.equal(s[3], '38.41 TFLOPs'); // f_g + f_r, exercise 3-7's 38.411
  assert.equal(s[4], '2.46 PFLOPs');
  assert.equal(s[5], '952.42 TFLOPs');
  assert.equal(s[6], '3.41 PFLOPs');
  assert.equal(s[7], '3,410,701,494,255,616'); // 3,410.701 TFLOPs
  assert.equal(s[8], '213.17 TFLOPs');
});

test('figure 3-26: the generation and reference segments double from 32 to 64 answers, the update does not', () => {
  const [n32, n64] = shown('fig-3-26');
  assert.equal(n32.total, '2.18 PFLOPs');
  assert.equal(n64.total, '3.41 PFLOPs');
  assert.deepEqual(
    n32.segments.map((s) => s[1]),
    ['465.14 TFLOPs', '129.06 TFLOPs', '634.94 TFLOPs', '952.42 TFLOPs'],
  );
  assert.deepEqual(
    n64.segments.map((s) => s[1]),
    ['930.29 TFLOPs', '258.11 TFLOPs', '1.27 PFLOPs', '952.42 TFLOPs'],
  );
});

test('figure 3-25: the diagram names 32 answers and 65.526 GB sent to four replicas', () => {
  const v = shown('fig-3-25');
  assert.equal(v.samples, '32');
  assert.equal(v.kept, '20,464');
  assert.equal(v.sync, '65.526 GB');
});

test('table 3.6.2-a and figure 3-30: D/N 149, 286, 1,875, 2,571, 4,500 and 6ND 4.02e22 … 1.728e24', () => {
  const rows = shown('tab-3-6-2-a');
  assert.deepEqual(
    rows.map((r) => r[1]),
    ['149', '286', '1,875', '2,571', '4,500'],
  );
  // As the book prints it, a power of ten, not 40,200,000,000,000,000,000,000.
  assert.deepEqual(
    rows.map((r) => r[2]),
    ['4.02×10²²', '8.40×10²²', '7.20×10²³', '7.56×10²³', '1.728×10²⁴'],
  );
  assert.deepEqual(
    shown('fig-3-30').map((b) => b.segments[0][1]),
    ['149', '286', '1,875', '2,571', '4,500'],
  );
});

test('moe-expert-flops: V4-Flash experts take ≈45.4495 GFLOPs per token, ≈1.45438e24 over 32T tokens', () => {
  const [layers, , perToken, total] = shown('moe-expert-flops');
  assert.equal(layers, '43');
  assert.equal(perToken, '45.45 GFLOPs');
  assert.equal(Number(total).toFixed(5), '1.45438');
  const exact = ask('moe_training', { model: 'deepseek-v4-flash', training_tokens: 1 });
  assert.equal((Number(exact.per_token) / 1e9).toFixed(4), '45.4495');
});

test('calendar-days: 20.80, 41.60, 54.20 and 78.43 days; an H100 hour is 3.17 A100 hours', () => {
  assert.deepEqual(shown('calendar-days'), ['20.80', '41.60', '54.20', '78.43', '3.17']);
});

test('figure 3-31: A100 hours count once, H100 and H800 hours ×3.17', () => {
  const bars = shown('fig-3-31');
  assert.deepEqual(
    bars.map((b) => b.segments[0][1]),
    ['1.00', '1.00', '3.17', '3.17'],
  );
  assert.equal(bars[0].segments[0][0], '1,022,362');
  assert.equal(bars[1].segments[0][0], '1,720,320');
});

test('breakeven: 1e5 H100 GPU-hours against 0.72 GPU-s a task break even at 5e8 tasks (exercise 3-10)', () => {
  assert.deepEqual(shown('breakeven'), ['360,000,000', '500,000,000', '216,000,000', '60,000', '100,000']);
  // Every Δc the reader may pick keeps Q* and the hour differences whole numbers (no fractions on the page).
  for (const dc of allWidgets.breakeven.controls.find((c) => c.key === 'dc').choices.map((c) => c.value)) {
    for (const tasks of [200000000, 1000000000]) {
      const r = ask('break_even_tasks', { extra_gpu_hours: '100000', saving_seconds: dc, tasks });
      assert.ok(/^\d+$/.test(String(r.break_even)) && /^\d+$/.test(String(r.difference_hours)), `${dc} ${tasks}: ${JSON.stringify(r)}`);
    }
  }
});

test('the pitfall checks: backlog 112,792 steps, success cost ×1.25, the same tokens doing different work, Q* = 5e8', () => {
  const avg = shown('check-same-average');
  assert.deepEqual(avg, ['2,211,840', '4,604', '1,736.8', '7,471.2', '0', '112,792', avg[6]]);
  assert.match(avg[6], /^20\.17/);
  assert.deepEqual(shown('check-unit-price'), ['2', '2.5', '1.25']);
  const [split44, split71, full, compact] = shown('check-same-train-tokens');
  assert.notEqual(split44, split71);
  assert.equal(full, '431.37 TFLOPs');
  assert.notEqual(compact, full);
  assert.deepEqual(shown('check-compute-optimal'), ['20', '4,500', '500,000,000', '360,000,000']);
  for (const id of Object.keys(configs.checks)) assert.equal(configs.checks[id].check.answer, 'false', id);
});

test('every string of the three files with Chinese in it has its English in content/i18n/en/ch03/widgets/', () => {
  const CJK = /[\u2e80-\u303f\u3400-\u9fff\uff00-\uffef]/u;
  for (const file of FILES) {
    const english = read(`content/i18n/en/ch03/widgets/${file}.json`).strings;
    const walk = (v) => {
      if (typeof v === 'string') {
        if (CJK.test(v)) assert.ok(english[v]?.trim() && !CJK.test(english[v].replace(/[·]/gu, '')), `${file}: no English for ${JSON.stringify(v)}`);
      } else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(read(`content/ch03/widgets/${file}.json`));
  }
});

test('example 3-5 and figures 3-27/3-28: the core fits the eight C4 runs as the book did, 2.574 → 2.583 and 2.337 → 2.363, RMSE ≈0.0193', () => {
  const fit = read('content/ch03/data/c4-scaling-fit.json').values;
  // Each widget sends the dataset's eight runs, split at N ≥ 2×10⁹ as the dataset splits them.
  // Figure 3-29 sizes its models from the same fit, and exercise 3-8 checks answers against it.
  const sentFits = {
    ...Object.fromEntries(['example-3-5', 'fig-3-27', 'fig-3-28'].map((id) => [id, merge(defaults(allWidgets[id]), allWidgets[id].fields ?? allWidgets[id].table.list.fields)])),
    'fig-3-29': allWidgets['fig-3-29'].table.list.fields.fit,
    'exercise-3-8': read('content/ch03/exercises/3-8.json').calls.fit,
  };
  for (const [id, fields] of Object.entries(sentFits)) {
    const sent = fields.points.map((p) => [Number(p.params), Number(p.tokens), Number(p.loss), Number(p.params) >= Number(fields.holdout_from)]);
    const data = fit.records.map((r) => [r.N, r.D, r.loss, r.split === 'holdout']);
    assert.deepEqual(new Set(sent.map(String)), new Set(data.map(String)), id);
    assert.equal(sent.length, data.length, id);
  }
  // The book's calculator chose α = 0.1, β = 0.45; the core's grid search does too.
  assert.deepEqual(shown('example-3-5'), ['0.1', '0.45', '1.2112', '1.2513', '0.5234', '2.583', '+0.009', '2.363', '+0.026', '0.0193', '0.0100']);
  assert.equal(fit.law.alpha, 0.1);
  assert.equal(fit.law.beta, 0.45);
  assert.equal(fit.law.E.toFixed(4), '1.2112');
  // Every row of figure 3-27 is the dataset's loss and its prediction (loss + the calculator's residual), at three decimals.
  const rows = shown('fig-3-27');
  assert.equal(rows.length, 8);
  for (const r of fit.residuals) {
    const rec = fit.records.find((x) => x.id === r.id);
    const row = rows.find((x) => x[4] === rec.loss.toFixed(3));
    assert.ok(row, r.id);
    assert.equal(row[5], (rec.loss + r.residual).toFixed(3), r.id);
  }
  assert.deepEqual(
    shown('fig-3-28').map((r) => [r[0], r[2]]),
    [['F1', '−0.002'], ['F2', '+0.007'], ['F3', '−0.021'], ['F4', '+0.000'], ['F5', '+0.008'], ['F6', '+0.008'], ['H1', '+0.009'], ['H2', '+0.026']],
  );
});

test('figure 3-29 drawn: each line is read at twice the crossing, the crossing sits on both lines, and a target 0.1B cannot reach leaves its row unpriced', () => {
  const cfg = allWidgets['fig-3-29'];
  const vars = defaults(cfg);
  const req = merge(vars, cfg.table.fields, cfg.table.list.fields);
  const first = ask('lifecycle_cost', req);
  const x = first.crossovers.find((c) => c.crosses);
  const at = ask('lifecycle_cost', { ...req, calls: x.calls });
  const meet = x.id.split('-').map((id) => at.rows.find((r) => r.id === id).gpu_hours_at_calls);
  assert.deepEqual(meet, [x.gpu_hours, x.gpu_hours]);
  // Target 2.7: below what 0.1B can reach with any data (its floor is about 2.786).
  const low = ask('lifecycle_cost', merge({ ...vars, $target: '2.7' }, cfg.table.fields, cfg.table.list.fields));
  const small = low.rows.find((r) => r.id === '0.1B');
  assert.equal(small.feasible, false);
  assert.match(small.status_display, /2\.786/);
  assert.ok(low.rows.filter((r) => r.feasible).length >= 2);
});

test('figure 3-29: the core sizes the models from the fit (0.1B needs ≈298.6B tokens), ≈125.7 H100 GPU-hours, 73.5 more than 0.5B, ≈0.00129 GPU-s saved a call, crossing at ≈2.048e8 calls', () => {
  const cfg = allWidgets['fig-3-29'];
  assert.equal(cfg.kind, 'lifecycle-lines');
  const rows = shown('fig-3-29');
  assert.deepEqual(
    rows.map((r) => r[0]),
    ['0.1B（外推）', '0.5B', '1B', '2.81B（外推）'],
  );
  assert.deepEqual(
    rows.map((r) => r[1]),
    ['298.6B', '24.82B', '14.9B', '8.595B'],
  );
  assert.deepEqual(
    rows.map((r) => r[2]),
    ['1.791×10²⁰ FLOPs', '7.446×10¹⁹ FLOPs', '8.937×10¹⁹ FLOPs', '1.449×10²⁰ FLOPs'],
  );
  assert.deepEqual(
    rows.map((r) => r[3]),
    ['125.7', '52.3', '62.7', '101.7'],
  );
  assert.deepEqual(
    rows.map((r) => r[4]),
    ['0.000323', '0.00161', '0.00323', '0.00907'],
  );
  assert.deepEqual(
    rows.map((r) => r[5]),
    ['約 2.048 億次呼叫', '不交叉（0.5B 一直較省）', '不交叉（1B 一直較省）', '—'],
  );
  const vars = defaults(cfg);
  const result = ask('lifecycle_cost', merge(vars, cfg.table.list.fields));
  // The core's D is the book's calculator's (dataset c4-lifecycle), and so is which sizes lie outside the fitted runs.
  const data = read('content/ch03/data/c4-lifecycle.json').values.rows;
  result.rows.forEach((row, i) => {
    assert.ok(Math.abs(Number(row.tokens) / data[i].D - 1) < 1e-12, `${row.id}: ${row.tokens} vs ${data[i].D}`);
    assert.equal(row.outside_fit, data[i].outside_fit_box, row.id);
    assert.equal(row.tokens_derived, true, row.id);
  });
  const x = result.crossovers[0];
  assert.deepEqual([x.extra_training_display, x.saving_per_call_display, x.calls_display], ['73.5', '0.00129', '2.048 億']);
  // Another MFU moves the GPU time, not the crossing.
  for (const c of cfg.controls.find((c) => c.key === 'mfu').choices) {
    const other = ask('lifecycle_cost', merge({ ...vars, $mfu: c.value }, cfg.table.list.fields));
    assert.equal(other.crossovers[0].calls, x.calls, c.value);
  }
  // Every target loss offered is reachable by every model but 2.7, which is below 0.1B's floor
  // (that row is unpriced, the others priced); a lower target needs more data.
  let previous = Infinity;
  for (const c of cfg.controls.find((c) => c.key === 'target').choices) {
    const other = ask('lifecycle_cost', merge({ ...vars, $target: c.value }, cfg.table.list.fields));
    if (c.value === '2.7') {
      assert.equal(other.rows[0].feasible, false);
      assert.ok(other.rows.slice(1).every((r) => r.feasible));
      continue;
    }
    const d = Number(other.rows[0].tokens);
    assert.ok(d < previous, `${c.value}: D ${d}`);
    previous = d;
  }
  assert.match(cfg.intro, /c4-lifecycle/);
  assert.match(cfg.intro, /c4-scaling-fit/);
  assert.match(cfg.intro, /MFU/);
});

test('chinchilla-alloc: α = β gives exponents 0.500 and ×2 each at k = 4; 0.27 / 0.73 gives 0.730 and ≈5.37 at k = 10', () => {
  const cfg = allWidgets['chinchilla-alloc'];
  assert.equal(cfg.kind, 'steps');
  assert.deepEqual(shown('chinchilla-alloc'), ['0.500', '0.500', '2', '2', '≈5.37']);
  const vars = { ...defaults(cfg), $k: '9' };
  const nine = ask('chinchilla_alloc', merge(vars, cfg.fields));
  assert.deepEqual([nine.params_multiplier, nine.tokens_multiplier, nine.params_multiplier_exact], [3, 3, true]);
  const kaplan = ask('chinchilla_alloc', merge({ ...vars, $alpha: '0.27', $beta: '0.73', $k: '10' }, cfg.fields));
  assert.deepEqual([kaplan.params_exponent_display, kaplan.tokens_exponent_display, kaplan.params_multiplier_exact], ['0.730', '0.270', false]);
  assert.doesNotMatch(cfg.intro, /還沒有/);
  assert.match(cfg.intro, /0\.73/);
  assert.match(cfg.intro, /scaling-papers/);
});
