// Chapter 5's widgets (content/ch05/widgets/w5N.json): every default request
// goes through the Node build of the core, each widget is placed on its page
// in both written editions, the values a reader sees with the defaults are
// the chapter's printed numbers, and a control change reaches the core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { ask as askCore, defaults, follow, merged as merge } from '../widget-requests.mjs';

const engine = await loadEngine();
const ask = (op, fields) => askCore(engine, op, fields);
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const PAGES = { w51: '5-1.md', w52: '5-2.md', w53: '5-3.md', w54: '5-4.md', w55: '5-5.md', w56: '5-6.md' };
const configs = Object.fromEntries(Object.keys(PAGES).map((f) => [f, read(`content/ch05/widgets/${f}.json`).widgets]));
const allWidgets = Object.assign({}, ...Object.values(configs));
const MiB = 1024 * 1024;

/** What a widget shows for the control values `vars` (its defaults unless given), as the page prints it. */
function shown(id, changes = {}) {
  const cfg = allWidgets[id];
  // Control values are keyed by their field ("$m"), as the page's controls feed them.
  const vars = { ...defaults(cfg), ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [`$${k}`, v])) };
  const at = (result, p) => {
    const v = follow(result, p);
    assert.notEqual(v, undefined, `${id}: no value at ${p}`);
    return String(v);
  };
  if (cfg.kind === 'steps-chart') {
    return {
      steps: cfg.steps.map((s) => at(ask(s.op, merge(vars, cfg.fields, s.fields)), s.path)),
      bars: cfg.data.bars.map((b) => at(ask(b.op, merge(vars, cfg.fields, b.fields)), b.raw)),
    };
  }
  if (cfg.kind === 'core-table' && cfg.table.list) {
    const l = cfg.table.list;
    return follow(ask(l.op, merge(vars, l.fields)), l.path).map((row) => [String(row[l.label]), ...cfg.table.columns.map((c) => at(row, c.path))]);
  }
  if (cfg.kind === 'steps') return cfg.steps.map((s) => at(ask(s.op, merge(vars, cfg.fields, s.fields)), s.path));
  if (cfg.kind === 'core-table') {
    const t = cfg.table;
    return t.rows.map((r) => t.columns.map((c) => at(ask(c.op, merge(vars, t.fields, r.fields, c.fields)), r.path ?? c.path)));
  }
  if (cfg.kind === 'stage-stack') {
    return cfg.data.bars.map((b) => {
      const answer = ask(b.op, merge(vars, b.fields));
      return { segments: b.segments.map((s) => at(answer, s.path)), total: b.total ? at(answer, b.total.display) : at(answer, b.segments[0].display) };
    });
  }
  if (cfg.kind === 'line-chart') {
    // At the reader's x: each line's value there (in its own request's answer), and the dashed rules the core places.
    const d = cfg.data;
    const answer = ask(d.op, merge(vars, d.request));
    const answerOf = (l) => {
      if (!l.request) return answer;
      const r = d.requests.find((q) => q.id === l.request);
      return ask(r.op ?? d.op, merge(vars, d.request, r.fields));
    };
    return { series: d.series.map((l) => at(answerOf(l), l.display ?? l.path)), rules: (d.rules ?? []).map((r) => at(answer, r.display ?? r.path)) };
  }
  if (cfg.kind === 'plane-points') {
    // Each point's two values (the x as displayed, the y as it stands), its own fields on top of the shared request.
    const d = cfg.data;
    return d.points.map((pt) => {
      const answer = ask(d.op, merge(vars, d.request, pt.fields));
      return [at(answer, d.x.display ?? d.x.path), at(answer, d.y.display ?? d.y.path)];
    });
  }
  // A measured trace asks the core nothing: each bar's times are its dataset's (tested below against the dataset).
  if (cfg.kind === 'gantt' && cfg.data.dataset) return cfg.data.intervals.map((i) => [i.lane, i.kind, `${i.start.v}–${i.end.v}`]);
  if (cfg.kind === 'gantt') {
    // The bars (lane, kind, start – end as displayed) and the dashed markers.
    const d = cfg.data;
    const answer = ask(d.op, merge(vars, d.request));
    const bars = follow(answer, d.items).map((i) => [String(follow(i, d.lane)), String(follow(i, d.kind)), `${at(i, d.start_display ?? d.start)}–${at(i, d.end_display ?? d.end)}`]);
    return { bars, markers: (d.markers ?? []).map((m) => at(answer, m.display ?? m.path)) };
  }
  // Measured bars ask the core nothing: each bar is its dataset's value as printed (tested below against the dataset).
  if (cfg.kind === 'measured-bars') return cfg.data.groups.map((g) => g.cells.map((c) => c.v));
  throw new Error(`${id}: no reader for kind ${cfg.kind}`);
}

