// The WASM module and the native CLI are one engine: for every request of
// the grid, good or bad, their responses must be byte-identical.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine, nativeResponses } from './engine.mjs';
import { requestGrid } from './grid.mjs';
import { twoBadFieldGrid } from './grid-two-bad.mjs';

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

// Each request runs in an arena that is reset afterwards (src/wasm/
// request_arena.hpp): if anything allocated in one request survived into the
// next, a different order would read overwritten memory and answer otherwise.
test('requests are independent: the grid in a scrambled order gives the same responses', () => {
  const inOrder = requests.map((r) => engine.evaluate(r));
  const n = requests.length;
  const scrambled = requests.map((_, i) => i).sort((a, b) => ((a * 7919) % n) - ((b * 7919) % n) || a - b);
  assert.notDeepEqual(scrambled.slice(0, 10), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  for (const i of scrambled) assert.equal(engine.evaluate(requests[i]), inOrder[i], `request ${i}: ${requests[i]}`);
  // Twice in a row, and after a refused one, the same request answers the same.
  for (const i of [0, Math.floor(n / 2), n - 1]) {
    engine.evaluate('{"op":"forward","model":"nope"}');
    assert.equal(engine.evaluate(requests[i]), inOrder[i]);
    assert.equal(engine.evaluate(requests[i]), inOrder[i]);
  }
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
  assert.equal(bad.error.code, 'field_out_of_range');
  assert.equal(bad.error.params.max, '9,007,199,254,740,991');
});

test('an exception never crosses into JavaScript', () => {
  for (const text of ['', '{', 'null', '{"op":null}', '{"op":"forward","model":"qwen3-8b","batch":{"a":1}}']) {
    const answer = JSON.parse(engine.evaluate(text));
    assert.equal(answer.ok, false, text);
    assert.equal(typeof answer.error.message, 'string');
  }
});

// Every error carries a stable code and the parameters of its message
// (docs/api.md, "Error codes"), so pages and tests need not read the words.
test('every refused request of the grids has a code from the catalog and its params', async () => {
  const { readCatalog } = await import('../../scripts/messages-catalog.mjs');
  const catalog = readCatalog(new URL('../..', import.meta.url).pathname, 'zh-Hant');
  let refused = 0;
  for (const request of [...requests, ...twoBadFieldGrid()]) {
    const answer = JSON.parse(engine.evaluate(request));
    if (answer.ok) continue;
    refused += 1;
    assert.deepEqual(Object.keys(answer.error).slice(0, 4), ['field', 'code', 'params', 'message'], request);
    assert.equal(typeof catalog.messages[answer.error.code], 'string', `${answer.error.code}: ${request}`);
    assert.equal(typeof answer.error.params, 'object', request);
    for (const value of Object.values(answer.error.params)) assert.equal(typeof value, 'string', request);
  }
  assert.ok(refused >= 60, `only ${refused} refused requests`);
});

// Issue 18: with two invalid fields, GCC (native) and clang (WASM) evaluated a
// call's arguments in different orders and named different fields.
test('two invalid fields: WASM names the same field, with the same message, as `tally eval`', () => {
  const requests = twoBadFieldGrid();
  const native = nativeResponses(requests);
  requests.forEach((request, i) => {
    const answer = JSON.parse(native[i]);
    assert.equal(engine.evaluate(request), native[i], `request ${i}: ${request}`);
    if (!request.includes('"answer"') || request.includes('"answer":"1 GiB","answer"')) assert.equal(answer.ok, false, request);
  });
  const capacity = JSON.parse(engine.evaluate(requests.find((r) => r.includes('"gpu":"h200","context":8192,"weight_dtype"'))));
  assert.equal(capacity.error.field, 'weight_dtype');
  const repeated = JSON.parse(engine.evaluate('{"op":"kv","model":"qwen3-8b","tokens":-5,"tokens":8192}'));
  assert.equal(repeated.error.field, 'tokens');
  assert.equal(repeated.error.code, 'json_duplicate_key');
  assert.equal(repeated.error.params.key, 'tokens');
});
