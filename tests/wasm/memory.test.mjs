// Issue 18: any request needing more than ~3.75 MiB of working memory trapped
// the module ("memory access out of bounds") and corrupted its heap, because
// the response string was destroyed after the request arena had been reset.
// Each of the requests must now get an answer or a clear error, the
// next request must still work, and memory must not grow across 10,000 mixed
// requests.  (The same requests run natively under ASan in tests/arena/.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { loadEngine, root } from './engine.mjs';

const engine = await loadEngine();
const call = (request) => JSON.parse(engine.evaluate(typeof request === 'string' ? request : JSON.stringify(request)));
const small = JSON.stringify({ op: 'kv', model: 'qwen3-8b', tokens: 8192 });
const smallAnswer = engine.evaluate(small);
const memoryBytes = () => engine.HEAPU8.buffer.byteLength;

// A real config.json padded with keys the importer does not read.
const paddedConfig = (extra) => {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/hf/llama-3-8b.json'), 'utf8'));
  for (let i = 0; i < extra; i++) config[`pad_${i}`] = 0;
  return JSON.stringify(config);
};
const curve = {
  op: 'state_curve',
  model: 'deepseek-v4.1-flash',
  layout: 'production',
  lengths: Array.from({ length: 4096 }, (_, i) => (i + 1) * 2048),
};
const mebibyteConfig = paddedConfig(74000);
const hugeAnswer = { op: 'check_answer', answer: '1'.repeat(1100000), expected: { value: '1207959552', unit: 'B', digits: 4 } };

function stillWorks() {
  assert.equal(engine.evaluate(small), smallAnswer);
}

test('the valid V4.1 state curve of 4,096 lengths up to 8.4 M answers', () => {
  const answer = call(curve);
  assert.equal(answer.ok, true);
  assert.equal(answer.result.tokens.length, 4096);
  assert.equal(answer.result.tokens[4095], 8388608);
  assert.ok(JSON.stringify(answer).length > 700000);
  stillWorks();
});

test('a 300 KB unknown model id is refused by name', () => {
  const answer = call({ op: 'kv', model: 'x'.repeat(300000), tokens: 8192 });
  assert.equal(answer.ok, false);
  assert.equal(answer.error.field, 'model');
  assert.ok(answer.error.message.length < 2000, 'the message quotes a clipped id');
  stillWorks();
});

test('a 1 MiB config_text is imported', () => {
  assert.ok(mebibyteConfig.length > 1000000 && mebibyteConfig.length <= 1 << 20);
  const answer = call({ op: 'import_hf_config', config_text: mebibyteConfig });
  assert.equal(answer.ok, true);
  assert.equal(answer.result.spec.hidden, 4096);
  stillWorks();
});

test('a 1.1 MB answer gets a clear verdict', () => {
  const answer = call(hugeAnswer);
  assert.equal(answer.ok, true);
  assert.equal(answer.result.correct, false);
  assert.match(answer.result.message, /答案太長/);
  stillWorks();
});

test('a request over the 4 MiB cap is refused naming the cap, however long', () => {
  for (const length of [(4 << 20) + 1, 3 << 21]) {
    const answer = call(`{"op":"kv","model":"${'中'.repeat(Math.ceil(length / 3))}"}`);
    assert.equal(answer.ok, false);
    assert.match(answer.error.message, /4,194,304/);
    stillWorks();
  }
});

test('memory does not grow across 10,000 mixed requests', () => {
  const big = [JSON.stringify(curve), JSON.stringify({ op: 'import_hf_config', config_text: mebibyteConfig }), JSON.stringify(hugeAnswer)];
  const mixed = [
    small,
    '{"op":"forward","model":"qwen3-8b","input":8192}',
    '{"op":"forward","model":"nope"}',
    '{"op":"kv","model":"qwen3-8b","tokens":-5,"tokens":8192}',
    '{"op":"capacity","model":"qwen3-8b","gpu":"h200","context":8192,"weight_dtype":"int5","kv_dtype":"fp4"}',
    JSON.stringify({ op: 'kv', model: 'y'.repeat(300000), tokens: 1 }),
    '{',
  ];
  const sequence = (i) => (i % 500 === 499 ? big[Math.floor(i / 500) % big.length] : mixed[i % mixed.length]);
  // One warm-up pass over every kind of request, then the count.
  for (const request of [...big, ...mixed]) engine.evaluate(request);
  const warm = memoryBytes();
  const reserve = engine.request_arena_reserved_bytes();
  const expected = new Map([...big, ...mixed].map((r) => [r, engine.evaluate(r)]));
  for (let i = 0; i < 10000; i++) {
    const request = sequence(i);
    if (i % 97 === 0) assert.equal(engine.evaluate(request), expected.get(request), `request ${i}`);
    else engine.evaluate(request);
  }
  assert.equal(memoryBytes(), warm, `memory grew from ${warm} to ${memoryBytes()} bytes`);
  assert.equal(engine.request_arena_reserved_bytes(), reserve);
  assert.ok(reserve <= 4 << 20, `the arena keeps ${reserve} bytes between requests`);
  stillWorks();
});