test('every chapter-5 widget answers with its defaults and is placed on its page in both editions', () => {
  for (const [file, widgets] of Object.entries(configs)) {
    for (const id of Object.keys(widgets)) {
      assert.ok(shown(id), id);
      for (const dir of ['content/ch05', 'content/i18n/en/ch05']) {
        assert.match(readFileSync(path.join(root, dir, PAGES[file]), 'utf8'), new RegExp('```widget ' + id + '\\n'), `${dir}/${PAGES[file]} places ${id}`);
      }
    }
  }
});

test('Figures 5-5 and 5-16: block 0 copied 0–1.29 into slot A and computed 1.29–1.57, block 2 copied from 2.58 μs; a 4 KiB copy makes the consumer the pace', () => {
  const g = shown('fig-5-5');
  assert.deepEqual(g.markers, ['1.57 μs', '2.58 μs']);
  assert.deepEqual(g.bars.slice(0, 2), [['producer', 'A', '0.00–1.29'], ['consumer', 'A', '1.29–1.57']]);
  assert.deepEqual(g.bars[4], ['producer', 'A', '2.58–3.87']);
  assert.deepEqual(shown('fig-5-16').bars[4], ['A', 'copy', '2.58–3.87']);
  // 4 KiB: 0.16 μs to copy against 0.28 to compute; the computes run back to back from the first copy's end.
  const fast = shown('fig-5-5', { cb: '4096' }).bars.filter((b) => b[0] === 'consumer');
  assert.deepEqual(fast.map((b) => b[2]), ['0.16–0.44', '0.44–0.72', '0.72–1.00', '1.00–1.28']);
});

test('Figure 5-37: one launch 0–5 μs, projections 5–18.49 … back to back, each activation after its projection, done at 115 μs', () => {
  const g = shown('fig-5-37');
  assert.deepEqual(g.markers, ['115 μs']);
  assert.equal(g.bars.length, 17);
  assert.deepEqual(g.bars.slice(0, 3), [['host', 'launch', '0.00–5.00'], ['matrix', 'projection', '5.00–18.49'], ['vector', 'activation', '18.49–20.94']]);
  assert.equal(g.bars[16][2].split('–')[1], '115.36');
  // Without scheduling cost each task is 0.2 μs shorter: 5 + 8 × 12.99 + 1.96.
  assert.equal(shown('fig-5-37', { ps: '0' }).markers[0], '111 μs');
});

test('Figures 5-18 and 5-39 at the book\'s points: 1 GiB of S and P against 404 MiB tiled at L = 8,192; 65.085 against 33.422 MiB read per step at 128K', () => {
  assert.deepEqual(shown('fig-5-18').series.slice(0, 2), ['1 GiB', '404 MiB']);
  assert.deepEqual(shown('fig-5-39').series, ['439.281 MiB', '111.25 MiB', '65.085 MiB', '33.422 MiB']);
});

test('Figure 5-22: adding first gives SiLU(0) = 0, activating first about 0.4621 at a = 1 and 2.7154 at a = 3', () => {
  assert.deepEqual(shown('fig-5-22'), { steps: ['0.0000', '0.4621'], bars: ['0', '0.462117'] });
  assert.deepEqual(shown('fig-5-22', { ap: '3' }).steps, ['0.0000', '2.7154']);
});

test('the tile explorer at 64×64, k = 32: 24 KiB, A read 192 times, W 16 times, 3,096 MiB, 31.8 per byte, 4 blocks per SM', () => {
  assert.deepEqual(shown('tile-explorer'), ['24 KiB', '192', '16', '3.023 GiB', '31.8', '4']);
  // 128×128 (Example 5-3): 80 KiB, 96 and 8 re-reads, 1,560 MiB, 63.0, one block.
  assert.deepEqual(shown('tile-explorer', { m: '128', n: '128' }), ['80 KiB', '96', '8', '1.523 GiB', '63.0', '1']);
  // Lab 5-1's 64×128: 44 KiB, two blocks; §5.4.5's double buffers: 32 KiB at 64×64 → 3 blocks, 96 KiB at 128×128 → 1.
  assert.deepEqual(shown('tile-explorer', { n: '128' }).filter((_, i) => i === 0 || i === 5), ['44 KiB', '2']);
  assert.deepEqual(shown('tile-explorer', { buf: '2' }).filter((_, i) => i === 0 || i === 5), ['32 KiB', '3']);
  assert.deepEqual(shown('tile-explorer', { m: '128', n: '128', buf: '2' }).filter((_, i) => i === 0 || i === 5), ['96 KiB', '1']);
  // A tile larger than the 99 KB a block may use fits nowhere.
  assert.equal(shown('tile-explorer', { m: '256', n: '256' })[5], '0');
});

