// Chapter 10's self-checking exercises (習題 10-1 … 10-10)
// through the Node module: every answer is the value we derived by hand from
// the chapter's givens (book/ch10-inventory.md, "習題與實驗"), a right answer is
// accepted in each of its forms, every named mistake is named by its code in
// every edition, a drawn variant moves the answers, and the English map covers
// every text.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine } from '../../wasm/engine.mjs';
import { translatableStrings } from '../../../scripts/i18n/strings.mjs';
import { assertNamedMistakes, assertRightForms, bookGivens, exerciseSet, readJson } from '../exercise-harness.mjs';

const engine = await loadEngine();
const IDS = ['10-1', '10-2', '10-3', '10-4', '10-5', '10-6', '10-7', '10-8', '10-9', '10-10'];
const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const { exercises, results, valueOf, verdict, run, namedListedMistakes } = exerciseSet(engine, 'ch10', IDS);

const N = 8190735360n; // Qwen3-8B's parameters
const GIB = 1073741824n;

// The values we derived from the chapter's givens.
const DERIVED = {
  // FP32 gradients: 18 B per parameter; d = 8: (6 + 12/8)N, (2 + 16/8)N, 18N/8; + 6 + 3 + 3 GiB or + 6 + 3 GiB.
  '10-1': {
    a: String(18n * N),
    b: String((15n * N) / 2n),
    c: String(4n * N),
    d: String((18n * N) / 8n),
    e: String((18n * N) / 8n + 12n * GIB),
    f: String((18n * N) / 8n + 9n * GIB),
  },
  // 32 cards: 31,790 steps; 30 × 86,400 / 31,790 and 25 × 86,400 / 31,790 s per step; 3 collectives × 12
  // micro-batches × 31/32 × 2N = 571,303,791,360 B at 32 GB/s = 17.85324348 s; the design-case file's 46.990 %;
  // r = 3,145,728 / 2,000,000: ceiling 1 + 1/r = 40201/24576 (1.64), 96 cards weak 15.7 days, r/10: 90413/12288 (7.36).
  '10-2': { a: '259200/3179', b: '216000/3179', c: '17.85324348', d: '~46.99', e: '40201/24576', f: '~15.7', g: '90413/12288' },
  // Card-hours from the design-case file's finish days less the 5-day reserve: 32 × 29.331 × 24 and 48 × 19.637 × 24
  // (within 10^-4); 32 cards with a 20 GiB peak: 16N/32 + 20 GiB; four hosts finish on day 34.3 and need 47.0 %.
  '10-3': { a: '≈22526.2', b: '≈22621.8', c: String((16n * N) / 32n + 20n * GIB), d: '~34.3', e: '~46.99' },
  // p = 4, m = 8: utilisation 8/11 (72.7 %); fill–drain 11 × 30 = 330 ms + 3 + 3 ms of links + 1 ms update = 337 ms;
  // ZB-H1 3 × (10 + 10 − 10) = 30 ms; 4 waiting micro-batches × 9 layers × 10 MiB = 360 MiB no longer kept;
  // one layer of one micro-batch, 10 MiB, as the workspace.
  '10-4': { a: '800/11', b: '337', c: '30', d: String(360n * 1048576n), e: String(10n * 1048576n) },
  // 384 / 52.8 = 80/11 per second; one of four processes paused for 60 s leaves 6 per second:
  // (80/11 − 6) × 60 = 840/11 ≈ 76.4 → 77 sequences; refilled at 8 − 80/11 = 8/11 per second in 105 s;
  // 14N B at 7 GB/s = 16.38147072 s.
  '10-5': { a: '80/11', b: '77', c: '105', d: '16.38147072' },
  // c = 16.38147072 s, λ = 1/28,440 s (7.9 h): τ* = √(2cλ⁻¹) ≈ 965.29 s; at 900 s
  // c/τ + λτ/2 + λr = 1.8202 + 1.5823 + 0.4219 % (3.82 %); a daily common stop makes λ = 319/6,825,600 and
  // τ* ≈ 837.27 s; 48 cards (λ = 1/606,720) plus a spike every 7 days: τ* ≈ 3,150.11 s and 2.869 % at 600 s.
  '10-6': { a: '965.286514', b: '354054191/92578125', c: '837.271904', d: '3150.113455', e: '25497475379/8887500000' },
  // min(8, 0.75 × min(12, 6)) = 4.5; verification doubled: min(8, 9) = 8; in turn 1/60 batch per second,
  // overlapped 0.8 / (max(40, 16) + 4) = 1/55.
  '10-7': { a: '4.5', b: '8', c: '1/60', d: '1/55' },
  // 8192 × 48 × 8 ids × 2 B = 6 MiB, × 4 B = 12 MiB.
  '10-8': { a: '6291456', b: '12582912' },
  // 48 cards: PCIe at 16 GB/s, 24.7 days; 30 % efficiency, 31.1 days (late); 5 s of input wait, 26.3 days;
  // σ = 5 % of 52.2 s = 2.61 s on 48 cards: 52.2 + 2.2331 × 2.61 + 0.58 = 58.608391 s (the inventory's
  // ch10_check.py values, to the printed digits).
  '10-9': { a: '~24.7', b: '~31.1', c: '~26.3', d: '58.608391' },
  // 5T parameters, 20T tokens: 6ND = 6 × 10^26 FLOPs; at 40 % for 90 days (7,776,000 s):
  // A100 6e26 / (312e12 × 0.4 × 7,776,000) ≈ 618,273.6 → 618,274; H100 (989) ≈ 195,046.8 → 195,047;
  // B200 (2,250) ≈ 85,733.3 → 85,734; D = 20N = 100T: 3 × 10^27 FLOPs ≈ 428,669.7 → 428,670 B200s.
  '10-10': { a: '600000000000000000000000000', b: '618274', c: '195047', d: '85734', e: '428670' },
};

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

