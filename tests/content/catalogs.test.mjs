// The core's message catalogs in the three languages (scripts/i18n/catalogs.mjs):
// the same keys and {params} everywhere, English in English, zh-Hans generated
// and free of Traditional-only characters and Taiwanese terms, and the
// checker finds a missing key, an extra key and a changed {param}.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';

import { catalogFileFor, catalogFor, codesDigest, codesInOrder, catalogProblems, checkedCatalogs, contentWordsFor, LANGS, root, slotsOf, writeBrowserCatalogs } from '../../scripts/i18n/catalogs.mjs';
import { taiwaneseTermsIn, toHans, traditionalOnlyCharacters } from '../../scripts/i18n/hans.mjs';

const catalogs = checkedCatalogs();
const reference = catalogs['zh-Hant'].messages;
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u;

test('every language has exactly the zh-Hant keys, each with the same {params}', () => {
  assert.ok(Object.keys(reference).length >= 190);
  for (const lang of LANGS) {
    const own = catalogs[lang].messages;
    assert.deepEqual(Object.keys(own).sort(), Object.keys(reference).sort(), lang);
    for (const [code, text] of Object.entries(reference)) assert.deepEqual(slotsOf(own[code]), slotsOf(text), `${lang} ${code}`);
  }
});

test('every domain file of zh-Hant has its English file (errors, fields, words, …)', () => {
  const files = (lang) => readdirSync(path.join(root, 'content/messages', lang)).filter((f) => f.endsWith('.json')).sort();
  assert.deepEqual(files('en'), files('zh-Hant'));
  assert.ok(files('zh-Hant').includes('errors.json'));
  for (const f of files('en')) assert.equal(JSON.parse(readFileSync(path.join(root, 'content/messages/en', f), 'utf8')).lang, 'en', f);
});

test('English templates are English: no CJK character, and none left equal to the Chinese', () => {
  for (const [code, text] of Object.entries(catalogs.en.messages)) {
    assert.doesNotMatch(text, CJK, code);
    if (CJK.test(reference[code])) assert.notEqual(text, reference[code], code);
  }
});

test('zh-Hans is toHans(zh-Hant), with no Traditional-only character and no Taiwanese term', () => {
  for (const [code, text] of Object.entries(catalogs['zh-Hans'].messages)) {
    assert.equal(text, toHans(reference[code]), code);
    assert.deepEqual(traditionalOnlyCharacters(text), [], `${code}: ${text}`);
    assert.deepEqual(taiwaneseTermsIn(text), [], `${code}: ${text}`);
  }
  assert.equal(catalogs['zh-Hans'].messages.field_missing, '缺少必填字段 {label}');
});

test('the checker names a missing key, an extra key and a changed {param}', () => {
  const copy = (lang) => ({ lang, messages: { ...catalogs[lang].messages } });
  const broken = { 'zh-Hant': catalogs['zh-Hant'], 'zh-Hans': copy('zh-Hans'), en: copy('en') };
  delete broken.en.messages.field_missing;
  broken.en.messages.made_up = 'x';
  broken['zh-Hans'].messages.op_unknown = '未知的 op {operation}';
  const problems = catalogProblems(broken, null);
  assert.deepEqual(problems.sort(), [
    'en: "field_missing" is missing',
    'en: "made_up" is not in zh-Hant',
    'zh-Hans: "op_unknown" has params {operation}, zh-Hant has {op, ops}',
  ]);
  assert.deepEqual(catalogProblems(catalogs), []);
});

test('the site build writes one catalog per language next to the core, as the browser loads it', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'tally-catalogs-'));
  try {
    const wasm = 'wasm/tally_web.0123456789.wasm';
    assert.equal(catalogFileFor(wasm, 'en'), 'wasm/messages-en.0123456789.json');
    assert.equal(catalogFileFor('core/tally_web.wasm', 'zh-Hans'), 'core/messages-zh-Hans.json');
    assert.throws(() => catalogFileFor('wasm/tally_web.mjs', 'en'));
    writeBrowserCatalogs(out, wasm);
    assert.deepEqual(readdirSync(path.join(out, 'wasm')).sort(), LANGS.map((lang) => `messages-${lang}.0123456789.json`).sort());
    for (const lang of LANGS) {
      const written = JSON.parse(readFileSync(path.join(out, catalogFileFor(wasm, lang)), 'utf8'));
      const { words } = contentWordsFor(lang);
      const { messages } = catalogFor(lang);
      const codes = codesInOrder(messages);
      assert.equal(written.lang, lang);
      assert.deepEqual(written.codes, codes);
      assert.equal(written.codes_digest, codesDigest(codes));
      assert.equal(written.messages.length, codes.length);
      assert.equal(written.details.length, codes.length);
      // Each code's text at its place, the command line's words left out.
      codes.forEach((code, i) => {
        assert.equal(written.messages[i], code.startsWith('cli_') ? '' : messages[code], code);
        assert.equal(written.details[i], code.startsWith('cli_') ? '' : (messages[`${code}.detail`] ?? ''), code);
      });
      assert.deepEqual(written.content, lang === 'zh-Hant' ? undefined : words);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
