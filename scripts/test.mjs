// `npm test`: build everything, then run every test layer — core (doctest
// and the CLI, natively and under ASan/UBSan), wasm (Node, parity with the
// native CLI), hostile values (every op's fields, natively and in WASM),
// fuzz (each libFuzzer target for a minute), the JSON oracle (the core
// tests and the parity grid again with nlohmann::ordered_json as the API's
// JSON value), content, style, types, and browser (Playwright in Debian's
// Chromium). It prints the wall and CPU time of every build step and layer,
// and of the browser tests per chapter.
//
// The WASM module and the site are built first; then two lanes run side by
// side (scripts/test-layers.mjs): the browser lane, whose output streams
// here, and the native lane (the native builds and every other layer),
// niced so that Chromium keeps its pace, its output kept in
// build/test-lane-native.log and printed when both are done (its step
// headings show as it goes). The browser lane waits on pages and animation
// frames and leaves much of the two cores idle; one after another, the run
// took the sum of both lanes.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
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

/** Run one lane in its own process; `logged`: its output to build/test-lane-<name>.log, its headings here. */
function runLane(name, { logged = false, nice = 0 } = {}) {
  mkdirSync(path.join(root, 'build'), { recursive: true });
  const out = logged ? openSync(laneFile(name, 'log'), 'w') : 'inherit';
  const args = ['scripts/test-lane.mjs', name];
  const [command, argv] = nice ? ['nice', ['-n', String(nice), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, {
    cwd: root,
    // fd 3: this process's stderr, for the lane's step headings.
    stdio: ['ignore', out, out, 2],
    env: { ...process.env, ...(logged ? { TALLY_LANE_PROGRESS: '1' } : {}) },
  });
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (logged) closeSync(out);
      resolve(status);
    });
    child.on('error', () => resolve(-1));
  });
}

const laneNames = ['browser', 'native'];
await Promise.all([runLane('browser'), runLane('native', { logged: true, nice: 10 })]);
console.log(`\n▶ The native lane's output (build/test-lane-native.log):\n`);
if (existsSync(laneFile('native', 'log'))) console.log(readFileSync(laneFile('native', 'log'), 'utf8'));

const results = laneNames.map((name) => {
  try {
    return { name, ...JSON.parse(readFileSync(laneFile(name, 'json'), 'utf8')) };
  } catch {
    return { name, rows: [], summary: [`  FAIL ${name} lane: it wrote no results (it crashed)`], passed: 0, failed: 1 };
  }
});

console.log('\nTime per step (CPU: user + system of its processes):');
const groups = [{ rows: timingRows() }, ...results.map((r) => ({ title: `${r.name} lane (the two lanes ran side by side):`, rows: r.rows }))];
console.log(timingTable(groups, (performance.now() - started) / 1000));
const specs = specTimes(lanes.browser.layers.filter((l) => l.report).map((l) => l.report));
if (specs) console.log(`\nBrowser specs by test time (summed over workers; the slowest 12):\n${specs}`);
console.log('\nTest layers:');
console.log(results.flatMap((r) => r.summary).join('\n'));
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
