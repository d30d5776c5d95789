// Build time: the model and GPU names search lists beside the index's hits,
// each a link to a widget preset to it (2-6.html#capacity:gpu=h200). The
// names are the core's catalog as the site ships it (the same list every
// picker shows), never a list of our own; the file is content-hashed and
// fetched only when the reader opens search.

import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { Catalog } from '../runtime/engine';
import type { SearchText } from './text';

export interface SearchName {
  kind: 'model' | 'gpu';
  id: string;
  name: string;
  /** The preset widget on its page, in the widget's own URL state. */
  href: string;
}

/**
 * `widgetPages` maps a widget instance to the page that holds it; the build
 * fails if the preset widget content/<chapter>/search.json names is on none.
 */
export function searchNames(catalog: Catalog, t: SearchText, widgetPages: Record<string, string>): SearchName[] {
  const page = widgetPages[t.preset_widget];
  if (!page) throw new Error(`search.json "preset_widget": no page has the widget "${t.preset_widget}"`);
  const link = (key: string, id: string) => `${page}#${t.preset_widget}:${key}=${encodeURIComponent(id)}`;
  return [
    ...catalog.models.map((m) => ({ kind: 'model' as const, id: m.id, name: m.name, href: link(t.preset_keys.model, m.id) })),
    ...catalog.gpus.map((g) => ({ kind: 'gpu' as const, id: g.id, name: g.name, href: link(t.preset_keys.gpu, g.id) })),
  ];
}

/** Writes search/names.<hash>.json; returns its path relative to outDir. */
export async function writeSearchNames(outDir: string, names: SearchName[]): Promise<string> {
  const body = JSON.stringify(names);
  const file = `search/names.${createHash('sha256').update(body).digest('hex').slice(0, 10)}.json`;
  await mkdir(path.join(outDir, 'search'), { recursive: true });
  await writeFile(path.join(outDir, file), body);
  return file;
}
