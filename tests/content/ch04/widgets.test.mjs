// Chapter 4's widgets (content/ch04/widgets/w41 … w48.json): every default
// request goes through the Node build of the core, each widget is placed on
// its page in both written editions, and the values a reader sees with the
// defaults are the chapter's printed numbers.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { ask as askCore, defaults, follow, merged as merge, substituted } from '../widget-requests.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const PAGES = { w41: '4-1.md', w42: '4-2.md', w43: '4-3.md', w44: '4-4.md', w45: '4-5.md', w46: '4-6.md', w47: '4-7.md', w48: '4-8.md' };
const configs = Object.fromEntries(Object.keys(PAGES).map((f) => [f, read(`content/ch04/widgets/${f}.json`).widgets]));
const allWidgets = Object.assign({}, ...Object.values(configs));
/** The hardware catalog's devices, as content/hardware/ states them. */
const catalogGpus = () => readdirSync(path.join(root, 'content/hardware')).map((f) => read(`content/hardware/${f}`));

/** What a widget shows with its defaults, as the page prints it. */
function shown(id, over = {}) {
  const cfg = allWidgets[id];
  const vars = { ...defaults(cfg), ...over };
  const at = (result, p) => {
    const v = follow(result, p);
    assert.notEqual(v, undefined, `${id}: no value at ${p}`);
    if (v === null) return '—';
    return typeof v === 'number' || /^\d+$/.test(String(v)) ? BigInt(v).toLocaleString('en-US') : String(v);
  };
  if (cfg.kind === 'steps' || cfg.kind === 'crossover-curve') return cfg.steps.map((s) => at(ask(s.op, merge(vars, cfg.fields, s.fields)), s.path));
  if (cfg.kind === 'core-table' || cfg.kind === 'roofline') {
    const t = cfg.table;
    return t.rows.map((r) => t.columns.map((c) => at(ask(c.op, merge(vars, t.fields, r.fields, c.fields)), r.path ?? c.path)));
  }
  if (cfg.kind === 'stage-stack') {
    // A segment or total with an "op" of its own asks it (Fig. 4-13's parts); the others read their bar's answer.
    return cfg.data.bars.map((b) => {
      const answer = (part) => (part.op ? ask(part.op, merge(vars, part.fields)) : ask(b.op, merge(vars, b.fields)));
      return { segments: b.segments.map((s) => at(answer(s), s.display)), total: b.total ? at(answer(b.total), b.total.display) : null };
    });
  }
  if (cfg.kind === 'slot-timeline') return slotTimeline(cfg, vars);
  // A diagram's labels: each placeholder's value, read from its request's answer.
  if (cfg.kind === 'diagram') {
    return Object.fromEntries(Object.entries(cfg.data.values).map(([name, v]) => [name, at(ask(cfg.data.requests[v.request].op, merge(vars, cfg.data.requests[v.request].fields)), v.path)]));
  }
  // Measured bars ask the core nothing: each bar is its dataset's value, printed as the cell says.
  if (cfg.kind === 'measured-bars') return cfg.data.groups.map((g) => g.cells.map((c) => c.v));
  if (cfg.kind === 'measured-table') return cfg.data.rows.map((r) => r.cells.map((c) => c.v));
  // A line chart's readings at the reader's x (docs/widget-kinds.md): each series' display in the one answer.
  if (cfg.kind === 'line-chart') {
    const r = ask(cfg.data.op, substituted(cfg.data.request, vars));
    return cfg.data.series.map((s) => at(r, s.display ?? s.path));
  }
  throw new Error(`${id}: no reader for kind ${cfg.kind}`);
}

/** What the slot timeline draws for the control values `vars`: each chunk's slot and times, and the readouts. */
function slotTimeline(cfg, vars) {
  const r = ask('slot_pipeline', substituted(cfg.data.request, vars));
  return {
    chunks: r.chunks.map((c) => [c.slot, c.issue, c.ready, c.start, c.end, c.wait].map(Number)),
    readouts: [r.finish_display, String(r.target), String(r.idle), String(r.fewest_slots), r.buffer_display],
  };
}

/** The slot timeline with some controls changed from their defaults. */
const slotsWith = (changes) => {
  const cfg = allWidgets['fig-4-17'];
  return slotTimeline(cfg, { ...defaults(cfg), ...changes });
};

