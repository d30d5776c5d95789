// Numbers inside a conceptual diagram. A label says "{candidates} 個候選";
// the config names where that number comes from:
//   data.requests.pool = {op, fields}            one core request
//   data.values.candidates = {request, path, label}  a value in its result
// Requests go through the same CellResolver as the live tables (fields merge
// the widget's `fixed`, then the request's; "$x" takes the control whose field
// is "$x"), so a diagram never types a model's number: windows, ratios, layer
// counts, top-k all come from the core. The values also form the diagram's
// data table, labelled by `label`.

import type { WidgetConfig } from '../runtime/config';
import { CellResolver, follow, type CellSpec } from '../runtime/cells';
import type { Engine, Fields } from '../runtime/engine';
import type { How } from '../runtime/how';
import { dataOf } from './content';

interface RequestSpec {
  op: NonNullable<CellSpec['op']>;
  fields?: Fields;
}

export interface ValueSpec {
  request: string;
  path: string;
  /** What the number is, for the diagram's data table. */
  label: string;
  /** Optional path to the same value as an integer, for shapes sized by it (Shape.w_value). */
  amount?: string;
}

export interface DiagramValues {
  /** Placeholder name → the core's display text. */
  text: Record<string, string>;
  /** Placeholder name → the core's integer, for coordinates only. */
  amount: Record<string, number>;
  /** Placeholder name → the core's explanation (none for a fact of a spec). */
  how: Record<string, How | null>;
}

function has(cfg: WidgetConfig, key: string): boolean {
  return (cfg.data as Record<string, unknown> | undefined)?.[key] !== undefined;
}

/** The values in config order (the data table's rows); a malformed entry fails the build. */
export function valueSpecs(cfg: WidgetConfig): Array<[string, ValueSpec]> {
  if (!has(cfg, 'values')) return [];
  const requests = dataOf<Record<string, RequestSpec>>(cfg, 'requests');
  const specs = Object.entries(dataOf<Record<string, ValueSpec>>(cfg, 'values'));
  for (const [name, s] of specs) {
    if (typeof s.path !== 'string' || typeof s.label !== 'string' || !(s.request in requests)) {
      throw new Error(`${cfg.title}: data.values.${name} needs "path", "label" and a "request" named in data.requests`);
    }
  }
  return specs;
}

/** Ask the core for every value (each distinct request once). */
export async function resolveValues(engine: Engine, vars: Fields, cfg: WidgetConfig): Promise<DiagramValues> {
  const out: DiagramValues = { text: {}, amount: {}, how: {} };
  const specs = valueSpecs(cfg);
  if (!specs.length) return out;
  const requests = dataOf<Record<string, RequestSpec>>(cfg, 'requests');
  const cells = new CellResolver(engine, vars);
  await Promise.all(
    specs.map(async ([name, spec]) => {
      const req = requests[spec.request]!;
      const result = await cells.result(req.op, cfg.fixed, req.fields);
      const cell = CellResolver.read(result, spec);
      out.text[name] = cell.text;
      out.how[name] = cell.how;
      if (spec.amount !== undefined) {
        const v = follow(result, spec.amount);
        if (typeof v !== 'number' && typeof v !== 'string') throw new Error(`${cfg.title}: data.values.${name}.amount is not a number`);
        out.amount[name] = Number(v);
      }
    }),
  );
  return out;
}

const PLACEHOLDER = /\{([A-Za-z_]\w*)\}/g;

/** The placeholder names in a label ("{a} 個 {b}" → ["a", "b"]). */
export function placeholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** "{name}" → the value; an unknown name is a content bug and fails the build. */
export function fillText(text: string, values: DiagramValues, where: string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const v = values.text[name];
    if (v === undefined) throw new Error(`${where}: "{${name}}" has no entry in data.values`);
    return v;
  });
}
