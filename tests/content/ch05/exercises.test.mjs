// Chapter 5's 練習 5-1 and its 實驗 (labs) through the Node module: every
// answer is the value derived by hand from the chapter's givens
// (book/ch05-inventory.md, "Derived"), a right answer is accepted in each of
// its forms, every named mistake is named by its code in every edition, a
// drawn variant moves the answers, and the English map covers every text.
// Lab 5-5's loop and its transpose records are open parts (model answers);
// its numeric parts stage the tile in shared memory on our own FP32 / 32-bank
// setting, which bank_conflicts computes.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { assertNamedMistakes, assertRightForms, exerciseSet, readJson } from '../exercise-harness.mjs';

const engine = await loadEngine();
const IDS = ['5-1', 'lab-5-1', 'lab-5-2', 'lab-5-3', 'lab-5-4', 'lab-5-5', 'lab-5-6', 'lab-5-7', 'lab-5-8', 'lab-5-9'];
const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const { exercises, results, valueOf, verdict, run, namedListedMistakes } = exerciseSet(engine, 'ch05', IDS);
const MiB = 1024 * 1024;

/** Two exact values ("a/b", integers or decimals) are the same number. */
function sameRational(x, y) {
  const frac = (s) => {
    const [n, d = '1'] = String(s).split('/');
    const scale = (t) => (t.includes('.') ? [BigInt(t.replace('.', '')), 10n ** BigInt(t.length - t.indexOf('.') - 1)] : [BigInt(t), 1n]);
    const [nn, nd] = scale(n);
    const [dn, dd] = scale(d);
    return [nn * dd, nd * dn];
  };
  const [a, b] = frac(x);
  const [c, d] = frac(y);
  return a * d === b * c;
}

// The values we derived from the chapter's givens.
const DERIVED = {
  // 64×64, K step 64: 8 + 8 + 16 KiB; 233,472 / 33,792 → 6 blocks; registers 65,536 / (256·128) → 2 blocks;
  // 64 registers → 4 blocks, 32 warps, 50%; 32 warps keep 64 KiB in flight against 3.35 TB/s × 600 ns / 132.
  '5-1': { a: String(32 * 1024), b: '6', c: '2', d: '50', e: `${65536 * 132}/${3350 * 600}` },
  // 64×128, k = 32: 4 + 8 + 32 KiB; A read 96 times (768 MiB); 768 + 1,536 + 24 = 2,328 MiB; 102,400 / 46,080 → 2;
  // the same time as 64×64 at 2,328 / 3,096 ≈ 0.752 of its bandwidth.
  'lab-5-1': { a: String(44 * 1024), b: String(768 * MiB), c: String(2328 * MiB), d: '2', e: '2328/3096' },
  // 48 + 72 + 36 = 156 MiB apart, 24 + 24 + 12 = 60 fused; peaks 72 and 60 MiB; 96 KiB saved per row;
  // 98,304 B / 1,792 GB/s = 54.9 ns a row, 5 μs / 54.9 ns = 91.1: 92 rows beat the overhead.
  'lab-5-2': { a: String(156 * MiB), b: String(60 * MiB), c: String(72 * MiB), d: String(60 * MiB), e: String(96 * 1024), f: '92' },
  // ℓ = 1.5/2 + 1, u = 3.5/2 + 5, 27/7; a = 66, 125 scans, 504 MiB with one 16 KiB prefetch slot.
  'lab-5-3': { a: '1.75', b: '6.75', c: '27/7', d: '66', e: '125', f: String(504 * MiB) },
  // 44 stored for 44.8, restored 44 × 10/448 = 55/56; quantising inside the column loop: 620 MiB.
  'lab-5-4': { c: '55/56', d: String(620 * MiB) },
  // A 32×32 FP32 tile: 32 · 32 · 4 = 4,096 B; a stride of 32 words puts a column in one bank, 32 rounds;
  // padded to 33 words a row: 32 · 33 · 4 = 4,224 B.
  'lab-5-5': { a: '4096', b: '32', c: '4224' },
  // 5 + 20 = 25 μs for two calls; 9·5 + 20 = 65 μs for ten; 20 − 15p < 10 ⇔ p > 2/3; 11 − 5p < 10 ⇔ p > 1/5.
  'lab-5-6': { a: '25', b: '65', c: '2/3', d: '1/5' },
  // Four small calls: 500 ms / (9.277 − 5.566 ms) ≈ 134.74; 800 / (13.916 − 5.566) ≈ 95.82; cached 900 / 3.711 ≈ 242.5 → 243.
  'lab-5-7': { a: '30517578125/226492416', b: '6103515625/63700992', c: '243' },
  // RTX 4090: 2X / 1,008 GB/s = 15 μs → 7.56 MB; 16 MiB: 25 + 2·16 MiB / 1,008 GB/s; a direct write: 25 μs.
  'lab-5-8': { a: '7560000', b: `25 + ${2 * 16 * MiB}/1008000`, c: '25' },
  // Decode 2.369803 − 0.920376 ms; less the prefill's 0.025707 ms; 127 decode steps: 1.449427 · 127/31 − 0.025707;
  // A at 15 μs: 10 + 40 + 10.
  'lab-5-9': { b: '1.449427', c: '1.42372', d: '22910039/3875000', e: '60' },
};