test('every chapter-4 widget answers with its defaults and is placed on its page in both editions', () => {
  for (const [file, widgets] of Object.entries(configs)) {
    for (const id of Object.keys(widgets)) {
      assert.ok(shown(id), id);
      for (const dir of ['content/ch04', 'content/i18n/en/ch04']) {
        assert.match(readFileSync(path.join(root, dir, PAGES[file]), 'utf8'), new RegExp('```widget ' + id + '\\n'), `${dir}/${PAGES[file]} places ${id}`);
      }
    }
  }
});

test('§4.1: Amdahl 100 → 70 μs (1.43×); Table 4.1.1-a 33.55 MFLOPs / 8.59 GFLOPs, intensity 1.00 / 227.56; Fig. 4-1 32 MiB → 128 KiB per row', () => {
  assert.deepEqual(
    shown('fig-4-1').map((b) => b.segments[0]),
    ['33,554,432', '2,097,152', '524,288', '131,072'],
  );
  assert.deepEqual(shown('amdahl-4-1'), ['70', '30', '1.43']);
  assert.deepEqual(shown('tab-4-1-1-a'), [
    ['33.55 MFLOPs', '33,554,432', '32.016 MiB', '1.00'],
    ['8.59 GFLOPs', '33,554,432', '36 MiB', '227.56'],
  ]);
});

test('Fig. 4-4 (lower): V² falls to 0.42 at 0.55 V; power 0.75 on area 0.60 is a density of 1.25', () => {
  assert.deepEqual(
    shown('fig-4-4').map((b) => b.segments[0]),
    ['0.42', '1.25'],
  );
});

test('Fig. 4-5 and the flip: 0.4807 + 0.0384 + 0.0150 = 0.5341 J at batch 1, 0.0684 J at 32; weights 90 %, below arithmetic from batch 33', () => {
  const [b1, b8, b32, b128] = shown('fig-4-5');
  assert.deepEqual(b1, { segments: ['0.4807 J', '0.0384 J', '0.0150 J'], total: '0.5341 J' });
  assert.equal(b8.segments[0], '0.0601 J');
  assert.equal(b32.total, '0.0684 J');
  assert.equal(b128.segments[0], '0.0038 J');
  assert.deepEqual(shown('energy-flip'), ['0.5341 J', '90.0%', '32.10', '33']);
  // The third bar follows the batch slider (1 … 256, default 32 as printed): at 33 the weights' share drops below the arithmetic's.
  const slider = allWidgets['fig-4-5'].controls.find((c) => c.field === '$batch');
  assert.deepEqual([slider.kind, slider.min, slider.max, slider.default], ['range', '1', '256', '32']);
  const third = allWidgets['fig-4-5'].data.bars[2];
  const at33 = ask(third.op, merge({ ...defaults(allWidgets['fig-4-5']), $batch: '33' }, third.fields));
  assert.deepEqual([at33.weights_j_display, at33.compute_j_display, at33.total_j_display, at33.first_batch_below_compute], ['0.0146 J', '0.0150 J', '0.0679 J', 33]);
});

test('Table 4.1.3-b: 5 / 6 / 8 stacks at 670 / 800 / 1,000 GB/s each, pins 5.234375 / 6.25 / 7.8125 Gb/s; the power cap leaves 0.60 pJ/FLOP', () => {
  const rows = shown('tab-4-1-3-b');
  assert.deepEqual(rows.map((r) => r[0]), ['5', '6', '8']);
  assert.deepEqual(rows.map((r) => r[3]), ['670', '800', '1,000']);
  assert.deepEqual(rows.map((r) => r[4]), ['5.234375', '6.25', '7.8125']);
  assert.deepEqual(shown('power-cap'), ['106 W', '593.604', '0.60 pJ', '0.67', '0.87']);
});

