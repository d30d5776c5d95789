// The reader profile: GPU, weight precision, model and context length, chosen
// once (on the landing page) and used as the defaults of every control that
// opts in with "profile": "<slot>" in content/ch02/widgets*.json.
//
// Stored in localStorage under a versioned key. An entry this code cannot
// read (hand-edited, or from another version) is reported and left in place:
// the page falls back to the book's values and says so. Saving a new profile
// over it first copies the unreadable text to KEY + ".unreadable".
//
// The profile only supplies raw control text; the core validates it like
// anything the reader types (a stale model id shows the core's message).

import { fill as fillUi, ui } from '../i18n/ui';

export const PROFILE_KEY = 'tally.profile.v1';
const VERSION = 1;
export const PROFILE_SLOTS = ['model', 'gpu', 'precision', 'context'] as const;
export type ProfileSlot = (typeof PROFILE_SLOTS)[number];
export type Profile = Partial<Record<ProfileSlot, string>>;

export interface LoadedProfile {
  profile: Profile;
  /** Why the stored entry was not used (null when fine or absent). */
  problem: string | null;
}

const EVENT = 'tally:profile';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy settings): behave as "no profile"
  }
}

function parse(raw: string): Profile | string {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return ui.profile.not_json;
  }
  const o = data as { version?: unknown; values?: unknown };
  if (typeof o !== 'object' || o === null) return ui.profile.not_object;
  if (o.version !== VERSION) return fillUi(ui.profile.wrong_version, { version: JSON.stringify(o.version) ?? 'undefined', own: VERSION });
  if (typeof o.values !== 'object' || o.values === null) return ui.profile.no_values;
  const profile: Profile = {};
  for (const [k, v] of Object.entries(o.values)) {
    if (!(PROFILE_SLOTS as readonly string[]).includes(k)) return fillUi(ui.profile.unknown_field, { key: k });
    if (typeof v !== 'string') return fillUi(ui.profile.not_text, { key: k });
    if (v !== '') profile[k as ProfileSlot] = v;
  }
  return profile;
}

let cached: LoadedProfile | undefined;

export function loadProfile(): LoadedProfile {
  if (cached) return cached;
  const raw = storage()?.getItem(PROFILE_KEY) ?? null;
  if (raw === null) return (cached = { profile: {}, problem: null });
  const parsed = parse(raw);
  cached =
    typeof parsed === 'string'
      ? { profile: {}, problem: fillUi(ui.profile.unusable, { key: PROFILE_KEY, reason: parsed }) }
      : { profile: parsed, problem: null };
  return cached;
}

/** Store a profile (empty slots dropped) and tell every widget on the page. */
export function saveProfile(profile: Profile): void {
  const s = storage();
  if (!s) throw new Error(ui.profile.no_storage);
  const old = s.getItem(PROFILE_KEY);
  if (old !== null && typeof parse(old) === 'string') s.setItem(`${PROFILE_KEY}.unreadable`, old);
  const values: Profile = {};
  for (const slot of PROFILE_SLOTS) if (profile[slot]) values[slot] = profile[slot];
  s.setItem(PROFILE_KEY, JSON.stringify({ version: VERSION, values }));
  cached = { profile: values, problem: null };
  window.dispatchEvent(new CustomEvent(EVENT));
}

/** Back to the book's values everywhere. */
export function clearProfile(): void {
  storage()?.removeItem(PROFILE_KEY);
  cached = { profile: {}, problem: null };
  window.dispatchEvent(new CustomEvent(EVENT));
}

export function onProfileChange(listener: () => void): void {
  window.addEventListener(EVENT, listener);
  // Another tab saved a profile: re-read it.
  window.addEventListener('storage', (e) => {
    if (e.key !== PROFILE_KEY) return;
    cached = undefined;
    listener();
  });
}