test('Figure 5-25: 10 against 12.5 μs per call at p = 50 %, 6.5 μs at 90 %, 20 μs at 0, crossing at 66.7 % (2/3)', () => {
  assert.deepEqual(shown('fig-5-25'), { series: ['10.0 μs', '12.5 μs'], rules: ['66.7%'] });
  assert.deepEqual(shown('fig-5-25', { p: '90' }).series, ['10.0 μs', '6.5 μs']);
  assert.deepEqual(shown('fig-5-25', { p: '0' }).series, ['10.0 μs', '20.0 μs']);
  assert.equal(ask('shape_mix', { calls: [1, 1], old_us: ['10', '10'], new_us: ['5', '20'] }).breakeven_share, '2/3');
});

test('Table 5.2.2-a: 6,168 / 3,096 / 1,560 MiB, 15.9 / 31.8 / 63.0, 8 / 24 / 80 KiB, and 11 / 4 / 1 resident blocks (9, 25 and 81 KiB with the reserve in 100 KB)', () => {
  assert.deepEqual(shown('tab-5-2-2-a'), [
    ['6.023 GiB', '15.9', '8 KiB', '11'],
    ['3.023 GiB', '31.8', '24 KiB', '4'],
    ['1.523 GiB', '63.0', '80 KiB', '1'],
  ]);
  const traffic = (m) => ask('gemm_tile_traffic', { tile_m: m, tile_n: m }).traffic_bytes;
  assert.deepEqual([32, 64, 128].map(traffic), [6168 * MiB, 3096 * MiB, 1560 * MiB]);
});

test('Fig. 5-8 draws each tile\'s traffic and follows the reader\'s m × n', () => {
  const bars = shown('fig-5-8');
  assert.deepEqual(bars.map((b) => Number(b.segments[0]) / MiB), [6168, 3096, 1560, 3096]);
  assert.deepEqual(shown('fig-5-8', { m: '64', n: '128' })[3].segments.map((v) => Number(v) / MiB), [2328]);
});

test('Fig. 5-9 splits the working set into A, W and the FP32 accumulator: 4 + 4 + 16 and 8 + 8 + 64 KiB', () => {
  const bars = shown('fig-5-9');
  assert.deepEqual(bars.map((b) => b.segments.map((v) => Number(v) / 1024)), [[4, 4, 16], [8, 8, 64], [4, 4, 16]]);
  assert.deepEqual(bars.map((b) => b.total), ['24 KiB', '80 KiB', '24 KiB']);
  // The reference line is the RTX PRO 6000's 100 KB per SM, as content/hardware states it.
  const hw = read('content/hardware/rtx-pro-6000.json');
  assert.equal(JSON.stringify(hw).includes('"shared_memory_bytes":102400'), true);
  assert.equal(allWidgets['fig-5-9'].data.lines[0].bytes, '102400');
});

test('every zh-Hant text of the chapter-5 widgets has its English in the map, and no digit-only key', () => {
  for (const file of Object.keys(PAGES)) {
    const texts = translatableStrings(read(`content/ch05/widgets/${file}.json`));
    const { strings } = read(`content/i18n/en/ch05/widgets/${file}.json`);
    for (const t of texts) assert.ok(typeof strings[t] === 'string' && strings[t].length > 0, `${file}: no English for "${t}"`);
    for (const key of Object.keys(strings)) assert.ok(/[^\d\s.,×]/.test(key), `${file}: a digit-only key "${key}"`);
  }
});

