// Build time: an exercise with the book's givens (seed 0), its texts filled
// by the Node build of the core, or the chapter's progress block. The build
// also runs every variant value of every given through the core, so content
// whose requests, field paths or answer checks do not work for some variant
// fails the build.
import { EngineError, type Catalog, type Engine } from '../runtime/engine';
import { answerText, checkRequest, computeAll, unresolved } from './compute';
import { exerciseOrder, exercises } from './data';
import { renderExercise, renderProgress } from './render';
import type { Exercise } from './schema';
import { drawGivens, type Givens } from './variants';

/** The book's givens with one given changed to each of its variants in turn. */
function variantSweep(ex: Exercise): Givens[] {
  const base = drawGivens(ex, 0);
  const out: Givens[] = [base];
  for (const key of ex.given_order) {
    for (const v of ex.givens[key]!.variants) {
      const g = new Map(base);
      g.set(key, v);
      for (const [k, value] of Object.entries(v.with ?? {})) g.set(k, { value });
      out.push(g);
    }
  }
  return out;
}

async function checkVariants(ex: Exercise, engine: Engine): Promise<void> {
  const refused: string[] = [];
  for (const givens of variantSweep(ex)) {
    const where = [...givens].map(([k, v]) => `${k}=${v.value}`).join(' ');
    try {
      const results = await computeAll(engine, ex, givens);
      const bad = unresolved(ex, results);
      if (bad.length) throw new Error(`exercise ${ex.id} (${where}): unresolved ${bad.join(', ')}`);
      // The core checks each part's request (units, digits, mistakes,
      // guesses), so a bad code fails here, not for a reader. And the answer
      // the solution prints must itself pass: a display with fewer digits
      // than `digits` asks for would call the book's own number too coarse.
      for (const part of ex.parts) {
        if (part.kind !== 'answer') continue;
        // "16.381 GB（15.256 GiB）", in English "16.381 GB (15.256 GiB)", prints
        // one value two ways: each must pass.
        for (const printed of answerText(part, results)
          .split(/[（）]|\s+\(|\)\s*$/)
          .filter((t) => t.trim() !== '')) {
          const r = await engine.raw('check_answer', checkRequest(part, results, printed));
          if (r.correct !== true) refused.push(`(${where}) part ${part.id}: "${printed}" → ${String(r.mistake)}`);
        }
      }
    } catch (err) {
      if (err instanceof EngineError) throw new Error(`exercise ${ex.id} (${where}): core refused ${err.field}: ${err.message}`, { cause: err });
      throw err;
    }
  }
  if (refused.length) throw new Error(`exercise ${ex.id}: printed answers the checker refuses:\n  ${refused.join('\n  ')}`);
}

export async function prerenderExercise(id: string, engine: Engine, catalog: Catalog, pages = new Map<string, string>()): Promise<string> {
  if (id === 'progress') {
    return renderProgress(exerciseOrder, new Map(exerciseOrder.map((x) => [x, exercises[x]!.title])), pages);
  }
  const ex = exercises[id];
  if (!ex) throw new Error(`unknown exercise "${id}" (no content/<chapter>/exercises/${id}.json)`);
  await checkVariants(ex, engine);
  const givens = drawGivens(ex, 0);
  return renderExercise(ex, givens, catalog, await computeAll(engine, ex, givens));
}
