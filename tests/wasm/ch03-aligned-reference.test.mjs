// The five chapter-3 ops aligned with the book's calculator (issue 38, §2)
// against an independent reference written here from the calculator's
// documented models (bojieli/ai-infra-book, calculations/results/*.md: the
// audio-chunk-timing conditions; the chapter's Amdahl formula; Jev's price
// per million input tokens; max(compute, memory) for a decode step when the
// card's peak is known; 6ND and 2N[P + (G − 1)] over peak × MFU and the law's
// floor for the life cycle). Inputs are drawn from a seeded generator, so a
// failure names a request that can be replayed. Arithmetic is exact
// (BigInt fractions), as the core's is: every comparison is equality.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from './engine.mjs';

const engine = await loadEngine();
const call = (request) => {
  const response = JSON.parse(engine.evaluate(JSON.stringify(request)));
  assert.ok(response.ok, `${JSON.stringify(request)}: ${response.error?.message}`);
  return response.result;
};

// ---- exact fractions ---------------------------------------------------------

const gcd = (a, b) => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
class Q {
  constructor(n, d = 1n) {
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n, d) || 1n;
    this.n = n / g;
    this.d = d / g;
  }
  /** A core value: an integer, "a/b", a decimal string, "-x". */
  static of(v) {
    if (v instanceof Q) return v;
    if (typeof v === 'number') return Q.of(String(v));
    if (typeof v === 'bigint') return new Q(v);
    const s = String(v);
    if (s.startsWith('-')) return Q.of(s.slice(1)).neg();
    if (s.includes('/')) {
      const [a, b] = s.split('/');
      return new Q(BigInt(a), BigInt(b));
    }
    const [whole, frac = ''] = s.split('.');
    return new Q(BigInt(whole + frac), 10n ** BigInt(frac.length));
  }
  add(o) {
    o = Q.of(o);
    return new Q(this.n * o.d + o.n * this.d, this.d * o.d);
  }
  sub(o) {
    return this.add(Q.of(o).neg());
  }
  mul(o) {
    o = Q.of(o);
    return new Q(this.n * o.n, this.d * o.d);
  }
  div(o) {
    o = Q.of(o);
    return new Q(this.n * o.d, this.d * o.n);
  }
  neg() {
    return new Q(-this.n, this.d);
  }
  cmp(o) {
    o = Q.of(o);
    const l = this.n * o.d;
    const r = o.n * this.d;
    return l < r ? -1 : l > r ? 1 : 0;
  }
  toString() {
    return this.d === 1n ? String(this.n) : `${this.n}/${this.d}`;
  }
}
const max = (a, b) => (a.cmp(b) >= 0 ? a : b);
const same = (actual, expected, what) => assert.equal(Q.of(actual).toString(), Q.of(expected).toString(), what);

// ---- seeded inputs -------------------------------------------------------------

/** mulberry32: a small, well-known 32-bit generator; the seed is printed with every failure. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  /** A decimal string with up to `places` decimals in [lo, hi]. */
  const dec = (lo, hi, places = 1) => {
    const scale = 10 ** places;
    const v = int(Math.round(lo * scale), Math.round(hi * scale));
    return places === 0 ? String(v) : (v / scale).toFixed(places).replace(/\.?0+$/, '') || '0';
  };
  return { int, dec, pick: (list) => list[int(0, list.length - 1)] };
}

const SEED = 20261207;
const ROUNDS = 120;

// ---- audio_playout: the calculator's audio-chunk-timing ----------------------

/**
 * Each chunk is ready when captured (its end); one model stage and one send
 * link, each serial, stages overlapping; arrival after the chunk's own
 * network delay. The first chunk plays the fixed buffer after it arrives;
 * chunk i is due at first + i·d; the player waits in order for a missing
 * chunk and everything after it moves back.
 */
function playoutReference({ chunk_ms, chunks, process_ms, send_ms, network_ms, late, buffer_ms }) {
  const d = Q.of(chunk_ms);
  const network = Array.from({ length: chunks }, () => Q.of(network_ms));
  for (const l of late ?? []) network[l.chunk] = Q.of(l.network_ms);
  const out = [];
  let processed = new Q(0n);
  let sent = new Q(0n);
  for (let i = 0; i < chunks; i++) {
    const captured = d.mul(BigInt(i + 1));
    processed = max(captured, processed).add(process_ms);
    sent = max(processed, sent).add(send_ms);
    out.push({ captured, processed, sent, arrival: sent.add(network[i]) });
  }
  const first = out[0].arrival.add(buffer_ms);
  let stall = new Q(0n);
  let late_chunks = 0;
  out.forEach((c, i) => {
    c.planned = first.add(d.mul(BigInt(i)));
    const ready = i === 0 ? first : out[i - 1].play.add(d);
    c.play = max(ready, c.arrival);
    c.stall = c.play.sub(ready);
    stall = stall.add(c.stall);
    if (c.arrival.cmp(c.planned) > 0) late_chunks++;
  });
  return { chunks: out, first, stall, late_chunks };
}

