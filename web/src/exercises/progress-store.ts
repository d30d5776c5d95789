// Progress in the page: one store shared by every exercise on it, the
// chapter summary (answered / correct per exercise), export, import and a
// reset that asks first. The schema and its checks are in progress.ts.

import { exercises } from './data';
import { counts, emptyProgress, loadProgress, parseImport, saveProgress, type PartProgress, type Progress } from './progress';

/**
 * The page's localStorage, or an in-memory stand-in when the browser refuses
 * storage (disabled cookies, some private modes): exercises still work, and
 * the reader is told that progress will not outlive the page.
 */
export function pageStorage(): { storage: Storage; notice: string | null; persistent: boolean } {
  try {
    const s = window.localStorage;
    s.setItem('tally.storage-check', '1');
    s.removeItem('tally.storage-check');
    return { storage: s, notice: null, persistent: true };
  } catch {
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
      notice: '這個瀏覽器不允許本頁使用 localStorage：練習進度只保留到關閉頁面為止，可先用「匯出進度」存檔。',
      persistent: false,
    };
  }
}

/** Said under the summary when it can only see this page's answers. */
const UNSEEN_NOTE = '其他頁面的作答在這裡看不到，表中以「—」標示，不代表尚未作答。';

export class ProgressStore {
  private progress: Progress;
  private readonly notice: string | null;
  private replaced: () => Promise<void> = async () => {};
  /** Exercises on this page: without localStorage, the only ones the summary can count. */
  private here = new Set<string>();

  /** `persistent` false: storage is this page's memory, so other pages' answers are unknown here. */
  constructor(
    private readonly storage: Storage,
    private readonly summary: HTMLElement | null,
    storageNotice: string | null = null,
    private readonly persistent = true,
  ) {
    const loaded = loadProgress(storage);
    this.progress = loaded.progress;
    const unseen = summary && !persistent ? UNSEEN_NOTE : null;
    this.notice = [storageNotice, unseen, loaded.notice].filter(Boolean).join(' ') || null;
    if (summary) this.wireSummary(summary);
    this.render();
  }

  /** The exercises hydrated on this page (their rows count even without localStorage). */
  setPageExercises(ids: string[]): void {
    this.here = new Set(ids);
    this.render();
  }

  /**
   * `variant` "" is the book's question and its seeded draws; otherwise the
   * imported models the question was posed on ("model=hf-x"), kept apart.
   */
  part(id: string, part: string, variant = ''): PartProgress | undefined {
    const ex = this.progress.exercises[id];
    return (variant === '' ? ex : ex?.mine?.[variant])?.parts[part];
  }

  /** Record what the reader did on a part (a new variant starts the part afresh). */
  update(id: string, part: string, seed: number, change: Partial<PartProgress>, variant = ''): void {
    const ex = (this.progress.exercises[id] ??= { parts: {} });
    const holder = variant === '' ? ex : ((ex.mine ??= {})[variant] ??= { parts: {} });
    const old = holder.parts[part];
    const base: PartProgress =
      old && old.seed === seed ? old : { seed, answer: '', correct: false, attempted: false, hints: 0, revealed: false };
    holder.parts[part] = { ...base, ...change, seed };
    this.save();
  }

  /** Called after an import or a reset, so every exercise shows the new progress. */
  onReplaced(fn: () => Promise<void>): void {
    this.replaced = fn;
  }

  /** Show the load notice (set-aside or migrated entry) in the summary, else in `fallback`. */
  showNotice(fallback: HTMLElement | null): void {
    if (!this.notice) return;
    const target = this.summary?.querySelector<HTMLElement>('[data-notice]') ?? fallback;
    if (!target) return;
    target.textContent = this.notice;
    target.hidden = false;
  }

  private save(): void {
    try {
      saveProgress(this.storage, this.progress);
    } catch (err) {
      // e.g. QuotaExceededError: keep working in memory and say so.
      this.status(`進度無法寫入 localStorage（${(err as Error).name}）；請用「匯出進度」另存。`, false);
    }
    this.render();
  }

  private render(): void {
    if (!this.summary) return;
    for (const row of this.summary.querySelectorAll<HTMLElement>('[data-summary]')) {
      const id = row.dataset.summary ?? '';
      const known = this.persistent || this.here.has(id);
      // Parts the content no longer has (renamed in an update) are kept in storage but not counted.
      const c = counts(this.progress, id, exercises[id]?.parts.map((p) => p.id));
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

  private async replace(next: Progress): Promise<void> {
    this.progress = next;
    this.save();
    await this.replaced();
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
      this.status('已匯出 tally-progress.json。', true);
    });
    const file = q<HTMLInputElement>('[data-action="import"]');
    file?.addEventListener('change', async () => {
      const f = file.files?.[0];
      file.value = '';
      if (!f) return;
      if (f.size > 1_000_000) {
        this.status(`無法匯入「${f.name}」：檔案超過 1 MB，不是本頁匯出的進度檔。`, false);
        return;
      }
      const r = parseImport(await f.text());
      if ('error' in r) {
        this.status(`無法匯入「${f.name}」：${r.error}。目前的進度沒有改動。`, false);
        return;
      }
      await this.replace(r.progress);
      this.status(`已從「${f.name}」匯入練習進度。`, true);
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
      await this.replace(emptyProgress());
      this.status('已清除所有練習進度。', true);
      reset?.focus();
    });
  }
}
