// Every exercise of the book: each chapter's exercises/*.json (the chapters
// are content/book.json's), bundled by Vite for both the browser and the
// build-time page generator. The build checked them (content/schemas, then
// exercises/check.ts); here they only get their defaults.
import { chapterEntries, compareExerciseIds } from '../runtime/book';
import { withDefaults, type Exercise } from './schema';

const files = import.meta.glob<unknown>('../../../content/*/exercises/*.json', { eager: true, import: 'default' });

export const exercises: Record<string, Exercise> = Object.fromEntries(
  chapterEntries(files).map(([, raw]) => {
    const ex = withDefaults(raw);
    return [ex.id, ex];
  }),
);

/** Exercises in book order (2-1 … 2-9, then the next chapter's; within a chapter 練習, then 實驗, then 思考). */
export const exerciseOrder: string[] = Object.keys(exercises).sort(compareExerciseIds);
