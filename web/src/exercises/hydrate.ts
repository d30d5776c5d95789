// Browser side of the exercises: take over the prerendered markup, check
// answers with the core, open hints and worked solutions, draw variants
// ("換一題", seed in the URL hash as #ex-2-5:seed=123), pose the question on
// the reader's imported models ("用我的模型出題", #ex-2-2:model=hf-x with the
// model's share token in #import:m=…) and keep progress.

import { fill as fillUi, ui } from '../i18n/ui';
import { EngineError, type Catalog, type Engine } from '../runtime/engine';
import type { HashStore } from '../runtime/hash-state';
import { esc } from '../runtime/html';
import { encodeShared, splitTokens } from '../import/codec';
import { importedModels } from '../import/models';
import { SHARE_PARAM, SHARE_SEGMENT } from '../import/restore';
import { fill as fillText, importText } from '../import/text';
import { answerText, checkAnswer, computeAll, fill, unresolved, type Results } from './compute';
import { exercises } from './data';
import { ANSWER_MAX, type PartProgress } from './progress';
import { pageStorage, progressText, ProgressStore } from './progress-store';
import { maxChars, texts } from './render';
import type { AnswerPart, Exercise, Part } from './schema';
import { drawGivens, freshSeed, parseSeed, sameGivens, withMine, type Givens, type Mine } from './variants';

const hashName = (id: string): string => `ex-${id}`;
const mineText = importText.exercise;
/** Attempts at drawing a variant the core accepts and that differs from the current one. */
const DRAW_TRIES = 24;

interface PartView {
  part: Part;
  el: HTMLElement;
  input: HTMLInputElement | HTMLTextAreaElement;
  feedback: HTMLElement;
  hints: HTMLOListElement;
  hintButton: HTMLButtonElement;
  solution: HTMLElement;
  /** The field's length against its limit. */
  count: HTMLElement;
  /** The stored state last put on the page (or saved from it): another tab's change differs from it. */
  applied: string;
}

/** A part's stored state as compared across tabs (its time left out). */
const signature = (p: PartProgress | undefined): string => (p ? JSON.stringify({ ...p, at: undefined }) : '');

function must<T extends Element>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`exercise markup: ${selector} missing`);
  return el;
}

class ExerciseView {
  private seed = 0;
  /** Givens replaced by imported models (given key → model id); empty: the book's models. */
  private mine: Mine = new Map();
  readonly id: string;
  private givens: Givens;
  private results: Results = new Map();
  private readonly parts: PartView[];
  private readonly notice: HTMLElement;
  private readonly mineSelects: HTMLSelectElement[];

  constructor(
    private readonly root: HTMLElement,
    private readonly ex: Exercise,
    private readonly engine: Engine,
    private readonly catalog: Catalog,
    private readonly store: HashStore,
    private readonly progress: ProgressStore,
  ) {
    this.id = ex.id;
    this.givens = drawGivens(ex, 0);
    this.notice = must(root, '[data-notice]');
    this.mineSelects = [...root.querySelectorAll<HTMLSelectElement>('select[data-mine]')];
    this.parts = ex.parts.map((part) => {
      const el = must<HTMLElement>(root, `[data-part="${part.id}"]`);
      return {
        part,
        el,
        input: must<HTMLInputElement | HTMLTextAreaElement>(el, '[data-input]'),
        feedback: must(el, '[data-feedback]'),
        hints: must<HTMLOListElement>(el, '[data-hints]'),
        hintButton: must<HTMLButtonElement>(el, '[data-action="hint"]'),
        solution: must(el, '[data-solution]'),
        count: must(el, '[data-count]'),
        applied: '',
      };
    });
  }

  async start(): Promise<void> {
    const params = this.store.read(hashName(this.ex.id));
    const raw = params.get('seed');
    let seed = 0;
    if (raw !== undefined) {
      const parsed = parseSeed(raw);
      if (parsed === null) this.say(fillUi(ui.exercise.bad_seed, { seed: raw }));
      else seed = parsed;
    }
    // Models from the URL's #import:m=… are restored before anyone asks the core.
    await importedModels.settled();
    await this.show(seed, false, this.mineFromParams(params));
    this.syncMineSelects();
    importedModels.onChange(() => {
      this.syncMineSelects();
      // A model removed (here or in another tab) while a question uses it: back to the book's model.
      const kept: Mine = new Map([...this.mine].filter(([, id]) => importedModels.get(id)));
      if (kept.size !== this.mine.size) void this.show(this.seed, true, kept);
    });
    this.wire();
    for (const el of this.root.querySelectorAll<HTMLElement>('[data-needs-core]')) el.dataset.needsCore = 'ready';
    this.root.dataset.ready = 'true';
    this.store.subscribe(hashName(this.ex.id), (next) => {
      void (async () => {
        // A pasted link may carry the model too (#import:m=…): its import starts in
        // the same hashchange, so wait one turn, then for the import.
        await null;
        await importedModels.settled();
        const nextSeed = parseSeed(next.get('seed') ?? '0');
        const nextMine = this.mineFromParams(next);
        if (nextSeed !== null && (nextSeed !== this.seed || !sameMine(nextMine, this.mine))) await this.show(nextSeed, false, nextMine);
      })();
    });
  }

