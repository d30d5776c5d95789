// Hostile values (issue 37): every field of every op, as `tally schema`
// lists them, is sent the values an attacker would try — 0, negative, huge
// (10^308, 2^53, 2^127), tiny (10^-300), fractional where an integer is
// expected, hexadecimal, empty, the wrong type and a 100,000-element list —
// on top of the op's first sample request, and so is every member of the
// first element of a list field (α in `alphas`, `loss` in `points[0]`).
// Each answer must be an answer: finite (no NaN or ∞ in an ok:true result)
// or refused with a code, and byte-identical natively (`tally eval --jsonl`)
// and in WASM. A request that hangs fails the test by its timeout; the
// per-request time is not asserted (speed lives in `npm run bench`) beyond a
// generous ceiling that only a hang-like loop reaches.
//
// Sampled per field, not the product of fields: about 4,000 requests.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import test from 'node:test';

import { loadEngine, nativeResponses, tallyBin } from '../wasm/engine.mjs';

/** A request running this long is a runaway loop, not a slow answer (the core's budget is 1 s natively). */
const CEILING_MS = 5000;
const LONG_LIST = 100_000;

const schema = JSON.parse(execFileSync(tallyBin, ['schema'], { encoding: 'utf8', maxBuffer: 64 << 20 }));

const TWO_53 = '9007199254740992';
const TWO_127 = '170141183460469231731687303715884105728';
const E308 = `1${'0'.repeat(308)}`;
const E_MINUS_300 = `0.${'0'.repeat(299)}1`;

/** The values every scalar field is tried with. */
const SCALARS = [
  0,
  -1,
  '0',
  '-1',
  '-0',
  1.5,
  '1.5',
  '0.5',
  TWO_53,
  Number(TWO_53),
  TWO_127,
  E308,
  1e308,
  E_MINUS_300,
  '1e308',
  '1e-300',
  '0x10',
  '',
  ' ',
  'abc',
  '1/3',
  '1/0',
  '0.1234567890123',
  null,
  true,
  {},
  [],
];

/** Values for a list field: empty, wrong type, and 100,000 copies of its first element. */
function listValues(sampleList) {
  const first = Array.isArray(sampleList) && sampleList.length > 0 ? sampleList[0] : '1';
  return [[], '1', {}, [null], Array.from({ length: LONG_LIST }, () => first)];
}

function withField(base, path, value) {
  const request = structuredClone(base);
  let at = request;
  for (const key of path.slice(0, -1)) at = at[key];
  at[path[path.length - 1]] = value;
  return request;
}

/** Every hostile request of one op: each field, and each member of a list field's first element. */
function hostileRequests(op) {
  const base = op.samples[0];
  const out = [];
  for (const field of op.fields) {
    if (field.name === 'lang') continue;
    const sampleValue = base[field.name];
    const values = field.kind === 'list' ? [...listValues(sampleValue), ...SCALARS.slice(0, 4)] : SCALARS;
    for (const v of values) out.push(withField(base, [field.name], v));
    if (field.kind === 'list' && Array.isArray(sampleValue) && sampleValue.length > 0) {
      const first = sampleValue[0];
      if (first !== null && typeof first === 'object' && !Array.isArray(first)) {
        for (const key of Object.keys(first)) for (const v of SCALARS) out.push(withField(base, [field.name, 0, key], v));
      } else {
        for (const v of SCALARS) out.push(withField(base, [field.name, 0], v));
      }
    }
    if (field.kind === 'object' && sampleValue && typeof sampleValue === 'object') {
      for (const key of Object.keys(sampleValue)) for (const v of SCALARS.slice(0, 6)) out.push(withField(base, [field.name, key], v));
    }
  }
  // Every field missing at once, and the sample with an unknown field.
  out.push({ op: op.name }, { ...base, zzz: 1 });
  return out;
}

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

const requests = schema.ops.filter((op) => op.samples.length > 0).flatMap((op) => hostileRequests(op).map((r) => JSON.stringify(r)));

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
    const start = performance.now();
    const answer = engine.evaluate(request);
    const ms = performance.now() - start;
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
    if (ms > CEILING_MS) problems.push(`${Math.round(ms)} ms for ${shown}`);
  });
  console.log(`# ${requests.length} requests, ${refused} refused; slowest ${Math.round(slowest.ms)} ms: ${slowest.request.slice(0, 160)}`);
  assert.deepEqual(problems.slice(0, 20), []);
});