test('the online softmax of Example 5-6 follows its scrubbed scores and values: ln 1, ln 2 with 1, 3 → r = 1/2, ℓ = 1.5, u = 3.5, 7/3; ln 4 with 5 → 21/5 = 4.2; a larger first score keeps r = 1', () => {
  // m, ℓ, u after block 1; m′, r, ℓ′, u′, output after block 2; one block of both; the direct sum.
  assert.deepEqual(shown('online-softmax'), ['ln 1', '1', '1', 'ln 2', '0.5', '1.5', '3.5', '7/3', '7/3', '7/3']);
  assert.deepEqual(shown('online-softmax', { w2: '4', v2: '5' }), ['ln 1', '1', '1', 'ln 4', '0.25', '1.25', '5.25', '4.2', '4.2', '4.2']);
  assert.deepEqual(shown('online-softmax', { w1: '3' }), ['ln 3', '1', '1', 'ln 3', '1', '5/3', '3', '1.8', '1.8', '1.8']);
});

test('Table 5.3.3-a: b = 1 → 260 MiB, 524,288 updates, a = 128, 64 passes; 64 → 404 MiB, 12,800, 82, 100; 128 → 624 MiB, 9,920, 53, 155', () => {
  assert.deepEqual(shown('tab-5-3-3-a'), [
    ['260 MiB', '524288', '128', '64'],
    ['404 MiB', '12800', '82', '100'],
    ['624 MiB', '9920', '53', '155'],
  ]);
  // Lab 5-3's prefetch slot at b = 64: 66 rows, 125 passes, 504 MiB.
  assert.deepEqual(shown('tab-5-3-3-a', { pre: '1' })[1], ['504 MiB', '16000', '66', '125']);
});

test('Fig. 5-20, as the book draws it: traffic across, updates up; b = 1 at 260 MiB and 524,288 updates, b = 128 at 624 MiB and 9,920, the reader\'s b at the book\'s 64 (404 MiB, 12,800)', () => {
  assert.deepEqual(shown('fig-5-20'), [
    ['260 MiB', '524288'],
    ['624 MiB', '9920'],
    ['404 MiB', '12800'],
  ]);
  // The reader's b moves only the third point; a prefetch slot moves all three (Lab 5-3: 504 MiB at b = 64).
  const b16 = shown('fig-5-20', { b: '16' });
  const flash16 = ask('flash_tile', { kv_rows: 16, prefetch_slots: 0, length: 8192, head_dim: 128 });
  assert.deepEqual(b16, [...shown('fig-5-20').slice(0, 2), [flash16.traffic_display, String(flash16.updates)]]);
  assert.ok(flash16.traffic_bytes > 260 * MiB && flash16.traffic_bytes < 404 * MiB);
  assert.equal(shown('fig-5-20', { pre: '1' })[2][0], '504 MiB');
});

test('Fig. 5-26 (Example 5-10): 4,000 μs in order, 2,020 pipelined; a 5 μs GPU gives 2,005, a 5 μs host as well 505', () => {
  assert.deepEqual(shown('fig-5-26').steps, ['4,000 μs', '2,020 μs', '1980', '1.98×']);
  assert.deepEqual(shown('fig-5-26', { dev: '5' }).bars, ['2500', '2005']);
  assert.deepEqual(shown('fig-5-26', { dev: '5', hostus: '5' }).bars, ['1000', '505']);
});

test('Fig. 5-33 (Example 5-11): 40 μs plain; 2 MiB replays in about 27.3 μs, 16 MiB in about 43.7; the copy eats the saving at 12.8 MiB; 7.21 MiB on an RTX 4090', () => {
  const fig = shown('fig-5-33');
  assert.deepEqual(fig.steps, ['2.3 μs', '40.0 μs', '27.3 μs', '12.817 MiB']);
  assert.equal(fig.bars[0], '40');
  // 25 + 4 MiB / 1,792 GB/s and 25 + 32 MiB / 1,792 GB/s, exact.
  assert.deepEqual(fig.bars.slice(1, 3), [`${25 * 1792000 + 4 * MiB}/1792000`, `${25 * 1792000 + 32 * MiB}/1792000`].map((f) => reduce(f)));
  assert.equal(shown('fig-5-33', { gpu: 'rtx-4090' }).steps[3], '7.21 MiB');
});

