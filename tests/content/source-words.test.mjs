// The core's sentences live in its catalogs (content/messages/<lang>/), never
// in C++: a string literal in src/ with a Chinese character is an input
// token the answer checker or the ledger reads (萬, 億, 約, 位元組…) or a
// number format's magnitude word, in the few files that read or write them;
// anywhere else it is a sentence only zh-Hant readers would get.
// tests/core/words_test.cpp holds src/core, src/api and src/cli to this;
// here the answer checker (src/answer) and the WASM module (src/wasm).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;

// Where Chinese characters in literals are words a reader types or a number format writes.
const TOKENS = new Map([
  ['src/answer/forms.hpp', 'magnitude words read in every edition (萬 億 兆 万 亿)'],
  ['src/answer/lexer.cpp', 'unit and counter words a learner types (位元組, 個參數…)'],
  ['src/answer/text.cpp', 'the 約/大約 a learner writes before a number'],
]);

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(cpp|hpp)$/.test(entry.name) ? [rel] : [];
  });
}

/** The string literals of a C++ source (plain and raw), comments skipped. */
export function stringLiterals(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('//', i)) i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i + 2) + 2;
    else if (text[i] === "'" && !(/[0-9a-fA-F]/.test(text[i - 1] ?? '') && /[0-9a-fA-F]/.test(text[i + 1] ?? ''))) {
      // A character literal (not a digit separator such as 1'000).
      let j = i + 1;
      while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
    } else if (text[i] === 'R' && text[i + 1] === '"' && !/[0-9A-Za-z_]/.test(text[i - 1] ?? '')) {
      const open = text.indexOf('(', i);
      const close = `)${text.slice(i + 2, open)}"`;
      const end = text.indexOf(close, open);
      out.push(text.slice(open + 1, end));
      i = end + close.length;
    } else if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i + 1, j));
      i = j + 1;
    } else i += 1;
  }
  return out;
}

test('the literal reader finds strings, raw strings and skips comments', () => {
  const source = '// "註解"\nconst char* a = "句子"; /* "不是" */ auto b = R"x(原文 "引號")x"; int n = 1\'000; char c = \'"\'; auto w = U\'萬\'; auto t = U"約";';
  assert.deepEqual(stringLiterals(source), ['句子', '原文 "引號"', '約']);
});

test('no C++ string literal of the checker or the WASM module outside the token readers has a Chinese character', () => {
  const found = [];
  for (const file of ['src/answer', 'src/wasm'].flatMap((dir) => sourceFiles(dir))) {
    if (TOKENS.has(file)) continue;
    for (const literal of stringLiterals(readFileSync(path.join(root, file), 'utf8'))) {
      if (HAN.test(literal)) found.push(`${file}: "${literal.slice(0, 60)}"`);
    }
  }
  assert.deepEqual(found, []);
});

test('the token readers still hold tokens (the list names real files)', () => {
  for (const file of TOKENS.keys()) {
    const literals = stringLiterals(readFileSync(path.join(root, file), 'utf8'));
    assert.ok(
      literals.some((l) => HAN.test(l)),
      `${file} has no Chinese literal left: drop it from TOKENS`,
    );
  }
});
