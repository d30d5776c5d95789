// Requests with two invalid fields, for every op (issue 18): the first field
// read is the one named, and it must be the same field natively and in WASM.
// C++ leaves the order of a call's arguments unspecified (GCC and clang
// differ), so ops read each field in its own statement (src/api/api.cpp).
// Each request is sent in its own key order and reversed.  Also: repeated
// keys, the parser's caps, and the typed-answer decimal comma.
const twoBad = [
  { op: 'catalog', zz: 1, aa: 2 },
  { op: 'params', model: 'qwen3-8b', weight_dtype: 'int5', kv_heads: 0 },
  { op: 'forward', model: 'qwen3-8b', batch: 0, input: -1 },
  { op: 'forward', model: 'qwen3-8b', input: 8, mtp_steps: 99, execution: 'fast' },
  { op: 'kv', model: 'qwen3-8b', tokens: 0, kv_dtype: 'fp4' },
  { op: 'state', model: 'qwen3-8b', tokens: 0, layout: 'packed' },
  { op: 'state', model: 'qwen3-8b', tokens: 8, kv_dtype: 'fp4', layout: 'packed' },
  { op: 'routing', model: 'qwen3-30b-a3b', batch: 0, dispatch: 'sometimes' },
  { op: 'routing', model: 'qwen3-30b-a3b', weight_dtype: 'int5', dispatch: 'sometimes' },
  { op: 'state_curve', model: 'qwen3-8b', lengths: [0], kv_dtype: 'fp4' },
  { op: 'state_curve', model: 'qwen3-8b', lengths: [8], layout: 'packed', kv_dtype: 'fp4' },
  { op: 'compare', set: 'nope', weight_dtype: 'int5' },
  { op: 'compare', weight_dtype: 'int5', kv_dtype: 'fp4' },
  { op: 'request', model: 'qwen3-8b', generated: 0, kv_dtype: 'fp4' },
  { op: 'crossover', model: 'qwen3-8b', context: 8192, weight_dtype: 'int5', kv_dtype: 'fp4' },
  { op: 'capacity', model: 'qwen3-8b', gpu: 'h200', context: 8192, weight_dtype: 'int5', kv_dtype: 'fp4' },
  { op: 'capacity', model: 'qwen3-8b', gpu: 'tpu-v9', context: 0 },
  { op: 'param_budget', model: 'qwen3-8b', gpu: 'h200', requests: 1, context: 8192, weight_dtype: 'int5', kv_dtype: 'fp4' },
  { op: 'param_budget', model: 'qwen3-8b', gpu: 'h200', requests: -1, context: 0 },
  { op: 'check_answer', answer: 5, expected: { value: 'x' } },
  { op: 'check_answer', answer: '1 GiB', expected: { value: '1', unit: 'parsecs', digits: 99 } },
  { op: 'turn', model: 'qwen3-8b', total_input: 0, generated: 0 },
  { op: 'dependency_chain', layers: 0, tokens: 0 },
  { op: 'kv_footprint', tokens: 0, requests: 0 },
  { op: 'kv_footprint', tokens: 8, model: 'nope', layout: 'packed' },
  { op: 'replay_window', window: 0, stride: 0 },
  { op: 'effort_scale', effort: 'max', zz: 1 },
  { op: 'import_hf_config', config_text: 5, name: 7 },
  { op: 'import_hf_config', config_text: '{"model_type":"llama","hidden_size":-1,"num_hidden_layers":0}' },
  { op: 'candidate_pool', model: 'qwen3-8b', tokens: 0 },
];

const reversed = (request) => {
  const { op, ...rest } = request;
  return { op, ...Object.fromEntries(Object.entries(rest).reverse()) };
};

export function twoBadFieldGrid() {
  const out = [];
  for (const request of twoBad) {
    out.push(JSON.stringify(request));
    out.push(JSON.stringify(reversed(request)));
  }
  // Repeated keys, named; the caps, named.
  out.push('{"op":"kv","model":"qwen3-8b","tokens":-5,"tokens":8192}');
  out.push('{"op":"kv","op":"forward","model":"qwen3-8b","tokens":8}');
  out.push('{"op":"check_answer","answer":"1 GiB","answer":"2 GiB","expected":{"value":"1073741824","unit":"B"}}');
  out.push(JSON.stringify({ op: 'import_hf_config', config_text: '{"model_type":"llama","hidden_size":1,"hidden_size":2}' }));
  out.push(`{"op":"kv","model":"qwen3-8b","tokens":8,"x":${'['.repeat(300)}${']'.repeat(300)}}`);
  out.push(JSON.stringify({ op: 'import_hf_config', config_text: `{"model_type":"llama","x":${'['.repeat(300)}${']'.repeat(300)}}` }));
  out.push(JSON.stringify({ op: 'check_answer', answer: '1,125 GiB', expected: { value: '1207959552', unit: 'B', digits: 4 } }));
  out.push(JSON.stringify({ op: 'check_answer', answer: '73,728 B', expected: { value: '147456', unit: 'B' } }));
  out.push(JSON.stringify({ op: 'import_hf_config', config_text: '\ufeff{"model_type":"llama"}' }));
  out.push(JSON.stringify({ op: 'import_hf_config', config_text: JSON.stringify({ model_type: 'llama', _name_or_path: 'x'.repeat(201) }) }));
  out.push(JSON.stringify({ op: 'forward', model: '模型'.repeat(30) }));
  return out;
}
