// Build-time check of what an exercise file's JSON Schema
// (content/schemas/exercise.schema.json) cannot say: references between its
// givens, calls, parts and texts, and limits that come from the code. Run by
// the site build (site/build.ts → web/scripts/build-site.mjs) after the
// schemas; never bundled for the browser.

import { chapterEntries, exerciseKinds, parseExerciseId } from '../runtime/book';
import { HINTS_MAX } from './progress';
import { isResultRef, textRefs, withDefaults, type Exercise, type Given } from './schema';

const files = import.meta.glob<unknown>('../../../content/*/exercises/*.json', { eager: true, import: 'default' });

/** Check every exercise of the book; throws naming the file, the place in it and the problem. */
export function checkExercises(): void {
  for (const [file, raw, chapter] of chapterEntries(files)) {
    const where = file.replace(/^(\.\.\/)+/, '');
    const ex = withDefaults(raw);
    if (`${ex.id}.json` !== where.replace(/^.*\//, '')) fail(where, 'id', 'must match the file name');
    const parsed = parseExerciseId(ex.id);
    const prefixes = exerciseKinds.map((k) => `"${k.id_prefix}"`).join(', ');
    if (!parsed) fail(where, 'id', `must be a kind's prefix (${prefixes}: content/book.json exercise_kinds) and a number N-k`);
    if (!parsed.number.startsWith(chapter.exercise_prefix))
      fail(where, 'id', `its number must start with the chapter's "${chapter.exercise_prefix}" (content/book.json)`);
    checkExercise(where, ex);
  }
}

function fail(file: string, path: string, what: string): never {
  throw new Error(`${file}: ${path}: ${what}`);
}

function checkExercise(file: string, x: Exercise): void {
  const { givens, calls } = x;
  for (const [key, g] of Object.entries(givens)) {
    const p = `givens.${key}`;
    if (!g.variants.some((v) => v.value === g.default.value)) fail(file, `${p}.variants`, 'must contain the default');
    // An imported model brings no companion values: they must come from the core.
    if (g.imported && g.variants.some((v) => v.with)) fail(file, `${p}.imported`, 'a given with "with" values cannot take imported models');
  }
  if (!x.given_order.every((k) => k in givens)) fail(file, 'given_order', 'unknown given');
  for (const [name, call] of Object.entries(calls)) {
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
  const known = (n: string) => n in givens || n in calls || isWithKey(givens, n);
  const checkTexts = (path: string, texts: string[]) => {
    for (const t of texts) for (const ref of textRefs(t)) if (!known(ref)) fail(file, path, `unknown reference {${ref}}`);
  };
  checkTexts('intro', [x.intro]);
  const ids = new Set<string>();
  x.parts.forEach((part, i) => {
    const p = `parts[${i}]`;
    if (ids.has(part.id)) fail(file, `${p}.id`, `"${part.id}" is used twice`);
    ids.add(part.id);
    // The stored hint count of a part is at most HINTS_MAX: more hints could not be saved and loaded again.
    if (part.hints.length > HINTS_MAX) fail(file, `${p}.hints`, `at most ${HINTS_MAX} hints`);
    checkTexts(`${p}.prompt`, [part.prompt]);
    checkTexts(`${p}.hints`, part.hints);
    if (part.kind === 'answer') {
      if (!(part.expected.call in calls)) fail(file, `${p}.expected.call`, `unknown call "${part.expected.call}"`);
      for (const [j, m] of (part.mistakes ?? []).entries()) {
        if (!(m.call in calls)) fail(file, `${p}.mistakes[${j}].call`, `unknown call "${m.call}"`);
      }
      checkTexts(`${p}.solution`, part.solution);
    } else {
      checkTexts(`${p}.model_answer`, part.model_answer);
    }
  });
}

/** A key that only exists as a companion value ("with") of some given. */
function isWithKey(givens: Record<string, Given>, key: string): boolean {
  return Object.values(givens).some((g) => g.variants.some((v) => v.with && key in v.with));
}
