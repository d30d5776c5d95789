// Loads the Node build of the WASM engine and the native CLI for the tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// TALLY_WASM_DIR: another build of the module (as web/scripts/build-site.mjs honours it).
const wasmDir = path.resolve(root, process.env.TALLY_WASM_DIR ?? 'build/wasm');
export const tallyBin = process.env.TALLY_BIN ?? path.join(root, 'build/native/tally');

// Emscripten 3.1.6 glue would fetch() a file path under Node 18+, so we read
// the binary ourselves and hand it over.
export async function loadEngine() {
  const { default: createTally } = await import(path.join(wasmDir, 'tally_node.mjs'));
  return createTally({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'tally_node.wasm')) });
}

// One CLI process for many requests: `tally eval --jsonl`. `timeout` (ms):
// a CLI still running then is killed and this throws (a hang, not an answer).
export function nativeResponses(lines, { timeout } = {}) {
  let stdout;
  try {
    stdout = execFileSync(tallyBin, ['eval', '--jsonl'], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 30, timeout });
  } catch (error) {
    // Exit status 2 means some request was invalid; the responses still stand.
    if (error.status !== 2) throw error;
    stdout = error.stdout;
  }
  return stdout.split('\n').slice(0, lines.length);
}
