// The reader's progress through the exercises, kept in localStorage.
//
// Schema (version 1), under the key tally.progress.v1:
//   {"schema": 1, "replaced": 1764590000000,
//    "exercises": {"2-5": {"parts": {"a": PartProgress, …},
//                          "seeds": {"123": {"parts": {…}}},
//                          "mine": {"model=hf-x": {"parts": {…}}, "model=hf-x&seed=7": {"parts": {…}}}}}}
// Every question keeps its own answers, hints and solution views:
//   - `parts`: the book's question (seed 0, the book's models);
//   - `seeds` (optional): a variant drawn by 「換一題」 on the book's models, by seed;
//   - `mine` (optional): a question posed on the reader's imported models, by
//     "given=model id" (joined by "&"), with "&seed=N" for its variants.
// A page from before `seeds` kept a variant's answers in `parts` (with the
// variant's seed), replacing the book's; reading such an entry moves each
// part to its own question (normalize), so nothing is lost and an older
// page's object stays readable. `at` (ms since 1970, optional) says when a
// part last changed: tabs merge by it (mergeProgress). `replaced` says when
// an import or a reset replaced everything.
//
// An entry that cannot be read at all (not JSON, wrong top-level shape, a
// schema from a newer page) is never dropped: it is copied under
// tally.progress.v1.set-aside.<time> and the reader is told. One unreadable
// part (or exercise) is dropped alone, reported, and the original entry is
// copied aside first. Export writes the same object as a JSON file; import
// accepts a file in this schema (or an older one, migrated).

import { fill as fillUi, ui } from '../i18n/ui';
import { exerciseLabel, parseExerciseId } from '../runtime/book';

export const STORAGE_KEY = 'tally.progress.v1';
export const SCHEMA = 1;
/** Before version 1 there was no versioned key; this is where a v0 page kept answers. */
export const LEGACY_KEY = 'tally.progress';
export const SET_ASIDE_PREFIX = `${STORAGE_KEY}.set-aside.`;
/** Longest stored answer text: the open parts' textarea has this maxlength (UTF-16 units, as `maxlength` counts). */
export const ANSWER_MAX = 2000;
/** Most hints a part can have (schema.ts refuses content with more), so every hint count the page saves loads again. */
export const HINTS_MAX = 20;
export const SEED_MAX = 0xffffffff;

export interface PartProgress {
  /** Seed of the variant the answer belongs to (0: the book's question). */
  seed: number;
  /** The reader's last text. */
  answer: string;
  /** Verdict of the core for that text (open parts: false). */
  correct: boolean;
  /** Answer was checked / open part revealed at least once. */
  attempted: boolean;
  /** Hints opened, solution or model answer shown. */
  hints: number;
  revealed: boolean;
  /** When this part last changed (ms since 1970); absent in entries written before tabs merged. */
  at?: number;
}

export interface PartsProgress {
  parts: Record<string, PartProgress>;
}

export interface ExerciseProgress extends PartsProgress {
  /** Variants of the book's question: seed (decimal) → their parts. */
  seeds?: Record<string, PartsProgress>;
  /** Questions on imported models: "given=model id" (joined by "&", then "&seed=N" for a variant) → their parts. */
  mine?: Record<string, PartsProgress>;
}

export interface Progress {
  schema: typeof SCHEMA;
  exercises: Record<string, ExerciseProgress>;
  /** When an import or a reset last replaced everything (ms since 1970). */
  replaced?: number;
}

export const emptyProgress = (): Progress => ({ schema: SCHEMA, exercises: {} });

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const SEED_KEY = /^[1-9]\d{0,9}$/;
/**
 * A question on imported models: "given=id" pairs, then an optional
 * "&seed=N". Any non-empty key is kept: model ids have no length limit the
 * page could enforce (the core's `_name_or_path` has none), and an odd key
 * is never asked for, so it is carried along untouched.
 */
const MINE_KEY = /^[\s\S]+$/;

/** Where a question's parts live: seed 0 on the book's models is `parts`. */
export function mineKey(mine: string, seed: number): string {
  return seed === 0 ? mine : `${mine}&seed=${seed}`;
}

