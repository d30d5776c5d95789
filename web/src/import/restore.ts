// On every page, before any widget asks the core: re-import the models kept
// in localStorage, then any carried by the URL (#import:m=…). Each goes
// through the core like a pasted config; what it refuses is reported (and a
// refused stored entry moved aside), never silently dropped.

import { EngineError, type Engine } from '../runtime/engine';
import { parseHash } from '../runtime/hash-state';
import { decodeShared, splitTokens } from './codec';
import { importConfig, importedModels, type ImportedModel } from './models';
import { isPageOnly, loadStoredModels, saveModels, setAside, storage, MODELS_KEY } from './storage';
import { fill, importText as t } from './text';

/** Hash segment that carries shared models: #import:m=<token>,<token>. */
export const SHARE_SEGMENT = 'import';
export const SHARE_PARAM = 'm';

/** Write the registry to storage; a reader-facing message when the browser refuses. */
export function persist(): string | null {
  if (isPageOnly()) return t.embed.page_only;
  try {
    saveModels(importedModels.list().map((m) => m.sharedText));
    return null;
  } catch (err) {
    if (!storage()) return t.storage_unavailable;
    return fill(t.storage_full, { reason: err instanceof Error ? err.message : String(err) });
  }
}

/** The stored models, each imported by the core again; a refused entry is moved aside. */
async function importStored(core: Engine, problems: string[]): Promise<ImportedModel[]> {
  const { texts, problem } = loadStoredModels();
  if (problem) problems.push(problem);
  const models: ImportedModel[] = [];
  let refused = false;
  for (const [i, text] of texts.entries()) {
    try {
      models.push(await importConfig(core, text));
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      refused = true;
      const s = storage();
      const aside = s ? setAside(s, JSON.stringify({ version: 1, models: [{ config_text: text }] })) : MODELS_KEY;
      problems.push(fill(t.storage_entry_refused, { index: i + 1, message: err.message, aside }));
    }
  }
  if (refused) saveModels(models.map((m) => m.sharedText));
  return models;
}

/** Another tab imported or removed a model: follow the stored list. */
export async function followStorage(core: Engine): Promise<string[]> {
  const problems: string[] = [];
  importedModels.replaceAll(await importStored(core, problems));
  return problems;
}

/** Models from a share link's `m=` value; returns the ids imported. */
export async function importShared(core: Engine, value: string, problems: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, token] of splitTokens(value).entries()) {
    let text: string;
    try {
      text = await decodeShared(token);
    } catch (err) {
      problems.push(fill(t.share_undecodable, { reason: err instanceof Error ? err.message : String(err) }));
      continue;
    }
    try {
      const m = await importConfig(core, text);
      importedModels.put(m);
      ids.push(m.id);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      problems.push(fill(t.share_refused, { index: i + 1, message: err.message }));
    }
  }
  if (ids.length) {
    const p = persist();
    if (p && storage()) problems.push(p);
  }
  return ids;
}

/** Everything known before the page's widgets first ask the core. Returns reader-facing problems. */
export async function restoreImports(core: Engine, hash: string): Promise<string[]> {
  const problems: string[] = [];
  for (const m of await importStored(core, problems)) importedModels.put(m);
  const shared = parseHash(hash).get(SHARE_SEGMENT)?.get(SHARE_PARAM);
  if (shared !== undefined) await importShared(core, shared, problems);
  return problems;
}
