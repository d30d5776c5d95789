// Issue 37's reproducers, natively and in WASM: each is answered (a hang
// would time the test out), finite or refused with a code, and the two
// engines answer byte for byte the same. The core's own tests
// (tests/core/ch03_float_bounds_test.cpp) check the values.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine, nativeResponses } from './engine.mjs';

const engine = await loadEngine();

const POINTS = [
  { id: 'H1', params: '2810000000', tokens: '55000000000', loss: '2.574117' },
  { id: 'F1', params: '1096300000', tokens: '100000000', loss: '6.611002' },
  { id: 'F2', params: '14100000', tokens: '100000000', loss: '7.278144' },
  { id: 'F3', params: '201236224', tokens: '1500000000', loss: '3.929866' },
  { id: 'F5', params: '1096300000', tokens: '12000000000', loss: '2.925644' },
];
const fit = (alphas, betas = ['0.4', '0.45']) => ({ op: 'scaling_fit', points: POINTS, holdout_from: '2000000000', alphas, betas });
const TINY_BETA_RUNS = [
  { params: '1000000000', tokens: '10000000000', loss: '3' },
  { params: '250000000', tokens: '10000000000', loss: '4' },
  { params: '1000000000', tokens: '231630000000000', loss: '2.99' },
];
const lifecycle = (target, points, betas) => ({
  op: 'lifecycle_cost',
  models: [{ id: '100B', params: '100000000000' }],
  target_loss: target,
  fit: { points, alphas: [points === TINY_BETA_RUNS ? '0.5' : '0.1'], betas },
});

const REPRODUCERS = [
  fit(['0.1', '200']),
  fit(['100000000']),
  fit(['1000000000', '0.1']),
  fit(['9007199254740992', '0.1']),
  fit(['359462376', '0.2']),
  {
    op: 'scaling_fit',
    points: [
      { params: '1000000000', tokens: '10000000000', loss: '3' },
      { params: '4000000000', tokens: '10000000000', loss: '2.5' },
      { params: '1000000000', tokens: '40000000000', loss: '2.5' },
    ],
    alphas: ['0.5'],
    betas: ['0.5'],
  },
  lifecycle('2.05', TINY_BETA_RUNS, ['0.001']),
  lifecycle('1000000000000', POINTS.slice(1), ['0.45']),
  { op: 'gpu_hour_factor' },
  { op: 'gpu_hour_factor', peak_from: 'abc', peak_to: 'xyz' },
  { op: 'training_calendar' },
  { op: 'buffer_depletion' },
  { op: 'ced_expert_layers', input: 0, encoder_layers: 0 },
  { op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: '0x10' },
  { op: 'chinchilla_alloc', alpha: '0.1234567890123', beta: '0.5' },
].map((r) => JSON.stringify(r));

test('issue 37 reproducers: answered, finite or refused with a code, the same natively and in WASM', () => {
  const native = nativeResponses(REPRODUCERS);
  REPRODUCERS.forEach((request, i) => {
    const answer = engine.evaluate(request);
    assert.equal(answer, native[i], request);
    const response = JSON.parse(answer);
    if (response.ok) assert.doesNotMatch(answer, /(^|[^A-Za-z])(nan|inf|infinity)([^A-Za-z]|$)/i, request);
    else assert.ok(response.error.code && response.error.code !== 'internal_error', answer);
  });
  const codes = REPRODUCERS.map((r) => JSON.parse(engine.evaluate(r)));
  assert.equal(codes[0].result.alpha, '0.1');
  assert.equal(codes[0].result.rejected_not_finite, 2);
  assert.equal(codes[6].error.code, 'flow_lifecycle_tokens_too_many');
  assert.equal(codes[7].error.code, 'flow_lifecycle_tokens_too_few');
  assert.equal(codes[8].error.field, 'peak_from');
  assert.equal(codes[9].error.field, 'peak_from');
  assert.equal(codes[13].error.code, 'field_hex_integer');
  assert.equal(codes[14].error.code, 'flow_decimal_too_precise');
});

test('a request one character past the size cap is refused in WASM too, even when that character straddles the cap', () => {
  const cap = 4 << 20;
  const head = '{"op":"catalog"}';
  // Three bytes of 中 start one byte before the cap's end: cut there, the request would still be valid JSON.
  for (const tail of ['中', 'é', '😀']) {
    const request = head + ' '.repeat(cap - 1 - head.length) + tail;
    const response = JSON.parse(engine.evaluate(request));
    assert.equal(response.ok, false, `tail ${tail}`);
    assert.equal(response.error.code, 'request_too_large', `tail ${tail}`);
  }
  // At the cap exactly, the request is read.
  assert.equal(JSON.parse(engine.evaluate(head + ' '.repeat(cap - head.length))).ok, true);
});
