// Chapter 8's 練習 8-1 … 8-9 through the Node module: every answer agrees with
// the book's answer key (manuscripts/ch08/exercise-notes.md in the book's
// repository, at the precision it prints), a right answer is accepted in
// each of its forms, every named mistake is named by its code in every
// edition, a drawn variant moves the answers, and the English map covers
// every text.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { assertNamedMistakes, assertRightForms, exerciseSet, follow, readJson } from '../exercise-harness.mjs';

const engine = await loadEngine();
const IDS = ['8-1', '8-2', '8-3', '8-4', '8-5', '8-6', '8-7', '8-8', '8-9'];
const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const { evaluate, exercises, results, valueOf, verdict, run, namedListedMistakes } = exerciseSet(engine, 'ch08', IDS);

const MiB = 2 ** 20;
const GiB = 2 ** 30;

/** An exact core value ("a/b", an integer or a decimal) as a JS number, for rounding to the key's digits. */
function asNumber(s) {
  const [n, d = '1'] = String(s).split('/');
  return Number(n) / Number(d);
}

// The book's key, part by part: [exact value we expect, or the key's printed number and how to read it].
// `fixed` compares the value rounded to the key's decimals (after dividing by `scale`).
const KEY = {
  // 2K and 8K at batch 16: 1.16 and 2.01 GiB per token; crossovers 51 and 13; 37 and 10 requests.
  '8-1': { a: { key: '1.16', scale: GiB }, b: { key: '2.01', scale: GiB }, c: { exact: '51' }, d: { exact: '13' }, e: { exact: '37' }, f: { exact: '10' } },
  // 163.33, 26.29, 375.97 ms with the printed fit; 131,328 and 4,063,488 pairs.
  '8-2': { a: { key: '163.33' }, b: { key: '26.29' }, c: { key: '375.97' }, d: { exact: '131328' }, e: { exact: '4063488' } },
  // Page 4: 52 slots, 10 empty, 13 entries; 16 long requests: 19,008 MiB each on its own, 6,048 MiB shared.
  '8-3': { a: { exact: '52' }, b: { exact: '10' }, c: { exact: '13' }, d: { exact: String(19008 * MiB) }, e: { exact: String(6048 * MiB) } },
  // A 132.7 ms against three B's 120.9 ms; break-even 46.0 %; Gen4: A 111.5 ms.
  '8-4': { a: { key: '132.7' }, b: { key: '120.9' }, c: { key: '46.0', scale: 0.01 }, d: { key: '111.5' } },
  // 2,304 and 2,016 MiB; 42.5 ms per step, 10.83 s; 1.54 s over C2C; about 693 GB/s.
  '8-5': { a: { exact: String(2304 * MiB) }, b: { exact: String(2016 * MiB) }, c: { key: '42.5' }, d: { key: '10.83' }, e: { key: '1.54' }, f: { key: '693' } },
  // q8_0 / q4_0: 612 / 324 MiB for the 8K input, 631.125 / 334.125 MiB for the complete request.
  '8-6': { a: { exact: String(612 * MiB) }, b: { exact: String(324 * MiB) }, c: { exact: String(631.125 * MiB) }, d: { exact: String(334.125 * MiB) } },
  // E[N] 2.31 at m = 2 and 3.70 at m = 8 (checked against its exact 242461/65536); 14.89 ms per token at m = 8; 13.34 ms per token at m = 4; 22.2 ms per added token 4 → 8; 16.76 ms grouped at m = 5.
  '8-7': { a: { key: '2.31' }, g: { exact: '242461/65536' }, b: { key: '14.89' }, c: { key: '13.34' }, d: { key: '22.2' }, e: { key: '16.76' } },
  // 90, 75, 85 s; 70.5 s with 8 s of preparation (1.42 times the old speed); break-even preparation 37.5 s.
  '8-8': { a: { exact: '90' }, b: { exact: '75' }, c: { exact: '85' }, d: { exact: '70.5' }, e: { exact: '37.5' }, f: { key: '1.42' } },
  // E: 5.91 GiB, 5.55 s, 0.347 GPU-s per result.
  '8-9': { a: { key: '5.91', scale: GiB }, b: { key: '5.55' }, c: { key: '0.347' } },
};

