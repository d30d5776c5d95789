// Progress in the page: one store shared by every exercise on it, the
// chapter summary (answered / correct per exercise), export, import and a
// reset that asks first. The schema, its checks and the merge rule are in
// progress.ts.
//
// Several tabs share one localStorage entry. Every save first reads what is
// stored and merges (mergeProgress: per part, the newer change wins), so a
// tab never writes back another tab's answers as they were when it loaded;
// and a `storage` event (another tab saved) merges the same way and tells the
// exercises, which show the other tab's answers at once.

import { ui } from '../i18n/ui';
import texts from '../../../content/site/progress.json';
import { fill } from '../import/text';
import { exercises } from './data';
import {
  copyAside,
  counts,
  emptyProgress,
  holderOf,
  latestStamp,
  loadProgress,
  mergeProgress,
  parseImport,
  parseStored,
  sameProgress,
  saveProgress,
  STORAGE_KEY,
  type PartProgress,
  type Progress,
} from './progress';

export const progressText = texts;

/** Largest progress file import reads: above any export this page can make (see docs/exercises.md, Progress). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;

const isQuota = (err: unknown): boolean =>
  err instanceof DOMException && (err.name === 'QuotaExceededError' || err.name === 'NS_ERROR_DOM_QUOTA_REACHED' || err.code === 22);

/**
 * The page's localStorage, or an in-memory stand-in when the browser refuses
 * storage (disabled cookies, some private modes): exercises still work, and
 * the reader is told that progress will not outlive the page. A full storage
 * is still the page's storage: what is stored is read, and a save that does
 * not fit says so.
 */
export function pageStorage(): { storage: Storage; notice: string | null; persistent: boolean } {
  let s: Storage | null = null;
  try {
    s = window.localStorage;
    s.setItem('tally.storage-check', '1');
    s.removeItem('tally.storage-check');
    return { storage: s, notice: null, persistent: true };
  } catch (err) {
    if (s && isQuota(err)) return { storage: s, notice: texts.storage_full_at_start, persistent: true };
    const data = new Map<string, string>();
    const memory: Storage = {
      get length() {
        return data.size;
      },
      clear: () => data.clear(),
      getItem: (k) => data.get(k) ?? null,
      key: (i) => [...data.keys()][i] ?? null,
      removeItem: (k) => void data.delete(k),
      setItem: (k, v) => void data.set(k, String(v)),
    };
    return {
      storage: memory,
      notice: ui.progress.no_storage,
      persistent: false,
    };
  }
}

/** Said under the summary when it can only see this page's answers. */
const UNSEEN_NOTE = ui.progress.unseen;

/** Another tab changed progress: the parts of this exercise that differ now. */
export type ChangeListener = () => Promise<void>;

export class ProgressStore {
  private progress: Progress;
  private readonly notice: string | null;
  private replaced: () => Promise<void> = async () => {};
  private readonly changeListeners: ChangeListener[] = [];
  /** Exercises on this page: without localStorage, the only ones the summary can count. */
  private here = new Set<string>();
  /** False when an unreadable entry could not be copied aside: the page then never overwrites it. */
  private writable: boolean;
  /** Last `at` handed out: strictly increasing, so two changes in one millisecond stay ordered. */
  private lastAt = 0;

  /** `persistent` false: storage is this page's memory, so other pages' answers are unknown here. */
  constructor(
    private readonly storage: Storage,
    private readonly summary: HTMLElement | null,
    storageNotice: string | null = null,
    private readonly persistent = true,
  ) {
    const loaded = loadProgress(storage, texts);
    this.progress = loaded.progress;
    this.writable = loaded.writable;
    const unseen = summary && !persistent ? UNSEEN_NOTE : null;
    this.notice = [storageNotice, unseen, loaded.notice].filter(Boolean).join(' ') || null;
    if (summary) this.wireSummary(summary);
    if (persistent) window.addEventListener('storage', (e) => this.onStorage(e));
    this.render();
  }

  /** The exercises hydrated on this page (their rows count even without localStorage). */
  setPageExercises(ids: string[]): void {
    this.here = new Set(ids);
    this.render();
  }

