// Build-time check of the content against content/schemas/*.schema.json
// (ajv), run first by `npm run build:site` and by tests/content/. The browser
// bundle gets the already-checked data and carries no validator.
//
// Which files must name which schema is the table below, with the chapters'
// directories and ledger patterns from content/book.json; each such file
// names its schema in "$schema" (a relative path, so editors complete and
// check it too), and the check insists the two agree.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';

/** Content files → their schema (under content/schemas/). `<chapter>` is each chapter's directory. */
const KINDS = [
  ['content/book.json', 'book'],
  ['content/models/*.json', 'model'],
  ['content/hardware/*.json', 'hardware'],
  ['content/dtypes.json', 'dtypes'],
  ['content/model_sets.json', 'model-sets'],
  ['content/messages/<lang>/*.json', 'messages'],
  ['content/messages/<lang>/*/*.json', 'messages'],
  ['content/<chapter>/widgets.json', 'widgets'],
  ['content/<chapter>/widgets/*.json', 'widgets'],
  ['content/<chapter>/exercises/*.json', 'exercise'],
  ['content/<chapter>/data/*.json', 'dataset'],
  ['tests/ledger/<ledger>', 'ledger'],
];

export class ContentError extends Error {}

/** Every schema under content/schemas, compiled once; each has an $id of its file name. */
export function loadSchemas(root) {
  const dir = path.join(root, 'content/schemas');
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    if (schema.$id !== file) throw new ContentError(`content/schemas/${file}: "$id" must be "${file}"`);
    ajv.addSchema(schema);
  }
  return ajv;
}

/** [file relative to root, schema name] for every content file that has a schema. */
export function contentFiles(root) {
  const book = readJson(root, 'content/book.json');
  const out = [];
  for (const [pattern, schema] of KINDS) {
    const expanded = pattern.includes('<chapter>')
      ? book.chapters.map((c) => pattern.replace('<chapter>', c.content))
      : pattern.includes('<ledger>')
        ? book.chapters.map((c) => pattern.replace('<ledger>', c.ledger))
        : pattern.includes('<lang>')
          ? languageDirs(root, 'content/messages').map((lang) => pattern.replace('<lang>', lang))
          : [pattern];
    for (const p of expanded) for (const file of matching(root, p)) out.push([file, schema]);
  }
  return out;
}

/** The language directories (zh-Hant, en, …) under a content directory. */
function languageDirs(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** "dir/*.json" or "dir/ch02*.json" → existing files, sorted; a plain path → itself if it exists. */
function matching(root, pattern) {
  const dir = path.posix.dirname(pattern);
  const base = path.posix.basename(pattern);
  // A folder with a wildcard (content/messages/<lang>/*/*.json): each folder it matches.
  if (dir.includes('*')) return matching(root, dir).flatMap((d) => matching(root, `${d}/${base}`));
  if (!base.includes('*')) return existsSync(path.join(root, pattern)) ? [pattern] : [];
  if (!existsSync(path.join(root, dir)) || !statSync(path.join(root, dir)).isDirectory()) return [];
  const re = new RegExp(`^${base.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return readdirSync(path.join(root, dir))
    .filter((f) => re.test(f))
    .sort()
    .map((f) => `${dir}/${f}`);
}

function readJson(root, file) {
  const text = readFileSync(path.join(root, file), 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON (${error.message})`);
  }
}

/** One line per problem: "file: /json/pointer: what is wrong". */
function describe(file, errors) {
  return errors.map((e) => {
    const at = e.instancePath || '/';
    const detail = e.params?.allowedValues
      ? ` (${e.params.allowedValues.join(', ')})`
      : e.params?.additionalProperty
        ? `: "${e.params.additionalProperty}"`
        : '';
    return `${file}: ${at}: ${e.message}${detail}`;
  });
}

/** Problems of one file against its schema (empty when it conforms). */
export function fileProblems(ajv, file, schema, data) {
  const expected = path.posix.relative(path.posix.dirname(file), `content/schemas/${schema}.schema.json`);
  const named = typeof data?.$schema === 'string' ? path.posix.normalize(data.$schema) : null;
  if (named !== expected) return [`${file}: "$schema" must be "${expected}" (found ${JSON.stringify(data?.$schema ?? null)})`];
  const validate = ajv.getSchema(`${schema}.schema.json`);
  if (!validate) return [`content/schemas/${schema}.schema.json does not exist`];
  return validate(data) ? [] : describe(file, validate.errors ?? []);
}

/** Check every content file; throws a ContentError listing every problem. */
export function checkContent(root) {
  const ajv = loadSchemas(root);
  const problems = contentFiles(root).flatMap(([file, schema]) => fileProblems(ajv, file, schema, readJson(root, file)));
  if (problems.length) throw new ContentError(`content does not match content/schemas:\n  ${problems.join('\n  ')}`);
}
