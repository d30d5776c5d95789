// The shape of an exercise file (content/<chapter>/exercises/<id>.json). The
// site build checks the files (content/schemas/exercise.schema.json, then
// exercises/check.ts for references between givens, calls and texts), so a
// typo in the content fails the build instead of shipping a question without
// an answer; the browser gets the checked data and no checker.
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

/** Names referenced as {name} or {name.path} in a text. */
export function textRefs(text: string): string[] {
  return [...text.matchAll(/\{([A-Za-z_][\w]*)(?:\.[^{}]+)?\}/g)].map((m) => m[1]!);
}

/** An exercise file as written → as the pages use it (givens, order and calls default to empty / file order). */
export function withDefaults(raw: unknown): Exercise {
  const x = raw as Partial<Exercise> & Pick<Exercise, 'id' | 'title' | 'intro' | 'parts'>;
  const givens = x.givens ?? {};
  return { ...x, givens, given_order: x.given_order ?? Object.keys(givens), calls: x.calls ?? {} };
}
