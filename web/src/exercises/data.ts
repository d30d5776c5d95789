// Every exercise of the chapter: content/ch02/exercises/*.json, bundled by
// Vite for both the browser and the build-time page generator.
import { checkExercise, type Exercise } from './schema';

const files = import.meta.glob<unknown>('../../../content/ch02/exercises/*.json', { eager: true, import: 'default' });

export const exercises: Record<string, Exercise> = Object.fromEntries(
  Object.entries(files).map(([file, raw]) => {
    const name = file.replace(/^.*\//, '');
    const ex = checkExercise(name, raw);
    return [ex.id, ex];
  }),
);

/** Exercises in chapter order (2-1 … 2-9). */
export const exerciseOrder: string[] = Object.keys(exercises).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
