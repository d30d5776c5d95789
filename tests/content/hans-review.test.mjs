// The zh-Hans glossary against the book's own Simplified wording (issue 39,
// item 2). OpenCC's Taiwan→Mainland phrase table maps words by Taiwan usage
// (序列 → 串行, 指標 → 指针, 檔 → 档): right for Taiwanese computing prose,
// wrong wherever the book writes the plain character conversion. For every
// phrase of that table our zh-Hant text holds, the book's zh-Hans chapters
// decide: where they write the plain conversion more often than OpenCC's
// phrase, the glossary must map the word, or list it under "kept" with why
// OpenCC's word is right for our sense.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import * as OpenCC from 'opencc-js';

import { bookWords, taiwanPhrases } from '../../scripts/i18n/book-words.mjs';
import { toHans } from '../../scripts/i18n/hans.mjs';
import { messageFiles } from '../../scripts/messages-catalog.mjs';
import { contentJsonFiles, translatableStrings } from '../../scripts/i18n/strings.mjs';
import { contentMarkdownFiles } from '../../web/scripts/editions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const reviewed = JSON.parse(read('content/i18n/zh-Hans/glossary.json'));
// How often the book's zh-Hans chapters 2 and 3 write a word: a fixture made from ../shared/book (scripts/i18n/book-words.mjs).
const { count } = bookWords();

/** Every Traditional text the zh-Hans edition is made from: pages, content strings, the core's messages. */
async function traditionalText() {
  const parts = [];
  for (const file of await contentMarkdownFiles()) parts.push(read(file));
  for (const file of contentJsonFiles()) parts.push(...translatableStrings(JSON.parse(read(file))));
  const messages = 'content/messages/zh-Hant';
  for (const file of messageFiles(root, 'zh-Hant')) parts.push(...translatableStrings(JSON.parse(read(`${messages}/${file}`))));
  return parts.join('\n');
}

/** The text with every glossary word taken out: what is left goes through OpenCC's phrases. */
function outsideGlossary(text) {
  const words = Object.keys({ ...reviewed.terms, ...reviewed.standard }).sort((a, b) => b.length - a.length);
  return words.reduce((left, word) => left.split(word).join('\n'), text);
}


test('every OpenCC Taiwan phrase in our text that the book writes otherwise is mapped or kept with a reason', async () => {
  const plain = OpenCC.Converter({ from: 't', to: 'cn' });
  const left = outsideGlossary(await traditionalText());
  const found = taiwanPhrases().filter((phrase) => left.includes(phrase));
  assert.ok(found.length > 50, `only ${found.length} Taiwan phrases found: is the text read?`);
  const unreviewed = found
    .map((phrase) => ({ phrase, ours: toHans(phrase), plain: plain(phrase) }))
    .filter(({ ours, plain: p }) => ours !== p && count(p) > count(ours))
    .filter(({ phrase }) => !(phrase in reviewed.kept))
    .map(({ phrase, ours, plain: p }) => `${phrase}: OpenCC ${ours} (book ×${count(ours)}), plain ${p} (book ×${count(p)})`);
  assert.deepEqual(unreviewed, []);
});

test('each kept phrase is still in our text and still differs from the book, and says why', async () => {
  const left = outsideGlossary(await traditionalText());
  for (const [phrase, why] of Object.entries(reviewed.kept)) {
    assert.ok(left.includes(phrase), `${phrase} is no longer in the text: drop it from "kept"`);
    assert.ok(why.length > 20 && why.includes(toHans(phrase)), `${phrase}: the reason names OpenCC's word ${toHans(phrase)}`);
  }
});

test('the words issue 39 found converted by Taiwan usage read as the book writes them', () => {
  assert.equal(toHans('2.1.1 序列依賴與因果計算圖'), '2.1.1 序列依赖与因果计算图'); // OpenCC alone: 串行依赖
  assert.equal(toHans('至多 64 條序列'), '至多 64 条序列');
  assert.equal(toHans('寫檔、跑測試'), '写文件、跑测试'); // OpenCC alone: 写档
  assert.equal(toHans('本頁匯出的進度檔'), '本页导出的进度文件');
  assert.equal(toHans('檔案超過上限'), '文件超过上限');
  assert.equal(toHans('三個指標'), '三个指标'); // OpenCC alone: 指针
  assert.equal(toHans('只處理新增的 token'), '只处理新增的 token'); // OpenCC alone: 添加
  assert.equal(toHans('曲線上每個取樣點'), '曲线上每个采样点'); // OpenCC alone: 曲在线
  assert.equal(toHans('兩類比例是 9:1'), '两类比例是 9:1'); // OpenCC alone: 两模拟例
  assert.equal(toHans('先在線上開過一次本站'), '先在线开过一次本站'); // OpenCC alone: 在在线
  assert.equal(toHans('開啟思考模式'), '开启思考模式');
  assert.equal(toHans('分享連結（開啟後自動匯入）'), '分享链接（打开后自动导入）');
  assert.equal(toHans('請啟用 JavaScript'), '请启用 JavaScript');
  assert.equal(toHans('每 token 啟用的參數'), '每 token 激活的参数');
  assert.equal(toHans('離線副本'), '离线副本'); // OpenCC alone: 脱机
  assert.equal(toHans('請用「匯出進度」存檔'), '请用“导出进度”存档'); // OpenCC alone: 存盘
});
