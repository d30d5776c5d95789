// The core's message catalogs in the three languages, from one place:
//   zh-Hant  content/messages/zh-Hant/*.json (the reference, edited by people)
//   en       content/messages/en/*.json      (written by us, same keys)
//   zh-Hans  toHans() over zh-Hant            (generated, never a file in content/)
// Every language must have exactly the reference's keys, each with the same
// set of {params}; catalogProblems() lists what is not so.
//
// Beside the messages, each language carries the words of the content the
// core compiles in (model, GPU, storage-format and model-set catalogs:
// group names, notes, format names), as `content`: { <zh-Hant text>: <text> }.
// English comes from the string maps content/i18n/en/<same path>.json,
// zh-Hans is toHans(); a string without English is a problem like a missing
// key. zh-Hant needs none (the catalogs are written in it).
//
// Used by:
//   CMakeLists.txt at configure time:
//     node scripts/i18n/catalogs.mjs cmake <dir>
//     checks every language (a problem fails the configure step) and writes
//     <dir>/<lang>.json for each language, which cmake/embed_messages.cmake
//     compiles into the native CLI, the tests and the Node module;
//   the site build (web/scripts/build-site.mjs → browserCatalogs,
//     writeBrowserCatalogs): one catalog per language beside the core's
//     content-hashed binary (dist/wasm/messages-<lang>.<hash>.json), the one
//     file the browser's module loads for its page (it has none compiled in).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { messageFiles, readCatalog } from '../messages-catalog.mjs';
import { toHans } from './hans.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const REFERENCE = 'zh-Hant';

/** The {name} parameters a template names, sorted. */
export function slotsOf(text) {
  return [...new Set([...text.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]))].sort();
}

/** One language's merged message catalog { lang, messages }; zh-Hans is generated from zh-Hant. */
export function catalogFor(lang, dir = root) {
  if (lang !== 'zh-Hans') return readCatalog(dir, lang);
  const hant = readCatalog(dir, REFERENCE).messages;
  return { lang, messages: Object.fromEntries(Object.entries(hant).map(([code, text]) => [code, toHans(text)])) };
}

// ---- the words of the content the core compiles in --------------------------

// U+30FB (・) and the full-width forms count: an English text has none.
const CJK = /[\u3000-\u303f\u30fb\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
// Provenance for the people who edit content/: embeddedContent() strips
// these members, so the core never shows them.
const NOT_EMBEDDED = new Set(['source', 'note', '$schema']);

/** The content files cmake/embed_content.cmake compiles into the core, relative to `dir`. */
export function coreContentFiles(dir = root) {
  const jsonIn = (sub) =>
    readdirSync(path.join(dir, 'content', sub))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => `content/${sub}/${f}`);
  return [...jsonIn('models'), ...jsonIn('hardware'), 'content/dtypes.json', 'content/model_sets.json'];
}

/** `value` without its provenance: every string member named in NOT_EMBEDDED, at any depth. */
function withoutProvenance(value) {
  if (Array.isArray(value)) return value.map(withoutProvenance);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(NOT_EMBEDDED.has(key) && typeof item === 'string'))
      .map(([key, item]) => [key, withoutProvenance(item)]),
  );
}

/**
 * The content files the core parses, as it receives them: [kind, file name,
 * compact JSON text without provenance] ("models", "hardware", "dtypes",
 * "sets"). Compiled into the native CLI, the tests and the Node module
 * (cmake/embed_content.cmake reads them from <dir>/content-files.json), and
 * sent to the browser's module in its page's catalog (browserCatalogs).
 */
export function embeddedContent(dir = root) {
  const kindOf = (file) => ({ models: 'models', hardware: 'hardware', 'dtypes.json': 'dtypes', 'model_sets.json': 'sets' })[file.split('/')[1]];
  return coreContentFiles(dir).map((file) => [kindOf(file), path.basename(file), JSON.stringify(withoutProvenance(readJson(dir, file)))]);
}

/** The strings of a content value the core keeps and a reader may see: those with a CJK character, provenance left out. */
export function embeddedWords(value, out = new Set()) {
  if (typeof value === 'string') {
    if (CJK.test(value)) out.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) embeddedWords(item, out);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!NOT_EMBEDDED.has(key)) embeddedWords(item, out);
  }
  return out;
}

