// Hostile values (issue 37): every field of every op, as `tally schema`
// lists them, is sent the values an attacker would try — 0, negative, huge
// (10^308, 2^53, 2^127), tiny (10^-300), fractional where an integer is
// expected, hexadecimal, empty, the wrong type and a 100,000-element list —
// on top of the op's first sample request, and so is every member of the
// first element of a list field (α in `alphas`, `loss` in `points[0]`);
// tests/hostile/requests.mjs builds them. Each answer must be an answer:
// finite (no NaN or ∞ in an ok:true result) or refused with a code, and
// byte-identical natively (`tally eval --jsonl`) and in WASM. A request that
// hangs fails the test by its timeout; the per-request time is not asserted
// beyond a generous ceiling that only a hang-like loop reaches: speed lives
// in `npm run bench`, which times each request natively against the core's
// 1 s budget.
//
// Sampled per field, not the product of fields: about 11,000 requests.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import test from 'node:test';

import { loadEngine, nativeResponses, tallyBin } from '../wasm/engine.mjs';
import { hostileRequests } from './requests.mjs';

/**
 * A request taking this much CPU is a runaway loop, not a slow answer (the
 * core's budget is 1 s natively). CPU time, not wall time: on a busy shared
 * machine the 100,000-value percentile took 0.5 s of CPU but 5.9 s of wall
 * time in WASM, and failed a wall-time ceiling.
 */
const CEILING_MS = 5000;

/** CPU milliseconds this process spent since `since` (a process.cpuUsage() value). */
const cpuMsSince = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const schema = JSON.parse(execFileSync(tallyBin, ['schema'], { encoding: 'utf8', maxBuffer: 64 << 20 }));

/** A number that is not finite, written as JSON or spelled in a string. */
function nonFinite(value, at = '$') {
  if (typeof value === 'number') return Number.isFinite(value) ? null : at;
  if (typeof value === 'string') return /(^|[^A-Za-z])(nan|inf|infinity)([^A-Za-z]|$)/i.test(value) ? `${at} = ${value}` : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nonFinite(value[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const found = nonFinite(v, `${at}.${k}`);
      if (found) return found;
    }
  }
  return null;
}

const requests = hostileRequests(schema);

test('every op is tried: each field of each op from `tally schema`', () => {
  assert.equal(schema.ops.filter((op) => op.samples.length === 0).length, 0, 'an op without a sample cannot be tried');
  assert.ok(requests.length > 3000, `only ${requests.length} requests`);
});

test('each hostile value is answered finite or refused with a code, the same natively and in WASM', async () => {
  const engine = await loadEngine();
  // Natively first, under a deadline: a request that hangs there (as alphas
  // ["9007199254740992"] did) fails here instead of blocking the WASM loop below.
  const native = nativeResponses(requests, { timeout: 300_000 });
  const problems = [];
  let slowest = { ms: 0, request: '' };
  let refused = 0;
  requests.forEach((request, i) => {
    const start = process.cpuUsage();
    const answer = engine.evaluate(request);
    const ms = cpuMsSince(start);
    if (ms > slowest.ms) slowest = { ms, request };
    const shown = request.length > 200 ? `${request.slice(0, 200)}… (${request.length} chars)` : request;
    if (answer !== native[i]) problems.push(`native and WASM differ on ${shown}:\n  wasm   ${answer.slice(0, 300)}\n  native ${native[i]?.slice(0, 300)}`);
    const response = JSON.parse(answer);
    if (response.ok === true) {
      const bad = nonFinite(response.result);
      if (bad) problems.push(`not finite at ${bad} for ${shown}`);
    } else {
      refused++;
      if (typeof response.error?.code !== 'string' || response.error.code === '') problems.push(`refused without a code: ${shown}`);
      if (response.error?.code === 'internal_error') problems.push(`internal error for ${shown}: ${answer.slice(0, 300)}`);
    }
    if (ms > CEILING_MS) problems.push(`${Math.round(ms)} ms of CPU for ${shown}`);
  });
  console.log(`# ${requests.length} requests, ${refused} refused; slowest ${Math.round(slowest.ms)} ms of CPU: ${slowest.request.slice(0, 160)}`);
  assert.deepEqual(problems.slice(0, 20), []);
});
