// The browser's module (tally_web) ships no catalog: it renders the words
// of the catalog a page hands it (Module.setMessages, src/wasm/
// messages_loaded.cpp). Loaded with the same catalog the site build writes,
// it must answer the grid byte for byte like the Node module, which has all
// three compiled in; and it refuses a catalog that is not one, or is stale.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import test from 'node:test';

import { browserCatalogs } from '../../scripts/i18n/catalogs.mjs';
import { loadEngine, root } from './engine.mjs';
import { requestGrid } from './grid.mjs';

// Codes of texts refused while parsing, before the request's language is known.
const BEFORE_LANG = new Set([
  'request_invalid_json',
  'request_not_object',
  'request_too_large',
  'json_duplicate_key',
  'json_too_deep',
  'json_too_many_elements',
  'json_too_many_members',
]);

const wasmDir = path.resolve(root, process.env.TALLY_WASM_DIR ?? 'build/wasm');

// The web build knows only browsers and workers: this process poses as a
// worker (the page runs the core in one, runtime/core-worker.js).
async function loadWebModule() {
  globalThis.importScripts = () => undefined;
  globalThis.self = globalThis;
  globalThis.location = { href: `file://${wasmDir}/` };
  const { default: createTally } = await import(path.join(wasmDir, 'tally_web.mjs'));
  const compiled = await WebAssembly.compile(fs.readFileSync(path.join(wasmDir, 'tally_web.wasm')));
  return createTally({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {};
    },
  });
}

const node = await loadEngine();
const catalogs = browserCatalogs();
const grid = requestGrid();
/** The request with "lang" added; null for the grid's texts that are no JSON object. */
function withLang(text, lang) {
  try {
    const request = JSON.parse(text);
    return request && typeof request === 'object' && !Array.isArray(request) ? JSON.stringify({ ...request, lang }) : null;
  } catch {
    return null;
  }
}

// The module has no table of codes and no models of its own (both come with
// the catalog), so before any catalog a request is refused, and the error
// says only that, with its parameters.
test('before its catalog, the browser module refuses with a fixed code; with it, it answers', async () => {
  const web = await loadWebModule();
  const early = JSON.parse(web.evaluate('{"op":"forward","model":"qwen3-8b","input":0}'));
  assert.equal(early.ok, false);
  assert.equal(early.error.code, 'catalog_not_loaded');
  assert.equal(early.error.message, 'catalog_not_loaded');
  assert.equal(web.setMessages(catalogs['zh-Hant']), true);
  const bad = JSON.parse(web.evaluate('{"op":"forward","model":"qwen3-8b","input":0}'));
  assert.equal(bad.error.code, 'field_out_of_range');
  assert.equal(bad.error.field, 'input');
  assert.equal(bad.error.params.received, '0');
  const good = JSON.parse(web.evaluate('{"op":"forward","model":"qwen3-8b","input":8192}'));
  assert.equal(good.result.total, 133594323353600);
});

test('it refuses what is not a current catalog, and keeps what it had', async () => {
  const web = await loadWebModule();
  assert.equal(web.setMessages(catalogs.en), true);
  const english = web.evaluate('{"op":"fly"}');
  const edited = (change) => {
    const catalog = JSON.parse(catalogs['zh-Hant']);
    change(catalog);
    return JSON.stringify(catalog);
  };
  const refused = [
    '',
    'null',
    '{"lang":"fr","messages":{}}',
    catalogs.en.replace('"lang":"en"', '"lang":"de"'),
    edited((c) => c.messages.pop()), // a message short
    edited((c) => c.details.push('')), // a detail too many
    edited((c) => (c.messages[3] = 7)), // not a text
    edited((c) => (c.codes_digest = '0123456789abcdef')), // another build's codes
    edited((c) => delete c.codes),
    edited((c) => delete c.files),
    edited((c) => (c.files[0] = ['models', 'x.json'])), // a file without its text
  ];
  for (const text of refused) {
    assert.equal(web.setMessages(text), false, text.slice(0, 40));
    assert.equal(web.evaluate('{"op":"fly"}'), english);
  }
  assert.match(JSON.parse(english).error.message, /^Unknown op "fly"; available: catalog, params/);
});