test('Graph replay against input size (Example 5-11, Lab 5-8): at 2 MiB 40.0 against 27.3 μs, at 16 MiB 43.7; the dashed break-even is 12.817 MiB, 7.21 MiB on an RTX 4090', () => {
  assert.deepEqual(shown('graph-replay-size'), { series: ['40.0 μs', '27.3 μs'], rules: ['12.817 MiB'] });
  assert.deepEqual(shown('graph-replay-size', { x: String(16 * MiB) }).series, ['40.0 μs', '43.7 μs']);
  assert.deepEqual(shown('graph-replay-size', { gpu: 'rtx-4090' }).rules, ['7.21 MiB']);
  // No preparation at all: the break-even moves out to 20 μs of copy (2X = 20 μs × 1,792 GB/s).
  assert.equal(follow(ask('graph_replay', merge({ $x: '0', $gpu: 'rtx-pro-6000', $prep: '0' }, allWidgets['graph-replay-size'].data.request)), 'breakeven_bytes'), 17920000);
});

test('FlashAttention explorer (Table 5.3.3-a, Lab 5-3): b = 64 gives a = 82, 100 passes, 404 MiB, 12,800 updates against 1 GiB materialised; b = 1 and a prefetch slot move them as the table does', () => {
  assert.deepEqual(shown('flash-explorer'), ['82', '100', '404 MiB', '12800', '1 GiB']);
  assert.deepEqual(shown('flash-explorer', { b: '1' }), ['128', '64', '260 MiB', '524288', '1 GiB']);
  assert.deepEqual(shown('flash-explorer', { pre: '1' }).slice(0, 3), ['66', '125', '504 MiB']);
  // Half the sequence: the S and P matrices shrink four-fold (256 MiB of traffic), the tiles' passes halve.
  assert.deepEqual(shown('flash-explorer', { L: '4096' }).filter((_, i) => i === 1 || i === 4), ['50', '256 MiB']);
});

/** "a/b" in lowest terms, as the core writes a fraction. */
function reduce(f) {
  let [a, b] = f.split('/').map(BigInt);
  const gcd = (x, y) => (y === 0n ? x : gcd(y, x % y));
  const g = gcd(a, b);
  [a, b] = [a / g, b / g];
  return b === 1n ? String(a) : `${a}/${b}`;
}

test('Example 5-12 over r groups: at 70 the totals are 1.29 / 1.27 / 1.38 s (buckets cheapest); crossings at 64.68, 78.39 and 89.83 groups', () => {
  const rows = shown('strategies-r');
  assert.deepEqual(rows[1], ['1.29 s', '1.27 s', '1.38 s']);
  assert.deepEqual(rows[3], rows[1]);
  assert.deepEqual(shown('strategies-r', { r: '200' })[3], rows[2]);
  // Figure 5-35's three lines at the reader's r = 70, and the two hand-overs that cut the ranges (general → buckets → specialised).
  assert.deepEqual(shown('fig-5-35'), { series: ['1.29 s', '1.27 s', '1.38 s'], rules: ['64.68', '89.83'] });
  assert.deepEqual(shown('fig-5-35', { r: '200' }).series, rows[2]);
  const all = ask('shape_strategies', { ...allWidgets['fig-5-35'].data.request, groups: 70 });
  assert.deepEqual(
    all.crossings.map((c) => c.groups_display),
    ['64.68', '78.39', '89.83'],
  );
});

test('Fig. 5-13: with truncation −175.2 / −109.2 / −55.2 / −9.2 / −6.2 / −0.2 ULP, a 166 ULP gap, 40,320 orders → 3 values, scale 59 and output 50 ULP apart; round-to-nearest is the other figure', () => {
  const fig = shown('fig-5-13');
  assert.deepEqual(fig.steps, ['2,038.1288', '166', '40320', '3', '59', '50', '−175.2', '−9.2', '−64.1', '−5.1']);
  assert.deepEqual(fig.bars.map((v) => Number(v).toFixed(1)), ['175.2', '109.2', '55.2', '9.2', '6.2', '0.2']);
  const nearest = shown('fig-5-13', { rnd: 'nearest' });
  assert.deepEqual([nearest.steps[0], nearest.steps[3]], ['2,048.4798', '2']);
  // Both roundings stay side by side whichever the switch shows: the book's truncation and round-to-nearest.
  assert.deepEqual(nearest.steps.slice(6), fig.steps.slice(6));
  assert.deepEqual([nearest.bars[0], nearest.bars[3]].map((v) => Number(v).toFixed(1)), ['64.1', '5.1']);
});

