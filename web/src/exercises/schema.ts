// The shape of an exercise file (content/ch02/exercises/<id>.json) and its
// check at load time, so a typo in the content fails the site build instead
// of shipping a question without an answer.
//
// An exercise names its givens (with the book's values as defaults and the
// variants "換一題" may draw), the core requests that compute everything
// (fields may be "$given" placeholders), and its parts: answer fields whose
// expected value and typical wrong values are result fields of those
// requests, or open questions with a model answer. Text may embed
// {given} (the given's label) and {call.path} (a field of a core result,
// e.g. {kv.display} or {fwd.items[id=attn_core].substituted}; paths as in
// runtime/result-path.ts).

import type { Json } from '../runtime/engine';
import { HINTS_MAX } from './progress';

export type Scalar = string | number;

/** One value a given can take; `label` is how the page shows it ("2 GiB"). */
export interface GivenValue {
  value: Scalar;
  label?: string;
  /** Other givens drawn together with this value (e.g. G and G + 1). */
  with?: Record<string, Scalar>;
}

export interface Given {
  /** model / gpu: shown by the catalog's name; number: digit-grouped; choice: its label. */
  kind: 'model' | 'gpu' | 'number' | 'choice';
  label: string;
  /** Unit words after the value ("個 token"), for number givens. */
  suffix?: string;
  default: GivenValue;
  /** What "換一題" may draw from (the default is always one of them). */
  variants: GivenValue[];
  /**
   * Model givens only: the reader's imported models may replace this given
   * ("用我的模型出題"). Left out where the question is about one book model.
   */
  imported?: boolean;
}

/**
 * A core request: "op" plus fields; string fields "$key" take the given's
 * value, and {"from": call, "field": path} takes a field of another call's
 * result (a fact of the model, e.g. its query heads), so content never types
 * a number that belongs to the model.
 */
export type CallSpec = { op: string } & Record<string, Json>;

/** A call field that takes its value from another call's result. */
export interface ResultRef {
  from: string;
  field: string;
}

export function isResultRef(v: unknown): v is ResultRef {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return Object.keys(r).length === 2 && typeof r.from === 'string' && typeof r.field === 'string';
}

/** A value read from a core result: call name and field path. */
export interface FieldRef {
  call: string;
  field: string;
}

export interface MistakeSpec extends FieldRef {
  code: string;
  /** zh-Hant explanation for codes the core does not know. */
  message?: string;
}

export interface AnswerPart {
  id: string;
  kind: 'answer';
  prompt: string;
  /** Accessible label of the input ("H*（token）"). */
  label: string;
  /**
   * `guesses`: the core's built-in patterns that make sense for this
   * quantity (docs/answers.md); omitted = the unit's defaults, which read a
   * half of a byte count as a forgotten K or V.
   */
  expected: FieldRef & { unit: string; digits?: number; display?: string; guesses?: string[] };
  mistakes?: MistakeSpec[];
  hints: string[];
  /** Worked solution, one paragraph per entry, with {call.path} numbers. */
  solution: string[];
}

export interface OpenPart {
  id: string;
  kind: 'open';
  prompt: string;
  label: string;
  hints: string[];
  /** Shown once the reader typed something or pressed 「我想好了」. */
  model_answer: string[];
}

export type Part = AnswerPart | OpenPart;

export interface Exercise {
  id: string;
  title: string;
  intro: string;
  givens: Record<string, Given>;
  /** Order in which givens are shown. */
  given_order: string[];
  calls: Record<string, CallSpec>;
  parts: Part[];
}

function fail(file: string, path: string, what: string): never {
  throw new Error(`content/ch02/exercises/${file}: ${path}: ${what}`);
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number';
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function checkValue(file: string, path: string, v: unknown): GivenValue {
  const g = v as Partial<GivenValue> | null;
  if (typeof g !== 'object' || g === null || !isScalar(g.value)) fail(file, path, 'expected {"value": …}');
  if (g.label !== undefined && typeof g.label !== 'string') fail(file, `${path}.label`, 'expected a string');
  if (g.with !== undefined && (typeof g.with !== 'object' || !Object.values(g.with).every(isScalar))) {
    fail(file, `${path}.with`, 'expected an object of scalars');
  }
  return g as GivenValue;
}

/** Names referenced as {name} or {name.path} in a text. */
export function textRefs(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z_][\w]*)(?:\.[^{}]+)?\}/g)].map((m) => m[1]!);
}