/** "25 + a/b" as one rational string. */
const exact = (s) => {
  const m = /^(\d+) \+ (\d+)\/(\d+)$/.exec(s);
  return m ? `${BigInt(m[1]) * BigInt(m[3]) + BigInt(m[2])}/${m[3]}` : s;
};

test('every answer of the exercise and the labs is the value we derived', () => {
  for (const id of IDS) {
    const answers = exercises[id].parts.filter((p) => p.kind === 'answer').map((p) => p.id);
    assert.deepEqual(answers, Object.keys(DERIVED[id]), `${id}: answer parts`);
    for (const p of answers) assert.ok(sameRational(valueOf(id, p), exact(DERIVED[id][p])), `${id}${p}: ${valueOf(id, p)} ≠ ${DERIVED[id][p]}`);
  }
  // The roundings the pages show.
  assert.equal(results['5-1'].lat.coverage_display, '4.30');
  assert.equal(results['5-1'].tile.working_set_display, '32 KiB');
  assert.equal(results['lab-5-3'].pre.traffic_display, '504 MiB');
  assert.equal(results['lab-5-4'].cost.fused_display, '620 MiB');
  assert.equal(results['lab-5-7'].four.crossings.find((c) => c.id === 'bucket-special').groups_display, '134.74');
  assert.equal(results['lab-5-8'].small.breakeven_display, '7.21 MiB');
  // The book's Example 5-11 card, for the named mistake: 12.8 MiB on the RTX PRO 6000 (12.817 as the core shows it).
  assert.equal(results['lab-5-8'].book.breakeven_display, '12.817 MiB');
  // The book's places for the labs' checked parts and worked answers.
  assert.equal(results['lab-5-1'].versus.bandwidth_ratio_display, '0.752');
  assert.equal(results['lab-5-2'].chain.separate_traffic_display, '156 MiB');
  assert.equal(results['lab-5-2'].chain.fused_peak_display, '60 MiB');
  assert.equal(results['lab-5-2'].breakeven.saved_time_display, '54.9 ns');
  assert.equal(results['lab-5-9'].hot.saved_per_step_display, '46.8 μs');
  assert.equal(results['lab-5-9'].longer.projected_decode_saved_display, '5.94 ms');
  assert.equal(results['lab-5-9'].longer.projected_saved_display, '5.91 ms');
});

test('the residency calls take the shared memory part (a) computes', () => {
  // 5-1's residency requests state the block's 32 KiB as bytes; it must be the working set the core derives.
  const ws = results['5-1'].tile.working_set_bytes;
  for (const name of ['high', 'bare', 'low']) assert.equal(exercises['5-1'].calls[name].smem_bytes, ws, name);
});