test('every answer agrees with the book key (manuscripts/ch08/exercise-notes.md)', () => {
  for (const id of IDS) {
    const answers = exercises[id].parts.filter((p) => p.kind === 'answer').map((p) => p.id);
    assert.deepEqual(answers, Object.keys(KEY[id]), `${id}: answer parts`);
    for (const p of answers) {
      const want = KEY[id][p];
      const got = valueOf(id, p);
      if (want.exact !== undefined) {
        assert.equal(got, want.exact, `${id}${p}`);
        continue;
      }
      const decimals = (want.key.split('.')[1] ?? '').length;
      assert.equal((asNumber(got) / (want.scale ?? 1)).toFixed(decimals), want.key, `${id}${p}: ${got}`);
    }
  }
  // The key's other printed numbers, read from the same calls.
  const r = results;
  assert.equal(r['8-1'].a2k.allocated_display, '324 MiB');
  assert.equal(r['8-1'].a8k.allocated_display, '1.16 GiB');
  assert.equal(r['8-2'].first.pairs, 4196352);
  assert.equal(r['8-2'].admit.pairs, 33560578);
  assert.equal(r['8-2'].first_fit.step_display, '163.38 ms', 'the unrounded fit, named in the solution');
  assert.equal(asNumber(r['8-4'].pcie5.rival.gain_ms).toFixed(1), '40.3');
  assert.equal(asNumber(r['8-4'].pcie4.rival.total_gain_ms).toFixed(1), '99.6');
  assert.equal(asNumber(r['8-4'].rounded.recompute_ms).toFixed(1), '308.9', '62 % instead of 0.622');
  assert.equal(r['8-4'].pcie5.keep, 'prefix');
  // The solutions print the core's displays at the key's precision.
  assert.deepEqual(
    [r['8-4'].pcie5.recompute_ms_display, r['8-4'].pcie5.fetch_ms_display, r['8-4'].pcie5.gain_ms_display, r['8-4'].pcie5.rival.total_gain_ms_display],
    ['307.9 ms', '14.2 ms', '132.7 ms', '120.9 ms'],
  );
  assert.deepEqual([r['8-4'].pcie4.fetch_ms_display, r['8-4'].pcie4.gain_ms_display, r['8-4'].pcie4.rival.total_gain_ms_display], ['28.3 ms', '111.5 ms', '99.6 ms']);
  assert.equal(r['8-4'].pcie5.flops_display, '96.49 TFLOPs');
  assert.equal(r['8-4'].pcie4.keep, 'prefix');
  assert.deepEqual([r['8-5'].one.extra_inputs, r['8-5'].two.extra_inputs, r['8-5'].one.extra_requests, r['8-5'].two.extra_requests], [2, 1, 1, 1]);
  assert.equal(r['8-5'].one.copy_bytes_per_step, 2717908992);
  assert.equal(asNumber(r['8-5'].c2c.copy_ms_per_step).toFixed(2), '6.04');
  assert.equal(r['8-7'].m4_from2.marginal.ms_per_added_token && asNumber(r['8-7'].m4_from2.marginal.ms_per_added_token).toFixed(1), '9.8');
  assert.equal(r['8-7'].g4.ms_per_token_display, '13.34 ms');
  assert.equal(r['8-7'].m8.expected_outputs_display, '3.70');
  assert.equal(r['8-7'].m8.marginal.ms_per_added_token_display, '22.2 ms');
  assert.equal(r['8-7'].m4_from2.marginal.ms_per_added_token_display, '9.8 ms');
  assert.equal(r['8-7'].m4.expected_outputs_display, '3.05');
  assert.equal(asNumber(r['8-7'].g5.marginal.added_outputs).toFixed(2), '0.24');
  assert.equal(r['8-9'].b.total_display, '9.01 s');
  assert.equal(r['8-9'].b.on_time, false);
  assert.equal(r['8-9'].d.total_display, '4.56 s');
  assert.equal(asNumber(r['8-9'].d.gpu_seconds_per_result).toFixed(3), '0.285');
  assert.equal(r['8-9'].memd.fits, true);
});

