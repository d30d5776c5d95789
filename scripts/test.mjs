// `npm test`: build everything, then run every test layer — core (doctest
// and the CLI, natively and under ASan/UBSan), wasm (Node, parity with the
// native CLI), hostile values (every op's fields, natively and in WASM),
// fuzz (each libFuzzer target for a minute), the JSON oracle (the core
// tests and the parity grid again with nlohmann::ordered_json as the API's
// JSON value), content, style, types, and browser (Playwright in Debian's
// Chromium). It prints the wall and CPU time of every build step and layer,
// and the browser specs that took longest.
//
// Everything runs one step after another in this process (the list is
// scripts/test-layers.mjs). Builds and layers side by side took longer, not
// shorter (46 min against 36, docs/architecture.md): Chromium keeps both
// cores busy, though rusage, and so the table's CPU column, counts about
// half of its time.
import { buildSite, buildWasm, ensureNodeModules, ensureSystemPackages, log, runCaptured } from './lib.mjs';
import { builds, failureLines, layers, specTimes } from './test-layers.mjs';
import { timed, timingTable } from './timing.mjs';

const started = performance.now();
try {
  ensureSystemPackages({ browser: true });
  ensureNodeModules();
  // The generated API files stay as committed: the content layer fails when one is stale.
  await timed('build: wasm', () => buildWasm());
  await timed('build: site', () => buildSite());
  for (const build of builds) await timed(build.label, build.run);
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  console.log(`\nTime per step (CPU: user + system of its processes):\n${timingTable((performance.now() - started) / 1000)}`);
  process.exit(1);
}

const summary = [];
let passed = 0;
let failed = 0;
for (const layer of layers) {
  log(`Test layer: ${layer.name}`);
  const [command, args] = layer.command;
  const options = layer.env ? { env: { ...process.env, ...layer.env } } : {};
  const { status, text } = await timed(`test: ${layer.name}`, () => runCaptured(command, args, options));
  const counts = layer.counts(text) ?? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  if (status !== 0 && counts.failed === 0) counts.failed = 1; // a crash is a failure
  passed += counts.passed;
  failed += counts.failed;
  summary.push(`  ${status === 0 ? 'ok  ' : 'FAIL'} ${layer.name}: ${counts.passed} passed, ${counts.failed} failed`);
  if (status !== 0) summary.push(...failureLines(text).map((line) => `         ${line}`));
}

console.log(`\nTime per step (CPU: user + system of its processes):\n${timingTable((performance.now() - started) / 1000)}`);
const specs = specTimes(layers.filter((l) => l.report).map((l) => l.report));
if (specs) console.log(`\nBrowser specs by test time (summed over workers; the slowest 12):\n${specs}`);
console.log(`\nTest layers:\n${summary.join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
