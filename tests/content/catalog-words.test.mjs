// The words of the content the core compiles in (content/models, hardware,
// dtypes.json, model_sets.json: group names, notes, format and set names):
// every string of theirs a reader can see has its English, in English; zh-Hans
// is toHans() and free of Traditional-only characters; the catalogs the core
// and the browser get carry them; and a missing English string is named (so
// the configure step fails on it, scripts/i18n/catalogs.mjs).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';

import { browserCatalogs, checkedCatalogs, contentWordsFor, coreContentFiles, embeddedWords, root } from '../../scripts/i18n/catalogs.mjs';
import { taiwaneseTermsIn, toHans, traditionalOnlyCharacters } from '../../scripts/i18n/hans.mjs';

const CJK = /[\u3000-\u303f\u30fb\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/** Every CJK string of the core's content files, provenance included, by file. */
function allStrings(value, out = new Set()) {
  if (typeof value === 'string') {
    if (CJK.test(value)) out.add(value);
  } else if (value && typeof value === 'object') for (const item of Object.values(value)) allStrings(item, out);
  return out;
}

test('the core compiles in every model, GPU, format and model set file', () => {
  const files = coreContentFiles();
  assert.ok(files.filter((f) => f.startsWith('content/models/')).length >= 11);
  assert.ok(files.filter((f) => f.startsWith('content/hardware/')).length >= 4);
  assert.ok(files.includes('content/dtypes.json') && files.includes('content/model_sets.json'));
});

test('every string of the core catalogs has its English, without CJK (provenance included)', () => {
  let count = 0;
  for (const file of coreContentFiles()) {
    const english = read(`content/i18n/en/${file.slice('content/'.length)}`).strings;
    for (const text of allStrings(read(file))) {
      count += 1;
      assert.equal(typeof english[text], 'string', `${file}: "${text}" has no English`);
      assert.notEqual(english[text].trim(), '', `${file}: "${text}" has an empty English`);
      assert.doesNotMatch(english[text], CJK, `${file}: the English of "${text}"`);
    }
  }
  assert.ok(count >= 50, `${count} strings`);
});

test('the words the core shows: group names, a partial note, format and set names, not provenance', () => {
  const words = embeddedWords(read('content/models/deepseek-v3.json'));
  assert.deepEqual([...words], ['MLA＋稠密 FFN（前三層）', 'MLA＋MoE']);
  assert.deepEqual([...embeddedWords(read('content/hardware/h200.json'))], []); // only its source has CJK
  const en = contentWordsFor('en');
  assert.deepEqual(en.problems, []);
  assert.equal(en.words['FP8（逐張量 scale，不計）'], 'FP8 (per-tensor scale, not counted)');
  assert.equal(en.words['第 2 章的五個模型'], 'The five models of Chapter 2');
  assert.ok(Object.keys(en.words).length >= 25);
  assert.deepEqual(contentWordsFor('zh-Hant'), { words: {}, problems: [] });
});

test('zh-Hans content words are toHans() of zh-Hant, with no Traditional-only character and no Taiwanese term', () => {
  const { words, problems } = contentWordsFor('zh-Hans');
  assert.deepEqual(problems, []);
  assert.deepEqual(Object.keys(words).sort(), Object.keys(contentWordsFor('en').words).sort());
  for (const [hant, hans] of Object.entries(words)) {
    assert.equal(hans, toHans(hant));
    assert.deepEqual(traditionalOnlyCharacters(hans), [], hans);
    assert.deepEqual(taiwaneseTermsIn(hans), [], hans);
  }
  assert.equal(words['線性注意力＋MoE'], '线性注意力＋MoE');
});

test('the catalogs for cmake and for the browser carry the content words (zh-Hant: none to carry)', () => {
  const catalogs = checkedCatalogs();
  assert.deepEqual(catalogs.en.content, contentWordsFor('en').words);
  assert.deepEqual(catalogs['zh-Hant'].content, {});
  const browser = Object.fromEntries(Object.entries(browserCatalogs()).map(([lang, text]) => [lang, JSON.parse(text)]));
  assert.equal(browser.en.content['GQA＋SwiGLU'], 'GQA + SwiGLU');
  assert.equal(browser['zh-Hans'].content['KDA＋潛空間 MoE'], 'KDA＋潜空间 MoE');
  assert.equal('content' in browser['zh-Hant'], false);
});

test('a missing or untranslated English string is named, and fails the checked catalogs', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tally-catalog-words-'));
  try {
    for (const sub of ['content/models', 'content/hardware', 'content/messages', 'content/i18n/en', 'content/i18n/zh-Hans']) {
      cpSync(path.join(root, sub), path.join(dir, sub), { recursive: true });
    }
    for (const file of ['content/dtypes.json', 'content/model_sets.json']) cpSync(path.join(root, file), path.join(dir, file));
    const mapFile = path.join(dir, 'content/i18n/en/dtypes.json');
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    delete map.strings['FP8（逐張量 scale，不計）'];
    map.strings['INT4（每 128 值一個 FP16 scale）'] = 'INT4（每 128 個值）';
    writeFileSync(mapFile, JSON.stringify(map));
    assert.deepEqual(contentWordsFor('en', dir).problems, [
      'en: content/dtypes.json: "FP8（逐張量 scale，不計）" has no English',
      'en: content/dtypes.json: the English of "INT4（每 128 值一個 FP16 scale）" has CJK: "INT4（每 128 個值）"',
    ]);
    assert.throws(() => checkedCatalogs(dir), /"FP8（逐張量 scale，不計）" has no English/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