const RIGHT = [
  ['8-1', 'a', ['1.16 GiB', '1.162 GiB', '1248040576 B', '1.248 GB']],
  ['8-1', 'c', ['51', '51 個']],
  ['8-1', 'e', ['37', '37 條', '37 requests', '37 条请求']],
  ['8-2', 'a', ['163.33 ms', '0.16333 s', '163.33 毫秒']],
  ['8-2', 'c', ['375.97 ms', '375.97']],
  ['8-2', 'e', ['4063488', '4,063,488', '512*7680 + 512*513/2']],
  ['8-3', 'a', ['52']],
  ['8-3', 'd', ['19008 MiB', '18.5625 GiB', '16 * 1188 MiB']],
  ['8-3', 'e', ['6048 MiB', '6341787648 B', '5.90625 GiB']],
  ['8-4', 'a', ['132.7 ms', '132.7', '0.1327 s']],
  ['8-4', 'c', ['46.0%', '46%', '0.460']],
  ['8-5', 'a', ['2304 MiB', '2.25 GiB']],
  ['8-5', 'd', ['10.83 s', '10.83 秒', '10830 ms']],
  ['8-5', 'f', ['693', '693.07']],
  ['8-6', 'b', ['324 MiB', '339738624 B']],
  ['8-6', 'c', ['631.125 MiB']],
  ['8-7', 'a', ['2.31', '2.3125', '1 + 0.75 + 0.75^2']],
  ['8-7', 'g', ['3.70', '3.7', '3.6997', '3.6996612548828125']],
  ['8-7', 'c', ['13.34 ms', '13.34']],
  ['8-7', 'e', ['16.76 ms']],
  ['8-8', 'd', ['70.5 s', '70.5 秒', '70.5']],
  ['8-8', 'e', ['37.5 s', '37.5']],
  ['8-8', 'f', ['1.42', '1.418', '1.4184']],
  ['8-9', 'a', ['5.91 GiB', '6048 MiB']],
  ['8-9', 'b', ['5.55 s', '5.55 秒', '5554 ms']],
  ['8-9', 'c', ['0.347 s', '0.347']],
];

test('a right answer is accepted in each of its forms, in every edition', () => {
  assertRightForms(verdict, RIGHT, LANGS);
});

// The slips each question invites, named.
const WRONG = [
  ['8-1', 'a', '14.38 GiB', 'weights_not_shared'],
  ['8-1', 'a', '18.6 GiB', 'whole_step'],
  ['8-1', 'c', '13', 'context_8k'],
  ['8-1', 'e', '42', 'input_only'],
  ['8-2', 'a', '150.74 ms', 'pairs_left_out'],
  ['8-2', 'e', '131328', 'history_left_out'],
  ['8-3', 'a', '42', 'no_rounding'],
  ['8-3', 'e', '19008 MiB', 'not_shared'],
  ['8-4', 'a', '133.2 ms', 'rounded_efficiency'],
  ['8-4', 'b', '40.3 ms', 'one_b_only'],
  ['8-4', 'd', '132.7 ms', 'old_link'],
  ['8-5', 'b', '2304 MiB', 'one_buffer'],
  ['8-5', 'e', '10.83 s', 'pcie_link'],
  ['8-5', 'd', '10.83 ms', 'ms_vs_s'],
  ['8-6', 'a', '631.125 MiB', 'complete_for_input'],
  ['8-6', 'a', '1152 MiB', 'bf16'],
  ['8-6', 'c', '612 MiB', 'input_only'],
  ['8-7', 'g', '0.649', 'added_part_only'],
  ['8-7', 'b', '55.1 ms', 'per_round'],
  ['8-7', 'c', '40.7 ms', 'per_round'],
  ['8-7', 'd', '9.75 ms', 'from_two'],
  ['8-7', 'e', '13.47 ms', 'per_position'],
  ['8-8', 'd', '62.5 s', 'prep_left_out'],
  ['8-8', 'f', '1.6', 'prep_left_out'],
  ['8-9', 'a', '9.02 GiB', 'draft_memory'],
  ['8-9', 'b', '9.04 s', 'one_per_round'],
  ['8-9', 'c', '5.55 s', 'whole_batch'],
];

test('a named mistake is named, in every edition', () => assertNamedMistakes(verdict, WRONG, LANGS));