test("the catalog's content words name models and formats in its language; a catalog without them is refused", async () => {
  const web = await loadWebModule();
  const fp8 = (answer) => JSON.parse(answer).result.dtypes.find((d) => d.id === 'fp8').name;
  const noWords = JSON.parse(catalogs.en);
  delete noWords.content;
  assert.equal(web.setMessages(JSON.stringify(noWords)), false);
  assert.deepEqual(JSON.parse(web.evaluate('{"op":"catalog","lang":"en"}')).result.dtypes, []); // no catalog yet: no formats to list
  assert.equal(web.setMessages(catalogs.en), true);
  assert.equal(fp8(web.evaluate('{"op":"catalog"}')), 'FP8 (per-tensor scale, not counted)');
  assert.equal(web.evaluate('{"op":"catalog"}'), node.evaluate('{"op":"catalog","lang":"en"}'));
  assert.equal(fp8(web.evaluate('{"op":"catalog","lang":"zh-Hant"}')), 'FP8（逐張量 scale，不計）');
  const v3 = JSON.parse(web.evaluate('{"op":"params","model":"deepseek-v3"}')).result;
  assert.equal(v3.architecture.groups[0].name, 'MLA + dense FFN (first three layers)');
});

/** The op a request names, when it is a JSON object that names one. */
function opOf(request) {
  try {
    return JSON.parse(request)?.op;
  } catch {
    return undefined;
  }
}
const pick = (error) => [error.code, error.field, error.params.op];

// A draft chapter's ops (content/book.json "draft") are the Node module's
// and the CLI's only: the page's module lists the published chapters'
// (cmake/book_chapters.cmake PUBLISHED). Their names, from the chapter's op
// folder, where each `const OpDef kXOp = {"x", …}` is declared.
function draftOps() {
  const book = JSON.parse(fs.readFileSync(path.join(root, 'content/book.json'), 'utf8'));
  const names = new Set();
  for (const chapter of book.chapters.filter((c) => c.draft === true)) {
    const dir = path.join(root, 'src/api/ops', chapter.id);
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpp'))) {
      for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/const OpDef k\w+Op = \{"(\w+)"/g)) names.add(m[1]);
    }
  }
  return names;
}

for (const lang of ['zh-Hant', 'zh-Hans', 'en']) {
  test(`with the ${lang} catalog it answers the grid exactly as the Node module does`, async () => {
    const web = await loadWebModule();
    assert.equal(web.setMessages(catalogs[lang]), true);
    let refused = 0;
    // The page's module serves the book's published ops in the Node module's
    // order (one list, cmake/book_chapters.cmake): every published chapter's,
    // the importer too; a draft chapter's stay out.
    const webOps = JSON.parse(web.evaluate('{"op":"?"}')).error.params.ops.split(/[、,] ?/);
    const nodeOps = JSON.parse(node.evaluate('{"op":"?"}')).error.params.ops.split(/[、,] ?/);
    const drafts = draftOps();
    assert.deepEqual(
      webOps,
      nodeOps.filter((op) => !drafts.has(op)),
    );
    for (const op of drafts) assert.ok(nodeOps.includes(op), `${op}: a draft's op the Node module should serve`);
    assert.ok(
      ['state_curve', 'fluid_backlog', 'import_hf_config', 'moe_training'].every((op) => webOps.includes(op)),
      webOps.join(' '),
    );
    for (const request of grid) {
      const asked = withLang(request, lang) ?? request;
      const answer = web.evaluate(asked);
      const expected = node.evaluate(asked);
      const op = opOf(asked);
      if (typeof op === 'string' && !webOps.includes(op)) {
        assert.equal(JSON.parse(answer).error?.code, 'op_unknown', asked);
        continue;
      }
      if (answer !== expected && ['op_unknown', 'op_missing'].includes(JSON.parse(expected).error?.code)) {
        assert.deepEqual(pick(JSON.parse(answer).error), pick(JSON.parse(expected).error), asked);
        refused += 1;
        continue;
      }
      if (answer !== expected && lang !== 'zh-Hant') {
        // A text refused before its "lang" can be read is in the module's
        // default: the page's language here, zh-Hant in the Node module.
        const [a, b] = [JSON.parse(answer).error, JSON.parse(expected).error];
        assert.ok(BEFORE_LANG.has(a.code), `${a.code}: ${asked.slice(0, 80)}`);
        assert.deepEqual([a.code, a.field, a.params], [b.code, b.field, b.params]);
      } else assert.equal(answer, expected, asked);
      if (asked !== request) {
        // The catalog's language is the module's default from now on.
        assert.equal(web.evaluate(request), answer, request);
      }
      refused += JSON.parse(answer).ok ? 0 : 1;
    }
    assert.ok(refused >= 25);
  });
}
