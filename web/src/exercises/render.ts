// Exercise markup, shared by the build-time prerender and the browser (a new
// variant re-renders the texts with the same functions). The question, its
// givens and the answer fields are plain HTML, readable without JavaScript;
// buttons that need the core (or, for the progress block, this script) carry
// data-needs-core and stay invisible (keeping their space) until the page
// has hydrated.

import type { Catalog } from '../runtime/engine';
import { exerciseAnchor, exerciseLabel } from '../runtime/book';
import { attrs, esc } from '../runtime/html';
import { answerText, fill, type Results } from './compute';
import { fill as fillText, importText } from '../import/text';
import { ANSWER_MAX } from './progress';
import progressText from '../../../content/site/progress.json';
import type { Exercise, Part } from './schema';
import type { Givens } from './variants';
import { ui } from '../i18n/ui';

/** The element id of an exercise, a lab or a 思考 box (exercise-2-5, lab-4-1, think-4-2: content/book.json's kinds). */
export const exerciseId = (id: string): string => exerciseAnchor(id);
export const partId = (id: string, part: string): string => `${exerciseAnchor(id)}-${part}`;

/** The texts that change with the givens: [data-text] key → text. */
export function texts(ex: Exercise, givens: Givens, catalog: Catalog, results?: Results): Map<string, string> {
  const out = new Map<string, string>();
  out.set('intro', fill(ex.intro, ex, givens, catalog, results));
  for (const key of ex.given_order) out.set(`given.${key}`, fill(`{${key}}`, ex, givens, catalog));
  for (const p of ex.parts) out.set(`${p.id}.prompt`, fill(p.prompt, ex, givens, catalog, results));
  return out;
}

function text(tag: string, key: string, values: Map<string, string>, extra: Record<string, string> = {}): string {
  return `<${tag}${attrs(extra)} data-text="${esc(key)}">${esc(values.get(key) ?? '')}</${tag}>`;
}

/**
 * Longest text a part's field takes: the core reads at most 200 characters
 * of an answer (kMaxAnswerChars in src/core/answer.hpp, its message says so
 * when a longer one reaches it); an open part keeps up to ANSWER_MAX, the
 * longest answer the progress loader accepts.
 */
export const ANSWER_CHARS_MAX = 200;
export const maxChars = (part: Part): number => (part.kind === 'answer' ? ANSWER_CHARS_MAX : ANSWER_MAX);

/**
 * The book question's answer and worked solution, computed by the core at
 * build time, in a disclosure that opens without JavaScript. With scripting
 * on it is never shown (styles/no-script.css): the reader checks first and
 * opens the solution through the core, for the variant on screen.
 */
function staticAnswer(ex: Exercise, part: Part, givens: Givens, catalog: Catalog, results: Results): string {
  const paragraphs = part.kind === 'answer' ? part.solution : part.model_answer;
  const summary = part.kind === 'answer' ? ui.exercise.static_answer : ui.exercise.static_model_answer;
  const body = paragraphs.map((p) => `<p>${esc(fill(p, ex, givens, catalog, results))}</p>`).join('');
  const answer =
    part.kind === 'answer' ? `<p class="exercise-answer">${esc(fillText(ui.exercise.answer_line, { answer: answerText(part, results) }))}</p>` : '';
  return `<details class="exercise-static-answer" data-static-answer><summary>${esc(summary)}</summary>${body}${answer}</details>`;
}

function renderPart(ex: Exercise, part: Part, values: Map<string, string>, answer = ''): string {
  const id = partId(ex.id, part.id);
  const input = `${id}-input`;
  const feedback = `${id}-feedback`;
  const count = `${id}-count`;
  const max = maxChars(part);
  const describedBy = `${feedback} ${count}`;
  const field =
    part.kind === 'answer'
      ? `<input${attrs({ id: input, name: part.id, type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: String(max), 'aria-describedby': describedBy, 'data-input': '' })}>`
      : `<textarea${attrs({ id: input, name: part.id, rows: '3', maxlength: String(max), 'aria-describedby': describedBy, 'data-input': '' })}></textarea>`;
  // The limit is in sight: always under an open part, near the limit under an answer field.
  const counter = `<span class="exercise-count"${attrs({ id: count, 'data-count': '', hidden: part.kind === 'answer' ? '' : undefined })}>${esc(
    fillText(progressText.open_count, { count: 0, max }),
  )}</span>`;
  const submit = part.kind === 'answer' ? ui.exercise.check : ui.exercise.open_submit;
  const reveal = part.kind === 'answer' ? ui.exercise.reveal : null;
  return (
    `<li class="exercise-part"${attrs({ id, 'data-part': part.id, 'data-kind': part.kind })}>` +
    text('p', `${part.id}.prompt`, values, { class: 'exercise-prompt' }) +
    `<form class="exercise-form" data-form novalidate>` +
    `<label for="${esc(input)}">${esc(part.label)}</label>${field}${counter}` +
    `<button type="submit" data-needs-core>${esc(submit)}</button></form>` +
    // Feedback is announced politely: the core's verdict, a refusal, a revealed answer.
    `<p class="exercise-feedback" id="${esc(feedback)}" data-feedback aria-live="polite"></p>` +
    `<div class="exercise-help" data-needs-core>` +
    `<button type="button" data-action="hint"${attrs({ 'aria-controls': `${id}-hints` })}>${esc(ui.exercise.hint)}</button>` +
    (reveal ? `<button type="button" data-action="solution"${attrs({ 'aria-controls': `${id}-solution` })}>${esc(reveal)}</button>` : '') +
    `</div>` +
    `<ol class="exercise-hints" id="${esc(id)}-hints" data-hints aria-live="polite"></ol>` +
    `<div class="exercise-solution" id="${esc(id)}-solution" data-solution hidden></div>` +
    answer +
    `</li>`
  );
}

