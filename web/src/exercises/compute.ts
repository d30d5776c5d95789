// Everything an exercise shows that is a number comes from here, and here it
// comes from the core: each call of the exercise is sent with the current
// givens, and answers, typical wrong values and worked solutions read fields
// of those results. This file substitutes and formats; it never derives.

import { fill as fillUi, ui } from '../i18n/ui';
import { EngineError, type Catalog, type Engine, type Fields, type Json, type RawResult } from '../runtime/engine';
import { groupDigits } from '../runtime/format';
import { follow } from '../runtime/result-path';
import { isResultRef, type AnswerPart, type Exercise, type FieldRef } from './schema';
import type { Givens } from './variants';

export type Results = Map<string, RawResult>;

/** Fill "$key" placeholders of a call with the givens, and result references with earlier results. */
export function callFields(ex: Exercise, name: string, givens: Givens, results: Results = new Map()): { op: string; fields: Fields } {
  const { op, ...rest } = ex.calls[name]!;
  const fields: Fields = {};
  for (const [k, v] of Object.entries(rest)) {
    if (isResultRef(v)) {
      const r = results.get(v.from);
      const value = r === undefined ? undefined : readPath(r, v.field);
      // The model has no such fact (e.g. no GQA layer to read query heads from).
      if (value === undefined) throw new EngineError(`${name}.${k}`, fillUi(ui.exercise.missing_result, { path: `${v.from}.${v.field}` }));
      fields[k] = value;
    } else {
      fields[k] = typeof v === 'string' && v.startsWith('$') ? (givens.get(v.slice(1))?.value ?? v) : v;
    }
  }
  return { op, fields };
}

/**
 * Run every call of the exercise: first those that take only givens, then
 * those that read another call's result. Rejects with EngineError naming the call.
 */
export async function computeAll(engine: Engine, ex: Exercise, givens: Givens): Promise<Results> {
  const out: Results = new Map();
  const names = Object.keys(ex.calls);
  const refers = (n: string) => Object.values(ex.calls[n]!).some(isResultRef);
  for (const name of [...names.filter((n) => !refers(n)), ...names.filter(refers)]) {
    const { op, fields } = callFields(ex, name, givens, out);
    try {
      out.set(name, await engine.raw(op, fields));
    } catch (err) {
      if (err instanceof EngineError) throw new EngineError(`${name}.${err.field}`, err.message);
      throw err;
    }
  }
  return out;
}

/**
 * A field of a result, in the one path syntax (runtime/result-path.ts):
 * "total", "displays.kv", "items[id=attn_core].flops", "notes[0]".
 */
export function readPath(result: Json, path: string): Json | undefined {
  return follow(result, path);
}

export function readRef(results: Results, ref: FieldRef): Json | undefined {
  const r = results.get(ref.call);
  return r === undefined ? undefined : readPath(r, ref.field);
}

/** A core value as check_answer's expected.value: the exact text the core wrote. */
export function exactText(v: Json | undefined): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && /^\d+(\.\d+)?(\/\d+)?$/.test(v)) return v;
  return null;
}

/** How a core value is printed in text: integers digit-grouped, strings as the core wrote them. */
export function shown(v: Json | undefined): string {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return groupDigits(BigInt(v));
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return groupDigits(BigInt(v));
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? ui.page.yes : ui.page.no;
  // The core's remarks (notes): shown as sentences, nothing when there are none.
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v.map((x) => fillUi(ui.exercise.note_sentence, { note: x })).join('');
  return '—';
}

/** How a given is shown: catalog names for models and GPUs, labels or grouped digits otherwise. */
export function givenText(ex: Exercise, key: string, givens: Givens, catalog: Catalog): string {
  const v = givens.get(key);
  if (!v) return key;
  if (v.label) return v.label;
  const g = ex.givens[key];
  if (g?.kind === 'model') return catalog.models.find((m) => m.id === v.value)?.name ?? String(v.value);
  if (g?.kind === 'gpu') {
    const gpu = catalog.gpus.find((x) => x.id === v.value);
    return gpu ? fillUi(ui.page.name_detail, { name: gpu.name, detail: gpu.display }) : String(v.value);
  }
  const text = typeof v.value === 'number' || /^\d+$/.test(v.value) ? groupDigits(BigInt(v.value)) : v.value;
  return g?.suffix ? `${text} ${g.suffix}` : text;
}

