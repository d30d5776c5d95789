// The speculative op's fixed shape through the native CLI, in both of its
// forms: a request on stdin (`tally eval`) and flags (`tally speculative
// --acceptance 0.75 …`), whose decimals reach the core as decimal strings.
// Exercise 8-7: E[N] 1.75, 2.31, 3.05, 3.70 and 17.09, 14.49, 13.34, 14.89 ms
// per token for m = 1, 2, 4, 8 at a = 3/4, a 26.3 ms round and 3.6 ms per draft.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import test from 'node:test';

import { tallyBin } from '../../wasm/engine.mjs';

const BOOK = [
  [1, '1.75', '29.9', '598/35', '17.09 ms'],
  [2, '2.3125', '33.5', '536/37', '14.49 ms'],
  [4, '3.05078125', '40.7', '4736/355', '13.34 ms'],
  [8, '3.6996612548828125', '55.1', '18055168/1212305', '14.89 ms'],
];
const shape = (r) => [r.draft, String(r.expected_outputs), r.round_ms, r.ms_per_token, r.ms_per_token_display];

test('tally eval: speculative gives Exercise 8-7’s E[N], round and ms per token, exact', () => {
  const lines = BOOK.map(([m]) => JSON.stringify({ op: 'speculative', acceptance: '0.75', draft: m, round_ms: '26.3', per_draft_ms: '3.6' }));
  const out = spawnSync(tallyBin, ['eval', '--jsonl'], { input: lines.join('\n') + '\n', encoding: 'utf8' });
  assert.equal(out.status, 0, out.stderr);
  const results = out.stdout.trim().split('\n').map((l) => JSON.parse(l).result);
  assert.deepEqual(results.map(shape), BOOK);
});

test('tally speculative --acceptance 0.75 …: decimal flags travel as decimal strings, as in a request', () => {
  for (const row of BOOK) {
    const args = ['speculative', '--acceptance', '0.75', '--draft', String(row[0]), '--round-ms', '26.3', '--per-draft-ms', '3.6', '--format', 'json'];
    const out = spawnSync(tallyBin, args, { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    assert.deepEqual(shape(JSON.parse(out.stdout).result), row);
  }
  // A decimal where a whole number belongs is refused by name, not rounded.
  const bad = spawnSync(tallyBin, ['speculative', '--acceptance', '0.75', '--draft', '1.5', '--round-ms', '26.3', '--lang', 'en'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^tally: --draft: .*1\.5/);
});