test('Fig. 5-4 and Table 5.1.5-a: threads 8, registers 2, shared memory 2 (97 KiB each), cap 32 → 2 blocks, 16 warps, 25%; Exercise 5-1\'s 32 KiB at 64 registers → 4 blocks, 50%', () => {
  const fig = shown('fig-5-4');
  assert.deepEqual(fig.bars, ['8', '2', '2', '32']);
  assert.deepEqual(fig.steps, ['2', '16', '25%', '512', '65536', String(233472 - 2 * 97 * 1024)]);
  // 34 KiB left, as the page says: 233,472 − 2 × 99,328 = 34,816 B.
  assert.equal(Number(fig.steps[5]), 34 * 1024);
  const ex = shown('fig-5-4', { reg: '64', smem: '32768' });
  assert.deepEqual([ex.bars, ex.steps.slice(0, 3)], [['8', '4', '6', '32'], ['4', '32', '50%']]);
});

test('Fig. 5-24 (Example 5-8): 444 MiB separately against 620 MiB fused with 12 column blocks; +16 and +32 MiB per column block', () => {
  const fig = shown('fig-5-24');
  assert.deepEqual(fig.steps, ['12', '444 MiB', '620 MiB', String(16 * MiB), String(32 * MiB)]);
  assert.deepEqual(fig.bars.map((v) => Number(v) / MiB), [444, 620]);
  // Narrower tiles (64 columns): 24 column blocks, and the fused version falls further behind.
  const narrow = shown('fig-5-24', { qn: '64' });
  assert.equal(narrow.steps[0], '24');
  assert.ok(Number(narrow.bars[1]) - Number(narrow.bars[0]) > Number(fig.bars[1]) - Number(fig.bars[0]));
});

test('Fig. 5-10: a column takes 32 rounds as stored, 1 with a word of padding (4,224 B, +3.125%) or the XOR swizzle (no extra bytes)', () => {
  assert.deepEqual(shown('fig-5-10').bars, ['32', '1']);
  assert.deepEqual(shown('fig-5-10', { lay: 'pad' }).steps, ['1', '1', '4224', '3.125']);
  assert.deepEqual(shown('fig-5-10', { lay: 'xor' }).steps, ['1', '1', '4096', '0']);
});

test('Fig. 5-36: 126 μs coarse against 115 μs block by block; 10.988 μs saved = 5 + 12.288 − 6.3', () => {
  const fig = shown('fig-5-36');
  assert.deepEqual(fig.steps, ['126 μs', '115 μs', '10.988', '5', '12.288', '6.3']);
  // A 10 μs launch: the one launch saved is worth 10 μs, the rest of the saving is unchanged.
  assert.deepEqual(shown('fig-5-36', { lu: '10' }).steps.slice(2, 4), ['15.988', '10']);
});

test('Fig. 5-38: 80 μs as is, 60 with A at 15 or 40, 110 when B is slowed to 90', () => {
  assert.deepEqual(shown('fig-5-38').map((b) => b.segments[0]), ['80', '60', '60', '110']);
});

test('Fig. 5-3 (Example 5-2): 35 μs as is, 20 μs with the kernel 4× faster (1.75×); 15 μs untouched caps it at 7/3', () => {
  const fig = shown('fig-5-3');
  assert.deepEqual(fig.bars, ['35', '20']);
  assert.deepEqual(fig.steps, ['20.000 μs', '1.75', '15.000 μs', '2.33']);
});

test('Fig. 5-34: 5,632 rows at the actual shapes, 8,192 in buckets; Fig. 5-23: 55/56 with a row scale, 1 with a block scale', () => {
  assert.deepEqual(shown('fig-5-34').map((b) => b.segments[0]), ['5632', '8192']);
  assert.deepEqual(shown('fig-5-23').map((b) => b.segments[0]), ['55/56', '1']);
});

test('Fig. 5-15: 60 MiB fused, 108 MiB cut after SiLU or after the multiply, 156 MiB apart; peaks 72 and 60 MiB', () => {
  const fig = shown('fig-5-15');
  assert.deepEqual(fig.bars.map((v) => Number(v) / MiB), [60, 108, 108, 156]);
  assert.deepEqual(fig.steps, ['4', '96 MiB', '72 MiB', '60 MiB']);
});

