// The core's time budget (issue 37): no request takes more than 1 s natively.
// Every request of the hostile-values layer (tests/hostile/requests.mjs: each
// field of each op sent 0, huge, tiny, hex, empty and 100,000-element values)
// is sent to one `tally eval --jsonl` process one at a time, and the slowest
// answers are reported against the budget. Wall time, so a busy machine
// inflates it: `npm run bench` prints the load beside the page timings.
// `npm run bench` prints it; `npm run bench -- --only budget` prints only it.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

import { hostileRequests } from '../tests/hostile/requests.mjs';
import { root } from './lib.mjs';

const BUDGET_MS = 1000;
const SHOWN = 3;

/** Each request's native wall time, answered one at a time by one CLI process. */
async function nativeTimes(tally, requests) {
  const child = spawn(tally, ['eval', '--jsonl'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const answers = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const times = [];
  for (const request of requests) {
    const start = performance.now();
    child.stdin.write(`${request}\n`);
    if ((await answers.next()).done) throw new Error(`bench: the CLI stopped at ${request.slice(0, 120)}`);
    times.push({ ms: performance.now() - start, request });
  }
  child.stdin.end();
  return times;
}

/** Reports the slowest hostile requests natively against the 1 s budget. */
export async function benchTimeBudget(report) {
  const tally = path.join(root, 'build/native/tally');
  const schema = JSON.parse(execFileSync(tally, ['schema'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const times = (await nativeTimes(tally, hostileRequests(schema))).sort((a, b) => b.ms - a.ms);
  const over = times.filter((t) => t.ms > BUDGET_MS).length;
  report(
    `native: slowest of ${times.length} hostile-values requests, one at a time`,
    `${times[0].ms.toFixed(1)} ms`,
    `< ${BUDGET_MS} ms each ${over === 0 ? 'OK' : `${over} OVER`}`,
  );
  for (const { ms, request } of times.slice(0, SHOWN)) {
    const shown = request.length > 90 ? `${request.slice(0, 90)}… (${request.length} chars)` : request;
    report(`  ${shown}`, `${ms.toFixed(1)} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = [];
  await benchTimeBudget((name, value, target = '') => rows.push([name, value, target]));
  console.log('\nTally benchmark: the core’s time budget');
  const width = Math.max(...rows.map(([n]) => n.length));
  for (const [name, value, target] of rows) console.log(`  ${name.padEnd(width)}  ${value}${target ? `   (target ${target})` : ''}`);
}
