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
  models: Array<{ config_text: string }>;
}

export interface LoadedModels {
  texts: string[];
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

/** A free key beside MODELS_KEY for text we cannot use: ".unreadable", ".unreadable.2", … */
export function setAside(s: Storage, text: string): string {
  let key = `${MODELS_KEY}.unreadable`;
  for (let n = 2; s.getItem(key) !== null; n++) key = `${MODELS_KEY}.unreadable.${n}`;
  s.setItem(key, text);
  return key;
}

/** Why a stored value is unusable, or its config texts. */
function parse(raw: string): string[] | string {
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
  const texts: string[] = [];
  for (const m of o.models) {
    if (typeof m !== 'object' || m === null || typeof m.config_text !== 'string') return reasons.shape;
    texts.push(m.config_text);
  }
  return texts;
}

export function loadStoredModels(): LoadedModels {
  const s = storage();
  const raw = s?.getItem(MODELS_KEY) ?? null;
  if (!s || raw === null) return { texts: [], problem: null };
  const parsed = parse(raw);
  if (typeof parsed !== 'string') return { texts: parsed, problem: null };
  // Moved, not deleted: the reader (or a newer page) may still want it.
  const aside = setAside(s, raw);
  s.removeItem(MODELS_KEY);
  return { texts: [], problem: fill(importText.storage_corrupt, { key: MODELS_KEY, reason: parsed, aside }) };
}

/** Store the current list; throws (quota, no storage) with the browser's reason. */
export function saveModels(texts: string[]): void {
  const s = storage();
  if (!s) throw new Error(importText.storage_unavailable);
  const value: Stored = { version: VERSION, models: texts.map((config_text) => ({ config_text })) };
  if (texts.length === 0) s.removeItem(MODELS_KEY);
  else s.setItem(MODELS_KEY, JSON.stringify(value));
}