  /** Imported models the URL names for this exercise's importable givens (unknown ones are reported). */
  private mineFromParams(params: Map<string, string>): Mine {
    const mine: Mine = new Map();
    for (const key of this.ex.given_order) {
      const id = params.get(key);
      if (id === undefined || !this.ex.givens[key]!.imported) continue;
      if (importedModels.get(id)) mine.set(key, id);
      else this.say(fillText(mineText.mine_missing, { id }));
    }
    return mine;
  }

  /** The selects list the imported models; the line about importing shows while there are none. */
  private syncMineSelects(): void {
    const models = importedModels.list();
    for (const select of this.mineSelects) {
      const keep = select.options[0]!;
      const options = models.map((m) => new Option(`${m.name}${importText.option_suffix}`, m.id));
      select.replaceChildren(keep, ...options);
      select.value = this.mine.get(select.dataset.mine ?? '') ?? '';
      select.closest<HTMLElement>('[data-mine-wrap]')!.hidden = models.length === 0;
    }
    const none = this.root.querySelector<HTMLElement>('[data-mine-none]');
    if (none) none.hidden = models.length > 0;
  }

  /** Progress key of the current question: "" for the book's models, else "model=hf-x". */
  private variant(): string {
    return [...this.mine].map(([k, id]) => `${k}=${id}`).join('&');
  }

