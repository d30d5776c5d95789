// Chapter 3's exercises (issue 22 item 5) through the Node module: every
// answer is the value we derived by hand from the chapter's givens, a right
// answer is accepted in each of its unit forms, and every named mistake is
// named by its code, in every edition. The English map covers every text.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { assertNamedMistakes, assertRightForms, exerciseSet, fieldValue, follow, readJson } from '../exercise-harness.mjs';

const engine = await loadEngine();
const IDS = ['3-1', '3-2', '3-3', '3-4', '3-5', '3-6', '3-7', '3-8', '3-9', '3-10'];
const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const { evaluate, exercises, results, valueOf, verdict } = exerciseSet(engine, 'ch03', IDS);

// The values we derived from the chapter's givens (widgets-plan.md, "### exercise 3-N").
const DERIVED = {
  '3-1': { a: '8', b: '1023', c: '1016', d: '127' },
  '3-2': { a: '56376', b: '2349/233', c: '0', d: '20', e: String(20 * 2 ** 30), f: String(60 * 2 ** 30) },
  '3-3': { a: '2', b: '2.5', c: '0.75', d: '0.0002198', e: '0.000775', f: '1099/405' },
  '3-4': { a: '21', b: '15', c: String(16 * 2 ** 30), d: String(10 * 2 ** 30), e: '27.28125', f: '0.039' },
  '3-5': { a: '1600', b: String(31.25 * 2 ** 20), c: String(225 * 2 ** 20), d: '78', e: '5', f: '98', g: '3' },
  '3-6': { a: String(18 * 8190735360), b: String(2 * 8190735360), c: '65536', d: '16384' },
  '3-7': { a: '38410711465984', b: '952415960432640', c: '2796130110799872', d: '952415960432640', e: String(4 * 2 * 8190735360) },
  '3-8': { a2: '9/11', b4: '2', b9: '3', c1: '0.0086055568', c2: '0.0259685722', c3: '0.0193445386' },
  '3-9': { a: '10000/67', b: '40200000000000000000000', c: '160800000000000000000000' },
  '3-10': { a: '511181/24576', b: '60000', c: '100000', d: '500000000' },
};

test('every answer of exercises 3-1 … 3-10 is the value we derived', () => {
  for (const id of IDS) {
    const answers = exercises[id].parts.filter((p) => p.kind === 'answer').map((p) => p.id);
    assert.deepEqual(answers, Object.keys(DERIVED[id] ?? {}), `${id}: answer parts`);
    for (const p of answers) assert.equal(valueOf(id, p), DERIVED[id][p], `${id}${p}`);
  }
});

test('3-1: one request takes 1023 decode steps, eight take 1016 (8 × 127) and read the weights in 127 rounds', () => {
  assert.equal(follow(results['3-1'].m1, 'total.decode_steps'), 1023);
  assert.equal(follow(results['3-1'].m8, 'total.decode_steps'), 8 * 127);
  assert.equal(follow(results['3-1'].m8, 'classes[0].decode_steps_each'), 127);
});

// Right answers in each of their unit forms; the editions read each other's forms.
const RIGHT = [
  ['3-1', 'c', ['1016', '1,016 steps', '1016 步', '8 × 127 步']],
  // The page prints 5,591.33 steps/s for two cards (Example 3-1): (7,471.2 − 5,591.33) × 30 = 56,396
  // is as right as 2 × 2,796's 56,376 at the precision the per-card rate is given.
  ['3-2', 'a', ['56,376 steps', '56376 步', '(7471.2 - 5592) * 30', '56,396 steps', '(7471.2 - 5591.33) * 30']],
  ['3-2', 'b', ['10.08 s', '10.08 秒', '10,082 ms', '10082 毫秒', '10.1 s']],
  ['3-2', 'e', ['20 GiB', '20480 MiB', '20 * 2^30 B']],
  ['3-3', 'd', ['$0.0002198', '0.0002198 USD', '0.0002198 美元', '2.198e-4 USD']],
  ['3-3', 'f', ['2.71', '2.714']],
  ['3-4', 'a', ['21 s', '21 秒', '21000 ms', '21']],
  ['3-4', 'c', ['16 GiB·s', '16 GiB*s', '16 GiB s', '16 GiB·秒', '1 GiB × 16 s', '16384 MiB·s']],
  ['3-4', 'e', ['27.281 s', '27281 ms', '27.281 秒']],
  ['3-4', 'f', ['0.039 s', '39 ms', '39 毫秒']],
  ['3-5', 'd', ['78 ms', '0.078 s', '78 毫秒', '78']],
  ['3-5', 'g', ['3 s', '3 秒', '3000 ms']],
  ['3-6', 'a', ['147.433 GB', '137.308 GiB', '147,433,236,480 B']],
  ['3-7', 'a', ['38.411 TFLOPs', '3.8411e13']],
  ['3-8', 'a2', ['9/11', '0.818', '0.45/0.55']],
  ['3-8', 'b9', ['3', '3 倍']],
  ['3-8', 'c1', ['0.009', '+0.009', '0.0086']],
  ['3-8', 'c3', ['0.0193', '1.93e-2']],
  ['3-10', 'a', ['20.80 天', '20.8 days', '499.2 h', '499.2 小時']],
  ['3-10', 'b', ['60,000 GPU-hours', '60000 GPU·h', '6 萬 GPU 小時', '6 万 GPU 小时', '216,000,000 GPU-seconds']],
  ['3-10', 'd', ['5e8', '5 億', '500 million']],
];

test('a right answer is accepted in each unit form, in every edition', () => {
  assertRightForms(verdict, RIGHT, LANGS);
});

