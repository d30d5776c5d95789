// The answer checker's words (content/messages/<lang>/answer.json): the
// English file has every key of the Traditional one with the same {params},
// and no Chinese except the input forms it names as typeable (萬, 億).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (lang) => JSON.parse(readFileSync(path.join(root, `content/messages/${lang}/answer.json`), 'utf8'));
const slots = (s) => [...new Set([...s.matchAll(/\{([a-z][a-z0-9_]*)\}/g)].map((m) => m[1]))].sort();

test('answer.json: English has the same keys and parameters as zh-Hant', () => {
  const zh = read('zh-Hant');
  const en = read('en');
  assert.equal(zh.lang, 'zh-Hant');
  assert.equal(en.lang, 'en');
  assert.deepEqual(Object.keys(en.messages).sort(), Object.keys(zh.messages).sort());
  for (const [key, text] of Object.entries(zh.messages)) {
    assert.deepEqual(slots(en.messages[key]), slots(text), key);
  }
  assert.ok(Object.keys(zh.messages).length >= 100);
});

test('answer.json: English words carry no Chinese beyond the forms a reader may type', () => {
  const { messages } = read('en');
  for (const [key, text] of Object.entries(messages)) {
    const cjk = text.replace(/萬|億/g, '').match(/[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/u);
    assert.equal(cjk, null, `${key}: ${text}`);
  }
});
