// Chapter 3's widgets of sections 3.3 and 3.4 (content/ch03/widgets/w33.json,
// w34.json): every default request a widget sends goes through the Node build
// of the core, and the values the chapter prints come back at their places.
// Requests are built as the page builds them: shared fields, then the row's or
// step's, then the cell's, with "$var" replaced by its control's default
// (runtime/cells.ts); the chart kinds also replace "$var" inside lists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { ask as askCore, defaults, follow as followPath, substituted as substitute } from '../widget-requests.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);

/** The text at a result path; a path that leads nowhere fails. */
function follow(value, p) {
  const at = followPath(value, p);
  assert.notEqual(at, undefined, `path ${p}`);
  return String(at);
}
const configs = Object.assign({}, ...['w33', 'w34'].map((f) => JSON.parse(readFileSync(path.join(root, `content/ch03/widgets/${f}.json`), 'utf8')).widgets));

/** The values a steps widget shows with its defaults, in order. */
function stepValues(id) {
  const cfg = configs[id];
  const vars = defaults(cfg);
  return cfg.steps.map((s) => follow(ask(s.op, substitute({ ...cfg.fields, ...s.fields }, vars)), s.path));
}

/** A core-table's cells with its defaults: [row][column]. */
function tableCells(id) {
  const cfg = configs[id];
  const vars = defaults(cfg);
  return cfg.table.rows.map((row) =>
    cfg.table.columns.map((col) => follow(ask(col.op, substitute({ ...cfg.table.fields, ...row.fields, ...col.fields }, vars)), row.path ?? col.path)),
  );
}

/** A one-bar stage-stack's segments (each its own request), total and lines as displayed with its defaults. */
function stackValues(id) {
  const cfg = configs[id];
  assert.equal(cfg.kind, 'stage-stack', id);
  const vars = defaults(cfg);
  const read = (part) => {
    if (!part.op) return { value: part.bytes, display: part.display };
    const r = ask(part.op, substitute(part.fields, vars));
    return { value: follow(r, part.path), display: follow(r, part.display) };
  };
  const [bar] = cfg.data.bars;
  return { segments: bar.segments.map(read), total: read(bar.total), lines: cfg.data.lines.map(read) };
}

test('every widget block of 3-3 and 3-4 (both editions) has a config here, and every config a block', () => {
  for (const page of ['content/ch03/3-3.md', 'content/ch03/3-4.md', 'content/i18n/en/ch03/3-3.md', 'content/i18n/en/ch03/3-4.md']) {
    const blocks = [...readFileSync(path.join(root, page), 'utf8').matchAll(/^```widget (\S+)/gm)].map((m) => m[1]);
    for (const id of blocks) assert.ok(id in configs, `${page}: widget ${id} has no config`);
  }
  const zh = ['3-3', '3-4'].flatMap((p) => [...readFileSync(path.join(root, `content/ch03/${p}.md`), 'utf8').matchAll(/^```widget (\S+)/gm)].map((m) => m[1]));
  assert.deepEqual(Object.keys(configs).sort(), [...new Set(zh)].sort());
});

test('figure 3-16: 640×640, patch 16, 2×2 merge → 1600 patches, 400 tokens, 2,048,000 bytes of one feature group', () => {
  assert.deepEqual(stepValues('fig-3-16'), ['40×40', '1600', '20×20', '400', '2048000']);
});

test('figure 3-17: four feature groups make 8,192,000 bytes = 7.8125 MiB; the vision tokens hold 56.25 MiB of KV', () => {
  assert.deepEqual(stepValues('fig-3-17'), ['400', '1.9531 MiB', '8192000', '7.8125 MiB', '56.25 MiB']);
});

test('table 3.3.1-a: EC 7.8125 MiB and language KV 56.25 MiB of one screenshot', () => {
  assert.deepEqual(tableCells('tab-3-3-1-a'), [['7.8125 MiB'], ['56.25 MiB']]);
});

test('four images and 400 text tokens: EC 31.25 MiB, visual KV 225 MiB, input KV 281.25 MiB; doubling the side quadruples', () => {
  assert.deepEqual(stepValues('case-mm-budget'), ['1600', '31.25 MiB', '225 MiB', '281.25 MiB', '125 MiB', '900 MiB']);
});

test('audio timeline: 960-byte chunks, first play at 78 ms, the third chunk at 123 ms misses 118 ms by 5 ms; a 60 ms buffer starts at 98 ms with no stall', () => {
  assert.deepEqual(stepValues('case-audio-buffer'), ['960', '78 ms', '123', '118', '5 ms', '98 ms', '0 ms']);
  const cfg = configs['fig-3-19'];
  const r = ask('audio_playout', substitute(cfg.data.request, defaults(cfg)));
  assert.equal(r.first_play_ms, 78);
  assert.equal(r.stall_ms, 5);
  assert.deepEqual(
    r.chunks.map((c) => [c.arrival_ms, c.planned_ms, c.play_ms]),
    [[38, 78, 78], [58, 98, 98], [123, 118, 123], [98, 138, 143], [118, 158, 163], [138, 178, 183], [158, 198, 203], [178, 218, 223]],
  );
});

