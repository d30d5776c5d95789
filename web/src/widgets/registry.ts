// Widget kinds, found by folder: web/src/widgets/<kind>/index.ts must
// `export default` its WidgetDef. A new widget is a new folder; nothing here
// changes (content names the kind in content/ch02/widgets*.json).
import type { AnyWidgetDef } from '../runtime/widget';

const modules = import.meta.glob<AnyWidgetDef>('./*/index.ts', { eager: true, import: 'default' });

export const widgets: Record<string, AnyWidgetDef> = Object.fromEntries(
  Object.entries(modules).map(([file, def]) => [file.replace(/^\.\/([^/]+)\/index\.ts$/, '$1'), def]),
);
