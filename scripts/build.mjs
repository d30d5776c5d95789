// `npm run build`: native CLI, WASM module and the static site in dist/.
import { buildAll } from './lib.mjs';

try {
  buildAll();
  console.log('\nBuilt: build/native/tally, build/wasm/tally_web.{mjs,wasm}, dist/');
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  process.exit(1);
}