/** The holder of one question's parts (created when `create`). */
export function holderOf(ex: ExerciseProgress, mine: string, seed: number, create: true): PartsProgress;
export function holderOf(ex: ExerciseProgress | undefined, mine: string, seed: number, create?: false): PartsProgress | undefined;
export function holderOf(ex: ExerciseProgress | undefined, mine: string, seed: number, create = false): PartsProgress | undefined {
  if (!ex) return undefined;
  if (mine === '' && seed === 0) return ex;
  const map = mine === '' ? (create ? (ex.seeds ??= {}) : ex.seeds) : create ? (ex.mine ??= {}) : ex.mine;
  const key = mine === '' ? String(seed) : mineKey(mine, seed);
  if (!map) return undefined;
  return create ? (map[key] ??= { parts: {} }) : map[key];
}

/** Why one stored part is not progress; null when it is. */
function partProblem(p: unknown): string | null {
  if (!isObj(p)) return ui.progress_check.not_object;
  if (typeof p.seed !== 'number' || !Number.isInteger(p.seed) || p.seed < 0 || p.seed > SEED_MAX) return ui.progress_check.bad_seed;
  if (typeof p.answer !== 'string' || p.answer.length > ANSWER_MAX) return fillUi(ui.progress_check.bad_answer, { max: ANSWER_MAX });
  if (typeof p.correct !== 'boolean' || typeof p.attempted !== 'boolean' || typeof p.revealed !== 'boolean') {
    return ui.progress_check.bad_flags;
  }
  if (typeof p.hints !== 'number' || !Number.isInteger(p.hints) || p.hints < 0 || p.hints > HINTS_MAX)
    return fillUi(ui.progress_check.bad_hints, { max: HINTS_MAX });
  if (p.at !== undefined && !isTime(p.at)) return ui.progress_check.bad_at;
  return null;
}

/** What a lenient read dropped: "練習 2-5 的小題 a（answer 不是字串…）". */
type Dropped = string[];

/** The readable parts of a holder; each unreadable one is named in `dropped`. */
function readParts(where: string, v: unknown, dropped: Dropped): PartsProgress | null {
  if (!isObj(v) || !isObj(v.parts)) {
    dropped.push(fillUi(ui.progress_check.no_parts, { where }));
    return null;
  }
  const parts: Record<string, PartProgress> = {};
  for (const [pid, p] of Object.entries(v.parts)) {
    const why = partProblem(p);
    if (why) dropped.push(fillUi(ui.progress_check.dropped_part, { where, part: pid, why }));
    else parts[pid] = p as unknown as PartProgress;
  }
  return { parts };
}

/** A keyed map of holders (`seeds` or `mine`), keeping the readable ones. */
function readHolders(where: string, name: string, v: unknown, key: RegExp, dropped: Dropped): Record<string, PartsProgress> | undefined {
  if (v === undefined) return undefined;
  if (!isObj(v)) {
    dropped.push(fillUi(ui.progress_check.dropped_not_object, { where, name }));
    return undefined;
  }
  const out: Record<string, PartsProgress> = {};
  for (const [k, h] of Object.entries(v)) {
    if (!key.test(k) || (name === 'seeds' && Number(k) > SEED_MAX)) {
      dropped.push(fillUi(ui.progress_check.dropped_name, { where, name, key: k.slice(0, 40) }));
      continue;
    }
    const parts = readParts(fillUi(ui.page.name_detail, { name: where, detail: k }), h, dropped);
    if (parts) out[k] = parts;
  }
  return out;
}

function readExercise(id: string, v: unknown, dropped: Dropped): ExerciseProgress | null {
  const where = fillUi(ui.progress_check.where, exerciseLabel(id));
  const book = readParts(where, v, dropped);
  if (!book) return null;
  const ex: ExerciseProgress = book;
  const o = v as Obj;
  const seeds = readHolders(where, 'seeds', o.seeds, SEED_KEY, dropped);
  if (seeds) ex.seeds = seeds;
  const mine = readHolders(where, 'mine', o.mine, MINE_KEY, dropped);
  if (mine) ex.mine = mine;
  return ex;
}