test('Fig. 4-6: the B200 package labels 8 stacks of 24 GB (192 GB built, 180 GB enabled) at 7.81 Gb/s per pin, 1,000 GB/s per stack, 8,000 GB/s in all', () => {
  const cfg = allWidgets['fig-4-6'];
  assert.equal(cfg.kind, 'diagram');
  const core = ask('hbm_stack', { gpu: 'b200' });
  assert.deepEqual(shown('fig-4-6'), {
    name: 'B200 (HGX)',
    dies: '2',
    stacks: String(core.stacks),
    stack: core.stack_display,
    built: core.built_display,
    memory: core.memory_display,
    pin: core.pin_display,
    sbw: core.stack_bandwidth_display,
    tbw: core.total_bandwidth_display,
  });
  assert.deepEqual(Object.values(shown('fig-4-6')), ['B200 (HGX)', '2', '8', '24 GB', '192 GB', '180 GB', '7.81 Gb/s', '1,000 GB/s', '8,000 GB/s']);
  // Every placeholder in a label names a value, and every value is shown somewhere in the drawing or its accessible name.
  const labels = [
    ...cfg.data.diagram.shapes.map((s) => s.label ?? ''),
    ...Object.values(cfg.data.diagram.narrow.overrides).map((o) => o.label ?? ''),
    cfg.text.chart_title,
    cfg.text.chart_desc,
  ].join('\n');
  const named = new Set([...labels.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  assert.deepEqual([...named].sort(), Object.keys(cfg.data.values).sort());
});

/** The shapes of a diagram drawn for these core amounts (web/src/figures/diagram.ts shownShapes). */
function shownFor(shapes, amounts) {
  return shapes.filter((s) => (s.when ?? []).every(({ value, min = -Infinity, max = Infinity }) => amounts[value] >= min && amounts[value] <= max));
}

test('Fig. 4-6 follows its card menu: every catalog device with dies and stacks, each drawn with as many die and stack boxes as the core counts', () => {
  const cfg = allWidgets['fig-4-6'];
  const menu = cfg.controls.find((c) => c.field === '$gpu');
  assert.equal(menu.default, 'b200');
  // The menu is exactly the catalog's devices whose package states dies and stacks, named as the catalog names them.
  const packaged = catalogGpus().filter((g) => g.package?.dies && g.package?.hbm_stacks);
  assert.deepEqual(menu.choices.map((c) => c.value).sort(), packaged.map((g) => g.id).sort());
  for (const c of menu.choices) assert.equal(c.label, packaged.find((g) => g.id === c.value).name);
  const counts = {};
  for (const { value } of menu.choices) {
    const core = ask('hbm_stack', { gpu: value });
    const drawn = shownFor(cfg.data.diagram.shapes, { dies: Number(core.dies), stacks: Number(core.stacks) });
    const boxes = (label) => drawn.filter((s) => s.type === 'box' && (s.label ?? '').startsWith(label)).length;
    counts[value] = [boxes('晶粒'), boxes('HBM 疊')];
    assert.deepEqual(counts[value], [Number(core.dies), Number(core.stacks)], value);
    // Each card's labels read its own numbers: the core's stack capacity and bandwidth, not the B200's.
    assert.deepEqual(shown('fig-4-6', { $gpu: value }).sbw, core.stack_bandwidth_display);
  }
  assert.deepEqual(counts, { 'a100-80g': [1, 5], 'h100-sxm': [1, 5], h200: [1, 6], b200: [2, 8] });
  assert.deepEqual(
    ['a100-80g', 'h100-sxm', 'h200'].map((g) => [shown('fig-4-6', { $gpu: g }).stack, shown('fig-4-6', { $gpu: g }).sbw]),
    [
      ['16 GB', '407.8 GB/s'],
      ['16 GB', '670 GB/s'],
      ['24 GB', '800 GB/s'],
    ],
  );
  // Every shape with a phone place keeps it: the narrow layout names shapes by index, before any is dropped.
  const narrow = cfg.data.diagram.narrow;
  cfg.data.diagram.shapes.forEach((_, i) => assert.ok(narrow.at[String(i)], `shape ${i} has no phone place`));
});

test('the energy-per-batch chart: at B = 32 the weights’ 0.0150 J still match the arithmetic; the flip it marks is the core’s 33 on every tier', () => {
  const cfg = allWidgets['energy-batch'];
  assert.equal(cfg.kind, 'line-chart');
  assert.deepEqual(shown('energy-batch'), ['0.0150 J', '0.0384 J', '0.0150 J']);
  const base = defaults(cfg);
  const flip = (tier) => ask('energy_ledger', substituted(cfg.data.request, { ...base, $tier: tier })).first_batch_below_compute;
  assert.equal(flip('31.76'), 33);
  // A dearer tier moves the flip to a larger batch: the mark follows the tier select.
  assert.ok(flip('160') > flip('31.76'), `${flip('160')}`);
  const at33 = ask('energy_ledger', substituted(cfg.data.request, { ...base, $b: '33' }));
  assert.deepEqual([at33.weights_j_display, at33.compute_j_display], ['0.0146 J', '0.0150 J']);
});

test('Fig. 4-7: at e/b = 1.5 the clock keeps 0.67 of its peak with the voltage held and 0.87 when it follows; at most e/b = 1 both keep it all', () => {
  const cfg = allWidgets['fig-4-7'];
  assert.equal(cfg.kind, 'line-chart');
  assert.deepEqual(shown('fig-4-7'), ['0.67', '0.87']);
  const at = (eb) => {
    const r = ask('power_cap', substituted(cfg.data.request, { $eb: eb }));
    return [r.fixed_voltage_share_display, r.scaled_voltage_share_display];
  };
  assert.deepEqual(at('1'), ['1.00', '1.00']);
  assert.deepEqual(at('0.5'), ['1.00', '1.00']);
  assert.deepEqual(at('3'), ['0.33', '0.69']);
  // The curve is sampled from 0.5 to 3, past the book's 1.5 on both sides.
  assert.deepEqual([cfg.data.x.from, cfg.data.x.to, cfg.data.x.samples], ['0.5', '3', 26]);
});

test('§4.2: 4,096 executed rows spread vs 512 concentrated; 4-bit g = 32 is 8.5 MiB against 32 MiB of BF16', () => {
  assert.deepEqual(shown('fig-4-10').map((b) => b.segments[0]), ['4,096', '512']);
  assert.deepEqual(shown('padding-4-2'), ['512', '256', '4,096', '12.50%']);
  assert.deepEqual(shown('fig-4-12').map((b) => b.total ?? b.segments[0]), ['32 MiB', '16.5 MiB', '8.5 MiB']);
});

test('Example 4-2 and Fig. 4-15: 3,938 reads in flight needed; 128 give 32.8 GB/s and 36.86 ms; 4,096 reach 1,008 GB/s', () => {
  assert.deepEqual(shown('example-4-2'), ['3,938', '32.8 GB/s', '36.86 ms']);
  assert.deepEqual(shown('fig-4-15').map((b) => b.segments[0]), ['32.8 GB/s', '262.1 GB/s', '524.3 GB/s', '1,008 GB/s', '1,008 GB/s']);
});

test('§4.4: 24 → 17 μs double-buffered; Table 4.4.2-a finishes at 1,280 / 768 / 704 / 704 ticks with 16–64 KiB', () => {
  assert.deepEqual(shown('double-buffer'), ['24 μs', '17 μs', '7']);
  assert.deepEqual(shown('tab-4-4-2-a'), [
    ['16 KiB', '1,280', '—', '576'],
    ['32 KiB', '768', '512', '64'],
    ['48 KiB', '704', '64', '0'],
    ['64 KiB', '704', '0', '0'],
  ]);
  assert.deepEqual(shown('slots-needed'), ['704', '704', '0', '3']);
});

test('Figs. 4-17 … 4-20 drawn from slot_pipeline: 1 slot finishes at 1,280 (ready 192, freed 320); 2 slots 768 with a 64-tick gap after 448; 3 slots issue 0/64/128 and reach 704', () => {
  // Defaults: Figs. 4-17 and 4-18, one slot.
  assert.deepEqual(shown('fig-4-17'), {
    chunks: [
      [1, 0, 192, 192, 320, 0],
      [1, 320, 512, 512, 640, 0],
      [1, 640, 832, 832, 960, 0],
      [1, 960, 1152, 1152, 1280, 0],
    ],
    readouts: ['1,280', '704', '576', '3', '16 KiB'],
  });
  // Fig. 4-19: the third chunk is ready at 512, the second done at 448.
  const two = slotsWith({ $slots: '2' });
  assert.deepEqual(two.readouts, ['768', '704', '64', '3', '32 KiB']);
  assert.equal(two.chunks[1][4], 448);
  assert.equal(two.chunks[2][2], 512);
  // Fig. 4-20: issues 0/64/128, ready 192/256/320; the 4th issued at 320, ready at 512 before it is needed at 576.
  const three = slotsWith({ $slots: '3' });
  assert.deepEqual(three.chunks.map((c) => c[1]), [0, 64, 128, 320]);
  assert.deepEqual(three.chunks.map((c) => c[2]), [192, 256, 320, 512]);
  assert.deepEqual(three.chunks.map((c) => c[3]), [192, 320, 448, 576]);
  assert.equal(three.readouts[0], '704');
  // Consider 4.4.2: matrix ×2 lowers the floor to 448, reached with 4 slots; latency 256 gives 1,792 / 1,024 / 896 / 832.
  assert.deepEqual(['1', '2', '3', '4'].map((n) => slotsWith({ $slots: n, $c: '64' }).readouts.slice(0, 2)), [
    ['1,024', '448'],
    ['576', '448'],
    ['512', '448'],
    ['448', '448'],
  ]);
  assert.deepEqual(['1', '2', '3', '4'].map((n) => slotsWith({ $slots: n, $lat: '256' }).readouts[0]), ['1,792', '1,024', '896', '832']);
  assert.equal(slotsWith({ $lat: '256' }).readouts[3], '4');
});

test('§4.5: 2.02 / 2.03 μs for 8 KiB, 6.66 / 8.99 μs for 2 MiB; V* = 900,000 B (110 rows); PCIe 2.10 ms against 66.58 μs', () => {
  assert.deepEqual(shown('fig-4-24').map((b) => b.segments[0]), ['2.02 μs', '2.03 μs']);
  assert.deepEqual(shown('fig-4-25').map((b) => b.segments[0]), ['6.66 μs', '8.99 μs']);
  assert.deepEqual(shown('link-crossover'), ['900,000', '878.906 KiB', '110', '6.66 μs']);
  assert.deepEqual(shown('host-upload'), ['2.10 ms', '66.58 μs', '31.5', '20.97152', '32']);
});

test('§4.6: Table 4.6.1-a as printed (936 … 4,800 GB/s, 71 … 989.5 TFLOP/s); V100 8.75 ms on FP32 against 1.10 ms on Tensor Cores, 0.112 ms of memory; at one row 2.14 and 0.268 μs against 37.3 μs', () => {
  const rows = shown('tab-4-6-1-a');
  assert.deepEqual(rows.map((r) => r[0]), ['936', '1,008', '1,792', '1,792', '2,039', '3,350', '4,800']);
  assert.deepEqual(rows.map((r) => r[1]), ['71', '165.2', '209.5', '503.8', '312', '989.4', '989.5']);
  assert.equal(rows[1][2], '163.9');
  assert.deepEqual(
    shown('fig-4-26').map((b) => b.segments[0]),
    ['8,754.07 μs', '1,099.51 μs', '111.85 μs', '2.14 μs', '0.27 μs', '37.30 μs'],
  );
});

test('§4.7: 72 TSPs for the weights and 6 for one 8K KV; ROM cuts HBM traffic 13.5×, KV passes the weights at 12.53 (batch 13), 18 requests per stack', () => {
  assert.deepEqual(shown('sram-chips'), ['72', '6']);
  assert.deepEqual(shown('fig-4-33'), ['13.5', '12.53', '13', '18']);
  // The curve under the steps crosses at the same batch as rom_split's first batch with KV above the weights.
  const cfg = allWidgets['fig-4-33'];
  const curve = ask('crossover_curve', { ...substituted(cfg.data.curve_fields, defaults(cfg)), max_batch: cfg.data.max_batch });
  assert.equal(curve.crossover_batch, 13);
});

test('§4.8: Table 4.8.1-a 0.20 / 33.30 μs and 52.00 / 37.45 μs; 179 rows (391 and 86 doubled); Fig. 4-36 17.46 … 3.41 ms; Example 4-3', () => {
  assert.deepEqual(shown('tab-4-8-1-a'), [
    ['0.20 μs', '33.30 μs', '33.30 μs', '1.00'],
    ['52.00 μs', '37.45 μs', '52.00 μs', '227.56'],
  ]);
  assert.deepEqual(shown('ridge-rows'), ['163.9', '179', '391', '86']);
  assert.deepEqual(
    shown('fig-4-36').map((b) => b.segments[0]),
    ['17.46 ms', '16.22 ms', '9.12 ms', '9.12 ms', '8.02 ms', '4.88 ms', '3.41 ms', '29.94 ms', '19.96 ms'],
  );
  assert.deepEqual(shown('example-4-3'), ['40,000,000,000,000', '15,768,000,000,000', '39.4%', '254', '7,884,000', '2.54']);
});

test("Fig. 4-35: the roofline's two lines on the RTX 4090 cross between 64 and 256 rows, and the mark is at 179", () => {
  const rows = shown('fig-4-35');
  assert.deepEqual(rows[0], ['0.20 μs', '33.30 μs']);
  assert.deepEqual(rows[4], ['52.00 μs', '37.45 μs']);
  const cfg = allWidgets['fig-4-35'];
  const first = ask('projection', merge(defaults(cfg), cfg.table.fields, cfg.table.rows[0].fields));
  assert.equal(follow(first, cfg.data.marker.path), 179);
  assert.deepEqual(
    cfg.table.rows.map((r) => r.fields[cfg.data.x]),
    [1, 4, 16, 64, 256, 1024, 4096],
  );
});

test('Fig. 4-13: on the RTX 4090, 8K × 4 (23.361 GB) and 16K × 2 fit under 24 GB, 8K × 5 (24.569 GB) does not; FP8 KV lets the fifth in', () => {
  assert.deepEqual(shown('fig-4-13'), [
    { segments: ['16.381 GB', '2 GiB', '4.5 GiB'], total: '23.361 GB' },
    { segments: ['16.381 GB', '2 GiB', '5.625 GiB'], total: '24.569 GB' },
    { segments: ['16.381 GB', '2 GiB', '4.5 GiB'], total: '23.361 GB' },
  ]);
  const fp8 = ask('device_budget', { model: 'qwen3-8b', batch: 5, context: 8192, workspace_bytes: 2147483648, kv_dtype: 'fp8', devices: ['rtx-4090'] });
  assert.equal(fp8.budget_display, '21.549 GB');
  assert.equal(fp8.rows[0].fits, true);
});

test('Figs. 4-22 and 4-23: all on die 0, B200 8.59 / 8.59 ms and the 910C 21.47 / 127.26 ms; in place, 8.59 ms + 6.71 μs and 21.47 ms + 0.25 ms', () => {
  const one = (bars) => bars.map((b) => b.segments[0]);
  assert.deepEqual(one(shown('fig-4-22')), ['8.59 ms', '8.59 ms', '21.47 ms', '127.26 ms']);
  assert.deepEqual(one(shown('fig-4-23')), ['8.59 ms', '6.71 μs', '21.47 ms', '0.25 ms']);
});

test('Fig. 4-9: one expert runs 2 useful rows and 14 of zeros (16), spread over 256; 64 rows and no padding, concentrated on 8', () => {
  assert.deepEqual(shown('fig-4-9'), [
    { segments: ['2', '14'], total: '16' },
    { segments: ['64', '0'], total: '64' },
  ]);
});

test('Example 4-1 and Fig. 4-11: 1,024 cycles as built, 1,024 with the matrix doubled (exp 1,024), 768 with exp too (smem 768), 512 with all three', () => {
  assert.deepEqual(shown('example-4-1'), ['1,024', '1,024', '1,024', '768', '768', '512']);
  assert.deepEqual(
    shown('fig-4-11').map((b) => b.segments[0]),
    ['1,024', '768', '1,024', '512', '768', '1,024', '512', '768', '512', '512', '384', '512'],
  );
});

test('Fig. 4-16: a 128 × 128 BF16 tile of a 4,096-wide matrix reads 32 KiB over 1,040,640 B; whole rows would be 1 MiB', () => {
  assert.deepEqual(shown('fig-4-16'), [
    { segments: ['32 KiB', '984.25 KiB'], total: '1,016.25 KiB' },
    { segments: ['1 MiB'], total: null },
  ]);
  assert.equal(ask('strided_tile', {}).span_bytes, 1040640);
  // Narrow the matrix to the tile's width and the rows touch: nothing is skipped.
  assert.equal(ask('strided_tile', { tile_cols: 4096 }).skipped_bytes, 0);
});

test('Fig. 4-27: 32 MiB of BF16 read in 33.29 μs on an RTX 4090 and 18.72 μs on an RTX 5090; MXFP8 9.65 μs, MXFP4 4.97 μs', () => {
  assert.deepEqual(
    shown('fig-4-27').map((b) => b.segments[0]),
    ['33.29 μs', '18.72 μs', '9.65 μs', '4.97 μs'],
  );
  // Groups of 16 carry twice the scales: 9 MiB at 1,792 GB/s.
  assert.equal(ask('quant_bytes', { elements: 16777216, bits: 4, group: 16, gpu: 'rtx-5090' }).read_display, '5.27 μs');
});

test('Fig. 4-29: Ascend 910 unfolds 392 KiB (0.383 MiB) into 3.445 MiB, writes and reads it back (6.891 MiB, 6.02 μs at 1.2 TB/s)', () => {
  assert.deepEqual(shown('fig-4-29'), [
    { segments: ['392 KiB', '3.445 MiB', '3.445 MiB'], total: '7.273 MiB' },
    { segments: ['392 KiB'], total: null },
  ]);
  const r = ask('im2col_traffic', {});
  assert.deepEqual([r.extra_display, r.extra_us_display, r.matrix_cycles, r.vector_groups, r.flops_display], ['6.891 MiB', '6.02 μs', 28224, 1568, '231.21 MFLOPs']);
});

test('Fig. 4-31: two hand-offs of a 128 × 128 FP32 tile in 1.024 μs need 256 GB/s outside, 128 GB/s direct, 64 GB/s in BF16; 2.79 μs at 94 GB/s', () => {
  assert.deepEqual(
    shown('fig-4-31').map((b) => b.segments[0]),
    ['256 GB/s', '128 GB/s', '64 GB/s'],
  );
  const r = ask('handoff_bandwidth', {});
  assert.deepEqual([r.outer_display, r.direct_display, r.outer_us_display, r.port_display], ['256 KiB', '128 KiB', '2.79 μs', '94 GB/s']);
});

/** A dataset value printed as a measured cell asks: grouped digits for digits 0, else that many decimals. */
function ch04PrintedMeasure(dataset, cell) {
  const v = follow(dataset, cell.path);
  assert.equal(typeof v, 'number', cell.path);
  return cell.digits === 0 ? v.toLocaleString('en-US') : v.toFixed(cell.digits);
}

test('Table 4.8.3-a and Figures 4-37 and 4-38: experiment 4-6’s times (42.9 / 51.9 and 32.6 / 33.5 μs) and DRAM reads, each bar its dataset’s value', () => {
  assert.deepEqual(shown('fig-4-37'), [
    ['42.9', '51.9'],
    ['32.6', '33.5'],
  ]);
  assert.deepEqual(shown('fig-4-38'), [
    ['33,554,688', '33,554,688'],
    ['256', '33,607,936'],
  ]);
  for (const id of ['fig-4-37', 'fig-4-38']) {
    const cfg = allWidgets[id];
    const dataset = read(`content/ch04/data/${cfg.data.dataset}.json`);
    assert.equal(dataset.kind, 'measured');
    assert.ok(dataset.shown_in.includes(id), `${cfg.data.dataset} names ${id}`);
    assert.match(cfg.data.source, new RegExp(dataset.source.path.replace('experiments/ch04/04-06/', '').replace(/[.]/g, '\\.')), id);
    for (const g of cfg.data.groups) for (const c of g.cells) assert.equal(c.v, ch04PrintedMeasure(dataset, c), `${id} ${g.label} ${c.path}`);
  }
  // Table 4.8.3-a prints all eight medians of the timing file, each its dataset's value at the cell's digits.
  const table = allWidgets['tab-4-8-3-a'];
  assert.equal(table.kind, 'measured-table');
  assert.deepEqual(shown('tab-4-8-3-a'), [
    ['166', '183', '42.9', '51.9'],
    ['1,835', '1,835', '32.6', '33.5'],
  ]);
  const timingFile = read(`content/ch04/data/${table.data.dataset}.json`);
  assert.ok(timingFile.shown_in.includes('tab-4-8-3-a'));
  for (const r of table.data.rows) {
    for (const c of r.cells) {
      const v = follow(timingFile, c.path);
      assert.equal(Number(c.v.replace(/,/g, '')), Number(v.toFixed(c.digits)), `tab-4-8-3-a ${r.label} ${c.path}`);
    }
  }
  // The bars are the RTX rows of each file: the timing rows the figure reads are CUDA's, and the two files name the same four conditions.
  const timing = read('content/ch04/data/projection-timing.json').values.rows;
  const traffic = read('content/ch04/data/projection-traffic.json').values.rows;
  const conditions = (rows) => rows.map((r) => `${r.m}/${r.mode}`);
  assert.deepEqual(conditions(timing.slice(4)), conditions(traffic));
  assert.ok(timing.slice(4).every((r) => r.device === 'cuda'));
});