test('every listed mistake of every part is named when its value is typed', () => {
  const named = namedListedMistakes(IDS);
  assert.ok(named >= 25, `only ${named} mistakes checked`);
});

test('a drawn variant moves the answers', () => {
  // 8-1 at batch 64: 0.50 GiB per token at 2K and 1.35 GiB at 8K (the key's last column).
  const b64 = run('8-1', { batch: 64 });
  assert.equal((b64.r2k.per_token_read_bytes / GiB).toFixed(2), '0.50');
  assert.equal((b64.r8k.per_token_read_bytes / GiB).toFixed(2), '1.35');
  // 8-3 at pages of 2 and 8: 46 / 56 slots, 4 / 14 empty, 23 / 7 entries; 8 and 32 requests: 3,456 and 11,232 MiB shared.
  const p2 = run('8-3', { page: 2, n: 8 });
  const p8 = run('8-3', { page: 8, n: 32 });
  assert.deepEqual([p2.pg.slots, p2.pg.unused, p2.pg.entries], [46, 4, 23]);
  assert.deepEqual([p8.pg.slots, p8.pg.unused, p8.pg.entries], [56, 14, 7]);
  assert.deepEqual([p2.shared.total_bytes / MiB, p8.shared.total_bytes / MiB], [3456, 11232]);
  assert.deepEqual([p2.solo.independent_total_bytes / MiB, p8.solo.independent_total_bytes / MiB], [9504, 38016]);
  // 8-7: a = 0.9 makes longer drafts pay; E[N] at m = 8 is (1 − 0.9⁹) / 0.1.
  assert.equal(run('8-7', { a: '0.9' }).m8.expected_outputs, '6.12579511');
  assert.equal(run('8-7', { a: '0.9' }).m8.expected_outputs_fraction, '612579511/100000000');
  // 8-9 with 16 outputs: B 2.45 s, D 2.37 s, E 2.26 s; 0.153 / 0.148 / 0.141 GPU-s (the key's last sentence).
  const short = run('8-9', { out: 16 });
  assert.deepEqual([short.b.total_display, short.d.total_display, short.e.total_display], ['2.45 s', '2.37 s', '2.26 s']);
  assert.deepEqual(
    [short.b, short.d, short.e].map((x) => asNumber(x.gpu_seconds_per_result).toFixed(3)),
    ['0.153', '0.148', '0.141'],
  );
  // Every variant of every given is one the core accepts (the site build checks the same for the pages).
  for (const id of IDS) {
    const ex = exercises[id];
    for (const [key, g] of Object.entries(ex.givens ?? {})) {
      for (const v of g.variants) {
        const givens = Object.fromEntries(Object.entries(ex.givens).map(([k, x]) => [k, x.default.value]));
        Object.assign(givens, ...Object.values(ex.givens).map((x) => x.default.with ?? {}));
        givens[key] = v.value;
        Object.assign(givens, v.with ?? {});
        const out = run(id, givens);
        // Every answer of the variant is one check_answer takes as its expected value, and its own value is right.
        for (const part of ex.parts.filter((x) => x.kind === 'answer')) {
          const value = String(follow(out[part.expected.call], part.expected.field));
          const expected = { value, unit: part.expected.unit, ...(part.expected.digits ? { digits: part.expected.digits } : {}) };
          const r = evaluate({ op: 'check_answer', answer: value, expected });
          assert.ok(r.ok && r.result.correct, `${id}${part.id} ${key}=${v.value}: ${JSON.stringify(r.error ?? r.result)}`);
        }
      }
    }
  }
});