test('every answer of the exercises is the value we derived', () => {
  for (const id of IDS) {
    const answers = exercises[id].parts.filter((p) => p.kind === 'answer').map((p) => p.id);
    assert.deepEqual(answers, Object.keys(DERIVED[id]), `${id}: answer parts`);
    for (const p of answers) {
      const want = DERIVED[id][p];
      // "~24.7": the value the inventory prints, compared at its digits (day counts of the whole design case).
      // "≈22526.2": a value derived from the design-case file's five-digit days, within 10^-4.
      if (want.startsWith('≈')) {
        const [n, d = '1'] = valueOf(id, p).split('/');
        const ours = Number((BigInt(n) * 1000n) / BigInt(d)) / 1000;
        assert.ok(Math.abs(ours / Number(want.slice(1)) - 1) < 1e-4, `${id}${p}: ${ours} ≉ ${want}`);
      } else if (want.startsWith('~')) {
        const [n, d = '1'] = valueOf(id, p).split('/');
        const digits = want.length - want.indexOf('.') - 1;
        assert.equal((Number(BigInt(n) * 10n ** BigInt(digits + 2) / BigInt(d)) / 10 ** (digits + 2)).toFixed(digits), want.slice(1), `${id}${p}`);
      } else assert.ok(sameRational(valueOf(id, p), want), `${id}${p}: ${valueOf(id, p)} ≠ ${want}`);
    }
  }
  // The roundings the chapter's own derivations print: 137.3 GiB, 17.2 GiB, 29.2 and 26.2 GiB.
  assert.equal(results['10-1'].full.bytes_per_card_display, '137.308 GiB');
  assert.equal(results['10-1'].z3.bytes_per_card_display, '17.163 GiB');
  assert.equal(results['10-1'].both.peak_display, '29.163 GiB');
  assert.equal(results['10-1'].turns.peak_display, '26.163 GiB');
});

