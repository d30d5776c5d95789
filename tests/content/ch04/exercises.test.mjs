// Chapter 4's labs and 思考 boxes (the chapter has no 練習) through the Node
// module: every answer is the value we derived by hand from the chapter's
// givens (book/ch04-inventory.md, "Derived"), a right answer is accepted in
// each of its forms, every named mistake is named by its code in every
// edition, a drawn variant moves the answers, and the English map covers
// every text.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { assertNamedMistakes, assertRightForms, exerciseSet, readJson } from '../exercise-harness.mjs';

const engine = await loadEngine();
const IDS = ['think-4-1', 'lab-4-1', 'lab-4-2', 'think-4-2', 'lab-4-3', 'think-4-3', 'lab-4-4', 'think-4-4', 'lab-4-5', 'lab-4-6', 'lab-4-7', 'lab-4-8'];
const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const { exercises, results, valueOf, verdict, run, namedListedMistakes } = exerciseSet(engine, 'ch04', IDS);

// RTX 4090: one 8K step reads 16,344,926,208 B (weights once, the embedding row, the request's KV
// read and the KV it writes) at 1,008 GB/s; in ms that is 16,344,926,208 / 1,008,000,000.
const STEP_MS_4090 = '16344926208/1008000000';

/** Two exact values ("a/b", integers or decimals) are the same number. */
function sameRational(x, y) {
  const frac = (s) => {
    const [n, d = '1'] = s.split('/');
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
  // 60 / 4 + 40, and 30 + 25: a tie, 15 μs each from 70 μs.
  'think-4-1': { a: '55', b: '55' },
  // A 128 × 256 tile on one B200 SM: 4·128·256·128 = 16,777,216 FLOPs / 8,192 = 2,048 cycles; 32,768 exps / 16
  // = 2,048; Q 32 KiB + K 64 KiB + V 64 KiB = 160 KiB / 128 B = 1,280. Matrix ×2 leaves the exps at 2,048;
  // exps ×2 too leaves shared memory at 1,280; all three ×2 gives max(1,024, 640, 1,024) = 1,024.
  'lab-4-1': { a: '2048', b: '2048', c: '1280', d: '2048', e: '1280', f: '1024' },
  // 4096 × 4096 values at 4 bits with a one-byte scale per 32: 8 MiB + 0.5 MiB; the BF16 copy is 32 MiB.
  'lab-4-2': { a: '8912896', b: '33554432' },
  // 147,456 B less 10% is 132,710.4 B per token: 1.087 GB per 8K request, 5.436 GB for five.
  'think-4-2': { a: '1087163596.8', b: '5435817984' },
  // Qwen3-8B on an RTX 4090: 4 requests of 8K; 16.2 ms per step; ⌈1,008 GB/s × 500 ns / 128 B⌉ = 3,938.
  'lab-4-3': { a: '4', b: STEP_MS_4090, c: '3938' },
  // Latency 256: the 4th chunk is usable at 768 but needed at 704; 3 slots end at 896, 4 slots are needed.
  'think-4-3': { a: '768', b: '704', c: '896', d: '4' },
  // 1 slot 1,280, 2 slots 768; 3 slots reach 704; at 64 ticks a chunk 4 slots reach 448.
  'lab-4-4': { a: '1280', b: '768', c: '3', d: '4' },
  // H100 NVLink at 450 GB/s per direction and α = 2 μs: 2 + 8,192 B / 450,000 B per μs = 908,192 / 450,000
  // ≈ 2.0182 μs for one 8 KiB piece, 2 + 32,768 / 450,000 ≈ 2.0728 μs for the four merged.
  'think-4-4': { a: '908192/450000', b: '932768/450000' },
  // Intensity 2KN·M / 2(KN + MK + MN): 2048/2049 and 2048/9 (227.56); the ridge of 165.2 TFLOP/s over
  // 1,008 GB/s is crossed from 179 rows, at twice the peak from 391, at twice the bandwidth from 86.
  'lab-4-5': { a: '2048/2049', b: '2048/9', c: '179', d: '391', e: '86' },
  // RTX PRO 6000 (1,792 GB/s, 503.8 TFLOP/s): one row moves 33,570,816 B, 16,392/875 ≈ 18.73 μs; 256 rows move
  // 37,748,736 B, 18,432/875 ≈ 21.07 μs, longer than their 17.05 μs of compute (the page's 18.7 and 21.1 μs).
  'lab-4-6': { a: '16392/875', b: '18432/875' },
  // Example 4-3's F₀ = 20 M$ at 0.50 $ per million tokens: 4·10¹³ tokens; one machine's year at 50% of 10,000
  // token/s is 1.5768·10¹¹, so ⌈253.7⌉ = 254 machines.
  'lab-4-7': { a: '40000000000000', b: '254' },
  // Batch 32: weights 0.4807 / 32 J of 0.0684 J per token (22.0%); the weights fall below compute
  // from batch 33 (32.10); at 32K the KV term equals the weights at 15,136,819,200 / 4,831,838,208
  // (3.13) and exceeds them from batch 4; H100 at 1.5b: 2/3 of the clock at fixed voltage, (2/3)^(1/3) ≈ 0.874 when it follows.
  'lab-4-8': { a: '978078975/4450817407', b: '33', c: '4', d: '2/3', e: '0.87358' },
};

test('every answer of the labs and think boxes is the value we derived', () => {
  for (const id of IDS) {
    const answers = exercises[id].parts.filter((p) => p.kind === 'answer').map((p) => p.id);
    assert.deepEqual(answers, Object.keys(DERIVED[id]), `${id}: answer parts`);
    for (const p of answers) assert.ok(sameRational(valueOf(id, p), DERIVED[id][p]), `${id}${p}: ${valueOf(id, p)} ≠ ${DERIVED[id][p]}`);
  }
  // The printed roundings of the chapter: 0.60 pJ per FLOP on the H100, 3.13 at 32K, 22.0%.
  assert.equal(results['lab-4-8'].cap.pj_per_flop_display, '0.60 pJ');
  assert.equal(results['lab-4-8'].long.crossover_batch_display, '3.13');
  assert.equal(results['lab-4-8'].b32.weight_share_display, '22.0%');
  assert.equal(results['lab-4-3'].step.step_ms_display, '16.22 ms');
});

const RIGHT = [
  ['think-4-1', 'a', ['55', '60/4 + 40', '55 μs', '0.055 ms', '55 微秒']],
  ['lab-4-1', 'a', ['2048', '2,048', '4*128*256*128/8192']],
  ['lab-4-1', 'c', ['1280', '1,280', '160*1024/128']],
  ['lab-4-1', 'e', ['1280']],
  ['lab-4-1', 'f', ['1024', '2048/2']],
  ['think-4-2', 'a', ['1.087 GB', '1.012 GiB', '132710.4 * 8192 B']],
  ['think-4-2', 'b', ['5.436 GB', '5,435,817,984 B', '5 * 1.0872 GB']],
  ['lab-4-3', 'a', ['4', '4 條請求', '4 requests', '4 条请求']],
  ['lab-4-3', 'b', ['16.22 ms', '16.2 ms', '0.01622 s', '16.22 毫秒']],
  ['lab-4-3', 'c', ['3938', '3,938']],
  ['think-4-3', 'b', ['704', '320 + 3*128']],
  ['think-4-3', 'd', ['4', '4 個']],
  ['lab-4-4', 'a', ['1280', '1,280']],
  ['think-4-4', 'a', ['2.02 μs', '2.018', '2 + 8192/450000', '0.00202 ms', '2.02 微秒']],
  ['think-4-4', 'b', ['2.07 μs', '2.073', '2 + 32768/450000']],
  ['lab-4-5', 'a', ['1.00', '1', '0.9995']],
  ['lab-4-5', 'b', ['228', '227.56', '2048/9']],
  ['lab-4-5', 'c', ['179']],
  ['lab-4-2', 'a', ['8.5 MiB', '8912896 B', '8,912,896 B']],
  ['lab-4-2', 'b', ['32 MiB', '33554432 B']],
  ['lab-4-6', 'a', ['18.73 μs', '18.7 μs', '0.01873 ms']],
  ['lab-4-6', 'b', ['21.07 μs', '21.1 μs']],
  ['lab-4-7', 'a', ['4e13', '40,000,000,000,000']],
  ['lab-4-7', 'b', ['254']],
  ['lab-4-8', 'a', ['22%', '22.0%', '0.22']],
  ['lab-4-8', 'c', ['4', '4 個']],
  ['lab-4-8', 'd', ['2/3', '0.67', '0.667']],
  ['lab-4-8', 'e', ['0.87', '0.874']],
];

test('a right answer is accepted in each of its forms, in every edition', () => {
  assertRightForms(verdict, RIGHT, LANGS);
});

// The slips each question invites, named.
const WRONG = [
  ['think-4-1', 'a', '45', 'from_original'],
  ['lab-4-1', 'a', '1024', 'base_tile'],
  ['lab-4-1', 'c', '1024', 'swapped_sides'],
  ['lab-4-1', 'c', '768', 'base_tile'],
  ['lab-4-1', 'd', '1024', 'changed_unit_only'],
  ['lab-4-1', 'e', '2048', 'previous_step'],
  ['lab-4-1', 'e', '1024', 'changed_unit_only'],
  ['lab-4-1', 'f', '1280', 'previous_step'],
  ['think-4-2', 'b', '6.04 GB', 'not_reduced'],
  ['think-4-2', 'b', '5.436 GiB', 'gb_vs_gib'],
  ['think-4-3', 'a', '512', 'old_latency'],
  ['think-4-3', 'd', '3', 'old_latency'],
  ['lab-4-4', 'b', '1280', 'one_slot'],
  ['think-4-4', 'a', '0.0182', 'bytes_only'],
  ['think-4-4', 'b', '0.0728 μs', 'bytes_only'],
  ['think-4-4', 'a', '2.02 ms', 'off_by_power_of_ten'],
  ['lab-4-4', 'd', '3', 'old_rate'],
  ['lab-4-8', 'c', '13', 'context_8k'],
  ['lab-4-2', 'a', '8 MiB', 'no_scales'],
  ['lab-4-2', 'b', '8.5 MiB', 'packed_size'],
  ['lab-4-6', 'a', '0.0666 μs', 'compute_side'],
  ['lab-4-6', 'b', '18.73 μs', 'one_row'],
  ['lab-4-5', 'd', '179', 'base_card'],
  ['lab-4-5', 'e', '179', 'base_card'],
  ['lab-4-8', 'a', '90.0%', 'single_request'],
  ['lab-4-8', 'e', '0.667', 'fixed_voltage'],
  ['lab-4-3', 'a', '5', 'device_gb_as_gib'],
  ['lab-4-3', 'b', '16.22 s', 'ms_vs_s'],
  ['lab-4-3', 'b', '16.22 GB', 'wrong_unit_kind'],
];

test('a named mistake is named, in every edition', () => assertNamedMistakes(verdict, WRONG, LANGS));

test('every listed mistake of every part is named when its value is typed', () => {
  const named = namedListedMistakes(IDS);
  assert.ok(named >= 10, `only ${named} mistakes checked`);
});

test('a drawn variant moves the answers: another card, another latency', () => {
  // Lab 4-3 on an H200: 101 requests of 8K (inventory: 4 / 11 / 64 / 50 / 101), 18,750 in flight for 4.8 TB/s.
  const h200 = run('lab-4-3', { gpu: 'h200' });
  assert.equal(h200.cap.requests, 101);
  assert.equal(h200.little.in_flight_needed, 18750);
  assert.equal(run('lab-4-3', { gpu: 'rtx-5090' }).cap.requests, 11);
  assert.equal(run('lab-4-3', { gpu: 'h100-sxm' }).little.in_flight_needed, 13086);
  // Lab 4-1 with the long side on the queries: K and V are read once for 256 queries, so shared memory
  // needs (256 + 2·128)·256 B / 128 = 1,024 cycles and, with matrix and exps doubled, ties them at 1,024.
  const tall = run('lab-4-1', { shape: '256x128', q: 256, k: 128, qs: 128, ks: 256 });
  assert.deepEqual([tall.tile.smem_cycles, tall.mx2exp2.interval_cycles, tall.swapped.smem_cycles], [1024, 1024, 1280]);
  // A 256 × 256 tile: four times the work of 128 × 128 for 2 times the reads (192 KiB, 1,536 cycles).
  const square = run('lab-4-1', { shape: '256x256', q: 256, k: 256, qs: 256, ks: 256 });
  assert.deepEqual([square.tile.matrix_cycles, square.tile.smem_bytes, square.tile.smem_cycles], [4096, 196608, 1536]);
  // Think 4-4 with α = 4 μs: 4.018 μs for one piece, 4.073 μs merged; the bytes' part does not move.
  const slowStart = run('think-4-4', { alpha: 4 });
  assert.deepEqual([slowStart.one.time_display, slowStart.merged.time_display, slowStart.one.transfer_us], ['4.02 μs', '4.07 μs', '512/28125']);
  // Lab 4-2 with a scale per 16 values: 8 MiB + 1 MiB = 9 MiB (the chapter's 9 MiB); Lab 4-6 on an H100: 33,570,816 B
  // at 3,350 GB/s; Lab 4-7 at 0.25 $ per million: 8·10¹³ tokens and 508 machines (the chapter's halved-life case).
  assert.equal(run('lab-4-2', { g: 16 }).packed.total_display, '9 MiB');
  assert.equal(run('lab-4-6', { card: 'h100-sxm' }).m1.time_us_display, '10.02 μs');
  assert.deepEqual([run('lab-4-7', { save: '0.25' }).plan.breakeven_tokens, run('lab-4-7', { save: '0.25' }).plan.machines_to_break_even], [80000000000000, 508]);
  // Think 4-1 with the other work cut to 20 μs instead: 30 + 20 = 50 μs beats the matrix's 55 μs; to 30 μs, 60 μs loses.
  assert.deepEqual([run('think-4-1', { r: '20', s: '2' }).rest.total_after, run('think-4-1', { r: '30', s: '4/3' }).rest.total_after], [50, 60]);
  assert.equal(run('think-4-1', { r: '20', s: '2' }).x4.total_after, 55);
  // Think 4-2 with the KV cut by 20%: 117,964.8 B × 8,192 per request, five of them 4,831,838,208 B (4.832 GB).
  const cut20 = run('think-4-2', { cut: '20', b: '117964.8' });
  assert.deepEqual([cut20.one.per_request_bytes, cut20.five.total], ['966367641.6', 4831838208]);
  // Think 4-3 with 320 ticks of wait: chunk 4 usable at 64 + 320 + 128 + 64 + 320 = 896, needed at 384 + 3·128 = 768,
  // three slots end at 1,024; four slots are still the fewest.
  const later = run('think-4-3', { lat: 320 });
  assert.deepEqual([later.three.chunks[3].ready, later.four.chunks[3].start, later.three.finish, later.three.fewest_slots], [896, 768, 1024, 4]);
  // Lab 4-4 with 256 ticks of latency: 1 slot ends at 1,792, 2 at 1,024, and 4 slots are needed (think 4-3).
  const slow = run('lab-4-4', { latency: 256 });
  assert.deepEqual([slow.one.finish, slow.two.finish, slow.one.fewest_slots], [1792, 1024, 4]);
  // Every variant of every given is one the core accepts (the site build checks the same for the pages).
  for (const id of IDS) {
    const ex = exercises[id];
    for (const [key, g] of Object.entries(ex.givens ?? {})) {
      for (const v of g.variants) {
        const givens = Object.fromEntries(Object.entries(ex.givens).map(([k, x]) => [k, x.default.value]));
        Object.assign(givens, ...Object.values(ex.givens).map((x) => x.default.with ?? {}));
        givens[key] = v.value;
        Object.assign(givens, v.with ?? {});
        run(id, givens);
      }
    }
  }
});

test('every zh-Hant text of every lab and think box has its English in the map', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch04/exercises/${id}.json`);
    const texts = [ex.title, ex.intro];
    for (const g of Object.values(ex.givens ?? {})) texts.push(g.label, ...(g.suffix ? [g.suffix] : []));
    for (const p of ex.parts) {
      texts.push(p.prompt, p.label, ...p.hints, ...(p.solution ?? []), ...(p.model_answer ?? []));
      for (const m of p.mistakes ?? []) if (m.message) texts.push(m.message);
    }
    for (const t of texts) if (translatableStrings(t).size) assert.ok(t in strings, `${id}: no English for "${t}"`);
    // Titles keep the book's labels: 實驗 N-k / 思考 N-k, and Lab / Think in English.
    const [kind] = id.split('-');
    assert.match(ex.title, kind === 'lab' ? /^實驗 4-\d/ : /^思考 4-\d/, id);
    assert.match(strings[ex.title], kind === 'lab' ? /^Lab 4-\d/ : /^Think 4-\d/, id);
  }
});
