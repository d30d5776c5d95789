// A live sentence in the prose: its givens can be scrubbed (dragged or
// stepped, runtime/scrub.ts) and the numbers that depend on them, in the
// same paragraph, are the core's answers. Prerendered with the book's
// values, so without scripts it reads as an ordinary paragraph; its
// controls stay out of sight (styles/scrub.css) unless the core refuses a
// value, when the field and its message appear under the sentence.
//
// Config (content/ch02/widgets/sentences.json):
//   "fields": shared request fields (variables "$P" come from the controls)
//   "statement": { "text": "…{P}…{flops}…", "givens": { "P": { "min", "max", "says" } } }
//   "values": { "flops": { "op", "fields", "path" } }   one cell per {value}

import { notesMarkup, notesView, SHAPE, type View } from '../../runtime/bind';
import { CellResolver, follow, type CellSpec } from '../../runtime/cells';
import type { WidgetConfig } from '../../runtime/config';
import type { Fields, Json } from '../../runtime/engine';
import { wireScrubs } from '../../runtime/scrub';
import { checkStatement, givensView, readGivens, templateMarkup, type GivenValue, type Statement } from '../../runtime/scrub-template';
import type { WidgetDef } from '../../runtime/widget';

interface SentenceConfig extends WidgetConfig {
  fields?: Fields;
  statement: Statement;
  values: Record<string, CellSpec>;
}

function sentenceOf(cfg: WidgetConfig): SentenceConfig {
  const c = cfg as SentenceConfig;
  const values = c.values ?? {};
  if (Object.values(values).some((v) => !v.op || typeof v.path !== 'string')) {
    throw new Error(`content/ch02/widgets*.json: ${cfg.title}: every value needs "op" and "path"`);
  }
  if (!checkStatement(c.statement, cfg, Object.keys(values))) throw new Error(`content/ch02/widgets*.json: ${cfg.title}: a sentence needs "statement"`);
  return c;
}

interface SentenceData {
  values: Record<string, string>;
  givens: Record<string, GivenValue>;
  notes: string[];
}

export const sentence: WidgetDef<SentenceData> = {
  async compute(engine, vars, { cfg }) {
    const c = sentenceOf(cfg);
    const cells = new CellResolver(engine, vars);
    const names = Object.keys(c.values);
    const [results, givens] = await Promise.all([
      Promise.all(names.map((n) => cells.result(c.values[n]!.op!, c.fields, c.values[n]!.fields))),
      readGivens(engine, cfg, vars, c.statement),
    ]);
    const notes = new Set<string>();
    for (const r of results) {
      const n = follow(r as Json, 'notes');
      if (Array.isArray(n)) for (const x of n) if (typeof x === 'string') notes.add(x);
    }
    const values = Object.fromEntries(names.map((n, i) => [n, CellResolver.read(results[i]!, c.values[n]!).text]));
    return { values, givens, notes: [...notes] };
  },

  view(data, { cfg }) {
    const view: View = { [SHAPE]: 'sentence', ...notesView(data.notes) };
    for (const [name, text] of Object.entries(data.values)) view[`v.${name}`] = text;
    givensView(view, data.givens, sentenceOf(cfg).statement);
    return view;
  },

  renderOutput(view, { cfg, instance }) {
    return `<p class="scrub-sentence">${templateMarkup(sentenceOf(cfg).statement, view, cfg, instance)}</p>${notesMarkup(view)}`;
  },

  enhance(root) {
    wireScrubs(root);
  },
};

export default sentence;
