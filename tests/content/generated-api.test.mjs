// The files generated from the ops' declarations (scripts/gen-api.mjs: the
// TypeScript types and decoder shapes, docs/api.md's tables, the parity
// grid's seeds) are what the current declarations give: regenerated in
// memory from `tally schema` and compared with the committed text.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { generate, readSchema } from '../../scripts/gen-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schema = readSchema(path.join(root, 'build/native/tally'));

test('every generated file is up to date with the ops\' declarations', () => {
  const files = generate(schema);
  assert.deepEqual(Object.keys(files).sort(), ['docs/api.md', 'tests/wasm/grid-seeds.json', 'web/src/runtime/generated/ops.ts']);
  for (const [file, text] of Object.entries(files)) {
    const committed = fs.readFileSync(path.join(root, file), 'utf8');
    assert.ok(committed === text, `${file} is stale: run node scripts/gen-api.mjs`);
  }
});

test('a changed declaration makes the generated files differ', () => {
  const changed = structuredClone(schema);
  const forward = changed.ops.find((o) => o.name === 'forward');
  forward.fields.find((f) => f.name === 'batch').max = '4096';
  forward.result.push({ key: 'new_total', kind: 'exact', presence: 'always' });
  const before = generate(schema);
  const after = generate(changed);
  assert.notEqual(after['docs/api.md'], before['docs/api.md']);
  assert.match(after['web/src/runtime/generated/ops.ts'], /new_total: bigint;/);
  assert.match(after['tests/wasm/grid-seeds.json'], /"batch\\":\\"4097\\"/);
});

test('the schema lists 53 ops for chapters 2 and 3 (12 shared, 11 of chapter 2, 30 of chapter 3) first, 13 of them explaining, and every op has a sample', () => {
  // Later chapters' ops follow these (cmake/book_chapters.cmake), each chapter's as a block.
  const firstChapters = schema.ops.slice(0, schema.ops.findIndex((o) => o.name === 'moe_training') + 1);
  assert.equal(firstChapters.length, 53);
  assert.deepEqual([firstChapters[11].name, firstChapters[12].name, firstChapters[22].name, firstChapters[23].name], ['import_hf_config', 'routing', 'routing_curve', 'fluid_backlog']);
  assert.equal(firstChapters.filter((o) => o.explains).length, 13);
  for (const op of schema.ops) assert.ok(op.samples.length >= 1, op.name);
  const context = firstChapters.flatMap((o) => o.fields.filter((f) => f.name === 'context').map((f) => `${o.name}:${f.min}`));
  assert.deepEqual(context, ['forward:0', 'request:0', 'compare:0', 'crossover:1', 'capacity:1', 'param_budget:1', 'crossover_curve:1', 'decode_step_rate:1']);
});