const readJson = (dir, file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

/** content/x/y.json → its English string map content/i18n/en/x/y.json ({} when there is none). */
function englishMap(dir, file) {
  const map = `content/i18n/en/${file.slice('content/'.length)}`;
  return existsSync(path.join(dir, map)) ? readJson(dir, map).strings : {};
}

/**
 * The core's content words in `lang`: { <zh-Hant text>: <text> } over every
 * embedded string, with `problems` listing each string English lacks (or
 * writes with CJK). zh-Hant has none to give.
 */
export function contentWordsFor(lang, dir = root) {
  const words = {};
  const problems = [];
  if (lang === REFERENCE) return { words, problems };
  for (const file of coreContentFiles(dir)) {
    const english = lang === 'en' ? englishMap(dir, file) : {};
    for (const text of embeddedWords(readJson(dir, file))) {
      if (lang === 'zh-Hans') words[text] = toHans(text);
      else if (typeof english[text] !== 'string' || english[text].trim() === '') problems.push(`${lang}: ${file}: "${text}" has no English`);
      else if (CJK.test(english[text])) problems.push(`${lang}: ${file}: the English of "${text}" has CJK: "${english[text]}"`);
      else words[text] = english[text];
    }
  }
  return { words, problems };
}

/** Every file the catalogs are made from (for cmake: editing one re-runs the configure step). */
export function catalogSources(dir = root) {
  const messages = readdirSync(path.join(dir, 'content/messages')).flatMap((lang) => messageFiles(dir, lang).map((f) => `content/messages/${lang}/${f}`));
  const content = coreContentFiles(dir);
  const maps = content.map((f) => `content/i18n/en/${f.slice('content/'.length)}`).filter((f) => existsSync(path.join(dir, f)));
  return [...messages, ...content, ...maps].sort().map((f) => path.join(dir, f));
}

/** Every language's domain files must be the reference's (errors.json, words.json, …). */
function domainProblems(dir) {
  const files = (lang) => messageFiles(dir, lang);
  const reference = files(REFERENCE);
  const problems = [];
  for (const lang of LANGS.filter((l) => l !== REFERENCE && l !== 'zh-Hans')) {
    const own = files(lang);
    for (const f of reference.filter((f) => !own.includes(f))) problems.push(`content/messages/${lang}/${f}: missing (zh-Hant has it)`);
    for (const f of own.filter((f) => !reference.includes(f))) problems.push(`content/messages/${lang}/${f}: zh-Hant has no such file`);
  }
  return problems;
}

/** What makes the catalogs disagree: missing or extra keys, or another set of {params}. Empty when they agree. */
export function catalogProblems(catalogs, dir = root) {
  const problems = dir ? domainProblems(dir) : [];
  const reference = catalogs[REFERENCE].messages;
  for (const lang of LANGS.filter((l) => l !== REFERENCE)) {
    const own = catalogs[lang].messages;
    for (const code of Object.keys(reference)) {
      if (!(code in own)) {
        problems.push(`${lang}: "${code}" is missing`);
        continue;
      }
      const want = slotsOf(reference[code]).join(', ');
      const got = slotsOf(own[code]).join(', ');
      if (want !== got) problems.push(`${lang}: "${code}" has params {${got}}, zh-Hant has {${want}}`);
    }
    for (const code of Object.keys(own)) {
      if (!(code in reference)) problems.push(`${lang}: "${code}" is not in zh-Hant`);
    }
  }
  return problems;
}

/**
 * All three catalogs, checked: throws listing every problem. Each is
 * { lang, messages, content } (content: the core's content words, empty in zh-Hant).
 */
export function checkedCatalogs(dir = root) {
  const catalogs = Object.fromEntries(LANGS.map((lang) => [lang, catalogFor(lang, dir)]));
  const problems = catalogProblems(catalogs, dir);
  for (const lang of LANGS) {
    const { words, problems: missing } = contentWordsFor(lang, dir);
    catalogs[lang].content = words;
    problems.push(...missing);
  }
  if (problems.length) throw new Error(`message catalogs disagree:\n  ${problems.join('\n  ')}`);
  return catalogs;
}

// Words of the command line only: the browser's catalog keeps their place in
// the lists (an empty string) but not their text.
const NOT_IN_BROWSER = /^cli_/;

/** Every code, in the order the core numbers them (cmake/embed_messages.cmake sorts them the same way). */
export function codesInOrder(messages) {
  return Object.keys(messages)
    .filter((key) => !key.endsWith('.detail'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The digest of that list, as cmake/embed_messages.cmake writes it into the core (kMessageCodesDigest). */
export function codesDigest(codes) {
  return createHash('sha256').update(codes.join(',')).digest('hex').slice(0, 16);
}

/**
 * Each language's catalog as the browser loads it (compact JSON), by
 * language: { lang, codes_digest, codes, messages, details } (the lists in
 * the core's order: the browser's module has no table of codes of its own,
 * src/wasm/messages_loaded.cpp) and, where the words differ from the
 * catalogs' own zh-Hant, `content`.
 */
export function browserCatalogs(dir = root) {
  const catalogs = checkedCatalogs(dir);
  const codes = codesInOrder(catalogs[REFERENCE].messages);
  const files = embeddedContent(dir);
  const text = ({ lang, messages, content }) => {
    const shown = (code, key) => (NOT_IN_BROWSER.test(code) ? '' : (messages[key] ?? ''));
    const lists = {
      lang,
      files,
      codes_digest: codesDigest(codes),
      codes,
      messages: codes.map((code) => shown(code, code)),
      details: codes.map((code) => shown(code, `${code}.detail`)),
    };
    return JSON.stringify(lang === REFERENCE ? lists : { ...lists, content });
  };
  return Object.fromEntries(LANGS.map((lang) => [lang, text(catalogs[lang])]));
}

/**
 * Where the browser finds a language's catalog: beside the core's binary,
 * with the binary's hash (`wasm/tally_web.<hash>.wasm` →
 * `wasm/messages-en.<hash>.json`), so every page and embed that names the
 * core finds its catalog without another URL, and the offline copy treats it
 * as content-hashed like the core. The site build folds the catalogs into the
 * core's hash, so a changed word gets a new name like a changed core.
 * runtime/core-catalog.ts and start-core.js derive the same name.
 */
export function catalogFileFor(wasmFile, lang) {
  if (!wasmFile.endsWith('.wasm')) throw new Error(`catalogFileFor: ${wasmFile} is not a .wasm file`);
  return wasmFile.replace(/[^/]*?(\.[0-9a-f]+)?\.wasm$/, (_, hash = '') => `messages-${lang}${hash}.json`);
}

/** Writes every language's catalog next to the core's binary `wasmFile` (a path under `outDir`). */
export function writeBrowserCatalogs(outDir, wasmFile, catalogs = browserCatalogs()) {
  for (const [lang, text] of Object.entries(catalogs)) {
    const file = path.join(outDir, catalogFileFor(wasmFile, lang));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

/**
 * For cmake: checks, then writes <outDir>/<lang>.json for every language
 * ({ lang, messages, content }), <outDir>/content-files.json (the content
 * files the core parses, embeddedContent()) and <outDir>/sources.txt, the
 * files they were made from, one a line (the configure step's dependencies).
 */
function writeForCmake(outDir) {
  const catalogs = checkedCatalogs();
  mkdirSync(outDir, { recursive: true });
  for (const lang of LANGS) writeFileSync(path.join(outDir, `${lang}.json`), `${JSON.stringify(catalogs[lang], null, 1)}\n`);
  writeFileSync(path.join(outDir, 'content-files.json'), `${JSON.stringify(embeddedContent())}\n`);
  writeFileSync(path.join(outDir, 'sources.txt'), `${catalogSources().join('\n')}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command, outDir] = process.argv.slice(2);
  try {
    if (command === 'cmake' && outDir) writeForCmake(outDir);
    else if (command === 'check') checkedCatalogs();
    else throw new Error('usage: node scripts/i18n/catalogs.mjs cmake <dir> | check');
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
