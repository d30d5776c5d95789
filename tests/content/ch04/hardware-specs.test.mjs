// Chapter 4's published hardware numbers (content/ch04/data/hardware-specs.json,
// read by the ledger's published rows) and the shared catalog
// (content/hardware/*.json, read by every op that takes `gpu`) state the same
// facts twice; these tests keep the two equal, so neither can drift, and name
// the one place the chapter prints a different figure on purpose.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'node:test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const specs = read('content/ch04/data/hardware-specs.json').values;
const device = (id) => read(`content/hardware/${id}.json`);

// Both files keep decimals as strings ("71.0" in the book's table, "71" in the catalog): compare exactly as
// decimals, by scaling to integers, never through a rounding float comparison.
const decimal = (text) => {
  const [whole, fraction = ''] = String(text).split('.');
  return { digits: BigInt(whole + fraction), scale: fraction.length };
};
const same = (a, b) => {
  const x = decimal(a);
  const y = decimal(b);
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
};
const assertSame = (ours, catalog, what) => assert.ok(same(ours, catalog), `${what}: chapter dataset ${ours}, catalog ${catalog}`);
const gbToBytes = (gb) => (BigInt(gb) * 1000000000n).toString();

const CARDS = {
  rtx_3090: 'rtx-3090',
  rtx_4090: 'rtx-4090',
  rtx_5090: 'rtx-5090',
  rtx_pro_6000: 'rtx-pro-6000',
  a100_80g: 'a100-80g',
  h100_sxm: 'h100-sxm',
  h200: 'h200',
};

test('Table 4.6.1-a: capacity, bandwidth and BF16 dense peak of the seven cards equal the catalog', () => {
  for (const [key, id] of Object.entries(CARDS)) {
    const ours = specs[key];
    const gpu = device(id);
    assert.equal(gbToBytes(ours.memory_gb), gpu.memory_bytes, `${id} memory`);
    assertSame(ours.memory_bandwidth_gb_per_second, gpu.memory_bandwidth.gb_per_second, `${id} bandwidth`);
    assertSame(ours.bf16_dense_tflops, gpu.dense_tflops.bf16, `${id} BF16 dense`);
  }
  assert.equal(Object.keys(CARDS).length, 7);
});

test('TDPs, NVLink and PCIe per direction, and the RTX 4090 FP16-accumulate peak equal the catalog', () => {
  assertSame(specs.h100_sxm.tdp_watts, device('h100-sxm').tdp.watts, 'H100 TDP');
  assertSame(specs.b200.tdp_watts, device('b200').tdp.watts, 'B200 TDP');
  assertSame(specs.rtx_pro_6000.tdp_watts, device('rtx-pro-6000').tdp.watts, 'RTX PRO 6000 power');
  assertSame(specs.h100_sxm.nvlink_gb_per_second_per_direction, device('h100-sxm').links.nvlink_gb_per_second, 'H100 NVLink');
  assertSame(specs.a100_80g.nvlink_gb_per_second_per_direction, device('a100-80g').links.nvlink_gb_per_second, 'A100 NVLink');
  // Both directions together are twice one direction (the chapter prints both).
  assertSame(specs.h100_sxm.nvlink_gb_per_second_both, 2 * Number(specs.h100_sxm.nvlink_gb_per_second_per_direction), 'H100 NVLink both');
  assertSame(specs.a100_80g.nvlink_gb_per_second_both, 2 * Number(specs.a100_80g.nvlink_gb_per_second_per_direction), 'A100 NVLink both');
  assertSame(specs.rtx_4090.pcie_gb_per_second_per_direction, device('rtx-4090').links.pcie_gb_per_second, 'RTX 4090 PCIe');
  assertSame(specs.rtx_4090.fp16_accumulate_dense_tflops, device('rtx-4090').dense_tflops.fp16_fp16_accumulate, 'RTX 4090 FP16 accumulate');
});

test('shared memory per SM (A100, H100, V100, SM120) equals the catalog, in bytes', () => {
  assert.equal(specs.a100_80g.sm_shared_memory_bytes, String(device('a100-80g').sm.shared_memory_bytes));
  assert.equal(specs.h100_sxm.sm_shared_memory_bytes, String(device('h100-sxm').sm.shared_memory_bytes));
  assert.equal(specs.v100_sxm2.sm_shared_memory_bytes, String(device('v100-sxm2').sm.shared_memory_bytes));
  for (const id of ['rtx-5090', 'rtx-pro-6000']) assert.equal(specs.sm120.sm_shared_memory_bytes, String(device(id).sm.shared_memory_bytes), id);
});

