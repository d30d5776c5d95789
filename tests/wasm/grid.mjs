// A grid of API requests, good and bad, shared by the parity test and the
// benchmark.  Each entry is the exact request text sent to both engines.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const models = ['qwen3-8b', 'qwen3-32b', 'deepseek-r1-distill-llama-70b'];
const gpus = ['rtx-4090', 'rtx-6000-ada', 'h100-sxm', 'h200'];
const dtypes = ['bf16', 'fp8', 'int8', 'int4', 'fp32'];

export function requestGrid() {
  const out = [];
  const add = (request) => out.push(typeof request === 'string' ? request : JSON.stringify(request));

  add({ op: 'catalog' });
  for (const model of models) {
    for (const weight_dtype of dtypes) add({ op: 'params', model, weight_dtype });
    for (const [batch, context, input] of [
      [1, 0, 8192],
      [1, 8192, 1],
      [4, 4096, 1024],
      [1, 4096, 4096],
      [64, 2048, 1],
      [3, 1048575, 1],
    ]) {
      add({ op: 'forward', model, batch, context, input });
      add({ op: 'forward', model, batch, context, input, head_tokens: 0 });
    }
    for (const tokens of [1, 2048, 8192, 32768, 1048576]) {
      add({ op: 'kv', model, tokens });
      add({ op: 'kv', model, tokens, kv_dtype: 'fp8' });
    }
    for (const [context, input, generated] of [
      [0, 8192, 1025],
      [0, 8192, 513],
      [0, 128, 4],
      [1392, 51, 128],
      [0, 1, 1],
    ]) {
      add({ op: 'request', model, context, input, generated });
    }
    for (const context of [2048, 8192]) add({ op: 'crossover', model, context });
    for (const gpu of gpus) {
      for (const context of [4096, 8192, 32768]) {
        add({ op: 'capacity', model, gpu, context });
        add({ op: 'capacity', model, gpu, context, weight_dtype: 'int4', workspace_bytes: 3221225472 });
      }
      add({ op: 'param_budget', model, gpu, requests: 4, context: 8192 });
    }
  }
  // Bad input of every kind: both engines must answer with the same error.
  for (const input of [0, -3, 1.5, 'abc', '', null, true, [], {}, '99999999999999999999999', 9007199254740992]) {
    add({ op: 'forward', model: 'qwen3-8b', input });
  }
  add({ op: 'forward', model: 'qwen3-8b', batch: 9007199254740991, context: 9007199254740991, input: 9007199254740991 });
  add({ op: 'forward', model: 'qwen3-8b', input: 4, head_tokens: 5 });
  add({ op: 'forward', model: 'gpt-9' });
  add({ op: 'forward', model: 42 });
  add({ op: 'forward', model: 'qwen3-8b', imput: 8 });
  add({ op: 'capacity', model: 'qwen3-8b', gpu: 'tpu-v9', context: 8192 });
  add({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090' });
  add({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192, workspace_bytes: -1 });
  add({ op: 'kv', model: 'qwen3-8b', tokens: 8, kv_dtype: 'fp4' });
  add({ op: 'request', model: 'qwen3-8b', input: 8, generated: 0 });
  add({ op: 'param_budget', model: 'qwen3-8b', gpu: 'rtx-4090', requests: 1000, context: 1048576 });
  add({ op: 'fly' });
  add({ model: 'qwen3-8b' });
  add('{"op": "forward",');
  add('[1, 2, 3]');
  add('"just a string"');
  add('');
  add('{"op":"forward","model":"qwen3-8b","input":"<script>alert(1)</script>"}');
  // Answer checking: right, wrong in known ways, unreadable, and bad requests.
  const kv8k = { value: '1207959552', unit: 'B', digits: 4, mistakes: [{ code: 'query_heads', value: '4831838208' }] };
  for (const answer of [
    '1.125 GiB',
    '1,207,959,552',
    '１．１２５ GiB',
    '2*36*8*128*2*8192 B',
    '1.125 GB',
    '4.5 GiB',
    '0.5625 GiB',
    '1.2e9',
    '12億',
    'abc',
    '',
    '1..2',
    '(((1)',
    '1e999999 B',
    '5 GiB GiB',
  ]) {
    add({ op: 'check_answer', answer, expected: kv8k });
  }
  for (const answer of ['4', '5', '4 條請求', '4.53']) {
    add({ op: 'check_answer', answer, expected: { value: '4', unit: 'requests' } });
  }
  add({ op: 'check_answer', answer: '85.1億', expected: { value: '8510339072', unit: 'params', digits: 3 } });
  add({ op: 'check_answer', answer: '133.59 TFLOPs', expected: { value: '133594323353600', unit: 'FLOPs', digits: 5 } });
  add({ op: 'check_answer', answer: 12, expected: kv8k });
  add({ op: 'check_answer', answer: '1', expected: { value: 'x', unit: 'B' } });
  add({ op: 'check_answer', answer: '1', expected: { value: '1', unit: 'GiB' } });
  for (const [text, kind] of [
    ['32K', 'tokens'],
    ['3.2K', 'count'],
    ['2 GiB', 'bytes'],
    ['0.3K', 'tokens'],
    ['2 GiB', 'tokens'],
  ])
    add({ op: 'read_quantity', text, kind });
  addEngineOps(add);
  // Every op's declared samples and each integer field just past its range,
  // generated from the ops' declarations (scripts/gen-api.mjs): a new op is
  // in the grid without a line here.
  for (const seed of readJson('tests/wasm/grid-seeds.json')) add(seed);
  return out;
}

// Every other op, on every family of the chapter, including inline specs
// (a V4.1 spec whose later groups depend on earlier ones) and imports.
function addEngineOps(add) {
  const chapter = ['qwen3.6-35b-a3b', 'deepseek-v3', 'deepseek-v4-flash', 'deepseek-v4.1-flash', 'kimi-k3'];
  for (const model of chapter) {
    add({ op: 'params', model });
    add({ op: 'forward', model, input: 8192 });
    add({ op: 'forward', model, context: 8192, input: 1 });
    add({ op: 'state', model, tokens: 8192 });
    add({ op: 'state', model, tokens: 1048576, layout: 'production' });
    add({ op: 'state_curve', model, lengths: [1, 127, 128, 129, 8192, 65536, 1048576] });
    add({ op: 'request', model, input: 8192, generated: 1025 });
  }
  add({ op: 'forward', model: 'deepseek-v4.1-flash', input: 8192, execution: 'reference' });
  add({ op: 'forward', model: 'deepseek-v4.1-flash', input: 8192, execution: 'warp' });
  add({ op: 'compare', context: 0, input: 8192, generated: 1025 });
  add({ op: 'routing', model: 'deepseek-v3', batch: 64, dispatch: 'random' });
  add({ op: 'routing', model: 'deepseek-v3', batch: 1, dispatch: 'explicit', tokens_per_expert: [9, 9] });
  add({ op: 'routing', model: 'qwen3-8b', batch: 1 });
  add({ op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens: 131072 });
  add({ op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens: 300 });
  add({ op: 'candidate_pool', model: 'qwen3-8b', tokens: 300 });
  add({ op: 'state_curve', model: 'qwen3-8b', lengths: [] });
  add({ op: 'state_curve', model: 'qwen3-8b', lengths: [1, 0] });
  // The batch curves (crossover_curve, routing_curve): good requests and each refusal.
  for (const [model, context, batch] of [
    ['qwen3-8b', 8192, 64],
    ['qwen3-8b', 16, 1],
    ['kimi-k3', 1048576, 3000],
  ]) {
    add({ op: 'crossover_curve', model, context, batch });
    add({ op: 'crossover_curve', model, context, batch, weight_dtype: 'int4', max_batch: 64 });
  }
  for (const model of ['qwen3.6-35b-a3b', 'deepseek-v3']) {
    add({ op: 'routing_curve', model, batch: 64 });
    add({ op: 'routing_curve', model, batch: 5000, dispatches: ['random', 'uniform'], weight_dtype: 'fp8' });
  }
  add({ op: 'crossover_curve', model: 'qwen3-8b', context: 8192, batch: 0 });
  add({ op: 'crossover_curve', model: 'qwen3-8b', context: 8192, max_batch: 1 });
  add({ op: 'routing_curve', model: 'qwen3-8b', batch: 1 });
  add({ op: 'routing_curve', model: 'deepseek-v3', dispatches: ['explicit'] });

  const v41 = readJson('content/models/deepseek-v4.1-flash.json');
  add({ op: 'state', model: v41, tokens: 8192 });
  const noPool = structuredClone(v41);
  delete noPool.groups[4].attention.candidate_pool;
  add({ op: 'state', model: noPool, tokens: 8192 }); // Reindex without an earlier pool
  add({ op: 'state', model: v41, tokens: 8192 }); // …and the same model whole again
  const reorderedRatio = structuredClone(v41);
  reorderedRatio.groups[2].attention.cache_ratio = 3;
  add({ op: 'kv', model: reorderedRatio, tokens: 8 }); // Reuse of a ratio no Full layer owns

  for (const file of fs.readdirSync(path.join(root, 'tests/fixtures/hf')).sort()) {
    if (file.endsWith('.json')) add({ op: 'import_hf_config', config: readJson(`tests/fixtures/hf/${file}`) });
  }
  add({ op: 'import_hf_config', config: { model_type: 'gpt_neo' } });
  add({ op: 'import_hf_config', config: { model_type: 'llama', hidden_size: 4096 } });
  addBookFactOps(add);
}

// ---- begin: issue 17, the book's calculator's facts (shared/BOOK-FACTS.md) ----
// V4.1's checkpoint parameters and what follows from them, Kimi K3's vectors
// and AttnRes per sublayer, and one-token prompts from an empty state.
function addBookFactOps(add) {
  const v41 = 'deepseek-v4.1-flash';
  for (const weight_dtype of ['bf16', 'fp8', 'int4']) {
    add({ op: 'params', model: v41, weight_dtype });
    add({ op: 'compare', weight_dtype });
  }
  add({ op: 'params', model: 'kimi-k3', explain: true });
  add({ op: 'params', model: v41, explain: true });
  for (const gpu of ['h100-sxm', 'h200']) {
    add({ op: 'capacity', model: v41, gpu, context: 8192 });
    add({ op: 'param_budget', model: v41, gpu, requests: 4, context: 8192 });
  }
  // Kimi K3: Table 2-C's 8K prefill and §2.6.1's 1M decode step.
  add({ op: 'forward', model: 'kimi-k3', input: 8192, explain: true });
  add({ op: 'forward', model: 'kimi-k3', context: 1048575, input: 1 });
  // One-token prompts (S = 0, P = 1) and their neighbours, on both V4.1 paths.
  for (const [context, input] of [
    [0, 1],
    [0, 2],
    [1, 1],
    [0, 3],
    [2, 1],
  ]) {
    add({ op: 'forward', model: v41, context, input });
    add({ op: 'forward', model: v41, context, input, execution: 'reference' });
    add({ op: 'forward', model: 'qwen3.6-35b-a3b', context, input });
  }
  for (const model of [v41, 'qwen3.6-35b-a3b', 'kimi-k3']) add({ op: 'request', model, input: 1, generated: 6 });
  // A spec that sizes Engram both ways, and checkpoint vectors without a count.
  const both = readJson('content/models/deepseek-v4.1-flash.json');
  both.groups[3].engram.table_rows = 1000;
  add({ op: 'params', model: both });
  const noCount = readJson('content/models/deepseek-v4.1-flash.json');
  delete noCount.checkpoint_vectors.params;
  add({ op: 'params', model: noCount });
}
// ---- end: issue 17 ----