/**
 * Move each part to its own question: a page from before `seeds` kept a
 * variant's part in `parts` (or a mine question's variant under the mine
 * key) with that variant's seed. Where the right place already holds the
 * part, the newer one (by `at`) stays. Returns the same object, changed.
 */
export function normalize(progress: Progress): Progress {
  for (const ex of Object.values(progress.exercises)) {
    rehome(ex, '', ex);
    for (const [k, h] of Object.entries(ex.seeds ?? {})) {
      const seed = Number(k);
      for (const [pid, p] of Object.entries(h.parts)) if (p.seed !== seed) h.parts[pid] = { ...p, seed };
    }
    for (const [k, h] of Object.entries(ex.mine ?? {})) {
      const m = /^(.*)&seed=(\d+)$/.exec(k);
      if (!m) rehome(ex, k, h);
      else for (const [pid, p] of Object.entries(h.parts)) if (p.seed !== Number(m[2])) h.parts[pid] = { ...p, seed: Number(m[2]) };
    }
  }
  return progress;
}

/** Parts of a seed-0 holder whose seed is a variant's go to that variant's holder. */
function rehome(ex: ExerciseProgress, mine: string, holder: PartsProgress): void {
  for (const [pid, p] of Object.entries(holder.parts)) {
    if (p.seed === 0) continue;
    delete holder.parts[pid];
    const target = holderOf(ex, mine, p.seed, true);
    const there = target.parts[pid];
    if (!there || (p.at ?? 0) > (there.at ?? 0)) target.parts[pid] = p;
  }
}

/** Why the top level is not progress (the whole entry is unreadable then); null when it is. */
function topProblem(v: unknown): string | null {
  if (!isObj(v)) return ui.progress_check.not_json_object;
  if (typeof v.schema === 'number' && v.schema > SCHEMA) {
    return fillUi(ui.progress_check.newer_schema, { schema: String(v.schema), own: SCHEMA });
  }
  if (v.schema !== SCHEMA) return fillUi(ui.progress_check.wrong_schema, { own: SCHEMA, schema: JSON.stringify(v.schema) ?? 'undefined' });
  if (!isObj(v.exercises)) return ui.progress_check.no_exercises;
  return null;
}

/** Parsed JSON of schema 1 → progress, keeping what is readable and naming what is not. */
export function readLenient(v: unknown): { progress: Progress; dropped: Dropped } | { error: string } {
  const why = topProblem(v);
  if (why) return { error: why };
  const o = v as Obj;
  const dropped: Dropped = [];
  const out = emptyProgress();
  if (isTime(o.replaced)) out.replaced = o.replaced;
  for (const [id, ex] of Object.entries(o.exercises as Obj)) {
    if (!parseExerciseId(id)) {
      dropped.push(fillUi(ui.progress_check.bad_id, { id: id.slice(0, 40) }));
      continue;
    }
    const read = readExercise(id, ex, dropped);
    if (read) out.exercises[id] = read;
  }
  return { progress: normalize(out), dropped };
}

/**
 * Version 0 (a page before the schema existed) kept only the last answer
 * text per part: {"2-5": {"a": "9939"}}. It becomes version 1 with nothing
 * marked as checked, so the page re-checks those answers with the core.
 */
function migrateV0(v: unknown): Progress | null {
  if (!isObj(v)) return null;
  const out = emptyProgress();
  for (const [id, parts] of Object.entries(v)) {
    if (!parseExerciseId(id) || !isObj(parts)) return null;
    const ex: ExerciseProgress = { parts: {} };
    for (const [pid, answer] of Object.entries(parts)) {
      if (typeof answer !== 'string' || answer.length > ANSWER_MAX) return null;
      ex.parts[pid] = { seed: 0, answer, correct: false, attempted: false, hints: 0, revealed: false };
    }
    out.exercises[id] = ex;
  }
  return out;
}

/** Parsed JSON of any known version → current progress (strict: every part readable), or the reason it is not. */
export function upgrade(v: unknown): { progress: Progress } | { error: string } {
  if (isObj(v) && v.schema === undefined) {
    const migrated = migrateV0(v);
    if (migrated) return { progress: migrated };
  }
  const r = readLenient(v);
  if ('error' in r) return r;
  return r.dropped.length ? { error: r.dropped[0]! } : { progress: r.progress };
}

