// The page's cache of the core's answers (web/src/runtime/response-cache.ts)
// and the engine that asks through it (runtime/engine.ts makeEngine), run in
// Node against the Node build of the same core: an identical request reaches
// the core once, the answer is the core's own, and nothing but an answer is
// kept. No page is opened.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect } from '@playwright/test';
import { makeEngine, EngineError, type TallyModule } from '../../web/src/runtime/engine';
import { ResponseCache, LONGEST_KEPT } from '../../web/src/runtime/response-cache';

const root = path.resolve(import.meta.dirname, '../..');

async function loadModule(): Promise<TallyModule> {
  const wasmDir = path.resolve(root, process.env.TALLY_WASM_DIR ?? 'build/wasm');
  const factory = (await import(pathToFileURL(path.join(wasmDir, 'tally_node.mjs')).href)).default as (o: { wasmBinary: Uint8Array }) => Promise<TallyModule>;
  return factory({ wasmBinary: readFileSync(path.join(wasmDir, 'tally_node.wasm')) });
}

/** The core, counting the requests that reach it. */
function counted(mod: TallyModule): { mod: TallyModule; asked: string[] } {
  const asked: string[] = [];
  return { asked, mod: { evaluate: (request) => (asked.push(request), mod.evaluate(request)) } };
}

const QWEN_32K = { model: 'qwen3-8b', lengths: [32768], kv_dtype: 'bf16', layout: 'reference' };

let core: TallyModule;
test.beforeAll(async () => {
  core = await loadModule();
});

test("an identical request reaches the core once and gets the core's own answer each time", async () => {
  const { mod, asked } = counted(core);
  const engine = makeEngine(mod);
  const direct = JSON.parse(core.evaluate(JSON.stringify({ op: 'state_curve', ...QWEN_32K }))).result;
  const first = await engine('state_curve', QWEN_32K);
  const again = await engine('state_curve', { ...QWEN_32K });
  expect(asked).toHaveLength(1);
  // Qwen3-8B at 32K: 36 layers × 8 KV heads × 128 × 2 (K and V) × 2 bytes × 32,768 = 4.5 GiB.
  expect(direct.total).toEqual([4831838208]);
  expect(direct.total_display).toEqual(['4.5 GiB']);
  for (const r of [first, again]) {
    expect(r.total).toEqual([4831838208n]);
    expect(r.total_display).toEqual(direct.total_display);
  }
  expect(first).not.toBe(again); // each caller gets its own object to keep
});

test('requests asked while the first is on its way share its answer', async () => {
  const { mod, asked } = counted(core);
  const engine = makeEngine({ evaluate: async (request) => mod.evaluate(request) });
  const answers = await Promise.all([1, 2, 3].map(() => engine('state_curve', QWEN_32K)));
  expect(asked).toHaveLength(1);
  expect(answers.map((a) => a.total_display[0])).toEqual(['4.5 GiB', '4.5 GiB', '4.5 GiB']);
  // A different request is its own: 64K is twice 32K for a model whose state is all K/V history.
  const longer = await engine('state_curve', { ...QWEN_32K, lengths: [65536] });
  expect(asked).toHaveLength(2);
  expect(longer.total).toEqual([9663676416n]);
  expect(longer.total_display).toEqual(['9 GiB']);
});

test("a refusal is the core's answer too, kept and named the same way", async () => {
  const { mod, asked } = counted(core);
  const engine = makeEngine(mod);
  const refusal = async () => {
    try {
      await engine('state', { model: 'qwen3-8b', tokens: 0 });
    } catch (err) {
      return err;
    }
    throw new Error('the core took a length of 0');
  };
  const [a, b] = [await refusal(), await refusal()];
  expect(asked).toHaveLength(1);
  for (const err of [a, b]) {
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).field).toBe('tokens');
  }
});

test('a request the transport could not complete is asked again', async () => {
  let calls = 0;
  const cache = new ResponseCache(async (request) => {
    calls += 1;
    if (calls === 1) throw new Error('the core worker stopped');
    return core.evaluate(request);
  });
  const request = JSON.stringify({ op: 'state_curve', ...QWEN_32K });
  await expect(cache.evaluate(request)).rejects.toThrow('the core worker stopped');
  expect(cache.size).toBe(0);
  const response = JSON.parse(await cache.evaluate(request));
  expect(response.result.total_display).toEqual(['4.5 GiB']);
  expect(calls).toBe(2);
  expect(cache.size).toBe(1);
});

test('the least recently used answer leaves first, and a very long one is not kept', async () => {
  const { mod, asked } = counted(core);
  const cache = new ResponseCache((request) => mod.evaluate(request), 2);
  const at = (n: number) => JSON.stringify({ op: 'state_curve', ...QWEN_32K, lengths: [n] });
  await cache.evaluate(at(1024));
  await cache.evaluate(at(2048));
  await cache.evaluate(at(1024)); // 1024 is now the most recent
  await cache.evaluate(at(4096)); // 2048 leaves
  expect(asked).toHaveLength(3);
  await cache.evaluate(at(1024));
  expect(asked).toHaveLength(3);
  const back = JSON.parse(await cache.evaluate(at(2048)));
  expect(asked).toHaveLength(4);
  // 2,048 tokens × 147,456 bytes per token (36 × 8 × 128 × 2 × 2) = 288 MiB.
  expect(back.result.total).toEqual([301989888]);
  expect(back.result.total_display).toEqual(['288 MiB']);

  // 4,096 lengths with every display string is longer than LONGEST_KEPT: asked each time.
  const lengths = Array.from({ length: 4096 }, (_, i) => i + 1);
  const long = JSON.stringify({ op: 'state_curve', ...QWEN_32K, lengths });
  const first = await cache.evaluate(long);
  expect(first.length).toBeGreaterThan(LONGEST_KEPT);
  await cache.evaluate(long);
  expect(asked.filter((r) => r === long)).toHaveLength(2);
});

test("the warm-up's engine (uncached) reaches the core every time, with the same answers", async () => {
  const { mod, asked } = counted(core);
  const engine = makeEngine(mod);
  const fresh = engine.uncached!;
  const a = await fresh('state_curve', QWEN_32K);
  const b = await fresh('state_curve', QWEN_32K);
  expect(asked).toHaveLength(2);
  expect([a.total_display[0], b.total_display[0]]).toEqual(['4.5 GiB', '4.5 GiB']);
  await engine('state_curve', QWEN_32K);
  await engine('state_curve', QWEN_32K);
  expect(asked).toHaveLength(3);
});