const RIGHT = [
  ['5-1', 'a', ['32 KiB', '32768', '32768 B', '8 KiB + 8 KiB + 16 KiB']],
  ['5-1', 'b', ['6', '6 個']],
  ['5-1', 'c', ['2', '2 個']],
  ['5-1', 'd', ['50%', '50', '0.5']],
  ['5-1', 'e', ['4.30', '4.3', '4.30 倍']],
  ['lab-5-1', 'a', ['44 KiB', '45056 B', '4 KiB + 8 KiB + 32 KiB']],
  ['lab-5-1', 'b', ['768 MiB', '96 * 8 MiB', '0.75 GiB']],
  ['lab-5-1', 'c', ['2328 MiB', '2.273 GiB', '2.27 GiB', '768 MiB + 1536 MiB + 24 MiB']],
  ['lab-5-1', 'd', ['2']],
  ['lab-5-1', 'e', ['0.752', '0.75194', '2328/3096']],
  ['lab-5-2', 'a', ['156 MiB', '48 MiB + 72 MiB + 36 MiB']],
  ['lab-5-2', 'b', ['60 MiB', '24 MiB + 24 MiB + 12 MiB']],
  ['lab-5-2', 'c', ['72 MiB']],
  ['lab-5-2', 'd', ['60 MiB']],
  ['lab-5-2', 'e', ['96 KiB', '98304 B', '98304']],
  ['lab-5-2', 'f', ['92', '92.0']],
  ['lab-5-3', 'a', ['1.75', '7/4', '1.5/2 + 1']],
  ['lab-5-3', 'b', ['6.75', '27/4']],
  ['lab-5-3', 'c', ['27/7', '3.857', '3.8571']],
  ['lab-5-3', 'd', ['66']],
  ['lab-5-3', 'e', ['125', '125 次']],
  ['lab-5-3', 'f', ['504 MiB', '528482304 B']],
  ['lab-5-4', 'c', ['55/56', '0.9821', '44 * 10 / 448']],
  ['lab-5-4', 'd', ['620 MiB', '650117120 B']],
  ['lab-5-5', 'a', ['4096 B', '4 KiB', '32 * 32 * 4']],
  ['lab-5-5', 'b', ['32', '32 次']],
  ['lab-5-5', 'c', ['4224 B', '4224', '32 * 33 * 4']],
  ['lab-5-6', 'a', ['25 μs', '25', '25 微秒', '0.025 ms']],
  ['lab-5-6', 'b', ['65 μs', '9*5 + 20']],
  ['lab-5-6', 'c', ['2/3', '0.667', '66.7%']],
  ['lab-5-6', 'd', ['1/5', '0.2', '20%']],
  ['lab-5-7', 'a', ['134.74', '134.7']],
  ['lab-5-7', 'b', ['95.82', '95.816']],
  ['lab-5-7', 'c', ['243']],
  ['lab-5-8', 'a', ['7.56 MB', '7.21 MiB', '7560000 B']],
  ['lab-5-8', 'b', ['58.3 μs', '58.29 μs']],
  ['lab-5-8', 'c', ['25 μs', '25']],
  ['lab-5-9', 'b', ['1.449427 ms', '2.369803 ms - 0.920376 ms', '1449.427 μs']],
  ['lab-5-9', 'c', ['1.42372 ms', '1.449427 - 0.025707']],
  ['lab-5-9', 'd', ['5.91 ms', '5.912', '1.449427 * 127 / 31 - 0.025707']],
  ['lab-5-9', 'e', ['60 μs', '60', '10 + 40 + 10']],
];

test('a right answer is accepted in each of its forms, in every edition', () => {
  assertRightForms(verdict, RIGHT, LANGS);
});

// The slips each question invites, named.
const WRONG = [
  ['5-1', 'a', '24 KiB', 'bf16_accumulator'],
  ['5-1', 'b', '7', 'no_reserve'],
  ['5-1', 'c', '6', 'shared_memory_only'],
  ['5-1', 'd', '25%', 'old_registers'],
  ['5-1', 'e', '2.15', 'old_warps'],
  ['lab-5-1', 'a', '24 KiB', 'old_tile'],
  ['lab-5-1', 'b', '1536 MiB', 'old_tile'],
  ['lab-5-1', 'c', '3096 MiB', 'old_tile'],
  ['lab-5-1', 'd', '4', 'old_tile'],
  ['lab-5-1', 'e', '1.33', 'inverted'],
  ['lab-5-2', 'a', '120 MiB', 'no_quantize'],
  ['lab-5-2', 'b', '108 MiB', 'partial_fusion'],
  ['lab-5-2', 'c', '60 MiB', 'fused_peak'],
  ['lab-5-2', 'e', '96 MiB', 'whole_matrix'],
  ['lab-5-2', 'f', '183', 'two_stages'],
  ['lab-5-3', 'a', '1.5', 'old_state'],
  ['lab-5-3', 'c', '7/3', 'old_output'],
  ['lab-5-3', 'd', '82', 'no_prefetch'],
  ['lab-5-3', 'f', '404 MiB', 'no_prefetch'],
  ['lab-5-4', 'c', '1', 'block_scale'],
  ['lab-5-4', 'd', '444 MiB', 'separate'],
  ['lab-5-5', 'a', '1 KiB', 'small_block'],
  ['lab-5-5', 'b', '1', 'padded'],
  ['lab-5-5', 'b', '8', 'small_block'],
  ['lab-5-5', 'c', '4096 B', 'no_pad'],
  ['lab-5-6', 'a', '20 μs', 'old_impl'],
  ['lab-5-6', 'd', '2/3', 'no_dispatch'],
  ['lab-5-7', 'a', '89.83', 'old_mix'],
  ['lab-5-7', 'c', '135', 'not_cached'],
  ['lab-5-8', 'a', '12.8 MiB', 'book_card'],
  ['lab-5-8', 'a', '15.12 MB', 'extra_factor_2'],
  ['lab-5-8', 'b', '25 μs', 'no_copy'],
  ['lab-5-8', 'c', '29.2 μs', 'with_copy'],
  ['lab-5-9', 'b', '1.42372 ms', 'whole_request'],
  ['lab-5-9', 'c', '1.449427 ms', 'decode_only'],
  ['lab-5-9', 'd', '5.94 ms', 'prefill_ignored'],
  ['lab-5-9', 'd', '1.42 ms', 'not_scaled'],
  ['lab-5-9', 'e', '35 μs', 'a_only'],
];

