// What the tests need to know of the book's own zh-Hans wording and titles,
// kept as a fixture (tests/content/fixtures/book-words.json) so that they
// run on a clean clone, where ../shared/book (the book's chapters and
// inventories, read-only input) is not present.
//
// - titles: each chapter's title in the book's three editions, as the
//   inventories give them ("# Chapter 5 (算子与运行时 / 運算子與執行時 / …)").
// - counts: how often each word the glossary tests ask about occurs in the
//   book's zh-Hans chapters 2 and 3: both Simplified forms of every phrase of
//   OpenCC's Taiwan tables (ours through the glossary, and the plain
//   character conversion), the glossary's Simplified words, OpenCC's own form
//   of each "standard" word, the attested words, and the quotation marks.
//
// `node scripts/i18n/book-words.mjs` rewrites the fixture from ../shared/book.
// A test that asks for a word the fixture lacks (a new glossary entry) fails
// and says to run it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as OpenCC from 'opencc-js';
import TWPhrasesRev from 'opencc-js/dict/TWPhrasesRev';
import TWVariantsRevPhrases from 'opencc-js/dict/TWVariantsRevPhrases';

import { toHans } from './hans.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BOOK_WORDS = path.join(root, 'tests/content/fixtures/book-words.json');
const SHARED = path.join(root, '../shared/book');
const MANUSCRIPT = ['ch02.zh-Hans.md', 'ch03.zh-Hans.md'];
export const CORNER_QUOTE_MARKS = ['「', '」', '『', '』'];

/** OpenCC's Taiwan phrases (Taiwanese form → mainland form): the first word of each pair. */
export function taiwanPhrases() {
  return [TWPhrasesRev, TWVariantsRevPhrases].flatMap((table) => table.split('|').map((pair) => pair.split(' ')[0]));
}

/** Every word whose count in the manuscript a test asks for. */
function candidateWords() {
  const reviewed = JSON.parse(readFileSync(path.join(root, 'content/i18n/zh-Hans/glossary.json'), 'utf8'));
  const plain = OpenCC.Converter({ from: 't', to: 'cn' });
  const openccAlone = OpenCC.Converter({ from: 'twp', to: 'cn' });
  return new Set([
    ...taiwanPhrases().flatMap((phrase) => [toHans(phrase), plain(phrase)]),
    ...Object.values(reviewed.terms),
    ...Object.keys(reviewed.standard).flatMap((hant) => [reviewed.standard[hant], openccAlone(hant)]),
    ...Object.values(reviewed.attested ?? {}).map((a) => a.hans),
    '“',
    ...CORNER_QUOTE_MARKS,
  ]);
}

const two = (n) => String(n).padStart(2, '0');

function inventoryTitles() {
  const titles = {};
  for (let n = 1; n <= 12; n += 1) {
    const file = path.join(SHARED, `ch${two(n)}-inventory.md`);
    if (!existsSync(file)) continue; // chapter 2 was made live before inventories were written
    const [, hans, hant, en] = /^# Chapter \d+ \(([^/]+) \/ ([^/]+) \/ ([^;)]+)[;)]/.exec(readFileSync(file, 'utf8')) ?? [];
    titles[n] = [hans.trim(), hant.trim(), en.trim()];
  }
  return titles;
}

function write() {
  const manuscript = MANUSCRIPT.map((f) => readFileSync(path.join(SHARED, f), 'utf8')).join('\n');
  const counts = {};
  for (const word of [...candidateWords()].sort()) counts[word] = manuscript.split(word).length - 1;
  const fixture = {
    source:
      "../shared/book: the inventories' titles, and word counts in the book's zh-Hans chapters 2 and 3 (899ms/ai-infra-book manuscripts, the revisions our copies hold); written by scripts/i18n/book-words.mjs",
    titles: inventoryTitles(),
    counts,
  };
  writeFileSync(BOOK_WORDS, `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`${BOOK_WORDS}: ${Object.keys(fixture.titles).length} titles, ${Object.keys(counts).length} words`);
}

/** The fixture, with `count(word)`: how often the manuscript writes it (a word the fixture lacks is an error). */
export function bookWords() {
  const fixture = JSON.parse(readFileSync(BOOK_WORDS, 'utf8'));
  const count = (word) => {
    if (!(word in fixture.counts)) throw new Error(`tests/content/fixtures/book-words.json has no count for ${word}: run node scripts/i18n/book-words.mjs`);
    return fixture.counts[word];
  };
  return { titles: fixture.titles, count };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) write();