/**
 * Two tabs' progress → one. The rule, per part of each question: the newer
 * change (larger `at`) wins; on a tie, `stored` wins. A side whose `replaced`
 * (an import or a reset) is newer keeps all its parts, and the other side
 * keeps only the parts changed after that replacement, so a reset in one tab
 * is not undone by another tab's older answers.
 */
export function mergeProgress(stored: Progress, mine: Progress): Progress {
  const sr = stored.replaced ?? 0;
  const mr = mine.replaced ?? 0;
  const out: Progress = emptyProgress();
  if (Math.max(sr, mr) > 0) out.replaced = Math.max(sr, mr);
  // The side replaced later is the base; the other adds only what changed after that.
  const [base, extra, cut] = mr > sr ? [mine, stored, mr] : [stored, mine, sr];
  const fromBase = sr >= mr; // stored is the base: it wins ties
  eachPart(base, (id, mk, seed, pid, p) => put(out, id, mk, seed, pid, p, true));
  eachPart(extra, (id, mk, seed, pid, p) => {
    if (cut > 0 && (p.at ?? 0) <= cut) return;
    put(out, id, mk, seed, pid, p, !fromBase);
  });
  return out;
}

type PartVisitor = (id: string, mine: string, seed: number, pid: string, p: PartProgress) => void;

function eachPart(progress: Progress, visit: PartVisitor): void {
  for (const [id, ex] of Object.entries(progress.exercises)) {
    for (const [pid, p] of Object.entries(ex.parts)) visit(id, '', 0, pid, p);
    for (const [k, h] of Object.entries(ex.seeds ?? {})) for (const [pid, p] of Object.entries(h.parts)) visit(id, '', Number(k), pid, p);
    for (const [k, h] of Object.entries(ex.mine ?? {})) {
      const m = /^(.*)&seed=(\d+)$/.exec(k);
      const [mk, seed] = m ? [m[1]!, Number(m[2])] : [k, 0];
      for (const [pid, p] of Object.entries(h.parts)) visit(id, mk, seed, pid, p);
    }
  }
}

/** Put a part in `out` unless a newer one is there (`winsTie`: this one wins an equal `at`). */
function put(out: Progress, id: string, mine: string, seed: number, pid: string, p: PartProgress, winsTie: boolean): void {
  const ex = (out.exercises[id] ??= { parts: {} });
  const holder = holderOf(ex, mine, seed, true);
  const there = holder.parts[pid];
  const a = p.at ?? 0;
  const b = there?.at ?? 0;
  if (!there || a > b || (a === b && winsTie)) holder.parts[pid] = p;
}

/** The latest time stamp in `progress`: its `replaced` and every part's `at` (0 when none). */
export function latestStamp(progress: Progress): number {
  let latest = progress.replaced ?? 0;
  eachPart(progress, (_id, _mine, _seed, _pid, p) => (latest = Math.max(latest, p.at ?? 0)));
  return latest;
}

/** Both sides hold the same parts with the same texts and flags. */
export function sameProgress(a: Progress, b: Progress): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(p: Progress): Array<[string, string, number, string, PartProgress]> {
  const rows: Array<[string, string, number, string, PartProgress]> = [];
  eachPart(p, (id, mk, seed, pid, part) => rows.push([id, mk, seed, pid, part]));
  return rows.sort((x, y) => (x.slice(0, 4).join('\u0000') < y.slice(0, 4).join('\u0000') ? -1 : 1));
}

/** Stored text → progress: `dropped` names unreadable parts; `error` when the whole entry is unreadable. */
export function parseStored(raw: string): { progress: Progress; dropped: Dropped } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { error: ui.progress_check.not_json };
  }
  return readLenient(parsed);
}

export interface LoadResult {
  progress: Progress;
  /** A message for the reader when something was set aside, dropped or migrated. */
  notice: string | null;
  /**
   * False when an unreadable entry could not be copied aside (storage full):
   * the page then never writes STORAGE_KEY, so the original stays.
   */
  writable: boolean;
}

