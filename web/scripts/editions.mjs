// The site's three editions (issue 20; /work/briefs/i18n-contract.md): one
// module says what each edition's content is, and the page build, the
// browser bundles (through a Vite plugin), the embeds and search all read it.
//
//   zh-Hant  the content as people edit it (content/), at today's URLs;
//   zh-Hans  toHans() (scripts/i18n/hans.mjs: reviewed glossary, then OpenCC)
//            over every page's Markdown and every translatable JSON string;
//   en       content/i18n/en/<path>.md for each page, and each JSON string
//            replaced by its entry in content/i18n/en/<path>.json.
//
// contentFor(lang) writes the edition's whole content tree once per build
// (.cache/editions/<lang>/content) and returns its folder, so code that reads
// content/<chapter>/*.md or *.json reads the edition by reading another folder.
//
// Which editions a build writes: TALLY_EDITIONS=zh-Hant,zh-Hans (or
// content/book.json "editions"); by default every edition that is complete.
// Asking for English while it is incomplete fails with the list of what is
// missing. TALLY_EDITIONS_DRAFT=1 builds an incomplete English anyway, the
// missing words left in Traditional Chinese: for development only (the
// English content test and editions.spec.ts then report the CJK left).

import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { toHans } from '../../scripts/i18n/hans.mjs';
import { draftContentDirs } from './book-chapters.mjs';
import { contentJsonFiles, holdsWords, readMap, translatableStrings } from '../../scripts/i18n/strings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every edition, in the order the language switch lists them; `dir` is its folder under the site root. */
export const EDITIONS = [
  { lang: 'zh-Hant', dir: '', label: '繁體中文', hreflang: 'zh-Hant' },
  { lang: 'zh-Hans', dir: 'zh-Hans/', label: '简体中文', hreflang: 'zh-Hans' },
  { lang: 'en', dir: 'en/', label: 'English', hreflang: 'en' },
];
export const DEFAULT_LANG = 'zh-Hant';

// Not an edition's words: the catalogs have a folder per language, the maps
// are the translations, schemas are for editors (as in scripts/i18n/strings.mjs).
const NOT_CONTENT = ['messages', 'i18n', 'schemas'];

export function editionOf(lang) {
  const edition = EDITIONS.find((e) => e.lang === lang);
  if (!edition) throw new Error(`unknown edition "${lang}"; the editions are ${EDITIONS.map((e) => e.lang).join(', ')}`);
  return edition;
}

/** Every content Markdown file (relative to the repository root: "content/ch02/2-1.md"). */
export async function contentMarkdownFiles() {
  const out = [];
  const walk = async (dir) => {
    for (const entry of await fs.readdir(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(dir === 'content' && NOT_CONTENT.includes(entry.name))) await walk(rel);
      } else if (entry.name.endsWith('.md') && !entry.name.startsWith('_')) out.push(rel);
    }
  };
  await walk('content');
  return out.sort();
}

/** content/ch02/2-1.md → content/i18n/en/ch02/2-1.md */
function englishPagePath(file) {
  return `content/i18n/en/${file.slice('content/'.length)}`;
}

/**
 * What English still lacks: pages without their English file, and per JSON
 * file the strings without English words.
 */
export async function englishGaps() {
  // A draft chapter is not built (book-chapters.mjs): its words do not decide whether English is complete.
  const drafts = draftContentDirs(root);
  const published = (file) => !drafts.some((dir) => file.startsWith(`${dir}/`));
  const pages = (await contentMarkdownFiles()).filter(published).filter((f) => !existsSync(path.join(root, englishPagePath(f))));
  const strings = [];
  for (const file of contentJsonFiles().filter(published)) {
    const wanted = translatableStrings(JSON.parse(await fs.readFile(path.join(root, file), 'utf8')));
    const map = readMap(file, 'en');
    const missing = [...wanted].filter((s) => typeof map[s] !== 'string' || map[s].trim() === '');
    if (missing.length) strings.push({ file, missing: missing.length, of: wanted.size });
  }
  return { pages, strings, complete: pages.length === 0 && strings.length === 0 };
}

function describeGaps(gaps) {
  return [
    ...gaps.pages.map((f) => `  ${f}: no ${englishPagePath(f)}`),
    ...gaps.strings.map((s) => `  ${s.file}: ${s.missing} of ${s.of} strings without English (${'content/i18n/en/' + s.file.slice(8)})`),
  ].join('\n');
}

const draft = () => process.env.TALLY_EDITIONS_DRAFT === '1';

/** The editions this build writes, zh-Hant first (see the head of this file). */
export async function editionsToBuild() {
  const book = JSON.parse(await fs.readFile(path.join(root, 'content/book.json'), 'utf8'));
  const asked = process.env.TALLY_EDITIONS
    ? process.env.TALLY_EDITIONS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : book.editions;
  const gaps = await englishGaps();
  if (!asked) return EDITIONS.filter((e) => e.lang !== 'en' || gaps.complete || draft()).map((e) => e.lang);
  for (const lang of asked) editionOf(lang);
  if (!asked.includes(DEFAULT_LANG)) throw new Error(`the editions to build must include ${DEFAULT_LANG} (its pages are the site's root)`);
  if (asked.includes('en') && !gaps.complete && !draft()) {
    throw new Error(
      `English is incomplete, so it cannot be built (leave "en" out of TALLY_EDITIONS / book.json "editions" until it is):\n${describeGaps(gaps)}`,
    );
  }
  return EDITIONS.filter((e) => asked.includes(e.lang)).map((e) => e.lang);
}

