// A worked example (or a pitfall check) as numbered steps. Each step is a
// sentence from the content plus one value the core computes for the
// reader's givens (a cell, see runtime/cells.ts), with a "how was this
// computed?" popover when the core explains it (runtime/how.ts).
//
// Config (content/ch02/widgets/examples.json):
//   "fields": shared request fields; "steps": [{ "text", "op", "fields", "path" }]
//   optional "check": { "claim", "answer": "true"|"false", "right", "wrong" } turns
//   the widget into a quick true/false check whose evidence is the steps.
//   optional "statement": the example's givens in a sentence, as numbers the
//   reader can scrub (runtime/scrub-template.ts); the steps follow.

import { notationHtml } from '../../figures/notation';
import { boundText, notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow, type CellSpec, type CellValue } from '../../runtime/cells';
import { text, type WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { esc } from '../../runtime/html';
import { howButton, howMask, howText, howView } from '../../runtime/how';
import { wireScrubs } from '../../runtime/scrub';
import { checkStatement, givensView, readGivens, templateMarkup, type GivenValue, type Statement } from '../../runtime/scrub-template';
import type { WidgetDef } from '../../runtime/widget';

interface Step extends CellSpec {
  text: string;
}
interface Check {
  claim: string;
  answer: 'true' | 'false';
  right: string;
  wrong: string;
}
interface StepsConfig extends WidgetConfig {
  fields?: Fields;
  steps: Step[];
  check?: Check;
  statement?: Statement;
}

function stepsOf(cfg: WidgetConfig): StepsConfig {
  const c = cfg as StepsConfig;
  if (!Array.isArray(c.steps) || c.steps.some((s) => !s.op || typeof s.text !== 'string')) {
    throw new Error(`content/ch02/widgets*.json: ${cfg.title}: every step needs "text" and "op"`);
  }
  checkStatement(c.statement, cfg);
  return c;
}

interface StepsData {
  values: CellValue[];
  notes: string[];
  givens: Record<string, GivenValue>;
}

export const steps: WidgetDef<StepsData> = {
  async compute(engine, vars, { cfg }) {
    const c = stepsOf(cfg);
    const cells = new CellResolver(engine, vars);
    const [results, givens] = await Promise.all([
      Promise.all(c.steps.map((s) => cells.result(s.op!, c.fields, s.fields))),
      readGivens(engine, cfg, vars, c.statement),
    ]);
    const notes = new Set<string>();
    for (const r of results) {
      const n = follow(r as Json, 'notes');
      if (Array.isArray(n)) for (const x of n) if (typeof x === 'string') notes.add(x);
    }
    return { values: results.map((r, i) => CellResolver.read(r, c.steps[i]!)), notes: [...notes], givens };
  },

  view(data, { cfg }) {
    const view: View = { [SHAPE]: `steps${data.values.length}:${howMask(data.values.map((v) => v.how))}`, ...notesView(data.notes) };
    data.values.forEach((v, i) => {
      view[`s${i}`] = v.text;
      howView(view, `s${i}`, v.how);
    });
    givensView(view, data.givens, stepsOf(cfg).statement);
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    const c = stepsOf(cfg);
    const t = howText(cfg);
    const items = c.steps
      .map((s, i) => {
        const how = howButton(view, instance, `s${i}`, `${i + 1}. ${s.text}`, t);
        return (
          `<li class="tally-step"><span class="step-text">${notationHtml(s.text)}</span> ` +
          `${boundText('strong', `s${i}`, view, { class: 'num step-value', 'data-testid': `${instance}-s${i}` })}${how}</li>`
        );
      })
      .join('');
    const statement = c.statement ? `<p class="tally-statement">${templateMarkup(c.statement, view, cfg, instance)}</p>` : '';
    const list = statement + `<ol class="tally-steps">${items}</ol>`;
    if (!c.check) return list + notesMarkup(view);
    const ch = c.check;
    // The reader commits to an answer first; the evidence is open either way
    // (a <details> works without JavaScript). runtime/checks.ts grades the pick.
    return (
      `<div class="tally-check" data-check data-answer="${esc(ch.answer)}">` +
      `<p class="check-claim">${esc(ch.claim)}</p>` +
      `<div class="check-choices" role="group" aria-label="${esc(text(cfg, 'pick'))}">` +
      `<button type="button" data-pick="true">${esc(text(cfg, 'true'))}</button>` +
      `<button type="button" data-pick="false">${esc(text(cfg, 'false'))}</button></div>` +
      `<p class="check-feedback" role="status" data-right="${esc(ch.right)}" data-wrong="${esc(ch.wrong)}"></p>` +
      `<details class="check-evidence"><summary>${esc(text(cfg, 'evidence'))}</summary>${list}${notesMarkup(view)}</details>` +
      `</div>`
    );
  },

  // Dragging or stepping a given of the statement sets its control.
  enhance(root) {
    wireScrubs(root);
  },
};

export default steps;