export interface LoadTexts {
  dropped: string;
  dropped_kept: string;
  unreadable_kept: string;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * Copy `raw` aside under a new key, or name the copy already made of the same
 * text (every page of the site loads the same unreadable entry: one copy, not
 * one per page); null when the browser refuses (storage full).
 */
export function copyAside(storage: Storage, raw: string): string | null {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(SET_ASIDE_PREFIX) && storage.getItem(key) === raw) return key;
  }
  let aside = `${SET_ASIDE_PREFIX}${new Date().toISOString()}`;
  for (let n = 2; storage.getItem(aside) !== null; n++) aside = `${SET_ASIDE_PREFIX}${new Date().toISOString()}.${n}`;
  try {
    storage.setItem(aside, raw);
    return aside;
  } catch {
    return null;
  }
}

/** Read progress, migrating an older entry, dropping unreadable parts and setting aside an unreadable entry. */
export function loadProgress(storage: Storage, texts: LoadTexts): LoadResult {
  const raw = storage.getItem(STORAGE_KEY);
  if (raw !== null) return loadCurrent(storage, raw, texts);
  const legacy = storage.getItem(LEGACY_KEY);
  if (legacy !== null) {
    let r: ReturnType<typeof upgrade> = { error: ui.progress_check.not_json };
    try {
      r = upgrade(JSON.parse(legacy));
    } catch {
      /* reported below */
    }
    if ('progress' in r) {
      // Keep the old entry: a page of the old version may still be open.
      try {
        storage.setItem(STORAGE_KEY, JSON.stringify(r.progress));
      } catch {
        /* storage full: the old entry stays and is read again next time */
      }
      return { progress: r.progress, notice: ui.progress_check.upgraded, writable: true };
    }
    const aside = copyAside(storage, legacy);
    if (aside) storage.removeItem(LEGACY_KEY);
    return {
      progress: emptyProgress(),
      notice: fillUi(ui.progress_check.legacy_unreadable, { reason: r.error, key: aside ?? LEGACY_KEY }),
      writable: true,
    };
  }
  return { progress: emptyProgress(), notice: null, writable: true };
}

function loadCurrent(storage: Storage, raw: string, texts: LoadTexts): LoadResult {
  const r = parseStored(raw);
  if ('progress' in r && r.dropped.length === 0) return { progress: r.progress, notice: null, writable: true };
  const aside = copyAside(storage, raw);
  if ('error' in r) {
    if (!aside) return { progress: emptyProgress(), notice: fill(texts.unreadable_kept, { reason: r.error, key: STORAGE_KEY }), writable: false };
    storage.removeItem(STORAGE_KEY);
    return {
      progress: emptyProgress(),
      notice: fillUi(ui.progress_check.stored_unreadable, { reason: r.error, key: String(aside) }),
      writable: true,
    };
  }
  const list = r.dropped.slice(0, 5).join(ui.widgets.clause_separator) + (r.dropped.length > 5 ? ui.page.more : '');
  if (!aside) return { progress: r.progress, notice: fill(texts.dropped_kept, { count: r.dropped.length, list, key: STORAGE_KEY }), writable: false };
  return { progress: r.progress, notice: fill(texts.dropped, { count: r.dropped.length, list, aside }), writable: true };
}

export function saveProgress(storage: Storage, progress: Progress): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(progress));
}

/** The text of an imported file → progress, or a message saying what is wrong. */
export function parseImport(text: string): { progress: Progress } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { error: fillUi(ui.progress_check.file_not_json, { reason: (err as Error).message }) };
  }
  const r = upgrade(parsed);
  return 'error' in r ? { error: fillUi(ui.progress_check.file_not_progress, { reason: r.error }) } : r;
}

/** Counts for the chapter summary: the book's question's parts tried and answered correctly (only `current` parts, when given). */
export function counts(progress: Progress, id: string, current?: string[]): { attempted: number; correct: number } {
  const stored = progress.exercises[id]?.parts ?? {};
  const parts = Object.entries(stored)
    .filter(([pid, p]) => p.seed === 0 && (current === undefined || current.includes(pid)))
    .map(([, p]) => p);
  return { attempted: parts.filter((p) => p.attempted).length, correct: parts.filter((p) => p.correct).length };
}
