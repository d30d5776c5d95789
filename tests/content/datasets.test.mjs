// Measured, published and assumed data (content/<chapter>/data/*.json,
// content/schemas/dataset.schema.json): every dataset validates against its
// schema and names its source; every sourced ledger entry names a dataset
// that exists; a dataset that breaks the rules is refused with the file, the
// place in it and what is wrong.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { contentFiles, fileProblems, loadSchemas } from '../../web/scripts/content-schemas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const ajv = loadSchemas(root);
const datasets = contentFiles(root).filter(([, schema]) => schema === 'dataset');

/** Every content/chNN/data/*.json, sorted: the datasets of every chapter, published or draft. */
const dataFiles = () =>
  fs
    .readdirSync(path.join(root, 'content'))
    .filter((d) => /^ch\d\d$/.test(d) && fs.existsSync(path.join(root, 'content', d, 'data')))
    .flatMap((d) => fs.readdirSync(path.join(root, 'content', d, 'data')).map((f) => `content/${d}/data/${f}`))
    .sort();

test('every dataset validates against dataset.schema.json, is named by its file and names its chapter', () => {
  const files = datasets.map(([file]) => file).sort();
  assert.deepEqual(files, dataFiles());
  assert.ok(files.filter((f) => f.startsWith('content/ch03/')).length >= 12, files.join(', '));
  for (const file of files) {
    const data = read(file);
    assert.deepEqual(fileProblems(ajv, file, 'dataset', data), [], file);
    assert.equal(`${data.id}.json`, path.basename(file));
    assert.equal(data.chapter, file.split('/')[1]);
  }
});

test('the measured datasets come from the experiments the chapter cites, at a commit', () => {
  const replay = read('content/ch03/data/vllm-replay.json');
  assert.equal(replay.kind, 'measured');
  assert.equal(replay.source.path, 'experiments/ch03/03-02/results/summary.json');
  assert.match(replay.source.commit, /^[0-9a-f]{40}$/);
  assert.deepEqual(replay.values.reports.map((r) => [r.mode, r.preemptions]), [['uniform', 62], ['phased', 24]]);
  const agent = read('content/ch03/data/agent-traces.json');
  // Figure 3-10's per-round model times, which the chapter does not print: four rounds summing to 76.294 s.
  const rounds = agent.values.thinking_on.rounds.map((r) => r.measured_model_seconds);
  assert.equal(rounds.length, 4);
  assert.equal(Math.round(rounds.reduce((a, b) => a + b, 0) * 1000) / 1000, 76.294);
  // The per-round token counts behind 76.196 / 11.976 TFLOPs.
  assert.deepEqual(agent.values.thinking_on.rounds.map((r) => [r.prompt_tokens, r.cached_tokens]), [[206, 0], [1443, 1392], [1656, 1440], [1992, 1648]]);
  const fit = read('content/ch03/data/c4-scaling-fit.json');
  assert.deepEqual(fit.values.records.map((r) => r.split).filter((s) => s === 'fit').length, 6);
});

test('every sourced ledger entry of chapter 3 names a dataset that exists, of the same kind', () => {
  const byName = Object.fromEntries(datasets.map(([file]) => [path.basename(file, '.json'), read(file)]));
  const ledgers = fs.readdirSync(path.join(root, 'tests/ledger')).filter((f) => f.startsWith('ch03'));
  let sourced = 0;
  for (const file of ledgers) {
    for (const entry of read(`tests/ledger/${file}`).entries) {
      if (!entry.source) continue;
      sourced += 1;
      const data = byName[entry.source.dataset];
      assert.ok(data, `${file} ${entry.id}: no content/ch03/data/${entry.source.dataset}.json`);
      assert.equal(entry.kind, data.kind, `${file} ${entry.id}: kind ${entry.kind}, dataset ${data.kind}`);
    }
  }
  assert.equal(sourced, 219);
});

test('a dataset without its source commit, or whose source is not in the repository without saying what is missing, is refused', () => {
  const data = read('content/ch03/data/vllm-replay.json');
  delete data.source.commit;
  assert.deepEqual(fileProblems(ajv, 'content/ch03/data/vllm-replay.json', 'dataset', data), ["content/ch03/data/vllm-replay.json: /source: must have required property 'commit'", 'content/ch03/data/vllm-replay.json: /source: must match "then" schema']);
  const jev = read('content/ch03/data/jev-demo.json');
  delete jev.missing;
  const problems = fileProblems(ajv, 'content/ch03/data/jev-demo.json', 'dataset', jev);
  assert.ok(problems.includes("content/ch03/data/jev-demo.json: /: must have required property 'missing'"), problems.join('\n'));
  const place = read('content/ch03/data/agent-traces.json');
  place.shown_in.push('figure 3-10');
  assert.match(fileProblems(ajv, 'content/ch03/data/agent-traces.json', 'dataset', place).join('\n'), /\/shown_in\/6: must match pattern/);
});

test('the ledger schema takes a sourced entry only with its source and without a request', () => {
  const ledger = read('tests/ledger/ch03-sources.json');
  const file = 'tests/ledger/ch03-sources.json';
  assert.deepEqual(fileProblems(ajv, file, 'ledger', ledger), []);
  const first = ledger.entries[0];
  const { source, ...withoutSource } = first;
  assert.equal(source.dataset, 'vllm-replay');
  ledger.entries = [withoutSource, { ...first, request: { op: 'params', model: 'qwen3-8b' } }];
  const problems = fileProblems(ajv, file, 'ledger', ledger).join('\n');
  assert.match(problems, /\/entries\/0: must have required property 'source'/);
  assert.match(problems, /\/entries\/1: must NOT be valid/);
});

test('the shapes a ledger request sends for a model Tally has no spec of are the dataset\'s, with its source', () => {
  const entries = ['ch03-model.json', 'ch03-flow.json'].flatMap((f) => JSON.parse(fs.readFileSync(path.join(root, 'tests/ledger', f), 'utf8')).entries);
  const byId = (id) => entries.find((e) => e.id === id);
  const pro = read('content/ch03/data/deepseek-v4-pro-shapes.json');
  assert.equal(pro.source.path, 'case-studies/training-compute.md');
  for (const id of ['c3m.362.v4pro_per_token', 'c3m.362.v4pro_total']) {
    const r = byId(id).request;
    const v = pro.values.v4_pro;
    assert.deepEqual(
      [r.moe_layers, r.hidden, r.expert_width, r.routed_experts, r.shared_experts, r.training_tokens].map(String),
      [v.layers, v.hidden, v.expert_width, v.routed_experts, v.shared_experts, v.training_tokens],
      id,
    );
  }
  const vision = read('content/ch03/data/qwen3-vl-4b-vision.json');
  const r = byId('c3.flow.vision.encoder_flops').request;
  const e = vision.values.encoder;
  assert.deepEqual(
    [r.encoder_layers, r.encoder_hidden, r.encoder_intermediate, r.encoder_input_width, r.feature_groups, r.feature_width].map(String),
    [e.layers, e.hidden, e.intermediate, e.input_width, e.feature_groups, e.feature_width],
  );
  // The calculator's own count, which the core's reproduces (tests/core/ch03/vision_test.cpp).
  assert.equal(vision.values.matrix_flops_per_image, '1310300569600');
});
