// A chapter's exercise files run through the Node module as the page runs
// them: each call with the book's givens (seed 0), the expected value read
// from its result, and the check_answer request the page sends
// (web/src/exercises/compute.ts, checkRequest). Shared by the chapters'
// exercise tests, so each states only its own values.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { root } from '../wasm/engine.mjs';

export const readJson = (p) => JSON.parse(readFileSync(path.join(root, p), 'utf8'));

/** One step of a field path: `rows[id=llama1]`, `classes[0]`, `total`. */
function step(value, segment) {
  const m = /^([^[]+)(?:\[([^\]]*)\])?$/.exec(segment);
  let out = value?.[m[1]];
  if (m[2] === undefined) return out;
  if (/^\d+$/.test(m[2])) return out?.[Number(m[2])];
  const [key, want] = m[2].split('=');
  return out?.find((x) => String(x[key]) === want);
}
export const follow = (value, p) => p.match(/[^.[\]]+(?:\[[^\]]*\])?/g).reduce(step, value);

/** A call's field: a given (`$name`), another call's result (`{from, field}`), or as written. */
export function fieldValue(v, givens, results) {
  if (typeof v === 'string' && v.startsWith('$')) return givens[v.slice(1)];
  if (v && typeof v === 'object' && typeof v.from === 'string') return follow(results[v.from], v.field);
  return v;
}

/** The book's givens (seed 0) with their companion values ("with"). */
export function bookGivens(ex) {
  const out = {};
  for (const [k, g] of Object.entries(ex.givens ?? {})) {
    out[k] = g.default.value;
    Object.assign(out, g.default.with ?? {});
  }
  return out;
}

/**
 * The exercises `ids` of `chapter` (its content folder), with every call run
 * on the book's givens; `verdict` checks an answer as the page does.
 */
export function exerciseSet(engine, chapter, ids) {
  const evaluate = (request) => JSON.parse(engine.evaluate(JSON.stringify(request)));
  // Every call of `ex` on `givens`, in order (a later call may read an earlier one's result).
  const callsOn = (ex, givens) => {
    const out = {};
    for (const [name, call] of Object.entries(ex.calls)) {
      const request = Object.fromEntries(Object.entries(call).map(([k, v]) => [k, fieldValue(v, givens, out)]));
      const response = evaluate(request);
      assert.ok(response.ok, `${ex.id} ${name}: ${JSON.stringify(response.error)}`);
      out[name] = response.result;
    }
    return out;
  };
  const resultsOf = (ex) => callsOn(ex, bookGivens(ex));
  const exercises = Object.fromEntries(ids.map((id) => [id, readJson(`content/${chapter}/exercises/${id}.json`)]));
  const results = Object.fromEntries(ids.map((id) => [id, resultsOf(exercises[id])]));
  const part = (id, p) => exercises[id].parts.find((x) => x.id === p);
  const valueOf = (id, p) => String(follow(results[id][part(id, p).expected.call], part(id, p).expected.field));
  const checkRequest = (id, p, answer, lang) => {
    const x = part(id, p);
    const value = valueOf(id, p);
    const expected = { value, unit: x.expected.unit };
    if (x.expected.digits !== undefined) expected.digits = x.expected.digits;
    if (x.expected.guesses !== undefined) expected.guesses = x.expected.guesses;
    const mistakes = (x.mistakes ?? [])
      .map((m) => ({ code: m.code, value: String(follow(results[id][m.call], m.field)), ...(m.message ? { message: m.message } : {}) }))
      .filter((m) => m.value !== value);
    if (mistakes.length) expected.mistakes = mistakes;
    return { op: 'check_answer', lang, answer, expected };
  };
  const verdict = (id, p, answer, lang = 'zh-Hant') => {
    const r = evaluate(checkRequest(id, p, answer, lang));
    assert.ok(r.ok, `${id}${p} ${answer}: ${JSON.stringify(r.error)}`);
    return r.result;
  };
  /** Every call of exercise `id` on the givens `givens` (a drawn variant). */
  const run = (id, givens) => callsOn(exercises[id], givens);
  /**
   * Each listed mistake of every answer part of `ids`, typed as its own value,
   * is named with its code; returns how many were checked (a value equal to
   * the right answer at the book's givens is skipped).
   */
  const namedListedMistakes = (ids) => {
    let named = 0;
    for (const id of ids) {
      for (const p of exercises[id].parts.filter((x) => x.kind === 'answer')) {
        for (const m of p.mistakes ?? []) {
          const value = String(follow(results[id][m.call], m.field));
          if (value === valueOf(id, p.id)) continue;
          assert.equal(verdict(id, p.id, value).mistake, m.code, `${id}${p.id} typed ${value}`);
          named += 1;
        }
      }
    }
    return named;
  };
  return { evaluate, exercises, results, part, valueOf, checkRequest, verdict, run, namedListedMistakes };
}

/** Each [id, part, forms] is right in every form and every edition (a chapter's RIGHT table). */
export function assertRightForms(verdict, right, langs) {
  for (const [id, p, forms] of right) {
    for (const form of forms) {
      for (const lang of langs) {
        const v = verdict(id, p, form, lang);
        assert.ok(v.correct, `${id}${p} ${lang} "${form}": ${v.mistake} ${v.message}`);
      }
    }
  }
}

/**
 * Each [id, part, typed answer, mistake code] is wrong in every edition, named
 * with its code and a message that says why (a chapter's WRONG table).
 */
export function assertNamedMistakes(verdict, wrong, langs) {
  for (const [id, p, answer, code] of wrong) {
    for (const lang of langs) {
      const v = verdict(id, p, answer, lang);
      assert.equal(v.correct, false, `${id}${p} ${lang} "${answer}"`);
      assert.equal(v.mistake, code, `${id}${p} ${lang} "${answer}": ${v.message}`);
      assert.ok(v.message.length > 20, `${id}${p} ${lang}: a message says why`);
    }
  }
}