  private say(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  /**
   * Compute a variant with the core and put it on the page. False if the
   * core refused its givens. `mine` keeps the current imported models unless given.
   */
  private async show(seed: number, fromUser: boolean, mine: Mine = this.mine): Promise<boolean> {
    const givens = withMine(drawGivens(this.ex, seed), mine, (id) => `${importedModels.get(id)?.name ?? id}${importText.option_suffix}`);
    let results: Results;
    try {
      results = await computeAll(this.engine, this.ex, givens);
      // An imported model may lack a line item the question asks about (a MoE has no dense FFN row).
      const missing = mine.size ? unresolved(this.ex, results) : [];
      if (missing.length) throw new EngineError('model', fillText(mineText.mine_unresolved, { paths: missing.join(ui.page.list_separator) }));
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      if (mine.size) {
        const names = [...mine.values()].map((id) => importedModels.get(id)?.name ?? id).join(ui.exercise.name_separator);
        this.say(fillText(mineText.mine_refused, { name: names, message: err.message }));
        if (fromUser) return false;
        return this.show(seed, false, new Map());
      }
      if (fromUser) return false;
      this.say(fillUi(ui.exercise.not_computable, { reason: err.message }));
      return seed === 0 ? false : this.show(0, false, new Map());
    }
    this.seed = seed;
    this.mine = mine;
    this.givens = givens;
    this.results = results;
    this.root.dataset.seed = String(seed);
    this.root.dataset.mine = this.variant();
    for (const [key, value] of texts(this.ex, givens, this.catalog, results)) {
      for (const el of this.root.querySelectorAll<HTMLElement>(`[data-text="${CSS.escape(key)}"]`)) {
        if (el.textContent !== value) el.textContent = value;
      }
    }
    must<HTMLButtonElement>(this.root, '[data-action="book"]').hidden = seed === 0 && mine.size === 0;
    const names = [...mine.values()].map((id) => importedModels.get(id)?.name ?? id).join(ui.exercise.name_separator);
    must(this.root, '[data-variant]').textContent = [
      mine.size ? fillText(mineText.mine_variant, { name: names }) : '',
      seed === 0 ? '' : fillUi(ui.exercise.variant_line, { seed }),
    ]
      .filter(Boolean)
      .join(ui.widgets.clause_separator);
    for (const select of this.mineSelects) select.value = mine.get(select.dataset.mine ?? '') ?? '';
    if (fromUser) await this.writeUrl();
    await this.restore();
    return true;
  }

  /**
   * The URL poses the same question in a fresh browser: the seed, the
   * imported model of each given, and each such model's share token in the
   * page's #import segment (tokens already there are kept).
   */
  private async writeUrl(): Promise<void> {
    const params = new Map<string, string>();
    for (const [key, id] of this.mine) params.set(key, id);
    if (this.seed !== 0) params.set('seed', String(this.seed));
    this.store.write(hashName(this.ex.id), params);
    if (this.mine.size === 0) return;
    const tokens = splitTokens(this.store.read(SHARE_SEGMENT).get(SHARE_PARAM) ?? '');
    for (const id of this.mine.values()) {
      const m = importedModels.get(id);
      if (!m) continue;
      const token = await encodeShared(m.sharedText);
      if (!tokens.includes(token)) tokens.push(token);
    }
    this.store.write(SHARE_SEGMENT, new Map([[SHARE_PARAM, tokens.join(',')]]));
  }

  /** The stored progress of a part of the question on the page (its seed and models). */
  private saved(v: PartView): PartProgress | undefined {
    return this.progress.part(this.ex.id, v.part.id, this.seed, this.variant());
  }

  /** Put the saved progress of the current question back on the page (or clear it). */
  async restore(): Promise<void> {
    for (const v of this.parts) await this.restorePart(v);
  }

  /**
   * Another tab saved: show its changes to this question. A part the reader
   * is typing in here (focused, text not yet saved) is left alone.
   */
  async refresh(): Promise<void> {
    if (this.root.dataset.ready !== 'true') return; // start() restores what is stored by then
    for (const v of this.parts) {
      const saved = this.saved(v);
      if (signature(saved) === v.applied) continue;
      const typing = document.activeElement === v.input && v.input.value !== ((JSON.parse(v.applied || '{}') as Partial<PartProgress>).answer ?? '');
      if (typing) continue;
      await this.restorePart(v);
    }
  }

  private async restorePart(v: PartView): Promise<void> {
    const mine = this.saved(v);
    v.applied = signature(mine);
    v.input.value = mine?.answer ?? '';
    this.updateCount(v);
    this.setFeedback(v, '', null);
    v.hints.replaceChildren();
    this.updateHintButton(v);
    v.solution.hidden = true;
    v.solution.replaceChildren();
    if (!mine) return;
    for (let i = 0; i < mine.hints; i++) this.addHint(v);
    if (v.part.kind === 'answer' && mine.attempted && mine.answer !== '') await this.check(v, false);
    if (mine.revealed) this.reveal(v);
  }

  /** Save a change to a part of the current question; a storage problem is shown on the exercise. */
  private record(v: PartView, change: Partial<PartProgress>): void {
    const problem = this.progress.update(this.ex.id, v.part.id, this.seed, change, this.variant());
    v.applied = signature(this.saved(v));
    if (problem) this.say(problem);
  }

  /** The field's text when it fits what storage keeps; else null, and the reader is told. */
  private storable(v: PartView): string | null {
    const text = v.input.value;
    if (text.length <= ANSWER_MAX) return text;
    this.setFeedback(v, fillText(progressText.open_too_long, { max: ANSWER_MAX, count: text.length }), 'wrong');
    return null;
  }

  /** "1234／2000 字": always under an open part, from 80 % of the limit under an answer field. */
  private updateCount(v: PartView): void {
    const max = maxChars(v.part);
    const count = v.input.value.length;
    v.count.textContent = fillText(progressText.open_count, { count, max });
    v.count.hidden = v.part.kind === 'answer' && count < max * 0.8;
    if (count > max) v.count.dataset.over = 'true';
    else delete v.count.dataset.over;
  }

  private setFeedback(v: PartView, text: string, verdict: 'correct' | 'wrong' | null, mistake: string | null = null): void {
    v.feedback.textContent = text;
    if (verdict) v.feedback.dataset.verdict = verdict;
    else delete v.feedback.dataset.verdict;
    if (mistake) v.feedback.dataset.mistake = mistake;
    else delete v.feedback.dataset.mistake;
    if (verdict === 'wrong') v.input.setAttribute('aria-invalid', 'true');
    else v.input.removeAttribute('aria-invalid');
  }

  private async check(v: PartView, save: boolean): Promise<void> {
    const part = v.part as AnswerPart;
    const answer = v.input.value;
    const verdict = await checkAnswer(this.engine, part, this.results, answer);
    this.setFeedback(v, verdict.message, verdict.correct ? 'correct' : 'wrong', verdict.mistake);
    // The core refuses an answer over its limit with its own message; such a text is not kept.
    if (save && answer.length <= ANSWER_MAX) this.record(v, { answer, correct: verdict.correct, attempted: true });
  }

  private addHint(v: PartView): void {
    const n = v.hints.children.length;
    if (n >= v.part.hints.length) return;
    const li = document.createElement('li');
    li.textContent = fill(v.part.hints[n]!, this.ex, this.givens, this.catalog, this.results);
    v.hints.append(li);
    this.updateHintButton(v);
  }

  private updateHintButton(v: PartView): void {
    const shown = v.hints.children.length;
    const total = v.part.hints.length;
    v.hintButton.textContent =
      shown === 0 ? fillUi(ui.exercise.hint_count, { total }) : shown < total ? fillUi(ui.exercise.hint_next, { shown, total }) : ui.exercise.hint_all;
    v.hintButton.disabled = shown >= total;
  }

  /** Worked solution (answer parts) or model answer (open parts), filled with the current results. */
  private reveal(v: PartView): void {
    const part = v.part;
    const paragraphs = part.kind === 'answer' ? part.solution : part.model_answer;
    const heading = part.kind === 'answer' ? ui.exercise.solution_heading : ui.exercise.model_answer_heading;
    let html = `<p class="exercise-solution-title"><strong>${esc(heading)}</strong></p>`;
    html += paragraphs.map((p) => `<p>${esc(fill(p, this.ex, this.givens, this.catalog, this.results))}</p>`).join('');
    if (part.kind === 'answer')
      html += `<p class="exercise-answer" data-answer>${esc(fillUi(ui.exercise.answer_line, { answer: answerText(part, this.results) }))}</p>`;
    v.solution.innerHTML = html;
    v.solution.hidden = false;
  }

  private wire(): void {
    for (const v of this.parts) {
      must<HTMLFormElement>(v.el, '[data-form]').addEventListener('submit', (e) => {
        e.preventDefault();
        if (v.part.kind === 'answer') {
          void this.check(v, true);
          return;
        }
        const answer = this.storable(v);
        if (answer === null) return;
        this.reveal(v);
        this.setFeedback(v, ui.exercise.model_answer_shown, null);
        this.record(v, { answer, attempted: true, revealed: true });
      });
      v.input.addEventListener('input', () => this.updateCount(v));
      v.hintButton.addEventListener('click', () => {
        this.addHint(v);
        const answer = this.storable(v);
        this.record(v, answer === null ? { hints: v.hints.children.length } : { answer, hints: v.hints.children.length });
      });
      v.el.querySelector('[data-action="solution"]')?.addEventListener('click', () => {
        this.reveal(v);
        const answer = this.storable(v);
        this.record(v, answer === null ? { revealed: true } : { answer, revealed: true });
      });
    }
    must(this.root, '[data-action="variant"]').addEventListener('click', () => void this.drawVariant());
    must(this.root, '[data-action="book"]').addEventListener('click', () => void this.show(0, true, new Map()));
    for (const select of this.mineSelects) {
      select.addEventListener('change', () => {
        const key = select.dataset.mine ?? '';
        const mine = new Map(this.mine);
        if (select.value === '') mine.delete(key);
        else mine.set(key, select.value);
        this.say('');
        void this.show(this.seed, true, mine).then((ok) => {
          if (!ok) select.value = this.mine.get(key) ?? '';
        });
      });
    }
  }

  private async drawVariant(): Promise<void> {
    this.say('');
    for (let i = 0; i < DRAW_TRIES; i++) {
      const seed = freshSeed();
      if (
        sameGivens(
          withMine(drawGivens(this.ex, seed), this.mine, (id) => id),
          this.givens,
        )
      )
        continue;
      if (await this.show(seed, true)) return;
    }
    this.say(ui.exercise.no_draw);
  }
}

function sameMine(a: Mine, b: Mine): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
}

