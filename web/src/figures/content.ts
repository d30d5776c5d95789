// Reading a figure's kind-specific content (config `data`) and catalog names.
import type { WidgetConfig } from '../runtime/config';
import type { Engine } from '../runtime/engine';

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