  /**
   * `mine` "" is the book's models; otherwise the imported models the
   * question was posed on ("model=hf-x"). Each seed of each is its own question.
   */
  part(id: string, part: string, seed: number, mine = ''): PartProgress | undefined {
    return holderOf(this.progress.exercises[id], mine, seed)?.parts[part];
  }

  /**
   * Record what the reader did on a part of one question (its seed and
   * models). Returns a message for the reader when it could not be stored.
   */
  update(id: string, part: string, seed: number, change: Partial<PartProgress>, mine = ''): string | null {
    const ex = (this.progress.exercises[id] ??= { parts: {} });
    const holder = holderOf(ex, mine, seed, true);
    const base: PartProgress = holder.parts[part] ?? { seed, answer: '', correct: false, attempted: false, hints: 0, revealed: false };
    holder.parts[part] = { ...base, ...change, seed, at: this.now() };
    return this.save();
  }

  /** Called after an import or a reset, so every exercise shows the new progress. */
  onReplaced(fn: () => Promise<void>): void {
    this.replaced = fn;
  }

  /** Called when another tab's answers arrived (storage event). */
  onChange(fn: ChangeListener): void {
    this.changeListeners.push(fn);
  }

  /** Show the load notice (set-aside or migrated entry) in the summary, else in `fallback`. */
  showNotice(fallback: HTMLElement | null): void {
    if (!this.notice) return;
    const target = this.summary?.querySelector<HTMLElement>('[data-notice]') ?? fallback;
    if (!target) return;
    target.textContent = this.notice;
    target.hidden = false;
  }

  /**
   * A time stamp for a change made now: later than the clock and than every
   * stamp this tab or the stored entry holds (`also`: one about to be
   * stored). Stamps order changes (mergeProgress: the newer wins), so one from
   * a clock that was ahead, or from a file exported on such a machine, must
   * not make the reader's new answer, or a reset, look older than what it
   * replaces.
   */
  private now(also?: Progress): number {
    const stored = this.readStored();
    const known = Math.max(latestStamp(this.progress), stored ? latestStamp(stored) : 0, also ? latestStamp(also) : 0);
    this.lastAt = Math.max(Date.now(), this.lastAt + 1, known + 1);
    return this.lastAt;
  }

  /** What is stored now (another tab may have saved since), or null when it cannot be read. */
  private readStored(): Progress | null {
    const raw = this.storage.getItem(STORAGE_KEY);
    if (raw === null) return emptyProgress();
    const r = parseStored(raw);
    return 'progress' in r ? r.progress : null;
  }

  /**
   * What is stored, to merge with before writing. Something another page
   * wrote that this one cannot fully read is copied aside first (it would be
   * overwritten otherwise); 'held' when that copy does not fit.
   */
  private storedForSave(): Progress | 'held' {
    const raw = this.storage.getItem(STORAGE_KEY);
    if (raw === null) return emptyProgress();
    const r = parseStored(raw);
    if ('progress' in r && r.dropped.length === 0) return r.progress;
    if (!copyAside(this.storage, raw)) {
      this.writable = false;
      return 'held';
    }
    return 'progress' in r ? r.progress : emptyProgress();
  }

  private refused(message: string): string {
    this.status(message, false);
    this.render();
    return message;
  }

  /** Merge with what is stored, then write; a reader-facing message when the browser refuses. */
  private save(): string | null {
    let message: string | null = null;
    if (!this.writable) {
      message = texts.storage_held;
    } else {
      try {
        const stored = this.storedForSave();
        if (stored === 'held') return this.refused(texts.storage_held);
        this.progress = mergeProgress(stored, this.progress);
        saveProgress(this.storage, this.progress);
      } catch (err) {
        // e.g. QuotaExceededError: keep working in memory and say so.
        const reason = err instanceof Error ? err.name : String(err);
        message = isQuota(err) ? fill(texts.storage_full, { reason }) : fill(ui.progress.write_failed, { reason });
      }
    }
    if (message) this.status(message, false);
    this.render();
    return message;
  }

