// The WASM module and the native CLI are one engine: for every request of
// the grid, good or bad, their responses must be byte-identical.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine, nativeResponses } from './engine.mjs';
import { requestGrid } from './grid.mjs';

const engine = await loadEngine();
const requests = requestGrid();

test('the grid is large and mixes good and bad requests', () => {
  assert.ok(requests.length >= 200, `only ${requests.length} requests`);
  const answers = requests.map((r) => JSON.parse(engine.evaluate(r)));
  const bad = answers.filter((a) => a.ok === false).length;
  assert.ok(bad >= 25, `only ${bad} bad requests`);
  assert.ok(answers.length - bad >= 175);
});

test('WASM responses are byte-identical to `tally eval`', () => {
  const native = nativeResponses(requests);
  let compared = 0;
  requests.forEach((request, i) => {
    assert.equal(engine.evaluate(request), native[i], `request ${i}: ${request}`);
    compared += 1;
  });
  assert.equal(compared, requests.length);
});

test('the WASM module reproduces the chapter in JavaScript', () => {
  const call = (r) => JSON.parse(engine.evaluate(JSON.stringify(r)));
  const prefill = call({ op: 'forward', model: 'qwen3-8b', input: 8192 });
  assert.equal(prefill.result.total, 133594323353600);
  assert.equal(prefill.result.display, '133.59 TFLOPs');
  const capacity = call({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192 });
  assert.equal(capacity.result.requests, 4);
  // Integers past 2^53 arrive as strings, so BigInt keeps every digit.
  const big = call({ op: 'forward', model: 'qwen3-8b', input: 1048576 });
  assert.equal(typeof big.result.total, 'string');
  assert.ok(BigInt(big.result.total) > BigInt(Number.MAX_SAFE_INTEGER));
  const bad = call({ op: 'forward', model: 'qwen3-8b', input: 0 });
  assert.equal(bad.ok, false);
  assert.equal(bad.error.field, 'input');
  assert.match(bad.error.message, /1 到 9,007,199,254,740,991/);
});

test('an exception never crosses into JavaScript', () => {
  for (const text of ['', '{', 'null', '{"op":null}', '{"op":"forward","model":"qwen3-8b","batch":{"a":1}}']) {
    const answer = JSON.parse(engine.evaluate(text));
    assert.equal(answer.ok, false, text);
    assert.equal(typeof answer.error.message, 'string');
  }
});