test('a named mistake is named, in every edition', () => assertNamedMistakes(verdict, WRONG, LANGS));

test('a time typed in the wrong unit is not accepted', () => {
  // 1.449427 s for 1.449427 ms, and 60 ms for 60 μs: the same kind (a time), a thousand times too large.
  assert.equal(verdict('lab-5-9', 'b', '1.449427 s').correct, false);
  assert.equal(verdict('lab-5-9', 'e', '60 ms').correct, false);
});

test('every listed mistake of every part is named when its value is typed', () => {
  const named = namedListedMistakes(IDS);
  assert.ok(named >= 25, `only ${named} mistakes checked`);
});

test('a drawn variant moves the answers', () => {
  // 32 registers per thread: registers allow 8 blocks, so shared memory binds at 6 (48 warps, 75%).
  const few = run('5-1', { regs: 32 });
  assert.deepEqual([few.low.blocks, few.low.binding, few.low.occupancy_percent, few.lat.have_bytes], [6, ['shared_memory'], 75, 48 * 2048]);
  // A 64×256 tile: 4 + 16 + 64 KiB, one resident block; A read 48 times.
  const wide = run('lab-5-1', { n: 256 });
  assert.deepEqual([wide.wide.working_set_bytes, wide.wide.resident_blocks, wide.wide.a_traffic], [84 * 1024, 1, 48 * 8 * MiB]);
  // 384 + 1,536 + 24 = 1,944 MiB against 3,096: 0.628 of the bandwidth is enough.
  assert.equal(wide.versus.bandwidth_ratio_display, '0.628');
  // b = 128 with a prefetch slot: less room for Q rows than Table 5.3.3-a's 53.
  const b128 = run('lab-5-3', { b: 128 });
  assert.equal(b128.plain.query_rows, 53);
  assert.ok(b128.pre.query_rows < 53 && b128.pre.scans > 155);
  // A 64×64 tile: 16 KiB staged, still 32 rounds a column (a warp's 32 lanes in one bank), 16,640 B padded.
  const big = run('lab-5-5', { blk: 64 });
  assert.deepEqual([big.big.bytes, big.big.column_rounds, big.padded.stored_bytes], [16384, 32, 16640]);
  // H100's 3.35 TB/s: 2X / 3,350 GB/s = 15 μs → 25.125 MB.
  assert.equal(run('lab-5-8', { gpu: 'h100-sxm' }).small.breakeven_bytes, 25125000);
  // Every variant of every given is one the core accepts (the site build checks the same for the pages).
  for (const id of IDS) {
    const ex = exercises[id];
    for (const [key, g] of Object.entries(ex.givens ?? {})) {
      for (const v of g.variants) {
        const givens = Object.fromEntries(Object.entries(ex.givens).map(([k, x]) => [k, x.default.value]));
        givens[key] = v.value;
        run(id, givens);
      }
    }
  }
});

test('every zh-Hant text of the exercise and the labs has its English in the map', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch05/exercises/${id}.json`);
    const texts = [ex.title, ex.intro];
    for (const g of Object.values(ex.givens ?? {})) texts.push(g.label, ...(g.suffix ? [g.suffix] : []));
    for (const p of ex.parts) {
      texts.push(p.prompt, p.label, ...p.hints, ...(p.solution ?? []), ...(p.model_answer ?? []));
      for (const m of p.mistakes ?? []) if (m.message) texts.push(m.message);
    }
    for (const t of texts) if (translatableStrings(t).size) assert.ok(t in strings, `${id}: no English for "${t}"`);
    for (const key of Object.keys(strings)) assert.ok(!/^[\d\s.,]+$/.test(key), `${id}: a digit-only key "${key}"`);
    // Titles keep the book's labels: 練習 5-k / 實驗 5-k, and Exercise / Lab in English.
    const lab = id.startsWith('lab-');
    assert.match(ex.title, lab ? /^實驗 5-\d/ : /^練習 5-\d/, id);
    assert.match(strings[ex.title], lab ? /^Lab 5-\d/ : /^Exercise 5-\d/, id);
  }
});
