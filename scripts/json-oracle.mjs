// `npm run test:json-oracle`: the whole doctest suite, the CLI test and the
// parity grid with nlohmann::ordered_json as the API's JSON value (CMake
// option TALLY_JSON_NLOHMANN, preset native-nlohmann; src/api/
// json_nlohmann.hpp).  The named dependency then checks everything our own
// parser and writer (src/api/json.cpp) are trusted with: every response of
// the grid must be byte-identical between the shipped WASM module (our
// JSON) and the oracle CLI (nlohmann's).
import path from 'node:path';

import { buildNative, buildWasm, log, root, run } from './lib.mjs';

try {
  buildNative('native-nlohmann');
  log('doctest and the CLI on nlohmann::ordered_json');
  run('ctest', ['--preset', 'native-nlohmann']);
  buildWasm();
  log('Parity grid: the WASM module (our JSON) against the oracle CLI (nlohmann)');
  const oracle = path.join(root, 'build/native-nlohmann/tally');
  run('node', ['--test', 'tests/wasm/parity.test.mjs'], { env: { ...process.env, TALLY_BIN: oracle } });
} catch (error) {
  console.error(`\nJSON oracle failed: ${error.message}`);
  process.exit(1);
}