/** A JSON value with every translatable string in the edition's words. */
export function transformJson(file, value, lang) {
  if (lang === DEFAULT_LANG) return value;
  const map = lang === 'en' ? readMap(file, 'en') : null;
  const missing = [];
  const words = (s) => {
    if (!translatableStrings(s).size) return s;
    if (lang === 'zh-Hans') return toHans(s);
    const english = map[s];
    if (typeof english === 'string' && english.trim() !== '') return english;
    missing.push(s);
    return s;
  };
  const walk = (v, key) => {
    if (typeof v === 'string') return key !== undefined && !holdsWords(key) ? v : words(v);
    if (Array.isArray(v)) return v.map((item) => walk(item));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item, k)]));
    return v;
  };
  const out = walk(value);
  if (missing.length && !draft())
    throw new Error(`${file}: ${missing.length} strings without English in ${'content/i18n/en/' + file.slice(8)}, e.g. ${JSON.stringify(missing[0])}`);
  return out;
}

/** A page's Markdown in the edition's words (English: the written page). */
export async function transformMarkdown(file, text, lang) {
  if (lang === DEFAULT_LANG) return text;
  if (lang === 'zh-Hans') return toHans(text);
  const english = path.join(root, englishPagePath(file));
  if (existsSync(english)) return fs.readFile(english, 'utf8');
  if (draft()) return text;
  throw new Error(`${file}: no English page ${englishPagePath(file)}`);
}

/**
 * Whether the core accepts a request's `lang`: the op schema's request types
 * (web/src/runtime/generated/ops.ts, generated from `tally schema`) list it.
 */
export function coreTakesLang(file = path.join(root, 'web/src/runtime/generated/ops.ts')) {
  const source = readFileSync(file, 'utf8');
  const requests = /export interface OpRequests \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  return /[{;]\s*lang\?:/.test(requests);
}

const written = new Map();

/**
 * The folder of the edition's content tree (what content/ is for zh-Hant),
 * written once per process: .cache/editions/<lang>/content.
 */
export function contentFor(lang) {
  if (lang === DEFAULT_LANG) return Promise.resolve(path.join(root, 'content'));
  if (!written.has(lang)) written.set(lang, writeEdition(lang));
  return written.get(lang);
}

async function writeEdition(lang) {
  editionOf(lang);
  const out = path.join(root, '.cache/editions', lang, 'content');
  await fs.rm(out, { recursive: true, force: true });
  // A draft chapter's files are copied as they are: nothing built reads them yet (book-chapters.mjs).
  const drafts = draftContentDirs(root);
  const copy = async (dir) => {
    for (const entry of await fs.readdir(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      const target = path.join(out, rel.slice('content/'.length));
      if (entry.isDirectory()) {
        if (dir === 'content' && entry.name === 'i18n') continue;
        await fs.mkdir(target, { recursive: true });
        await copy(rel);
        continue;
      }
      const source = path.join(root, rel);
      const inContent = !(
        dir === 'content/messages' ||
        rel.startsWith('content/messages/') ||
        rel.startsWith('content/schemas/') ||
        drafts.some((d) => rel.startsWith(`${d}/`))
      );
      if (inContent && entry.name.endsWith('.json')) {
        const value = transformJson(rel, JSON.parse(await fs.readFile(source, 'utf8')), lang);
        await fs.writeFile(target, JSON.stringify(value, null, 2) + '\n');
      } else if (inContent && entry.name.endsWith('.md') && !entry.name.startsWith('_')) {
        await fs.writeFile(target, await transformMarkdown(rel, await fs.readFile(source, 'utf8'), lang));
      } else await fs.copyFile(source, target);
    }
  };
  await fs.mkdir(out, { recursive: true });
  await copy('content');
  return out;
}

/**
 * Vite plugin: the bundle of one edition. Every content JSON file a module
 * imports (the widget configs, exercises, site words of content/site/ui.json…)
 * is loaded from the edition's tree, so each edition's bundle carries its own
 * words and no page fetches words at run time.
 */
export function editionPlugin(lang) {
  const contentRoot = path.join(root, 'content') + path.sep;
  return {
    name: 'tally-edition',
    enforce: 'pre',
    // web/src/i18n/core-lang.ts sends the edition's `lang` only to a core whose op schema lists it.
    config: () => ({ define: { 'import.meta.env.TALLY_CORE_LANG': JSON.stringify(coreTakesLang()) } }),
    async load(id) {
      const file = id.split('?')[0];
      if (lang === DEFAULT_LANG || !file.startsWith(contentRoot) || !file.endsWith('.json')) return null;
      const dir = await contentFor(lang);
      return fs.readFile(path.join(dir, file.slice(contentRoot.length)), 'utf8');
    },
  };
}