test('audio_playout matches the calculator’s serial-stage timeline at random inputs', () => {
  const r = generator(SEED);
  const met = { stalled: 0, behind: 0 };
  for (let k = 0; k < ROUNDS; k++) {
    const chunks = r.int(1, 16);
    const late = [];
    for (let i = 0; i < chunks; i++) if (r.int(0, 3) === 0) late.push({ chunk: i, network_ms: r.dec(0, 120, 1) });
    const request = {
      op: 'audio_playout',
      chunk_ms: r.pick(['10', '20', '40', '12.5']),
      chunks,
      process_ms: r.dec(0, 45, 1),
      send_ms: r.dec(0, 8, 1),
      network_ms: r.dec(0, 30, 1),
      buffer_ms: r.dec(0, 120, 0),
      // The core takes `late` only with at least one chunk in it.
      ...(late.length ? { late } : {}),
    };
    const what = `seed ${SEED} round ${k}: ${JSON.stringify(request)}`;
    const got = call(request);
    const want = playoutReference(request);
    if (want.stall.cmp(0) > 0) met.stalled++;
    if (Q.of(request.process_ms).cmp(request.chunk_ms) > 0) met.behind++;
    same(got.first_play_ms, want.first, `${what}: first play`);
    same(got.stall_ms, want.stall, `${what}: stall`);
    assert.equal(got.late_chunks, want.late_chunks, `${what}: late chunks`);
    want.chunks.forEach((c, i) => {
      const g = got.chunks[i];
      for (const key of ['captured', 'processed', 'sent', 'arrival', 'planned', 'play', 'stall']) same(g[`${key}_ms`], c[key], `${what}: chunk ${i} ${key}`);
    });
  }
  // The draws reach stalls and a model slower than the chunk length (the case the alignment was for).
  assert.ok(met.stalled > 10 && met.behind > 10, JSON.stringify(met));
});

// ---- amdahl: T' = T − p + p/s, signed --------------------------------------------

test('amdahl: T − p + p/s and the signed saving, also for a part that runs slower (s < 1)', () => {
  const r = generator(SEED + 1);
  let slower = 0;
  for (let k = 0; k < ROUNDS * 4; k++) {
    const total = r.dec(1, 500, 3);
    const part = r.dec(0.001, Number(total), 3);
    const speedup = r.pick([r.dec(0.05, 0.99, 2), r.dec(1, 64, 2)]);
    const request = { op: 'amdahl', total, part: Q.of(part).cmp(total) > 0 ? total : part, speedup };
    const what = `seed ${SEED + 1} round ${k}: ${JSON.stringify(request)}`;
    const got = call(request);
    const T = Q.of(request.total);
    const p = Q.of(request.part);
    const after = T.sub(p).add(p.div(request.speedup));
    same(got.total_after, after, `${what}: total after`);
    same(got.saved_signed, T.sub(after), `${what}: saved`);
    same(got.speedup, T.div(after), `${what}: overall speedup`);
    same(got.rest, T.sub(p), `${what}: rest`);
    assert.equal(got.slower, Q.of(request.speedup).cmp(1) < 0, `${what}: slower`);
    if (got.slower) slower++;
  }
  assert.ok(slower > 50, `slower parts met: ${slower}`);
});

// ---- decision_request: the hand-off break-even of this request's own tokens ---------

test('decision_request: the break-even hand-off share is the price of this request’s tokens over handoff_usd', () => {
  const r = generator(SEED + 2);
  for (let k = 0; k < ROUNDS / 4; k++) {
    const request = {
      op: 'decision_request',
      model: 'qwen3-8b',
      gpu: 'h100-sxm',
      tokens: r.int(1, 65536),
      usd_per_million: r.pick(['0.042', r.dec(0.01, 2, 3)]),
      handoff_usd: r.dec(0.001, 0.5, 5),
    };
    const what = `seed ${SEED + 2} round ${k}: ${JSON.stringify(request)}`;
    const got = call(request);
    const usd = Q.of(request.tokens).mul(request.usd_per_million).div(1000000n);
    same(got.request_usd, usd, `${what}: request USD`);
    same(got.handoff_breakeven_percent, usd.div(request.handoff_usd).mul(100n), `${what}: break-even share`);
  }
});

