// Reading a figure's kind-specific content (config `data`) and catalog names.
import type { WidgetConfig } from '../runtime/config';
import { EngineError, type Engine, type Fields, type Json } from '../runtime/engine';

/** data[key] as a list of strings; a content mistake fails the build. */
export function stringList(cfg: WidgetConfig, key: string): string[] {
  const v = (cfg.data as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw new Error(`${cfg.title}: data.${key} must be a list of strings`);
  return v as string[];
}

/** data[key] as whatever the kind expects (each kind checks its own shape). */
export function dataOf<T>(cfg: WidgetConfig, key: string): T {
  const v = (cfg.data as Record<string, unknown> | undefined)?.[key];
  if (v === undefined) throw new Error(`${cfg.title}: data.${key} is missing`);
  return v as T;
}

const names = new WeakMap<Engine, Promise<Map<string, string>>>();
/** Model id → display name, from the core's catalog (asked once per engine). */
export function modelNames(engine: Engine): Promise<Map<string, string>> {
  let n = names.get(engine);
  if (!n) {
    n = engine('catalog').then((c) => new Map(c.models.map((m) => [m.id, m.name])));
    names.set(engine, n);
  }
  return n;
}

/**
 * A configured request: literal fields, plus "$name" placeholders that take
 * the value of the control whose field is `name` (so one control can feed a
 * core field of another name, or several requests). Controls not referenced
 * by any placeholder pass through unchanged.
 */
export class ConfiguredCall {
  readonly request: Fields;
  private readonly origin = new Map<string, string>();

  constructor(template: Record<string, Json>, controls: Fields, referenced: Set<string>) {
    this.request = Object.fromEntries(Object.entries(controls).filter(([k]) => !referenced.has(k)));
    for (const [k, v] of Object.entries(template)) {
      if (typeof v === 'string' && v.startsWith('$')) {
        this.request[k] = controls[v.slice(1)] ?? null;
        this.origin.set(k, v.slice(1));
      } else {
        this.request[k] = v;
      }
    }
  }

  /** Placeholders used across a set of templates: those controls never pass through directly. */
  static referenced(templates: Array<Record<string, Json>>): Set<string> {
    const out = new Set<string>();
    for (const t of templates) for (const v of Object.values(t)) if (typeof v === 'string' && v.startsWith('$')) out.add(v.slice(1));
    return out;
  }

  /** The core blamed a field filled from a control: name the control's field, so the message lands under it. */
  blame(err: unknown): unknown {
    if (err instanceof EngineError && this.origin.has(err.field))
      return new EngineError(this.origin.get(err.field)!, err.message, err.detail, err.code, err.params);
    return err;
  }
}