/**
 * "用我的模型出題": a select per given that takes imported models. Its options
 * are the reader's imported models (hydrate.ts fills them); without any, a
 * line says how to get one.
 */
function renderMine(ex: Exercise): string {
  const t = importText.exercise;
  const keys = ex.given_order.filter((k) => ex.givens[k]!.imported);
  if (keys.length === 0) return '';
  const selects = keys
    .map((key) => {
      const id = `${exerciseId(ex.id)}-mine-${key}`;
      return (
        `<span class="exercise-mine" data-mine-wrap hidden><label for="${esc(id)}">${esc(fillText(t.mine_label, { given: ex.givens[key]!.label }))}</label>` +
        `<select${attrs({ id, 'data-mine': key })}><option value="">${esc(t.mine_book)}</option></select></span>`
      );
    })
    .join('');
  return `<div class="exercise-tools" data-needs-core>${selects}<span class="tally-hint" data-mine-none>${esc(t.mine_none)}</span></div>`;
}

/** The whole exercise for a variant (prerendered with seed 0, the book's question). */
export function renderExercise(ex: Exercise, givens: Givens, catalog: Catalog, results?: Results): string {
  const values = texts(ex, givens, catalog, results);
  const id = exerciseId(ex.id);
  const givenList = ex.given_order.map((key) => `<div><dt>${esc(ex.givens[key]!.label)}</dt>${text('dd', `given.${key}`, values)}</div>`).join('');
  return (
    `<section class="exercise"${attrs({ id, 'data-exercise': ex.id, 'data-seed': '0', 'aria-labelledby': `${id}-title` })}>` +
    `<h3 class="exercise-title" id="${esc(id)}-title">${esc(ex.title)}</h3>` +
    `<p class="exercise-notice" data-notice role="status" hidden></p>` +
    text('p', 'intro', values, { class: 'exercise-intro' }) +
    `<dl class="exercise-givens"${attrs({ 'aria-label': ui.exercise.givens_label })}>${givenList}</dl>` +
    `<div class="exercise-tools" data-needs-core>` +
    // An exercise without givens has no other variant: no button that could only say so.
    `<button type="button" data-action="variant"${ex.given_order.length ? '' : ' hidden'}>${esc(ui.exercise.variant)}</button>` +
    `<button type="button" data-action="book" hidden>${esc(ui.exercise.book)}</button>` +
    `<span class="exercise-variant" data-variant aria-live="polite"></span></div>` +
    renderMine(ex) +
    `<ol class="exercise-parts">${ex.parts.map((p) => renderPart(ex, p, values, results ? staticAnswer(ex, p, givens, catalog, results) : '')).join('')}</ol>` +
    `</section>`
  );
}

/** The chapter progress block: summary table, export, import, reset. */
/** `pages` maps an exercise to the page that holds it ("2-3.html"); links stay on this page otherwise. */
export function renderProgress(ids: string[], titles: Map<string, string>, pages = new Map<string, string>()): string {
  // Rows name the exercise by number; the full title is the link's tooltip.
  const rows = ids
    .map(
      (id) =>
        `<tr data-summary="${esc(id)}"><th scope="row"><a href="${esc(pages.get(id) ?? '')}#${esc(exerciseId(id))}"${attrs({ title: titles.get(id) })}>${esc(fillText(ui.progress.row, exerciseLabel(id)))}</a></th>` +
        `<td data-count="attempted">—</td><td data-count="correct">—</td></tr>`,
    )
    .join('');
  return (
    `<section class="exercise-progress" id="exercise-progress" data-exercise-progress aria-labelledby="exercise-progress-title">` +
    `<h3 id="exercise-progress-title">${esc(ui.progress.title)}</h3>` +
    `<p class="exercise-notice" data-notice role="alert" hidden></p>` +
    `<div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">${esc(ui.progress.col_exercise)}</th><th scope="col">${esc(ui.progress.col_attempted)}</th><th scope="col">${esc(ui.progress.col_correct)}</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></div>` +
    `<p class="exercise-progress-note">${esc(ui.progress.note)}</p>` +
    `<div class="exercise-tools" data-needs-core>` +
    `<button type="button" data-action="export">${esc(ui.progress.export)}</button>` +
    `<label class="exercise-import">${esc(ui.progress.import)}<input type="file" accept="application/json,.json" data-action="import"></label>` +
    `<button type="button" data-action="reset">${esc(ui.progress.reset)}</button>` +
    `<span class="exercise-confirm" data-confirm hidden>${esc(ui.progress.confirm)}` +
    `<button type="button" data-action="reset-yes">${esc(ui.progress.reset_yes)}</button><button type="button" data-action="reset-no">${esc(ui.progress.reset_no)}</button></span>` +
    `</div>` +
    `<p class="exercise-feedback" data-progress-status aria-live="polite"></p>` +
    `</section>`
  );
}
