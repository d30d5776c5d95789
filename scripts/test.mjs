// `npm test`: build everything, then run every test layer — core (doctest
// and the CLI, natively and under ASan/UBSan), wasm (Node, parity with the
// native CLI), hostile values (every op's fields, natively and in WASM),
// fuzz (each libFuzzer target for a minute), the JSON oracle (the core
// tests and the parity grid again with nlohmann::ordered_json as the API's
// JSON value), content, style, types, and browser (Playwright in Debian's
// Chromium). It prints the wall and CPU time of every build step and layer,
// and of the browser tests per chapter.
//
// The WASM module and the site are built first; then the two lanes of
// scripts/test-layers.mjs run one after the other, each in its own process
// (scripts/test-lane.mjs): the native lane (the native builds and every
// layer but the browser's), then the browser lane. Side by side they took
// longer, not shorter (46 min against 36, docs/architecture.md): Chromium
// keeps both cores busy, though rusage, and so the table's CPU column,
// counts about half of its time.
import { mkdirSync, readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';

import { buildSite, buildWasm, ensureNodeModules, ensureSystemPackages, root } from './lib.mjs';
import { lanes, specTimes } from './test-layers.mjs';
import { timed, timingRows, timingTable } from './timing.mjs';

const started = performance.now();
try {
  ensureSystemPackages({ browser: true });
  ensureNodeModules();
  // The generated API files stay as committed: the content layer fails when one is stale.
  await timed('build: wasm', () => buildWasm());
  await timed('build: site', () => buildSite());
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  process.exit(1);
}

const laneFile = (name, ext) => path.join(root, 'build', `test-lane-${name}.${ext}`);

/** Run one lane in its own process, its output streaming here. */
function runLane(name) {
  mkdirSync(path.join(root, 'build'), { recursive: true });
  const child = spawn(process.execPath, ['scripts/test-lane.mjs', name], { cwd: root, stdio: 'inherit' });
  return new Promise((resolve) => {
    child.on('close', resolve);
    child.on('error', () => resolve(-1));
  });
}

const laneNames = ['native', 'browser'];
for (const name of laneNames) await runLane(name);

const results = laneNames.map((name) => {
  try {
    return { name, ...JSON.parse(readFileSync(laneFile(name, 'json'), 'utf8')) };
  } catch {
    return { name, rows: [], summary: [`  FAIL ${name} lane: it wrote no results (it crashed)`], passed: 0, failed: 1 };
  }
});

console.log('\nTime per step (CPU: user + system of its processes):');
const groups = [{ rows: timingRows() }, ...results.map((r) => ({ title: `${r.name} lane:`, rows: r.rows }))];
console.log(timingTable(groups, (performance.now() - started) / 1000));
const specs = specTimes(lanes.browser.layers.filter((l) => l.report).map((l) => l.report));
if (specs) console.log(`\nBrowser specs by test time (summed over workers; the slowest 12):\n${specs}`);
console.log('\nTest layers:');
console.log(results.flatMap((r) => r.summary).join('\n'));
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