/** Validate one parsed exercise file. */
export function checkExercise(file: string, raw: unknown): Exercise {
  const x = raw as Partial<Exercise> | null;
  if (typeof x !== 'object' || x === null) fail(file, '$', 'expected an object');
  for (const key of ['id', 'title', 'intro'] as const) {
    if (typeof x[key] !== 'string') fail(file, key, 'expected a string');
  }
  if (`${x.id}.json` !== file) fail(file, 'id', `must match the file name (${file})`);
  const givens = x.givens ?? {};
  if (typeof givens !== 'object') fail(file, 'givens', 'expected an object');
  for (const [key, g] of Object.entries(givens)) {
    const p = `givens.${key}`;
    if (!/^[A-Za-z]\w*$/.test(key)) fail(file, p, 'bad key');
    if (!['model', 'gpu', 'number', 'choice'].includes(g.kind)) fail(file, `${p}.kind`, 'model | gpu | number | choice');
    if (typeof g.label !== 'string') fail(file, `${p}.label`, 'expected a string');
    checkValue(file, `${p}.default`, g.default);
    if (!Array.isArray(g.variants) || g.variants.length === 0) fail(file, `${p}.variants`, 'expected a non-empty list');
    g.variants.forEach((v, i) => checkValue(file, `${p}.variants[${i}]`, v));
    if (!g.variants.some((v) => v.value === g.default.value)) fail(file, `${p}.variants`, 'must contain the default');
    if (g.imported !== undefined && (g.imported !== true || g.kind !== 'model')) fail(file, `${p}.imported`, 'only `true`, on a model given');
    // An imported model brings no companion values: they must come from the core.
    if (g.imported && g.variants.some((v) => v.with)) fail(file, `${p}.imported`, 'a given with "with" values cannot take imported models');
  }
  const order = x.given_order ?? Object.keys(givens);
  if (!isStrings(order) || !order.every((k) => k in givens)) fail(file, 'given_order', 'unknown given');
  const calls = x.calls ?? {};
  for (const [name, call] of Object.entries(calls)) {
    if (typeof call.op !== 'string') fail(file, `calls.${name}.op`, 'expected a string');
    for (const [field, v] of Object.entries(call)) {
      if (typeof v === 'string' && v.startsWith('$') && !(v.slice(1) in givens) && !isWithKey(givens, v.slice(1))) {
        fail(file, `calls.${name}.${field}`, `unknown given ${v}`);
      }
      if (isResultRef(v)) {
        const from = calls[v.from];
        // One level only: the referenced call is computed first and takes givens alone.
        if (!from || Object.values(from).some(isResultRef)) fail(file, `calls.${name}.${field}.from`, `must name a call without references`);
      }
    }
  }
  if (!Array.isArray(x.parts) || x.parts.length === 0) fail(file, 'parts', 'expected a non-empty list');
  const ids = new Set<string>();
  const known = (n: string) => n in givens || n in calls || isWithKey(givens, n);
  const checkTexts = (path: string, texts: string[]) => {
    for (const t of texts) for (const ref of textRefs(t)) if (!known(ref)) fail(file, path, `unknown reference {${ref}}`);
  };
  checkTexts('intro', [x.intro!]);
  x.parts.forEach((part, i) => {
    const p = `parts[${i}]`;
    if (typeof part.id !== 'string' || !/^[a-z0-9]+$/.test(part.id) || ids.has(part.id)) fail(file, `${p}.id`, 'unique [a-z0-9]+');
    ids.add(part.id);
    if (typeof part.prompt !== 'string' || typeof part.label !== 'string') fail(file, p, 'needs "prompt" and "label"');
    // The stored hint count of a part is at most HINTS_MAX: more hints could not be saved and loaded again.
    if (!isStrings(part.hints) || part.hints.length < 2 || part.hints.length > HINTS_MAX) fail(file, `${p}.hints`, `two to ${HINTS_MAX} hints`);
    checkTexts(`${p}.prompt`, [part.prompt]);
    checkTexts(`${p}.hints`, part.hints);
    if (part.kind === 'answer') {
      const e = part.expected;
      if (!e || !(e.call in calls) || typeof e.field !== 'string' || typeof e.unit !== 'string') {
        fail(file, `${p}.expected`, 'needs a known "call", "field" and "unit"');
      }
      if (e.guesses !== undefined && !isStrings(e.guesses)) fail(file, `${p}.expected.guesses`, 'expected a list of codes');
      for (const [j, m] of (part.mistakes ?? []).entries()) {
        if (!(m.call in calls) || typeof m.field !== 'string' || !/^[a-z][a-z0-9_]*$/.test(m.code)) {
          fail(file, `${p}.mistakes[${j}]`, 'needs a known "call", "field" and a snake_case "code"');
        }
        // The message goes to the core as written: {references} would reach the reader unfilled.
        if (m.message !== undefined && (typeof m.message !== 'string' || textRefs(m.message).length > 0)) {
          fail(file, `${p}.mistakes[${j}].message`, 'a plain string without {references}');
        }
      }
      if (!isStrings(part.solution) || part.solution.length === 0) fail(file, `${p}.solution`, 'expected paragraphs');
      checkTexts(`${p}.solution`, part.solution);
    } else if (part.kind === 'open') {
      if (!isStrings(part.model_answer) || part.model_answer.length === 0) fail(file, `${p}.model_answer`, 'expected paragraphs');
      checkTexts(`${p}.model_answer`, part.model_answer);
    } else {
      fail(file, `${p}.kind`, 'answer | open');
    }
  });
  return { ...(x as Exercise), givens, given_order: order, calls };
}

/** A key that only exists as a companion value ("with") of some given. */
function isWithKey(givens: Record<string, Given>, key: string): boolean {
  return Object.values(givens).some((g) => g.variants.some((v) => v.with && key in v.with));
}
