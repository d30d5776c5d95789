// The reader's progress through the exercises, kept in localStorage.
//
// Schema (version 1), under the key tally.progress.v1:
//   {"schema": 1, "exercises": {"2-5": {"parts": {"a": PartProgress, …},
//                                        "mine": {"model=hf-x": {"parts": {…}}}}}}
// `mine` (optional, added within version 1: older pages keep it untouched)
// holds the answers to questions posed on the reader's imported models, one
// entry per choice of models, so they never overwrite the book's question's.
// A new schema version gets a new key and a migration from the previous one,
// so an upgrade reads the old entry, converts it and keeps the original until
// the new one is written. An entry that cannot be read (not JSON, wrong shape,
// a schema from a newer page) is never dropped: it is copied under
// tally.progress.v1.set-aside.<time> and the reader is told.
//
// Export writes the same object as a JSON file; import accepts a file in this
// schema (or an older one, migrated) and reports what is wrong otherwise.

export const STORAGE_KEY = 'tally.progress.v1';
export const SCHEMA = 1;
/** Before version 1 there was no versioned key; this is where a v0 page kept answers. */
export const LEGACY_KEY = 'tally.progress';
export const SET_ASIDE_PREFIX = `${STORAGE_KEY}.set-aside.`;

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
}

export interface PartsProgress {
  parts: Record<string, PartProgress>;
}

export interface ExerciseProgress extends PartsProgress {
  /** Questions on imported models: "given=model id" (joined by "&") → their parts. */
  mine?: Record<string, PartsProgress>;
}

export interface Progress {
  schema: typeof SCHEMA;
  exercises: Record<string, ExerciseProgress>;
}

export const emptyProgress = (): Progress => ({ schema: SCHEMA, exercises: {} });

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a record of parts is not progress; null when it is. */
function partsProblem(owner: string, parts: Obj): string | null {
  for (const [pid, p] of Object.entries(parts)) {
    const where = `${owner} 的小題 ${pid}`;
    if (!isObj(p)) return `${where} 不是物件`;
    if (typeof p.seed !== 'number' || !Number.isInteger(p.seed) || p.seed < 0 || p.seed > 0xffffffff) return `${where} 的 seed 不是 0 到 4294967295 的整數`;
    if (typeof p.answer !== 'string' || p.answer.length > 2000) return `${where} 的 answer 不是字串（最多 2000 字）`;
    if (typeof p.correct !== 'boolean' || typeof p.attempted !== 'boolean' || typeof p.revealed !== 'boolean') {
      return `${where} 的 correct／attempted／revealed 應為 true 或 false`;
    }
    if (typeof p.hints !== 'number' || !Number.isInteger(p.hints) || p.hints < 0 || p.hints > 20) return `${where} 的 hints 不是 0 到 20 的整數`;
  }
  return null;
}

/** Why a stored or imported object is not progress; null when it is. */
function problem(v: unknown): string | null {
  if (!isObj(v)) return '內容不是 JSON 物件';
  if (v.schema !== SCHEMA) return `schema 應為 ${SCHEMA}，收到 ${JSON.stringify(v.schema)}`;
  if (!isObj(v.exercises)) return '缺少 exercises 物件';
  for (const [id, ex] of Object.entries(v.exercises)) {
    if (!/^\d+-\d+$/.test(id)) return `練習編號「${id}」不是「2-5」這種形式`;
    if (!isObj(ex) || !isObj(ex.parts)) return `練習 ${id} 缺少 parts 物件`;
    const bad = partsProblem(`練習 ${id}`, ex.parts);
    if (bad) return bad;
    if (ex.mine === undefined) continue;
    if (!isObj(ex.mine)) return `練習 ${id} 的 mine 不是物件`;
    for (const [variant, v] of Object.entries(ex.mine)) {
      const where = `練習 ${id}（${variant}）`;
      if (variant.length > 300 || !isObj(v) || !isObj(v.parts)) return `${where} 缺少 parts 物件`;
      const badMine = partsProblem(where, v.parts);
      if (badMine) return badMine;
    }
  }
  return null;
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
    if (!/^\d+-\d+$/.test(id) || !isObj(parts)) return null;
    const ex: ExerciseProgress = { parts: {} };
    for (const [pid, answer] of Object.entries(parts)) {
      if (typeof answer !== 'string') return null;
      ex.parts[pid] = { seed: 0, answer, correct: false, attempted: false, hints: 0, revealed: false };
    }
    out.exercises[id] = ex;
  }
  return out;
}

