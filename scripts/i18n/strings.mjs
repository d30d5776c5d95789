// The words of the JSON content, for the editions that are not edited by
// hand in Traditional Chinese. Every string value of a content JSON file that
// holds a CJK character is a text a reader may see; an edition's map
// content/i18n/<lang>/<same path>.json gives its words for each such string:
//   { "strings": { "<zh-Hant text>": "<the edition's text>" } }
// Keys are the Traditional texts themselves (like gettext's msgid), so a
// changed Traditional text shows up as missing until its edition follows.
//
//   node scripts/i18n/strings.mjs en            report missing and stale strings
//   node scripts/i18n/strings.mjs en --write    add missing keys (empty) to the maps
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// U+30FB (・, the middle dot Chinese text joins names with) is CJK punctuation too.
const CJK = /[\u3000-\u303f\u30fb\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
// Not reader-facing prose of an edition: the catalogs have their own files
// per language, the maps are the translations, schemas are for editors.
const SKIP = ['content/messages', 'content/i18n', 'content/schemas'];

/** Every content JSON file (relative to the repository root) that may carry reader-facing words. */
export function contentJsonFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (SKIP.includes(rel)) continue;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.json')) out.push(rel);
    }
  };
  walk('content');
  return out.sort();
}

// Members whose strings are not words: "$comment"s are for editors, and a
// "path" names a file (in the book's repository: a dataset's source) or a
// result, shown as written in every edition.
const NOT_WORDS = new Set(['$comment', 'path']);

/** Whether the strings of member `key` are words an edition gives its own. */
export const holdsWords = (key) => !NOT_WORDS.has(key);

/** The strings of a JSON value that need an edition's words (keys and NOT_WORDS members are not shown). */
export function translatableStrings(value, out = new Set()) {
  if (typeof value === 'string') {
    if (CJK.test(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) translatableStrings(item, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (holdsWords(key)) translatableStrings(item, out);
  }
  return out;
}

/** content/x/y.json → content/i18n/<lang>/x/y.json */
export function mapPath(file, lang) {
  return `content/i18n/${lang}/${file.slice('content/'.length)}`;
}

export function readMap(file, lang) {
  const p = path.join(root, mapPath(file, lang));
  return existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')).strings : {};
}

/** Per file: the strings without words in this edition, and the map's keys the source no longer has. */
export function coverage(lang) {
  return contentJsonFiles().map((file) => {
    const wanted = translatableStrings(JSON.parse(readFileSync(path.join(root, file), 'utf8')));
    const map = readMap(file, lang);
    const missing = [...wanted].filter((s) => typeof map[s] !== 'string' || map[s].trim() === '');
    const stale = Object.keys(map).filter((s) => !wanted.has(s));
    return { file, wanted: wanted.size, missing, stale };
  });
}

/** Rewrites a file's map with the source's order, keeping what is written and adding empty entries. */
function writeSkeleton(file, lang) {
  const wanted = translatableStrings(JSON.parse(readFileSync(path.join(root, file), 'utf8')));
  if (!wanted.size) return;
  const map = readMap(file, lang);
  const strings = Object.fromEntries([...wanted].map((s) => [s, map[s] ?? '']));
  const out = path.join(root, mapPath(file, lang));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ strings }, null, 2) + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lang = process.argv[2];
  if (!lang) {
    console.error('usage: node scripts/i18n/strings.mjs <lang> [--write]');
    process.exit(2);
  }
  if (process.argv.includes('--write')) for (const file of contentJsonFiles()) writeSkeleton(file, lang);
  let open = 0;
  for (const { file, wanted, missing, stale } of coverage(lang)) {
    if (!wanted && !stale.length) continue;
    open += missing.length + stale.length;
    console.log(`${file}: ${wanted - missing.length}/${wanted}${stale.length ? `, ${stale.length} stale` : ''}`);
  }
  console.log(open ? `${open} strings to write or remove for ${lang}` : `${lang}: every string has its words`);
  process.exitCode = open ? 1 : 0;
}
