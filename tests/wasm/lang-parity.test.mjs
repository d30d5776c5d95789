// Numbers are identical across languages; only words differ. The whole
// parity grid, asked in en and zh-Hans, must answer like zh-Hant in every
// number, flag, exact value, key and list length, and with the same error
// codes, fields and word-free parameters. And the WASM module and the native
// CLI stay byte-identical in every language.
import assert from 'node:assert/strict';
import test from 'node:test';

import { loadEngine, nativeResponses } from './engine.mjs';
import { requestGrid } from './grid.mjs';
import { twoBadFieldGrid } from './grid-two-bad.mjs';

const engine = await loadEngine();
const grid = [...requestGrid(), ...twoBadFieldGrid()];
const OTHER_LANGS = ['en', 'zh-Hans'];

// CJK ideographs and CJK/full-width punctuation ("、", "（"): a string with
// any is words. Without, it must not change with the language.
const WORDS = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u;
// An exact value or ratio as the core writes it past 2^53: never words.
const EXACT = /^-?\d+(\/\d+)?$/;

/**
 * The request text with "lang" written first: its own text otherwise kept
 * as it is (a repeated key stays repeated). Texts that are no JSON object
 * stay as they are.
 */
function inLang(text, lang) {
  let request;
  try {
    request = JSON.parse(text);
  } catch {
    return text;
  }
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return text;
  const open = text.indexOf('{');
  const empty = Object.keys(request).length === 0 && !/"/.test(text);
  return `${text.slice(0, open + 1)}"lang":${JSON.stringify(lang)}${empty ? '' : ','}${text.slice(open + 1)}`;
}

// Codes of texts refused while being read, before a language can be.
const BEFORE_LANG = new Set([
  'request_invalid_json',
  'request_too_large',
  'request_not_object',
  'json_duplicate_key',
  'json_too_deep',
  'json_too_many_elements',
  'json_too_many_members',
]);

/** Every difference between two responses that is not a difference of words, as "path: a ≠ b". */
function numericDifferences(a, b, at = '$', out = []) {
  if (typeof a === 'string' && typeof b === 'string') {
    // A zh-Hant string without words (an exact value, an id, "133.59 TFLOPs")
    // is the same in every language; messages are words by definition.
    const words = WORDS.test(a) || at.endsWith('.message') || at.endsWith('.detail');
    if (a !== b && (EXACT.test(a) || !words)) out.push(`${at}: ${a} ≠ ${b}`);
    return out;
  }
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) {
    out.push(`${at}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`);
    return out;
  }
  if (Array.isArray(a)) {
    if (a.length !== b.length) out.push(`${at}: ${a.length} items ≠ ${b.length}`);
    else a.forEach((x, i) => numericDifferences(x, b[i], `${at}[${i}]`, out));
    return out;
  }
  if (a !== null && typeof a === 'object') {
    const keys = Object.keys(a);
    if (keys.join() !== Object.keys(b).join()) out.push(`${at}: keys ${keys} ≠ ${Object.keys(b)}`);
    else for (const k of keys) numericDifferences(a[k], b[k], `${at}.${k}`, out);
    return out;
  }
  if (a !== b) out.push(`${at}: ${a} ≠ ${b}`);
  return out;
}

const reference = grid.map((r) => engine.evaluate(r));

for (const lang of OTHER_LANGS) {
  test(`${lang}: the whole grid has zh-Hant's numbers, keys, codes and fields`, () => {
    let numbers = 0;
    let refused = 0;
    grid.forEach((request, i) => {
      const hant = JSON.parse(reference[i]);
      const other = JSON.parse(engine.evaluate(inLang(request, lang)));
      assert.equal(other.ok, hant.ok, `request ${i}: ${request}`);
      assert.deepEqual(numericDifferences(hant, other), [], `request ${i}: ${request}`);
      if (hant.ok) numbers += 1;
      else {
        refused += 1;
        assert.equal(other.error.code, hant.error.code, `request ${i}`);
        assert.equal(other.error.field, hant.error.field, `request ${i}`);
        assert.deepEqual(Object.keys(other.error.params), Object.keys(hant.error.params), `request ${i}`);
      }
    });
    assert.ok(numbers >= 175, `only ${numbers} answered requests`);
    assert.ok(refused >= 25, `only ${refused} refused requests`);
  });
}

test('en: refusals are in English (no CJK in any message) and zh-Hans in Simplified', () => {
  let checked = 0;
  grid.forEach((request, i) => {
    const hant = JSON.parse(reference[i]);
    if (hant.ok || BEFORE_LANG.has(hant.error.code)) return;
    const en = JSON.parse(engine.evaluate(inLang(request, 'en')));
    // A parameter composed outside the catalog (the answer checker's problems) may still be Chinese: only the template's own words count here.
    const ownWords = Object.values(en.error.params).reduce((text, value) => text.split(value).join(''), en.error.message);
    assert.doesNotMatch(ownWords, WORDS, `request ${i}: ${en.error.message}`);
    checked += 1;
  });
  assert.ok(checked >= 25);
  const hans = JSON.parse(engine.evaluate('{"op":"forward","model":"qwen3-8b","input":0,"lang":"zh-Hans"}'));
  assert.match(hans.error.message, /^input（本次输入 P）超出范围/);
});

test("lang is every request's field: absent is zh-Hant, and other values are refused by name", () => {
  const plain = engine.evaluate('{"op":"forward","model":"qwen3-8b","input":0}');
  assert.equal(engine.evaluate('{"op":"forward","model":"qwen3-8b","input":0,"lang":"zh-Hant"}'), plain);
  for (const bad of ['"fr"', '"en-US"', '1', 'null']) {
    const e = JSON.parse(engine.evaluate(`{"op":"catalog","lang":${bad}}`)).error;
    assert.equal(e.code, 'lang_unknown', bad);
    assert.equal(e.field, 'lang');
    assert.equal(e.params.received, bad);
  }
});

test('the WASM module and `tally eval` answer byte-identically in every language', () => {
  for (const lang of OTHER_LANGS) {
    const requests = grid.map((r) => inLang(r, lang));
    const native = nativeResponses(requests);
    requests.forEach((request, i) => assert.equal(engine.evaluate(request), native[i], `${lang} request ${i}: ${request}`));
  }
});

test("the CLI takes --lang with any command; a request's own lang wins", async () => {
  const { spawnSync } = await import('node:child_process');
  const { tallyBin } = await import('./engine.mjs');
  const run = (args, input) => spawnSync(tallyBin, args, { input, encoding: 'utf8' });
  const op = run(['forward', '--model', 'qwen3-8b', '--input', '0', '--lang', 'en']);
  assert.equal(op.status, 2);
  assert.match(op.stderr, /^tally: --input: input \(new input P\) is out of range; received 0;/);
  const evalEn = run(['eval', '--lang', 'en'], '{"op":"fly"}');
  assert.equal(JSON.parse(evalEn.stdout).error.message.split(';')[0], 'Unknown op "fly"');
  const own = run(['eval', '--lang', 'en'], '{"op":"fly","lang":"zh-Hans"}');
  assert.match(JSON.parse(own.stdout).error.message, /^未知的 op/);
  const bad = run(['schema', '--lang', 'xx']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /lang_unknown|--lang（回應的語言）只可為/);
  const hant = run(['forward', '--model', 'qwen3-8b', '--input', '8192']);
  const en = run(['forward', '--model', 'qwen3-8b', '--input', '8192', '--lang', 'en']);
  assert.equal(JSON.parse(en.stdout).result.total, JSON.parse(hant.stdout).result.total);
});