test('speech what-if: first chunk at 400 ms, the next 94 ms later; a 40 ms buffer starts at 440 ms', () => {
  assert.deepEqual(stepValues('speech-arrivals'), ['400', '494', '440 ms', '0 ms']);
  // The delay before the first chunk is carried by the network, not the model stage: a model
  // slower than a chunk would fall further behind with every chunk (audio_playout is serial).
  const f = configs['speech-arrivals'].fields;
  assert.ok(Number(f.process_ms) <= Number(f.chunk_ms));
});

test('media work: ten codebooks take 1 + 9 = 10 fast forwards a frame; 1024² is a 64×64 latent grid of 4096 positions, 50 × 2 = 100 DiT forwards', () => {
  const cfg = configs['media-work'];
  const vars = defaults(cfg);
  const results = Object.fromEntries(Object.entries(cfg.data.requests).map(([name, r]) => [name, ask(r.op, substitute(r.fields, vars))]));
  const values = Object.fromEntries(Object.entries(cfg.data.values).map(([name, v]) => [name, follow(results[v.request], v.path)]));
  assert.deepEqual(values, { passes: '1 + 9 = 10', grid: '64×64', positions: '4096', forwards: '50 × 2 = 100' });
  // Every placeholder a label or the description names is one of those values.
  const named = [...JSON.stringify([cfg.data.diagram, cfg.text]).matchAll(/\{([a-z]+)\}/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(named)].sort(), ['forwards', 'grid', 'passes', 'positions']);
});

test('figure 3-20: an interrupt issued at 123 ms mutes at 130 ms, 7 ms later', () => {
  assert.deepEqual(stepValues('fig-3-20'), ['130 ms', '7 ms']);
});

test('table 3.4.1-a: each of the three products of the query projection at m = 8192 is 2mkn', () => {
  assert.deepEqual(stepValues('tab-3-4-1-a'), ['274877906944', '274877906944', '274877906944']);
});

test('example 3-3: 18 B per parameter, 147.433 GB ≈ 137.308 GiB for Qwen3-8B, nine times the weights', () => {
  assert.deepEqual(stepValues('example-3-3'), [
    '8190735360',
    '16.381 GB（15.256 GiB）',
    '32.763 GB（30.513 GiB）',
    '18',
    '147.433 GB',
    '137.308 GiB',
    '9',
  ]);
});

test('figure 3-23: the five parts of 18 B per parameter add up to the core total, 147.433 GB', () => {
  const s = stackValues('fig-3-23');
  assert.deepEqual(
    s.segments.map((x) => x.value),
    ['16381470720', '32762941440', '32762941440', '32762941440', '32762941440'],
  );
  assert.equal(s.total.value, '147433236480');
  assert.equal(s.total.display, '147.433 GB');
  assert.equal(s.segments.reduce((a, x) => a + BigInt(x.value), 0n), BigInt(s.total.value));
  assert.deepEqual(s.lines.map((x) => x.display), ['80 GB', '96 GB', '141 GB']);
});

test('packing: 4096 + 4096 has 16,781,312 causal pairs, 7168 + 1024 has 26,218,496; per layer 274.95 → 429.56 GFLOPs', () => {
  assert.deepEqual(stepValues('case-packing'), ['16781312', '274.95 GFLOPs', '26218496', '429.56 GFLOPs', '15.46 TFLOPs']);
});

test('table 3.4.3-a at the book\'s precision, in one unit: 143.789 + 287.579 = 431.368 TFLOPs against 6ND 402.591; 4096 labels with a compact head give 416.074', () => {
  assert.deepEqual(tableCells('tab-3-4-3-a'), [
    ['143.789', '287.579', '431.368', '59.381', '402.591'],
    ['138.691', '277.382', '416.074', '59.381', '402.591'],
  ]);
  for (const c of configs['tab-3-4-3-a'].table.columns) assert.match(c.header, /（TFLOPs）$/);
});

test('figure 3-24: forward 143,789,331,054,592 and backward 287,578,662,109,184 FLOPs add up to 431.37 TFLOPs; 6ND 402.59', () => {
  const s = stackValues('fig-3-24');
  assert.deepEqual(
    s.segments.map((x) => x.value),
    ['143789331054592', '287578662109184'],
  );
  assert.equal(s.total.display, '431.37 TFLOPs');
  assert.equal(s.segments.reduce((a, x) => a + BigInt(x.value), 0n), BigInt(s.total.value));
  assert.deepEqual(s.lines.map((x) => x.display), ['402.59 TFLOPs']);
});

test("figure 3-23's card lines are the published capacities of content/ch03/data/hardware-specs.json, not computed", () => {
  const specs = JSON.parse(readFileSync(path.join(root, 'content/ch03/data/hardware-specs.json'), 'utf8')).values;
  const lines = configs['fig-3-23'].data.lines;
  for (const l of lines) assert.equal(l.source, 'content/ch03/data/hardware-specs.json');
  assert.deepEqual(
    lines.map((l) => [l.label, l.bytes, l.display]),
    [
      ['H100 SXM', `${specs.h100_sxm.memory_gb}000000000`, `${specs.h100_sxm.memory_gb} GB`],
      ['RTX PRO 6000', String(specs.rtx_pro_6000.nominal_device_capacity_bytes), '96 GB'],
      ['H200', `${specs.h200.memory_gb}000000000`, `${specs.h200.memory_gb} GB`],
    ],
  );
});