const RIGHT = [
  ['10-1', 'a', ['137.3 GiB', '147.4 GB', '18 * 8190735360 B']],
  ['10-1', 'b', ['57.2 GiB', '61.43 GB']],
  ['10-1', 'd', ['17.16 GiB', '17.2 GiB', '18.43 GB']],
  ['10-1', 'e', ['29.16 GiB', '17.16 GiB + 12 GiB']],
  ['10-1', 'f', ['26.16 GiB']],
  ['10-2', 'a', ['81.5 s', '81.54 秒']],
  ['10-2', 'b', ['67.9 s', '67.95 s', '25 * 86400 s / 31790']],
  ['10-2', 'c', ['17.9 s', '17.85 s']],
  ['10-2', 'd', ['47.0%', '46.99 %']],
  ['10-2', 'e', ['1.64', '1.636']],
  ['10-2', 'f', ['15.7 days', '15.65 天']],
  ['10-2', 'g', ['7.36']],
  ['10-3', 'a', ['22526 GPU·h', '2.25e4 GPU·h']],
  ['10-3', 'c', ['23.81 GiB', '3.814 GiB + 20 GiB']],
  ['10-3', 'd', ['34.3 days', '34.33 天']],
  ['10-3', 'e', ['47%', '46.99 %']],
  ['10-4', 'a', ['72.7%', '72.73 %', '8/11']],
  ['10-4', 'b', ['337 ms', '0.337 s']],
  ['10-4', 'c', ['30 ms', '30 毫秒']],
  ['10-4', 'd', ['360 MiB', '4 * 9 * 10 MiB', '377.5 MB']],
  ['10-4', 'e', ['10 MiB', '10485760 B']],
  ['10-9', 'a', ['24.7 days', '24.7 天']],
  ['10-9', 'b', ['31.1 days']],
  ['10-9', 'c', ['26.3 天']],
  ['10-9', 'd', ['58.6 s', '58.61 秒']],
  ['10-10', 'a', ['6e26 FLOPs', '6 * 5e12 * 2e13 FLOPs']],
  ['10-10', 'b', ['618274', '618,274']],
  ['10-10', 'c', ['195047', '195,047']],
  ['10-10', 'd', ['85734']],
  ['10-10', 'e', ['428670']],
  ['10-5', 'a', ['7.27', '384/52.8']],
  ['10-5', 'b', ['77', '77 條']],
  ['10-5', 'c', ['105 s', '105 秒', '1.75 min']],
  ['10-5', 'd', ['16.4 s', '16.38 s']],
  ['10-6', 'a', ['965 s', '965.3 s', '965 秒']],
  ['10-6', 'b', ['3.82%', '3.82 %']],
  ['10-6', 'c', ['837 s']],
  ['10-6', 'd', ['3150 s', '3,150 s']],
  ['10-6', 'e', ['2.87%']],
  ['10-7', 'a', ['4.5', '6 * 0.75']],
  ['10-7', 'b', ['8']],
  ['10-7', 'c', ['1/60', '0.0167']],
  ['10-7', 'd', ['1/55', '0.0182']],
  ['10-8', 'a', ['6 MiB', '6291456 B', '6,291,456 B']],
  ['10-8', 'b', ['12 MiB', '12.58 MB']],
];

test('a right answer is accepted in each of its forms, in every edition', () => {
  assertRightForms(verdict, RIGHT, LANGS);
});

// The slips each question invites, named.
const WRONG = [
  ['10-1', 'a', '122.1 GiB', 'bf16_gradients'],
  ['10-1', 'b', '42.0 GiB', 'bf16_gradients'],
  ['10-1', 'b', '17.16 GiB', 'all_sharded'],
  ['10-1', 'd', '15.26 GiB', 'bf16_gradients'],
  ['10-1', 'e', '26.16 GiB', 'one_buffer'],
  ['10-1', 'f', '29.16 GiB', 'both_buffers'],
  ['10-2', 'a', '67.95 s', 'reserve_taken'],
  ['10-2', 'b', '81.54 s', 'reserve_ignored'],
  ['10-2', 'c', '1.488 s', 'per_micro_batch'],
  ['10-2', 'e', '7.36', 'noise_20m'],
  ['10-2', 'f', '9.82 days', 'strong_scaling'],
  ['10-2', 'g', '1.636', 'noise_2m'],
  ['10-3', 'a', '26367 GPU·h', 'reserve_included'],
  ['10-3', 'c', '13.81 GiB', 'old_peak'],
  ['10-3', 'd', '29.33 days', 'no_reserve'],
  ['10-4', 'a', '37.5%', 'bubble_share'],
  ['10-4', 'b', '330 ms', 'no_links'],
  ['10-4', 'c', '90 ms', 'plain_1f1b'],
  ['10-4', 'd', '90 MiB', 'one_micro_batch'],
  ['10-4', 'e', '90 MiB', 'whole_stage'],
  ['10-9', 'a', '19.7 days', 'no_reserve'],
  ['10-9', 'd', '52.8 s', 'mean_only'],
  ['10-10', 'b', '247310', 'efficiency_ignored'],
  ['10-10', 'd', '195047', 'h100_peak'],
  ['10-10', 'e', '85734', 'fixed_tokens'],
  ['10-5', 'b', '76.36', 'not_rounded_up'],
  ['10-6', 'b', '1.820', 'save_only'],
  ['10-6', 'c', '965.3 s', 'rate_unchanged'],
  ['10-6', 'd', '4458 s', 'no_spikes'],
  ['10-6', 'e', '2.799%', 'no_spikes'],
  ['10-7', 'a', '6', 'keep_ignored'],
  ['10-7', 'b', '4.5', 'generation_doubled'],
  ['10-7', 'd', '1/60', 'keep_ignored'],
  ['10-8', 'a', '12 MiB', 'int32_ids'],
  ['10-8', 'b', '6 MiB', 'uint16_ids'],
  ['10-1', 'a', '137.3 GB', 'gb_vs_gib'],
];

