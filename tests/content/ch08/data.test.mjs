// Chapter 8's measured data (content/ch08/data/efficiency.json, Experiment
// 8-1) and the ops that take it as defaults: the step-time fit and the
// prefill efficiency the ops start from are the dataset's own values, and
// the dataset's nominal reads are chapter 2's weight bytes plus every
// request's KV, to the byte.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import { readSchema } from '../../../scripts/gen-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const data = JSON.parse(readFileSync(path.join(root, 'content/ch08/data/efficiency.json'), 'utf8'));
const schema = readSchema(path.join(root, 'build/native/tally'));
const fieldDefault = (op, name) => schema.ops.find((o) => o.name === op).fields.find((f) => f.name === name).default;

test('step_time defaults to the fit efficiency.json stores, in the fields\' units', () => {
  const fit = data.values.schedule_fit;
  assert.equal(fit.step_base_ns, 26223442);
  assert.equal(fieldDefault('step_time', 'base_ms'), '26.223442'); // ns → ms
  assert.equal(fit.per_new_token_ns, 30411.1);
  assert.equal(fieldDefault('step_time', 'per_token_us'), '30.4111'); // ns → μs
  assert.equal(String(fit.per_causal_pair_ns), fieldDefault('step_time', 'per_pair_ns'));
});

test('prefix_cache_value starts from the measured prefill efficiency at batch 1, 2K (0.622, not the printed 62 %)', () => {
  const row = data.values.rows.find((r) => r.kind === 'short' && r.batch === 1);
  assert.equal(String(row.prefill_compute_efficiency), fieldDefault('prefix_cache_value', 'compute_efficiency'));
});

test('every row\'s nominal read is the shared weights plus batch × context × KV per token', () => {
  const v = data.values;
  assert.equal(v.rows.length, 8);
  for (const r of v.rows) {
    const expected = BigInt(v.shared_weight_read_bytes) + BigInt(r.batch) * BigInt(r.context) * BigInt(v.kv_bytes_per_token);
    assert.equal(BigInt(r.nominal_read_bytes), expected, `${r.kind} batch ${r.batch}`);
  }
});

test('the dataset names its source to the commit', () => {
  assert.equal(data.source.repo, '899ms/ai-infra-book');
  assert.equal(data.source.path, 'experiments/ch08/08-01/efficiency.json');
  assert.match(data.source.commit, /^[0-9a-f]{40}$/);
});
