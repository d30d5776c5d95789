// The core's message catalogs in the three languages, from one place:
//   zh-Hant  content/messages/zh-Hant/*.json (the reference, edited by people)
//   en       content/messages/en/*.json      (written by us, same keys)
//   zh-Hans  toHans() over zh-Hant            (generated, never a file in content/)
// Every language must have exactly the reference's keys, each with the same
// set of {params}; catalogProblems() lists what is not so.
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
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readCatalog } from '../messages-catalog.mjs';
import { toHans } from './hans.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const LANGS = ['zh-Hant', 'zh-Hans', 'en'];
const REFERENCE = 'zh-Hant';

/** The {name} parameters a template names, sorted. */
export function slotsOf(text) {
  return [...new Set([...text.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]))].sort();
}

/** One language's merged catalog { lang, messages }; zh-Hans is generated from zh-Hant. */
export function catalogFor(lang, dir = root) {
  if (lang !== 'zh-Hans') return readCatalog(dir, lang);
  const hant = readCatalog(dir, REFERENCE).messages;
  return { lang, messages: Object.fromEntries(Object.entries(hant).map(([code, text]) => [code, toHans(text)])) };
}

/** Every language's domain files must be the reference's (errors.json, words.json, …). */
function domainProblems(dir) {
  const files = (lang) =>
    readdirSync(path.join(dir, 'content/messages', lang))
      .filter((f) => f.endsWith('.json'))
      .sort();
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

/** All three catalogs, checked: throws listing every problem. */
export function checkedCatalogs(dir = root) {
  const catalogs = Object.fromEntries(LANGS.map((lang) => [lang, catalogFor(lang, dir)]));
  const problems = catalogProblems(catalogs, dir);
  if (problems.length) throw new Error(`message catalogs disagree:\n  ${problems.join('\n  ')}`);
  return catalogs;
}

/** Each language's catalog as the browser loads it ({ lang, messages }, compact JSON), by language. */
export function browserCatalogs(dir = root) {
  const catalogs = checkedCatalogs(dir);
  return Object.fromEntries(LANGS.map((lang) => [lang, JSON.stringify({ lang, messages: catalogs[lang].messages })]));
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

/** For cmake: checks, then writes <outDir>/<lang>.json for every language. */
function writeForCmake(outDir) {
  const catalogs = checkedCatalogs();
  mkdirSync(outDir, { recursive: true });
  for (const lang of LANGS) writeFileSync(path.join(outDir, `${lang}.json`), `${JSON.stringify(catalogs[lang], null, 1)}\n`);
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
