// On every page, before any widget asks the core: re-import the models kept
// in localStorage, then any carried by the URL (#import:m=…). Each goes
// through the core like a pasted config; what it refuses is reported (and a
// refused stored entry moved aside), never silently dropped.
//
// Nothing is replaced or lost silently:
//   - every failure of a stored entry (the core's refusal, or anything else
//     thrown while restoring it) is reported, and the entry is copied aside
//     before tally.models.v1 is rewritten; when the copy does not fit, the
//     stored list is left as it is (storage.ts holdStore);
//   - a share link bringing a different model under an id this browser
//     already keeps does not replace it: the page asks (linkConflicts), and
//     replacing copies the reader's version aside first.

import { EngineError, type Engine } from '../runtime/engine';
import { parseHash } from '../runtime/hash-state';
import { decodeShared, ShareTokenError, splitTokens } from './codec';
import { importConfig, importedModels, isSuffixOf, renamed, withFreeId, type ImportedModel } from './models';
import { holdStore, isHeld, isPageOnly, loadStoredModels, MODELS_KEY, saveModels, StoreHeld, storage, trySetAside, type StoredEntry } from './storage';
import { fill, importText as t } from './text';

/** Hash segment that carries shared models: #import:m=<token>,<token>. */
export const SHARE_SEGMENT = 'import';
export const SHARE_PARAM = 'm';

const isQuota = (err: unknown): boolean => err instanceof DOMException && (err.name === 'QuotaExceededError' || err.code === 22);

/** A model as storage keeps it: its config text, and its id when the page chose it. */
const toStore = (m: ImportedModel) => (m.coreId === undefined ? { text: m.sharedText } : { text: m.sharedText, id: m.id });

/** Write the registry to storage; a reader-facing message when the browser refuses. */
export function persist(): string | null {
  if (isPageOnly()) return t.embed.page_only;
  try {
    saveModels(importedModels.list().map(toStore));
    return null;
  } catch (err) {
    if (!storage()) return t.storage_unavailable;
    if (err instanceof StoreHeld) return err.message;
    const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return fill(isQuota(err) ? t.storage_full : t.storage_failed, { reason });
  }
}

/** Why a stored entry could not be restored, in the page's words (the core's own message when it refused). */
function failure(err: unknown): string {
  if (err instanceof EngineError) return err.message;
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return fill(t.storage_entry_broken, { reason });
}

/** One stored entry → its model, or a reported failure (the entry copied aside, or the store held). */
async function restoreEntry(core: Engine, entry: StoredEntry, index: number, problems: string[]): Promise<ImportedModel | 'aside' | 'held'> {
  let message: string;
  if ('text' in entry) {
    try {
      const m = await importConfig(core, entry.text);
      return entry.id !== undefined && isSuffixOf(entry.id, m.id) ? renamed(m, entry.id) : m;
    } catch (err) {
      message = failure(err);
    }
  } else {
    message = t.corrupt_reasons.entry;
  }
  const s = storage();
  const copy = JSON.stringify({ version: 1, models: ['text' in entry ? { config_text: entry.text } : entry.invalid] });
  const aside = s ? trySetAside(s, copy) : null;
  if (!aside) {
    holdStore();
    problems.push(fill(t.storage_entry_kept, { index, message, key: MODELS_KEY }));
    return 'held';
  }
  problems.push(fill(t.storage_entry_refused, { index, message, aside }));
  return 'aside';
}

/** The stored models, each imported by the core again; an entry that fails is reported and moved aside. */
async function importStored(core: Engine, problems: string[]): Promise<ImportedModel[]> {
  const { entries, problem } = loadStoredModels();
  if (problem) problems.push(problem);
  const models: ImportedModel[] = [];
  let moved = false;
  for (const [i, entry] of entries.entries()) {
    const r = await restoreEntry(core, entry, i + 1, problems);
    if (r === 'aside') moved = true;
    // Stored lists from before ids were kept apart may hold two models the core names alike: keep both.
    else if (r !== 'held') models.push(withFreeId(r, (id) => models.find((m) => m.id === id)));
  }
  // Only now, with every failed entry copied aside, may the list be rewritten.
  if (moved && !isHeld()) {
    try {
      saveModels(models.map(toStore));
    } catch (err) {
      const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      problems.push(fill(isQuota(err) ? t.storage_full : t.storage_failed, { reason }));
    }
  }
  return models;
}

/** Another tab imported or removed a model: follow the stored list. */
export async function followStorage(core: Engine): Promise<string[]> {
  const problems: string[] = [];
  importedModels.replaceAll(await importStored(core, problems));
  return problems;
}

/** Share links that brought another model under an id this browser keeps: the page asks what to do. */
type ConflictListener = (linked: ImportedModel) => void;
const conflictListeners: ConflictListener[] = [];
const pendingConflicts: ImportedModel[] = [];

export function onLinkConflict(fn: ConflictListener): void {
  conflictListeners.push(fn);
  for (const m of pendingConflicts.splice(0)) fn(m);
}

function conflict(linked: ImportedModel): void {
  if (conflictListeners.length === 0) pendingConflicts.push(linked);
  for (const fn of conflictListeners) fn(linked);
}

/**
 * The reader chose the linked version: the kept one is copied aside
 * (".replaced"), then replaced. Returns the reader-facing outcome.
 */
export function replaceWithLinked(linked: ImportedModel): string {
  const kept = importedModels.get(linked.id);
  const s = storage();
  let aside = '';
  if (kept && s) {
    const copy = trySetAside(s, JSON.stringify({ version: 1, models: [{ config_text: kept.sharedText }] }), 'replaced');
    if (!copy) return fill(t.conflict_no_room, { name: kept.name });
    aside = copy;
  }
  importedModels.put(linked);
  const stored = persist();
  return [fill(t.conflict_replaced, { name: linked.name, aside }), stored].filter(Boolean).join(' ');
}

/** Models from a share link's `m=` value; returns the ids imported. */
export async function importShared(core: Engine, value: string, problems: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, token] of splitTokens(value).entries()) {
    let text: string;
    try {
      text = await decodeShared(token);
    } catch (err) {
      // Only our own reasons are shown: a browser's exception text is English and says nothing to a reader.
      problems.push(fill(t.share_undecodable, { reason: err instanceof ShareTokenError ? err.message : t.share_reasons.inflate }));
      continue;
    }
    let m: ImportedModel;
    try {
      m = await importConfig(core, text);
    } catch (err) {
      problems.push(fill(t.share_refused, { index: i + 1, message: failure(err) }));
      continue;
    }
    const kept = importedModels.get(m.id);
    // The same id, another model, and the reader's version is stored: ask, do not replace.
    if (kept && kept.sharedText !== m.sharedText && storage()) {
      conflict(m);
      continue;
    }
    importedModels.put(m);
    ids.push(m.id);
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
