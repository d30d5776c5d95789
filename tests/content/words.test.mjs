// The words domain of the message catalog (content/messages/<lang>/words.json):
// the labels, units, stage names, explanation sentences and reproduce output
// the core composes. English has every code zh-Hant has, with the same
// parameters and no Chinese left in it, and every code is used by the sources.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const words = (lang) => JSON.parse(readFileSync(path.join(root, 'content/messages', lang, 'words.json'), 'utf8'));
const zh = words('zh-Hant');
const en = words('en');
const slots = (s) => [...new Set([...s.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]))].sort();

function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(p));
    else if (/\.(cpp|hpp)$/.test(entry.name)) out.push(readFileSync(p, 'utf8'));
  }
  return out;
}

test('each file names its language and the shared schema', () => {
  assert.equal(zh.lang, 'zh-Hant');
  assert.equal(en.lang, 'en');
  assert.equal(zh.$schema, '../../schemas/messages.schema.json');
  assert.equal(en.$schema, zh.$schema);
  assert.ok(Object.keys(zh.messages).length >= 300, 'the core composes a few hundred words');
});

test('English has exactly the zh-Hant codes, each with the same parameters', () => {
  assert.deepEqual(Object.keys(en.messages).sort(), Object.keys(zh.messages).sort());
  for (const [code, text] of Object.entries(zh.messages)) {
    assert.deepEqual(slots(en.messages[code]), slots(text), code);
    assert.ok(en.messages[code].trim().length > 0, code);
  }
});

test('English words hold no Chinese characters or full-width punctuation', () => {
  const chinese = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff01-\uff5e]/u;
  for (const [code, text] of Object.entries(en.messages)) assert.doesNotMatch(text, chinese, code);
});

test('every words code is used by the sources, as tally::msg::<code>', () => {
  const text = sources(path.join(root, 'src')).join('\n');
  const used = new Set([...text.matchAll(/msg::([a-z][a-z0-9_]*)/g)].map((m) => m[1]));
  const unused = Object.keys(zh.messages).filter((code) => !used.has(code));
  assert.deepEqual(unused, []);
});

test('a template keeps what the zh-Hant text keeps verbatim: formulas, units and ids', () => {
  // Spot checks of the English: the formula symbols and ids a reader matches
  // against the pages stay as they are.
  assert.equal(en.messages.formula_v4_buffer, zh.messages.formula_v4_buffer);
  assert.match(en.messages.how_crossover_batch, /^B\* = ⌈R_W ÷ \(c_KV·H\)⌉/);
  assert.equal(en.messages.row_lm_head, 'Vocabulary head: turning into token scores');
  assert.equal(en.messages.state_kv, 'K and V cache');
});