  /** Another tab saved: merge its answers in and let the exercises show them. */
  private onStorage(e: StorageEvent): void {
    if (e.key !== STORAGE_KEY && e.key !== null) return;
    if (e.storageArea !== this.storage) return;
    const stored = this.readStored();
    if (!stored) return; // unreadable: the next load reports it
    const merged = mergeProgress(stored, this.progress);
    if (sameProgress(merged, this.progress)) return;
    this.progress = merged;
    this.render();
    for (const fn of this.changeListeners) void fn();
  }

  private render(): void {
    if (!this.summary) return;
    for (const row of this.summary.querySelectorAll<HTMLElement>('[data-summary]')) {
      const id = row.dataset.summary ?? '';
      const known = this.persistent || this.here.has(id);
      // Parts the content no longer has (renamed in an update) are kept in storage but not counted.
      const c = counts(
        this.progress,
        id,
        exercises[id]?.parts.map((p) => p.id),
      );
      row.dataset.unknown = String(!known);
      const attempted = row.querySelector('[data-count="attempted"]');
      const correct = row.querySelector('[data-count="correct"]');
      if (attempted) attempted.textContent = known ? String(c.attempted) : '—';
      if (correct) correct.textContent = known ? String(c.correct) : '—';
    }
  }

  private status(text: string, ok: boolean): void {
    const el = this.summary?.querySelector<HTMLElement>('[data-progress-status]');
    if (!el) return;
    el.textContent = text;
    el.dataset.verdict = ok ? 'correct' : 'wrong';
  }

  /** An import or a reset: this replaces everything, in every tab (see mergeProgress). */
  private async replace(next: Progress): Promise<string | null> {
    this.progress = { ...next, replaced: this.now(next) };
    // Replacing on purpose: the original that could not be copied aside is the reader's to drop now.
    this.writable = true;
    let message: string | null = null;
    try {
      saveProgress(this.storage, this.progress);
    } catch (err) {
      const reason = err instanceof Error ? err.name : String(err);
      message = isQuota(err) ? fill(texts.storage_full, { reason }) : fill(ui.progress.write_failed, { reason });
    }
    this.render();
    await this.replaced();
    return message;
  }

  private wireSummary(root: HTMLElement): void {
    const q = <T extends HTMLElement>(sel: string) => root.querySelector<T>(sel);
    // Export, import and reset need this script, not the core: usable from now on.
    for (const el of root.querySelectorAll<HTMLElement>('[data-needs-core]')) el.dataset.needsCore = 'ready';
    q('[data-action="export"]')?.addEventListener('click', () => {
      const blob = new Blob([`${JSON.stringify(this.progress, null, 2)}\n`], { type: 'application/json' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'tally-progress.json';
      a.hidden = true;
      document.body.append(a);
      a.click();
      a.remove();
      // The browser reads the blob after this handler returns; free it a little later.
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
      this.status(ui.progress.exported, true);
    });
    const file = q<HTMLInputElement>('[data-action="import"]');
    file?.addEventListener('change', async () => {
      const f = file.files?.[0];
      file.value = '';
      if (!f) return;
      if (f.size > IMPORT_MAX_BYTES) {
        this.status(fill(texts.import_size, { file: f.name, max: IMPORT_MAX_BYTES / 1024 / 1024 }), false);
        return;
      }
      const r = parseImport(await f.text());
      if ('error' in r) {
        this.status(fill(ui.progress.import_failed, { file: f.name, reason: r.error }), false);
        return;
      }
      const problem = await this.replace(r.progress);
      this.status(problem ?? fill(ui.progress.imported, { file: f.name }), problem === null);
    });
    const confirm = q('[data-confirm]');
    const reset = q<HTMLButtonElement>('[data-action="reset"]');
    reset?.addEventListener('click', () => {
      if (confirm) confirm.hidden = false;
      q<HTMLButtonElement>('[data-action="reset-no"]')?.focus();
    });
    q('[data-action="reset-no"]')?.addEventListener('click', () => {
      if (confirm) confirm.hidden = true;
      reset?.focus();
    });
    q('[data-action="reset-yes"]')?.addEventListener('click', async () => {
      if (confirm) confirm.hidden = true;
      const problem = await this.replace(emptyProgress());
      this.status(problem ?? ui.progress.cleared, problem === null);
      reset?.focus();
    });
  }
}