// The slips the units invite, named.
const WRONG = [
  ['3-1', 'b', '1024', 'decode_steps_g'],
  ['3-1', 'c', '127', 'one_request_only'],
  ['3-2', 'a', '140,256 steps', 'per_gpu_vs_total'],
  ['3-2', 'b', '10082', 'ms_vs_s'],
  ['3-2', 'e', '20 GB', 'gb_vs_gib'],
  ['3-3', 'd', '$0.000081', 'handoff_left_out'],
  ['3-4', 'b', '21 s', 'serial_for_parallel'],
  ['3-4', 'c', '16 GB·s', 'gb_vs_gib'],
  ['3-4', 'c', '16 GiB', 'wrong_unit_kind'],
  ['3-4', 'f', '39', 'ms_vs_s'],
  ['3-5', 'd', '0.078', 'ms_vs_s'],
  ['3-5', 'a', '6400', 'patches_not_merged'],
  ['3-7', 'e', '16.381 GB', 'per_gpu_vs_total'],
  ['3-8', 'a2', '2/11', 'swapped_exponent'],
  ['3-8', 'b4', '4', 'linear_in_budget'],
  ['3-8', 'c3', '0.0100', 'fit_rmse_for_holdout'],
  ['3-10', 'a', '499.2', 'hours_not_days'],
  ['3-10', 'a', '42,598 天', 'per_gpu_vs_total'],
  ['3-10', 'b', '60,000 GPU-seconds', 'hours_vs_seconds'],
  ['3-10', 'b', '60,000 h', 'wrong_unit_kind'],
];

test('a named mistake is named, in every edition', () => assertNamedMistakes(verdict, WRONG, LANGS));

test('every listed mistake of every part is named when its value is typed', () => {
  for (const id of IDS) {
    for (const p of exercises[id].parts.filter((x) => x.kind === 'answer')) {
      for (const m of p.mistakes ?? []) {
        const value = String(follow(results[id][m.call], m.field));
        if (value === valueOf(id, p.id)) continue;
        const v = verdict(id, p.id, value);
        assert.equal(v.mistake, m.code, `${id}${p.id} typed ${value}`);
      }
    }
  }
});

test('every zh-Hant text of every exercise has its English in the map', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch03/exercises/${id}.json`);
    const texts = [ex.title, ex.intro];
    for (const g of Object.values(ex.givens ?? {})) texts.push(g.label, ...(g.suffix ? [g.suffix] : []));
    for (const p of ex.parts) {
      texts.push(p.prompt, p.label, ...p.hints, ...(p.solution ?? []), ...(p.model_answer ?? []));
      for (const m of p.mistakes ?? []) if (m.message) texts.push(m.message);
    }
    // A text without CJK ("USD", "D/N") is shown as written in every edition (scripts/i18n/strings.mjs).
    for (const t of texts) if (translatableStrings(t).size) assert.ok(t in strings, `${id}: no English for "${t}"`);
  }
});

/**
 * A given with a suffix is printed with it in prose ("2 條", web/src/exercises/compute.ts,
 * givenText): the text after it must not name the unit again ("2 條 條", "0.000081 USD USD",
 * "8 次 個微批次", "2 per second tasks per second" were printed so, in every edition).
 */
const UNIT_AFTER = {
  'zh-Hant': /^\s*(?:個|條|張|次|秒|USD|GPU 小時|A100 小時|H100 小時|小時|像素)/,
  en: /^\s*(?:tasks?|sequences?|positions?|micro-batches|USD|GPU-hours|A100-hours|H100-hours|hours|cards|GPUs|s\b|per second|pixels)/,
};
test('no text of an exercise names a given\'s unit twice, in zh-Hant (zh-Hans is its conversion) or English', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch03/exercises/${id}.json`);
    const texts = [ex.intro];
    for (const p of ex.parts) texts.push(p.prompt, ...p.hints, ...(p.solution ?? []), ...(p.model_answer ?? []));
    for (const t of texts) {
      for (const [lang, text] of [['zh-Hant', t], ['en', strings[t] ?? t]]) {
        for (const m of text.matchAll(/\{([a-z0-9_]+)\}/g)) {
          const g = ex.givens?.[m[1]];
          if (!g?.suffix) continue;
          const after = text.slice(m.index + m[0].length);
          assert.doesNotMatch(after, UNIT_AFTER[lang], `${id} (${lang}): "{${m[1]}}" is printed with "${g.suffix}" and then its unit again: "${text}"`);
        }
      }
    }
  }
});

test('3-2: every part of "New variant" follows the drawn burst, length and per-card rate', () => {
  const ex = exercises['3-2'];
  for (const key of ['burst', 'burst_s', 'card']) assert.ok(ex.givens[key].variants.length > 1, key);
  // Drawn after the older givens, so a saved seed still draws the same rate, wait and state for parts d–f.
  assert.deepEqual(ex.given_order.slice(0, 4), ['rate', 'wait', 'state', 'wait2']);
  for (const name of ['one', 'two', 'three']) {
    const c = ex.calls[name];
    assert.deepEqual([c.arrival, c.seconds, c.service], ['$burst', '$burst_s', '$card'], name);
  }
  // One drawn variant, computed as the page computes it: the parts' answers move with it.
  const givens = { burst: '8000', burst_s: '45', card: '2700', rate: '2', wait: '10', wait2: '30', state: '1073741824' };
  const out = {};
  for (const [name, call] of Object.entries(ex.calls)) {
    const request = Object.fromEntries(Object.entries(call).map(([k, v]) => [k, fieldValue(v, givens, out)]));
    out[name] = evaluate(request).result;
  }
  assert.equal(String(out.two.end), String((8000 - 5400) * 45)); // 117,000
  assert.equal(String(out.three.peak), '0'); // 8,100 ≥ 8,000
  assert.equal(String(out.one.end), String((8000 - 2700) * 45));
});
