// Widget kinds, found by folder: web/src/widgets/<kind>/index.ts must
// `export default` its WidgetDef. A new widget is a new folder; nothing here
// changes (content names the kind in content/ch02/widgets*.json).
//
// Each kind is its own chunk, loaded when a page shows one: a page's first
// widget does not wait for the code (and chart libraries) of all the others.
import type { AnyWidgetDef } from '../runtime/widget';

const loaders = import.meta.glob<AnyWidgetDef>('./*/index.ts', { import: 'default' });

const byKind = new Map(Object.entries(loaders).map(([file, load]) => [file.replace(/^\.\/([^/]+)\/index\.ts$/, '$1'), load]));

/** Every widget kind there is. */
export const widgetKinds: readonly string[] = [...byKind.keys()];

/** The kind's definition; undefined for a kind that does not exist. */
export async function loadWidget(kind: string): Promise<AnyWidgetDef | undefined> {
  const load = byKind.get(kind);
  return load ? load() : undefined;
}