/** Fill {given} and {call.path} in a text. Missing results (before the core ran) stay as "…". */
export function fill(text: string, ex: Exercise, givens: Givens, catalog: Catalog, results?: Results): string {
  return text.replace(/\{([A-Za-z_]\w*)(?:\.([^{}]+))?\}/g, (_, name: string, path?: string) => {
    if (path === undefined) return givenText(ex, name, givens, catalog);
    const r = results?.get(name);
    return r ? shown(readPath(r, path)) : '…';
  });
}

/** The check_answer request for a reader's text. Wrong values equal to the answer are dropped. */
export function checkRequest(part: AnswerPart, results: Results, answer: string): Fields {
  const value = exactText(readRef(results, part.expected));
  if (value === null) throw new Error(`exercise: ${part.expected.call}.${part.expected.field} is not an exact value`);
  const mistakes: Json[] = [];
  for (const m of part.mistakes ?? []) {
    const v = exactText(readRef(results, m));
    if (v === null || v === value) continue;
    mistakes.push(m.message ? { code: m.code, value: v, message: m.message } : { code: m.code, value: v });
  }
  const expected: Record<string, Json> = { value, unit: part.expected.unit };
  if (part.expected.digits !== undefined) expected.digits = part.expected.digits;
  if (part.expected.guesses !== undefined) expected.guesses = part.expected.guesses;
  if (mistakes.length) expected.mistakes = mistakes;
  return { answer, expected };
}

export interface Verdict {
  correct: boolean;
  mistake: string | null;
  message: string;
}

export async function checkAnswer(engine: Engine, part: AnswerPart, results: Results, answer: string): Promise<Verdict> {
  const r = await engine.raw('check_answer', checkRequest(part, results, answer));
  if (typeof r.correct !== 'boolean' || typeof r.message !== 'string') throw new Error('check_answer: unexpected response');
  return { correct: r.correct, mistake: typeof r.mistake === 'string' ? r.mistake : null, message: r.message };
}

/** The reference answer as the core prints it. */
export function answerText(part: AnswerPart, results: Results): string {
  const ref = part.expected.display ? { call: part.expected.call, field: part.expected.display } : part.expected;
  return shown(readRef(results, ref));
}

/** Every text of an exercise (intro, prompts, hints, solutions, model answers). */
export function allTexts(ex: Exercise): string[] {
  const out = [ex.intro];
  for (const p of ex.parts) out.push(p.prompt, ...p.hints, ...(p.kind === 'answer' ? p.solution : p.model_answer));
  return out;
}

/**
 * Content check: the {call.path} references, expected values and wrong
 * values that do not resolve in these results (a typo in a field path, or a
 * variant whose model lacks that line item). Empty when all is well.
 */
export function unresolved(ex: Exercise, results: Results): string[] {
  const bad: string[] = [];
  for (const t of allTexts(ex)) {
    for (const m of t.matchAll(/\{([A-Za-z_]\w*)\.([^{}]+)\}/g)) {
      const r = results.get(m[1]!);
      if (!r || readPath(r, m[2]!) === undefined) bad.push(`{${m[1]}.${m[2]}}`);
    }
  }
  for (const p of ex.parts) {
    if (p.kind !== 'answer') continue;
    if (exactText(readRef(results, p.expected)) === null) bad.push(`${p.id}.expected ${p.expected.call}.${p.expected.field}`);
    for (const m of p.mistakes ?? []) if (exactText(readRef(results, m)) === null) bad.push(`${p.id}.mistakes ${m.call}.${m.field}`);
  }
  return bad;
}
