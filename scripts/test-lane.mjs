// One lane of `npm test` (scripts/test-layers.mjs): its builds, then its
// layers, one after another, each timed (wall, and CPU of the processes it
// waited for: the lane runs alone in its process, so the counts are its
// own). Writes build/test-lane-<lane>.json for scripts/test.mjs to merge:
// the timing rows, a line per layer, and the pass/fail totals.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { log, root, runCaptured } from './lib.mjs';
import { failureLines, lanes } from './test-layers.mjs';
import { timed, timingRows } from './timing.mjs';

const name = process.argv[2];
const lane = lanes[name];
if (!lane) {
  console.error(`usage: node scripts/test-lane.mjs ${Object.keys(lanes).join('|')}`);
  process.exit(2);
}

const result = { rows: [], summary: [], passed: 0, failed: 0 };
const write = () => {
  result.rows = timingRows();
  writeFileSync(path.join(root, 'build', `test-lane-${name}.json`), JSON.stringify(result, null, 2));
};

try {
  for (const build of lane.builds) {
    await timed(build.label, build.run);
  }
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  result.summary.push(`  FAIL ${name} lane: a build failed (${error.message})`);
  result.failed = 1;
  write();
  process.exit(1);
}

for (const layer of lane.layers) {
  log(`Test layer: ${layer.name}`);
  const [command, args] = layer.command;
  const { status, text } = await timed(`test: ${layer.name}`, () => runCaptured(command, args, layer.env ? { env: { ...process.env, ...layer.env } } : {}));
  const counts = layer.counts(text) ?? { passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 };
  if (status !== 0 && counts.failed === 0) counts.failed = 1; // a crash is a failure
  result.passed += counts.passed;
  result.failed += counts.failed;
  result.summary.push(`  ${status === 0 ? 'ok  ' : 'FAIL'} ${layer.name}: ${counts.passed} passed, ${counts.failed} failed`);
  if (status !== 0) result.summary.push(...failureLines(text).map((line) => `         ${line}`));
}
write();
process.exit(result.failed === 0 ? 0 : 1);
