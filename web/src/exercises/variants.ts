// "換一題": the givens of an exercise drawn from the variant lists in its
// content file, by a seeded PRNG so that a seed in the URL always gives the
// same question. Seed 0 is the book's own question (every given at its
// default). Nothing here computes an answer: the core does, for the drawn
// givens.

import type { Exercise, GivenValue, Scalar } from './schema';

/** key → value for every given and companion ("with") key. */
export type Givens = Map<string, GivenValue>;

/** Seeds are unsigned 32-bit integers written in decimal. */
export const MAX_SEED = 0xffffffff;

/** "123" → 123; anything else (empty, "abc", "1e3", "-1", too large) → null. */
export function parseSeed(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_SEED ? n : null;
}

/** mulberry32: small, fast and identical in every browser and in Node. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function put(out: Givens, key: string, v: GivenValue): void {
  out.set(key, v);
  for (const [k, value] of Object.entries(v.with ?? {})) out.set(k, { value });
}

/** The givens for a seed (0: the book's question). */
export function drawGivens(ex: Exercise, seed: number): Givens {
  const out: Givens = new Map();
  const next = prng(seed);
  for (const key of ex.given_order) {
    const g = ex.givens[key]!;
    put(out, key, seed === 0 ? g.default : g.variants[Math.floor(next() * g.variants.length)]!);
  }
  return out;
}

/** Givens replaced by the reader's imported models: given key → imported model id. */
export type Mine = Map<string, string>;

/**
 * The drawn givens with imported models in place of the book's. The id is
 * what the page's engine replaces by the model's spec in every request; the
 * label is how the page names it ("My model（匯入）").
 */
export function withMine(givens: Givens, mine: Mine, labelOf: (id: string) => string): Givens {
  if (mine.size === 0) return givens;
  const out: Givens = new Map(givens);
  for (const [key, id] of mine) out.set(key, { value: id, label: labelOf(id) });
  return out;
}

/** Whether two draws pose the same question. */
export function sameGivens(a: Givens, b: Givens): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k)?.value !== v.value) return false;
  return true;
}

/** A fresh random seed for the "換一題" button (never 0, the book's question). */
export function freshSeed(): number {
  const buf = new Uint32Array(1);
  crypto.getRandomValues(buf);
  return buf[0]! || 1;
}

export function givenValue(givens: Givens, key: string): Scalar | undefined {
  return givens.get(key)?.value;
}
