// How the content tests send a widget's default requests to the core and read
// its results, the way the page does (runtime/cells.ts, runtime/result-path.ts):
// one copy for every chapter's widget tests.
import assert from 'node:assert/strict';

/** The reader's values before any change: control field ("$x") → its default text. */
export function defaults(cfg) {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
}

/** Request fields merged in layers, a top-level "$x" replaced by its control's value (as steps and cells do). */
export function merged(vars, ...layers) {
  const out = {};
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer ?? {})) out[k] = typeof v === 'string' && v.startsWith('$') ? vars[v] : v;
  }
  return out;
}

/** "$x" replaced at any depth, inside lists too (as the chart kinds' request templates do); an unknown "$x" fails. */
export function substituted(value, vars) {
  if (typeof value === 'string' && value.startsWith('$')) {
    assert.ok(value in vars, `variable ${value} has no control`);
    return vars[value];
  }
  if (Array.isArray(value)) return value.map((v) => substituted(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituted(v, vars)]));
  return value;
}

/** The core's result for a request; a refusal fails the test, naming the request. */
export function ask(engine, op, fields) {
  const response = JSON.parse(engine.evaluate(JSON.stringify({ op, ...fields })));
  assert.ok(response.ok, `${op} ${JSON.stringify(fields)}: ${JSON.stringify(response.error)}`);
  return response.result;
}

/** A result path in runtime/result-path.ts's grammar ("a.b", "[2]", "[id=x]"); undefined where nothing is. */
export function follow(value, p) {
  let cur = value;
  for (const step of p.match(/[^.[\]]+|\[[^\]]+\]/g) ?? []) {
    if (cur === undefined || cur === null) return undefined;
    const index = /^\[(\d+)\]$/.exec(step);
    const select = /^\[([\w-]+)=([^\]]+)\]$/.exec(step);
    if (index) cur = cur[Number(index[1])];
    else if (select) cur = cur.find((e) => String(e[select[1]]) === select[2]);
    else cur = cur[step];
  }
  return cur;
}
