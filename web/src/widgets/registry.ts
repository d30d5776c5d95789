// Widget kinds, found by folder: web/src/widgets/<kind>/index.ts must
// `export default` its WidgetDef. A new widget is a new folder; nothing here
// changes (content names the kind in content/ch02/widgets*.json).
//
// The kinds are bundled with the page code (see vite.config.ts): together
// they are a few KB gzip, while a chunk per kind cost a page one request each,
// and on HTTP/1.1 those queued behind the core's own files.
import type { AnyWidgetDef } from '../runtime/widget';

const modules = import.meta.glob<AnyWidgetDef>('./*/index.ts', { import: 'default', eager: true });

const byKind = new Map(Object.entries(modules).map(([file, def]) => [file.replace(/^\.\/([^/]+)\/index\.ts$/, '$1'), def]));

/** Every widget kind there is. */
export const widgetKinds: readonly string[] = [...byKind.keys()];

/** The kind's definition; undefined for a kind that does not exist. */
export function widgetDef(kind: string): AnyWidgetDef | undefined {
  return byKind.get(kind);
}