test('Fig. 5-17 (Example 5-5): 4 × 1.57 = 6.28 μs in order, 4 × 1.29 + 0.28 = 5.44 μs with two slots, 13% saved', () => {
  const fig = shown('fig-5-17');
  assert.deepEqual(fig.steps, ['6.28 μs', '5.44 μs', '13%', '1.29 μs']);
  // From one H100 SM's exact share, not the rounded 1.29 and 0.28: 8 × 1.5709… and 8 × 1.2912… + 0.2798….
  assert.deepEqual(shown('fig-5-17', { n: '8' }).steps.slice(0, 2), ['12.57 μs', '10.61 μs']);
});

test('§5.2.4 split reduction: 1,024 → 8,192 tasks, 32 KiB of partials and 4 KiB of scales, 24 MiB → 32.07 MiB, 3 kernels, 2 KiB per segment; one decode row has 1 task', () => {
  assert.deepEqual(shown('split-reduction'), ['1024', '8192', '32 KiB', '4 KiB', '24 MiB', '8 MiB', '72 KiB', '32.07 MiB', '3', '16 KiB', '2 KiB']);
  assert.deepEqual(shown('split-reduction', { rows: '1' }).slice(0, 2), ['1', '8']);
});

test('Figures 5-28 to 5-31 (Experiment 5-8): every bar\'s start and end is launch-trace\'s at its path; 18, 15, 3, 3 launches and 18, 15, 18, 15 kernels drawn', () => {
  const data = read('content/ch05/data/launch-trace.json');
  const ids = ['fig-5-28', 'fig-5-29', 'fig-5-30', 'fig-5-31'];
  for (const [r, id] of ids.entries()) {
    const d = allWidgets[id].data;
    assert.equal(d.dataset, 'launch-trace');
    for (const i of d.intervals) {
      for (const t of [i.start, i.end]) assert.equal(t.v, String(follow(data, t.path)), `${id} ${t.path}`);
      // Each bar reads its own range's record, and a bar starts before it ends.
      assert.ok(i.start.path.startsWith(`values.ranges[${r}].`), `${id} ${i.start.path}`);
      assert.equal(i.end.path.replace(/end_ns$/, 'start_ns'), i.start.path);
      assert.ok(Number(i.start.v) < Number(i.end.v));
    }
    for (const t of d.totals) assert.equal(t.v, String(follow(data, t.path)), `${id} ${t.path}`);
    const range = data.values.ranges[r];
    // Every kernel of the range is drawn, and every launch call (kernel or graph) plus the one synchronize.
    const gpu = d.intervals.filter((i) => i.lane === 'gpu');
    const host = d.intervals.filter((i) => i.lane === 'host');
    assert.equal(gpu.length, range.kernels.length);
    assert.equal(gpu.length, range.kernel_count);
    assert.equal(host.filter((i) => i.kind !== 'sync').length, range.launch_api_count);
    assert.equal(host.filter((i) => i.kind === 'sync').length, 1);
    // The dataset's span is its first kernel's start to its last kernel's end.
    assert.equal((range.kernels.at(-1).end_ns - range.kernels[0].start_ns) / 1000, range.device_span_us);
  }
  const counts = (id) => allWidgets[id].data.totals.slice(0, 2).map((t) => t.v);
  assert.deepEqual(ids.map(counts), [['18', '18'], ['15', '15'], ['3', '18'], ['3', '15']]);
  assert.deepEqual(data.values.ranges.map((r) => r.label), ['eager', 'fused', 'graph', 'fused_graph']);
});

test('Figure 5-40 (Experiment 5-9): 11 rounds from replacement-pairs, 9 above zero and 2 below (−2.45, −0.54 ms), the dashed median 1.34 ms', () => {
  const data = read('content/ch05/data/replacement-pairs.json');
  const cfg = allWidgets['fig-5-40'];
  assert.equal(cfg.data.dataset, 'replacement-pairs');
  const cells = cfg.data.groups.flatMap((g) => g.cells);
  for (const c of [...cells, ...cfg.data.rules]) assert.equal(c.v, Number(follow(data, c.path)).toFixed(c.digits), c.path);
  assert.equal(cells.length, 11);
  assert.deepEqual(cells.filter((c) => Number(c.v) < 0).map((c) => c.v), ['-2.45', '-0.54']);
  assert.equal(cells.filter((c) => Number(c.v) > 0).length, data.values.positive_latency_pairs);
  // The printed median is the middle of the 11 differences.
  const sorted = data.values.pairs.map((p) => p.latency_saving_ms).sort((a, b) => a - b);
  assert.equal(sorted[5], data.values.paired_median_latency_saving_ms);
  assert.equal(cfg.data.rules[0].v, '1.34');
});