// ---- decode_step_rate: max(compute, memory) when the peak is known -----------------

// A step's bytes and FLOPs are chapter 2's accounting (its ledger checks them);
// what the alignment changed, and what is checked here, is how they become a time.
test('decode_step_rate: the step is the larger of bytes over bandwidth and FLOPs over the peak; without a peak, the bandwidth bound', () => {
  const r = generator(SEED + 3);
  const met = { compute: 0, memory: 0, bandwidth_only: 0, unfit: 0 };
  for (let k = 0; k < ROUNDS / 2; k++) {
    const withPeak = r.int(0, 2);
    const request = { op: 'decode_step_rate', model: r.pick(['qwen3-8b', 'qwen3-32b']), batch: r.int(1, 1024), context: r.int(1, 32768), cards: r.int(1, 8) };
    if (withPeak === 0) Object.assign(request, { bandwidth: r.dec(500, 8000, 0) });
    if (withPeak === 1) Object.assign(request, { bandwidth: r.dec(500, 8000, 0), peak_tflops: r.dec(50, 2500, 1) });
    if (withPeak === 2) Object.assign(request, { gpu: r.pick(['h100-sxm', 'h200', 'b200', 'a100-80g']) });
    const what = `seed ${SEED + 3} round ${k}: ${JSON.stringify(request)}`;
    const got = call(request);
    if (request.gpu) {
      // Weights plus KV against the card's memory in the hardware catalog (decimal bytes, the vendor's).
      const card = JSON.parse(readFileSync(path.join(root, `content/hardware/${request.gpu}.json`), 'utf8'));
      assert.equal(got.fits, Q.of(got.resident_bytes).cmp(card.memory_bytes) <= 0, `${what}: fits`);
    }
    if (got.fits === false) {
      // Weights and KV beyond the card's memory: no rate is claimed.
      assert.equal(got.step_seconds, null, `${what}: no step time when it does not fit`);
      met.unfit++;
      continue;
    }
    const memory = Q.of(got.step_bytes).div(Q.of(got.bandwidth).mul(1000000000n));
    same(got.memory_seconds, memory, `${what}: memory time`);
    let step = memory;
    if (got.peak_tflops === null) {
      // No peak: the bandwidth bound, and the result says it is only that.
      assert.equal(got.bound, 'bandwidth_only', `${what}: bandwidth bound`);
    } else {
      const compute = Q.of(got.flops).div(Q.of(got.peak_tflops).mul(1000000000000n));
      same(got.compute_seconds, compute, `${what}: compute time`);
      step = max(memory, compute);
      assert.equal(got.bound, compute.cmp(memory) > 0 ? 'compute' : 'memory', `${what}: bound`);
    }
    same(got.step_seconds, step, `${what}: step`);
    same(got.steps_per_second, Q.of(request.batch).div(step), `${what}: steps per second`);
    same(got.steps_per_second_all, Q.of(request.batch).mul(BigInt(request.cards)).div(step), `${what}: all cards`);
    met[got.bound]++;
  }
  assert.ok(
    Object.values(met).every((n) => n > 0),
    JSON.stringify(met),
  );
});

// ---- lifecycle_cost: 6ND and 2N[P + (G − 1)] at peak × MFU; the law's floor -----------

