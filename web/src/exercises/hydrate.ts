// Browser side of the exercises: take over the prerendered markup, check
// answers with the core, open hints and worked solutions, draw variants
// ("換一題", seed in the URL hash as #ex-2-5:seed=123) and keep progress.


import { EngineError, type Catalog, type Engine } from '../runtime/engine';
import type { HashStore } from '../runtime/hash-state';
import { esc } from '../runtime/html';
import { answerText, checkAnswer, computeAll, fill, type Results } from './compute';
import { exercises } from './data';
import { pageStorage, ProgressStore } from './progress-store';
import { texts } from './render';
import type { AnswerPart, Exercise, Part } from './schema';
import { drawGivens, freshSeed, parseSeed, sameGivens, type Givens } from './variants';

const hashName = (id: string): string => `ex-${id}`;
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
}

function must<T extends Element>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`exercise markup: ${selector} missing`);
  return el;
}

class ExerciseView {
  private seed = 0;
  readonly id: string;
  private givens: Givens;
  private results: Results = new Map();
  private readonly parts: PartView[];
  private readonly notice: HTMLElement;

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
      };
    });
  }

  async start(): Promise<void> {
    const raw = this.store.read(hashName(this.ex.id)).get('seed');
    let seed = 0;
    if (raw !== undefined) {
      const parsed = parseSeed(raw);
      if (parsed === null) this.say(`網址中的 seed「${raw}」無效：應為 0 到 4294967295 的整數。已顯示書中的題目。`);
      else seed = parsed;
    }
    await this.show(seed, false);
    this.wire();
    for (const el of this.root.querySelectorAll<HTMLElement>('[data-needs-core]')) el.dataset.needsCore = 'ready';
    this.root.dataset.ready = 'true';
    this.store.subscribe(hashName(this.ex.id), (params) => {
      const next = parseSeed(params.get('seed') ?? '0');
      if (next !== null && next !== this.seed) void this.show(next, false);
    });
  }

  private say(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  /** Compute a variant with the core and put it on the page. False if the core refused its givens. */
  private async show(seed: number, fromUser: boolean): Promise<boolean> {
    const givens = drawGivens(this.ex, seed);
    let results: Results;
    try {
      results = await computeAll(this.engine, this.ex, givens);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      if (fromUser) return false;
      this.say(`這組題設無法計算（${err.message}）。已顯示書中的題目。`);
      return seed === 0 ? false : this.show(0, false);
    }
    this.seed = seed;
    this.givens = givens;
    this.results = results;
    this.root.dataset.seed = String(seed);
    for (const [key, value] of texts(this.ex, givens, this.catalog, results)) {
      for (const el of this.root.querySelectorAll<HTMLElement>(`[data-text="${CSS.escape(key)}"]`)) {
        if (el.textContent !== value) el.textContent = value;
      }
    }
    must<HTMLButtonElement>(this.root, '[data-action="book"]').hidden = seed === 0;
    must(this.root, '[data-variant]').textContent = seed === 0 ? '' : `變體 #${seed}：答案已按新題設由核心重新計算`;
    if (fromUser) this.store.write(hashName(this.ex.id), seed === 0 ? new Map() : new Map([['seed', String(seed)]]));
    await this.restore();
    return true;
  }

  /** Put the saved progress of the current variant back on the page (or clear it). */
  async restore(): Promise<void> {
    for (const v of this.parts) {
      const saved = this.progress.part(this.ex.id, v.part.id);
      const mine = saved && saved.seed === this.seed ? saved : undefined;
      v.input.value = mine?.answer ?? '';
      this.setFeedback(v, '', null);
      v.hints.replaceChildren();
      this.updateHintButton(v);
      v.solution.hidden = true;
      v.solution.replaceChildren();
      if (!mine) continue;
      for (let i = 0; i < mine.hints; i++) this.addHint(v);
      if (v.part.kind === 'answer' && mine.attempted && mine.answer !== '') await this.check(v, false);
      if (mine.revealed) this.reveal(v);
    }
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
    if (save) this.progress.update(this.ex.id, part.id, this.seed, { answer, correct: verdict.correct, attempted: true });
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
    v.hintButton.textContent = shown === 0 ? `提示（共 ${total} 則）` : shown < total ? `下一則提示（${shown}/${total}）` : `提示已全部顯示`;
    v.hintButton.disabled = shown >= total;
  }

  /** Worked solution (answer parts) or model answer (open parts), filled with the current results. */
  private reveal(v: PartView): void {
    const part = v.part;
    const paragraphs = part.kind === 'answer' ? part.solution : part.model_answer;
    const heading = part.kind === 'answer' ? '解答' : '參考答案';
    let html = `<p class="exercise-solution-title"><strong>${heading}</strong></p>`;
    html += paragraphs.map((p) => `<p>${esc(fill(p, this.ex, this.givens, this.catalog, this.results))}</p>`).join('');
    if (part.kind === 'answer') html += `<p class="exercise-answer" data-answer>答案：${esc(answerText(part, this.results))}</p>`;
    v.solution.innerHTML = html;
    v.solution.hidden = false;
  }

  private wire(): void {
    for (const v of this.parts) {
      must<HTMLFormElement>(v.el, '[data-form]').addEventListener('submit', (e) => {
        e.preventDefault();
        if (v.part.kind === 'answer') {
          void this.check(v, true);
        } else {
          this.reveal(v);
          this.setFeedback(v, '參考答案已顯示在下方，請與你的想法對照。', null);
          this.progress.update(this.ex.id, v.part.id, this.seed, { answer: v.input.value, attempted: true, revealed: true });
        }
      });
      v.hintButton.addEventListener('click', () => {
        this.addHint(v);
        this.progress.update(this.ex.id, v.part.id, this.seed, { answer: v.input.value, hints: v.hints.children.length });
      });
      v.el.querySelector('[data-action="solution"]')?.addEventListener('click', () => {
        this.reveal(v);
        this.progress.update(this.ex.id, v.part.id, this.seed, { answer: v.input.value, revealed: true });
      });
    }
    must(this.root, '[data-action="variant"]').addEventListener('click', () => void this.drawVariant());
    must(this.root, '[data-action="book"]').addEventListener('click', () => void this.show(0, true));
  }

  private async drawVariant(): Promise<void> {
    this.say('');
    for (let i = 0; i < DRAW_TRIES; i++) {
      const seed = freshSeed();
      if (sameGivens(drawGivens(this.ex, seed), this.givens)) continue;
      if (await this.show(seed, true)) return;
    }
    this.say('暫時抽不到另一組可計算的題設，請再按一次。');
  }
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
  await Promise.all(views.map((v) => v.start()));
}
