// The hostile-values requests (issue 37): every field of every op, as `tally
// schema` lists them, sent the values an attacker would try — 0, negative,
// huge (10^308, 2^53, 2^127), tiny (10^-300), fractional where an integer is
// expected, hexadecimal, empty, the wrong type and a 100,000-element list —
// on top of the op's first sample request, and so is every member of the
// first element of a list field (α in `alphas`, `loss` in `points[0]`).
// Sampled per field, not the product of fields. Used by the hostile layer
// (tests/hostile/hostile-values.test.mjs) and by `npm run bench`, which times
// each natively against the core's 1 s budget (scripts/bench-budget.mjs).

const LONG_LIST = 100_000;

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
function hostileRequestsOf(op) {
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

/** The hostile requests of every op with a sample in `schema` (the output of `tally schema`), as JSON lines. */
export function hostileRequests(schema) {
  return schema.ops.filter((op) => op.samples.length > 0).flatMap((op) => hostileRequestsOf(op).map((r) => JSON.stringify(r)));
}