test('V100, Ascend 910 and 910C, B200 and the Apple configurations equal the catalog', () => {
  const v100 = device('v100-sxm2');
  assertSame(specs.v100_sxm2.fp32_tflops, v100.dense_tflops.fp32, 'V100 FP32');
  assertSame(specs.v100_sxm2.tensor_core_tflops, v100.dense_tflops.fp16, 'V100 Tensor Core');
  assertSame(specs.v100_sxm2.memory_bandwidth_gb_per_second, v100.memory_bandwidth.gb_per_second, 'V100 bandwidth');
  assertSame(specs.ascend_910.memory_bandwidth_gb_per_second, device('ascend-910').memory_bandwidth.gb_per_second, 'Ascend 910');
  const c910 = device('ascend-910c');
  assertSame(specs.ascend_910c.die_link_gb_per_second, c910.links.die_link_gb_per_second, '910C die link');
  // The catalog states the package (two dies); the chapter prints one die.
  assertSame(c910.memory_bandwidth.gb_per_second, c910.package.dies * Number(specs.ascend_910c.die_bandwidth_gb_per_second), '910C bandwidth');
  assert.equal(c910.memory_bytes, gbToBytes(c910.package.dies * Number(specs.ascend_910c.die_memory_gb)), '910C memory');
  const b200 = device('b200');
  assert.equal(gbToBytes(specs.b200.memory_gb), b200.memory_bytes, 'B200 memory (HGX, 180 GB)');
  assertSame(specs.b200.memory_bandwidth_gb_per_second, b200.memory_bandwidth.gb_per_second, 'B200 bandwidth');
  assert.equal(gbToBytes(specs.b200.stack_gb), b200.package.stack_bytes, 'HBM3E stack');
  const apple = { m1_ultra: 'm1-ultra', m2_ultra: 'm2-ultra', m3_ultra: 'm3-ultra', m4_max: 'm4-max' };
  for (const [key, id] of Object.entries(apple)) {
    assert.equal(gbToBytes(specs[key].memory_gb), device(id).memory_bytes, `${id} memory`);
    assertSame(specs[key].memory_bandwidth_gb_per_second, device(id).memory_bandwidth.gb_per_second, `${id} bandwidth`);
  }
  assert.equal(gbToBytes(specs.m3_ultra.memory_gb_max), device('m3-ultra-512g').memory_bytes, 'M3 Ultra 512 GB');
});

test('where the chapter prints a different B200 figure, it is the brief\'s whole package, not the catalog\'s product', () => {
  // §4.1.3 infers the stack count from the Blackwell brief's 192 GB / 7.7 TB/s (8 stacks × 24 GB, all enabled); the
  // rest of the book, and the catalog, use HGX B200's 180 GB / 8 TB/s per GPU (the product enables 180 of 192 GB).
  const b200 = device('b200');
  assert.equal(gbToBytes(specs.b200.package_memory_gb), (BigInt(b200.package.hbm_stacks) * BigInt(b200.package.stack_bytes)).toString());
  assert.notEqual(gbToBytes(specs.b200.package_memory_gb), b200.memory_bytes);
  assert.equal(specs.b200.package_bandwidth_tb_per_second, '7.7');
});

test('the Qwen3-8B settings chapter 4 prints (model-specs) equal the model catalog', () => {
  const ours = read('content/ch04/data/model-specs.json').values.qwen3_8b;
  const model = read('content/models/qwen3-8b.json');
  const [group] = model.groups;
  assert.equal(model.groups.length, 1);
  assert.equal(Number(ours.hidden), model.hidden);
  assert.equal(Number(ours.layers), group.layers);
  assert.equal(Number(ours.q_heads), group.attention.q_heads);
  assert.equal(Number(ours.kv_heads), group.attention.kv_heads);
  assert.equal(Number(ours.head_dim), group.attention.head_dim);
  assert.equal(Number(ours.ffn_intermediate), group.ffn.intermediate);
});
