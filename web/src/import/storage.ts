// Imported models persist in localStorage under a versioned key, as the
// core's short config texts (re-imported through the core on every page, so
// a stored entry is validated like anything pasted). An entry this code or the
// core cannot read is reported and moved aside under another key — never
// silently dropped. Without localStorage the models last for the page only.

import { fill, importText } from './text';

export const MODELS_KEY = 'tally.models.v1';
const VERSION = 1;

interface Stored {
  version: 1;
  /** `id` only when the page gave the model another id than the core's (a second "hf-llama" became "hf-llama-2"). */
  models: Array<{ config_text: string; id?: string }>;
}

/** One stored entry: its config text (and kept id), or what was there instead (reported, moved aside alone). */
export type StoredEntry = { text: string; id?: string } | { invalid: unknown };

/** What saveModels writes for one model. */
export interface ModelToStore {
  text: string;
  id?: string;
}

export interface LoadedModels {
  entries: StoredEntry[];
  /** A reader-facing message when the stored value could not be used (it was moved aside). */
  problem: string | null;
}

/**
 * Set by <tally-widget> on a third-party page: that page's localStorage
 * belongs to its author, so imports there last for the page only.
 */
let pageOnly = false;
export function keepForPageOnly(): void {
  pageOnly = true;
}
export function isPageOnly(): boolean {
  return pageOnly;
}

export function storage(): Storage | null {
  if (pageOnly) return null;
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // disabled by privacy settings
  }
}

/**
 * A free key beside MODELS_KEY for text we cannot use (".unreadable",
 * ".unreadable.2", …) or a version a share link replaced (".replaced", …).
 * Throws when the browser refuses (storage full).
 */
export function setAside(s: Storage, text: string, kind: 'unreadable' | 'replaced' = 'unreadable'): string {
  let key = `${MODELS_KEY}.${kind}`;
  for (let n = 2; s.getItem(key) !== null; n++) key = `${MODELS_KEY}.${kind}.${n}`;
  s.setItem(key, text);
  return key;
}

/** setAside, or null when the browser refuses. */
export function trySetAside(s: Storage, text: string, kind: 'unreadable' | 'replaced' = 'unreadable'): string | null {
  try {
    return setAside(s, text, kind);
  } catch {
    return null;
  }
}

/**
 * Set when a stored entry could not be restored and could not be copied
 * aside either (storage full): MODELS_KEY is then the only copy, so this
 * page never rewrites it (saveModels refuses) until a reload.
 */
let held = false;
export function holdStore(): void {
  held = true;
}
export function isHeld(): boolean {
  return held;
}

/** Why a stored value is unusable, or its entries. */
function parse(raw: string): StoredEntry[] | string {
  const reasons = importText.corrupt_reasons;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return reasons.json;
  }
  const o = data as Partial<Stored> | null;
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return reasons.shape;
  if (o.version !== VERSION) return fill(reasons.version, { version: JSON.stringify(o.version) ?? 'undefined' });
  if (!Array.isArray(o.models)) return reasons.shape;
  // One odd entry is reported alone (restore.ts); the others still load.
  return o.models.map((m: unknown) => {
    const { config_text: text, id } = (m ?? {}) as { config_text?: unknown; id?: unknown };
    if (typeof text !== 'string') return { invalid: m };
    return typeof id === 'string' ? { text, id } : { text };
  });
}

export function loadStoredModels(): LoadedModels {
  const s = storage();
  const raw = s?.getItem(MODELS_KEY) ?? null;
  if (!s || raw === null) return { entries: [], problem: null };
  const parsed = parse(raw);
  if (typeof parsed !== 'string') return { entries: parsed, problem: null };
  // Moved, not deleted: the reader (or a newer page) may still want it.
  const aside = trySetAside(s, raw);
  if (!aside) {
    holdStore();
    return { entries: [], problem: fill(importText.storage_corrupt_kept, { key: MODELS_KEY, reason: parsed }) };
  }
  s.removeItem(MODELS_KEY);
  return { entries: [], problem: fill(importText.storage_corrupt, { key: MODELS_KEY, reason: parsed, aside }) };
}

/** Store the current list; throws (quota, no storage) with the browser's reason. */
/** saveModels refused to overwrite an entry that exists nowhere else. */
export class StoreHeld extends Error {
  override name = 'StoreHeld';
}

export function saveModels(models: ModelToStore[]): void {
  const s = storage();
  if (!s) throw new Error(importText.storage_unavailable);
  if (held) throw new StoreHeld(importText.storage_held);
  const value: Stored = {
    version: VERSION,
    models: models.map((m) => (m.id === undefined ? { config_text: m.text } : { config_text: m.text, id: m.id })),
  };
  if (models.length === 0) s.removeItem(MODELS_KEY);
  else s.setItem(MODELS_KEY, JSON.stringify(value));
}