test('a named mistake is named, in every edition', () => assertNamedMistakes(verdict, WRONG, LANGS));

test('every listed mistake of every part is named when its value is typed', () => {
  const named = namedListedMistakes(IDS);
  assert.ok(named >= 15, `only ${named} mistakes checked`);
});

test('a drawn variant moves the answers: other shard counts, micro-batches, pauses, cards, keep shares, lengths and model sizes', () => {
  const variant = (id, changes) => run(id, { ...bookGivens(exercises[id]), ...changes });
  // d = 16: ZeRO-3 with FP32 gradients is 18N/16.
  assert.equal(variant('10-1', { d: 16 }).z3.bytes_per_card, Number((18n * N) / 16n));
  // A 120 s pause: (80/11 − 6) × 120 = 1680/11 ≈ 152.7 → 153 sequences, refilled in 210 s.
  const long = variant('10-5', { pause: 120 });
  assert.deepEqual([long.in.prefetch_sequences, long.in.refill_seconds], [153, 210]);
  // Twice the cards halves the job's MTBF: τ* shrinks by √2 (965.29 / √2 ≈ 682.56).
  assert.equal(variant('10-6', { cards: 2048 }).base.mtbf_seconds, 14220);
  assert.ok(sameRational(variant('10-6', { cards: 2048 }).base.optimal_interval_seconds, '682.560639'));
  // Keeping 70 %: 0.7 / 44 = 7/440 batches per second, below the in-turn 1/60.
  assert.ok(sameRational(variant('10-7', { keep: '70' }).base.overlapped_batches_per_second, '7/440'));
  // 16 micro-batches: utilisation 16/19; 1T parameters at 50 % for 180 days need 6,859 B200s (the inventory's grid).
  assert.ok(sameRational(variant('10-4', { m: 16 }).p.utilisation_percent, '1600/19'));
  assert.equal(variant('10-10', { N: 1000000000000, D20N: 20000000000000, eff: '50', days: '180' }).b200.cards_needed, 6859);
  // 40 cards: ⌈384 / 40⌉ = 10 micro-batches per card, and the link time follows 3m · (d − 1)/d · 2N at 32 GB/s.
  const forty = variant('10-2', { cards: 40 });
  assert.equal(forty.d.link_seconds, String(Number((3n * BigInt(forty.d.micro_batches) * 39n * 2n * N) / 40n) / 32e9));
  // A 15 GiB peak fits on both plans; 25 GiB fits on neither.
  assert.deepEqual([variant('10-3', { live: '15' }).m32.fits, variant('10-3', { live: '25' }).m48.fits], [true, false]);
  // Efficiency 35 %: 52.2 × 40/35 s of compute finishes on day 27.4, on time.
  assert.equal(variant('10-9', { eff: '35' }).slow.finish_display, '27.4');
  // 32K tokens: four times the 8K record.
  assert.equal(variant('10-8', { seq: 32768 }).u16.bytes, 4 * 6291456);
  // Every variant of every given is one the core accepts (the site build checks the same for the pages).
  for (const id of IDS) {
    for (const [key, g] of Object.entries(exercises[id].givens ?? {})) {
      for (const v of g.variants) variant(id, { [key]: v.value, ...(v.with ?? {}) });
    }
  }
});

test('every zh-Hant text of every exercise has its English in the map', () => {
  for (const id of IDS) {
    const ex = exercises[id];
    const { strings } = readJson(`content/i18n/en/ch10/exercises/${id}.json`);
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
    // Titles keep the book's label 習題 10-k, Exercise 10-k in English.
    assert.match(ex.title, /^習題 10-\d+/, id);
    assert.match(strings[ex.title], /^Exercise 10-\d+/, id);
    // Digit-only strings are not map entries.
    for (const key of Object.keys(strings)) assert.ok(!/^[\d\s.,%]+$/.test(key), `${id}: "${key}" is not text`);
  }
});