test('lifecycle_cost: training 6ND and a call 2N[P + (G − 1)] at peak × MFU; a model the law cannot bring to the target is infeasible and the others are priced', () => {
  const r = generator(SEED + 4);
  for (let k = 0; k < ROUNDS / 2; k++) {
    const count = r.int(1, 4);
    const models = Array.from({ length: count }, (_, i) => ({ id: `m${i}`, params: r.dec(1e7, 1e11, 0), tokens: r.dec(1e9, 1e13, 0) }));
    const request = { op: 'lifecycle_cost', models, prompt: r.int(1, 8192), output: r.int(1, 4096), peak_tflops: r.dec(50, 2500, 1), mfu: r.dec(0.05, 1, 2) };
    const what = `seed ${SEED + 4} round ${k}: ${JSON.stringify(request)}`;
    const got = call(request);
    const rate = Q.of(request.peak_tflops).mul(1000000000000n).mul(request.mfu);
    same(got.gpu_flops_per_second, rate, `${what}: rate`);
    models.forEach((m, i) => {
      const row = got.rows[i];
      assert.equal(row.feasible, true, `${what}: ${m.id} has its tokens`);
      const training = Q.of(m.params).mul(Q.of(m.tokens)).mul(6n);
      const perCall = Q.of(m.params)
        .mul(2n)
        .mul(BigInt(request.prompt + request.output - 1));
      same(row.training_flops, training, `${what}: ${m.id} training FLOPs`);
      same(row.training_gpu_seconds, training.div(rate), `${what}: ${m.id} training GPU-s`);
      same(row.per_call_flops, perCall, `${what}: ${m.id} per call`);
      same(row.per_call_gpu_seconds, perCall.div(rate), `${what}: ${m.id} per call GPU-s`);
    });
    // Every pair that crosses does so at the extra training over the saving per call.
    for (const x of got.crossovers.filter((c) => c.crosses)) {
      same(x.calls, Q.of(x.extra_training_gpu_seconds).div(x.saving_per_call_gpu_seconds), `${what}: ${x.id} crossing`);
    }
  }
});

test('lifecycle_cost with a fit: a model whose floor E + A/(N/10⁹)^α is above the target is infeasible with that floor; the others are priced at the D the law needs', () => {
  const r = generator(SEED + 5);
  const fit = JSON.parse(readFileSync(path.join(root, 'content/ch03/widgets/w36.json'), 'utf8')).widgets['fig-3-29'].table.list.fields.fit;
  const law = call({ op: 'scaling_fit', ...fit });
  const [E, A, B, alpha, beta] = [law.e, law.a, law.b, law.alpha, law.beta].map(Number);
  let feasible = 0;
  let infeasible = 0;
  for (let k = 0; k < ROUNDS / 4; k++) {
    const models = Array.from({ length: r.int(1, 4) }, (_, i) => ({ id: `m${i}`, params: r.dec(1e7, 1e10, 0) }));
    const target = r.dec(2.2, 3, 3);
    const request = {
      op: 'lifecycle_cost',
      models,
      target_loss: target,
      fit,
      prompt: r.int(1, 4096),
      output: r.int(1, 1024),
      peak_tflops: '989.4',
      mfu: r.dec(0.1, 1, 2),
    };
    const what = `seed ${SEED + 5} round ${k}: models ${JSON.stringify(models)}, target ${target}`;
    const floors = models.map((m) => E + A / (Number(m.params) / 1e9) ** alpha);
    if (floors.some((f) => Math.abs(f - Number(target)) < 1e-6)) continue; // a tie at double precision says nothing
    if (floors.every((f) => f >= Number(target))) {
      // No model can be priced: the request is refused, naming the first model and its floor.
      const response = JSON.parse(engine.evaluate(JSON.stringify(request)));
      assert.equal(response.ok, false, `${what}: nothing feasible`);
      assert.equal(response.error.field, 'models[0].params', what);
      assert.ok(response.error.message.includes(floors[0].toFixed(3)), `${what}: ${response.error.message}`);
      infeasible += models.length;
      continue;
    }
    const got = call(request);
    models.forEach((m, i) => {
      const row = got.rows[i];
      const floor = floors[i];
      if (floor >= Number(target)) {
        infeasible++;
        assert.equal(row.feasible, false, `${what}: ${m.id} floor ${floor}`);
        assert.equal(row.floor_display, floor.toFixed(3), `${what}: ${m.id} floor shown`);
        assert.equal(row.training_flops, undefined, `${what}: ${m.id} is not priced`);
        return;
      }
      feasible++;
      assert.equal(row.feasible, true, `${what}: ${m.id} floor ${floor}`);
      const tokens = 1e10 * (B / (Number(target) - floor)) ** (1 / beta);
      assert.ok(Math.abs(Number(row.tokens) / tokens - 1) < 1e-6, `${what}: ${m.id} D ${row.tokens}, reference ${tokens}`);
      same(row.training_flops, Q.of(m.params).mul(Q.of(row.tokens)).mul(6n), `${what}: ${m.id} 6ND`);
    });
  }
  // Both kinds of row were met, often.
  assert.ok(feasible > 10 && infeasible > 10, `feasible ${feasible}, infeasible ${infeasible}`);
});