test("the key's remaining numbers, read from the exercises' own calls", () => {
  // 8-1 at batch 1 and 4: 14.38 / 3.81 GiB per token at 2K, 15.22 / 4.65 GiB at 8K.
  const perToken = (batch) => {
    const r = run('8-1', { batch });
    return [r.r2k, r.r8k].map((x) => (x.per_token_read_bytes / GiB).toFixed(2));
  };
  assert.deepEqual([perToken(1), perToken(4)], [['14.38', '15.22'], ['3.81', '4.65']]);
  // 8-2: 4,096 new positions in the first prefill; 2 and 4,098 pairs in the next decode; 8,193 positions when r2 joins.
  const s = results['8-2'];
  assert.deepEqual([s.first.new_positions, s.next.new_positions, s.next.pairs, s.admit.new_positions], [4096, 2, 4098, 8193]);
  // 8-4: each B 94.7 ms to recompute, 4.7 ms to fetch; A saves 293.7 ms per hit (293.7p − 14.2 = 120.9).
  const c = results['8-4'].pcie5;
  assert.deepEqual([c.rival.recompute_ms_display, c.rival.fetch_ms_display, c.saved_per_hit_ms_display], ['94.7 ms', '4.7 ms', '293.7 ms']);
  // 8-7: E[N] 1.75 / 2.31 / 3.05 / 3.70 and 17.09 / 14.49 / 13.34 / 14.89 ms per token at m = 1, 2, 4, 8;
  // 2 → 4 adds 0.74 outputs for 7.2 ms, 4 → 8 adds 0.65 for 14.4 ms; the fifth grouped position adds a whole 14.4 ms group.
  const k = results['8-7'];
  const at = (m) => k.m8.by_draft.find((x) => x.draft === m);
  assert.deepEqual(
    [1, 2, 4, 8].map((m) => [asNumber(at(m).expected_outputs).toFixed(2), asNumber(at(m).ms_per_token).toFixed(2)]),
    [['1.75', '17.09'], ['2.31', '14.49'], ['3.05', '13.34'], ['3.70', '14.89']],
  );
  assert.deepEqual([k.m4_from2.marginal.added_outputs_display, k.m4_from2.marginal.added_ms_display], ['0.74', '7.2 ms']);
  assert.deepEqual([k.m8.marginal.added_outputs_display, k.m8.marginal.added_ms_display], ['0.65', '14.4 ms']);
  assert.equal(k.g5.marginal.added_ms_display, '14.4 ms');
  // 8-9: D's 9.02 GiB fits 12 GiB; E's 5.906 GiB is B's.
  assert.equal(results['8-9'].memd.total_display, '9.02 GiB');
  assert.equal(results['8-9'].mem.total_bytes, 6048 * MiB);
});

test("an answer line prints the core's display, at the key's precision", () => {
  // The page's "答案：…" line reads expected.display; without one it prints the exact value (a fraction for 8-4b).
  const shownAnswer = (id, p) => {
    const x = exercises[id].parts.find((y) => y.id === p).expected;
    return follow(results[id][x.call], x.display);
  };
  const want = {
    '8-4': { a: '132.7 ms', c: '46.0%' },
    '8-5': { a: '2.25 GiB', b: '1.969 GiB', c: '42.5 ms', e: '1.54 s' },
    '8-7': { a: '2.31', g: '3.70', b: '14.89 ms', c: '13.34 ms', e: '16.76 ms' },
    '8-8': { a: '90.000 秒', b: '75.000 秒', c: '85.000 秒', d: '70.500 秒', e: '37.500 秒' },
    '8-9': { a: '5.906 GiB', b: '5.55 s' },
  };
  for (const [id, parts] of Object.entries(want)) for (const [p, text] of Object.entries(parts)) assert.equal(shownAnswer(id, p), text, `${id}${p}`);
});

test('every zh-Hant text of every exercise has its English in the map', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch08/exercises/${id}.json`);
    const texts = [ex.title, ex.intro];
    for (const g of Object.values(ex.givens ?? {})) {
      texts.push(g.label, ...(g.suffix ? [g.suffix] : []));
      for (const v of [g.default, ...g.variants]) if (v.label) texts.push(v.label);
    }
    for (const p of ex.parts) {
      texts.push(p.prompt, p.label, ...p.hints, ...(p.solution ?? []), ...(p.model_answer ?? []));
      for (const m of p.mistakes ?? []) if (m.message) texts.push(m.message);
    }
    for (const t of texts) if (translatableStrings(t).size) assert.ok(t in strings, `${id}: no English for "${t}"`);
    for (const key of Object.keys(strings)) assert.ok(translatableStrings(key).size, `${id}: "${key}" has no words to translate`);
    // Titles keep the book's label: 練習 8-k, Exercise 8-k in English.
    assert.match(ex.title, /^練習 8-\d（/, id);
    assert.match(strings[ex.title], /^Exercise 8-\d \(/, id);
  }
});