/** Parsed JSON of any known version → current progress, or the reason it is not. */
export function upgrade(v: unknown): { progress: Progress } | { error: string } {
  if (isObj(v) && v.schema === undefined) {
    const migrated = migrateV0(v);
    if (migrated) return { progress: migrated };
  }
  if (isObj(v) && typeof v.schema === 'number' && v.schema > SCHEMA) {
    return { error: `這份進度來自較新版本的頁面（schema ${v.schema}），本頁只認得 schema ${SCHEMA}` };
  }
  const why = problem(v);
  return why ? { error: why } : { progress: v as unknown as Progress };
}

export interface LoadResult {
  progress: Progress;
  /** A message for the reader when something was set aside or migrated. */
  notice: string | null;
}

function setAside(storage: Storage, key: string, raw: string): string {
  const aside = `${SET_ASIDE_PREFIX}${new Date().toISOString()}`;
  storage.setItem(aside, raw);
  storage.removeItem(key);
  return aside;
}

/** Read progress, migrating an older entry and setting aside one that cannot be read. */
export function loadProgress(storage: Storage): LoadResult {
  const raw = storage.getItem(STORAGE_KEY);
  if (raw !== null) {
    let parsed: unknown;
    let error: string;
    try {
      parsed = JSON.parse(raw);
      const r = upgrade(parsed);
      if ('progress' in r && (parsed as Obj).schema === SCHEMA) return { progress: r.progress, notice: null };
      error = 'error' in r ? r.error : '格式不符';
    } catch {
      error = '不是有效的 JSON';
    }
    const aside = setAside(storage, STORAGE_KEY, raw);
    return {
      progress: emptyProgress(),
      notice: `儲存的練習進度無法讀取（${error}），已原樣保留在 localStorage 的「${aside}」，並從空白進度開始。`,
    };
  }
  const legacy = storage.getItem(LEGACY_KEY);
  if (legacy !== null) {
    let r: ReturnType<typeof upgrade> = { error: '不是有效的 JSON' };
    try {
      r = upgrade(JSON.parse(legacy));
    } catch {
      /* reported below */
    }
    if ('progress' in r) {
      // Keep the old entry: a page of the old version may still be open.
      storage.setItem(STORAGE_KEY, JSON.stringify(r.progress));
      return { progress: r.progress, notice: '已把舊版頁面留下的練習進度轉換為新格式。' };
    }
    const aside = setAside(storage, LEGACY_KEY, legacy);
    return { progress: emptyProgress(), notice: `舊版練習進度無法讀取（${r.error}），已原樣保留在「${aside}」。` };
  }
  return { progress: emptyProgress(), notice: null };
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
    return { error: `檔案不是有效的 JSON（${(err as Error).message}）` };
  }
  const r = upgrade(parsed);
  return 'error' in r ? { error: `檔案不是練習進度：${r.error}` } : r;
}

/** Counts for the chapter summary: parts tried and parts answered correctly (only `current` parts, when given). */
export function counts(progress: Progress, id: string, current?: string[]): { attempted: number; correct: number } {
  const stored = progress.exercises[id]?.parts ?? {};
  const parts = Object.entries(stored)
    .filter(([pid]) => current === undefined || current.includes(pid))
    .map(([, p]) => p);
  return { attempted: parts.filter((p) => p.attempted).length, correct: parts.filter((p) => p.correct).length };
}