/** Hydrate every exercise and the progress block on the page. */
export async function hydrateExercises(enginePromise: Promise<Engine>, store: HashStore): Promise<void> {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-exercise]')];
  const summary = document.querySelector<HTMLElement>('[data-exercise-progress]');
  if (roots.length === 0 && !summary) return;
  const { storage, notice, persistent } = pageStorage();
  const progress = new ProgressStore(storage, summary, notice, persistent);
  const engine = await enginePromise;
  const catalog = await engine('catalog');
  const views: ExerciseView[] = [];
  for (const root of roots) {
    const ex = exercises[root.dataset.exercise ?? ''];
    if (!ex) throw new Error(`unknown exercise "${root.dataset.exercise}"`);
    views.push(new ExerciseView(root, ex, engine, catalog, store, progress));
  }
  progress.setPageExercises(views.map((v) => v.id));
  // Without a summary on this page, a set-aside notice goes to the first exercise.
  progress.showNotice(roots[0]?.querySelector<HTMLElement>('[data-notice]') ?? null);
  progress.onReplaced(() => Promise.all(views.map((v) => v.restore())).then(() => undefined));
  // Another tab answered: show it here without a reload.
  progress.onChange(() => Promise.all(views.map((v) => v.refresh())).then(() => undefined));
  await Promise.all(views.map((v) => v.start()));
}
