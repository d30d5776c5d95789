// The one way to point into a core result, shared by tables and worked
// examples (cells.ts), the "how was this computed?" popover (how.ts) and the
// exercises (exercises/compute.ts); the ledger (tests/ledger/) and the core's
// "how" keys write paths the same way.
//
//   key.key           an object's field
//   key[3]            the element at an index of a list
//   key[id=q_proj]    the element of a list whose field "id" is "q_proj"
//                     (any field: rows[model=kimi-k3])
//
// e.g. "items[id=kv].display", "architecture.groups[0].attention_spec.q_heads".
// content/schemas/path.schema.json checks content paths at build time.

import type { Json } from './engine';

const STEP = /[^.[\]]+|\[[^\]]+\]/g;

/** "items[id=kv].display" → ["items", "[id=kv]", "display"]. */
export function pathSteps(path: string): string[] {
  return path.match(STEP) ?? [];
}

/** Steps back to a path: dots between keys, none before a bracket. */
export function joinSteps(steps: string[]): string {
  return steps.map((p, i) => (i === 0 || p.startsWith('[') ? p : `.${p}`)).join('');
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One step down from `value`; undefined when it is not there. */
export function stepInto(value: Json | undefined, step: string): Json | undefined {
  if (value === undefined || value === null) return undefined;
  const index = /^\[(\d+)\]$/.exec(step);
  if (index) return Array.isArray(value) ? value[Number(index[1])] : undefined;
  const select = /^\[([\w-]+)=([^\]]+)\]$/.exec(step);
  if (select) {
    const [, key, want] = select;
    return Array.isArray(value) ? value.find((e) => isObject(e) && String(e[key!]) === want) : undefined;
  }
  return isObject(value) ? value[step] : undefined;
}

/** The value at `path` in `value`; undefined when any step is missing. */
export function follow(value: Json | undefined, path: string): Json | undefined {
  let cur = value;
  for (const step of pathSteps(path)) cur = stepInto(cur, step);
  return cur;
}
