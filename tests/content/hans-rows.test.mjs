// A row in the zh-Hans edition is 行. Our zh-Hant follows Taiwan usage (列 a
// row, 欄 a column); OpenCC keeps 列, which a mainland reader takes for a
// column, so the reviewed glossary maps the row phrases to the book's 行
// (content/i18n/zh-Hans/glossary.json, $comment). Checked on the generated
// zh-Hans text of every page, every translatable JSON string and the core's
// message catalog, and on the words that must keep their 列 (序列, 列出 …).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import { catalogFor } from '../../scripts/i18n/catalogs.mjs';
import { taiwaneseTermsIn, toHans } from '../../scripts/i18n/hans.mjs';
import { contentJsonFiles, translatableStrings } from '../../scripts/i18n/strings.mjs';
import { contentMarkdownFiles, transformJson, transformMarkdown } from '../../web/scripts/editions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

// The row phrases the glossary and the chapter rewrites fixed, as they would
// read in zh-Hans had they been left to OpenCC. 列块 (a column block, our
// 欄塊) is the book's word and is no row.
const ROW_AS_COLUMN = [
  /(?<!序)列数/u, /每一?列/u, /一列(?![出表块])/u, /各列(?![出表])/u, /逐列/u, /按列/u, /两列/u, /三列/u,
  /该列/u, /多列/u, /整列/u, /列距/u, /几列/u, /多少列/u, /有效列/u, /有用列/u, /补零列/u,
  /列名/u, /列与列/u, /[\w$}] 列(?![出表举为在入块])/u, /的列(?![出表块])/u,
];

/** The row phrases left in a zh-Hans text, with a little context each. */
function rowsAsColumns(text) {
  const found = [];
  for (const re of ROW_AS_COLUMN) {
    const all = new RegExp(re.source, 'gu');
    for (const m of text.matchAll(all)) found.push(text.slice(Math.max(0, m.index - 8), m.index + m[0].length + 4));
  }
  return found;
}

/** Every zh-Hans text a reader meets, named by where it comes from. */
async function hansTexts() {
  const out = [];
  for (const file of await contentMarkdownFiles()) out.push([file, await transformMarkdown(file, read(file), 'zh-Hans')]);
  for (const file of contentJsonFiles()) {
    out.push([file, [...translatableStrings(transformJson(file, JSON.parse(read(file)), 'zh-Hans'))].join('\n')]);
  }
  out.push(['content/messages (zh-Hans catalog)', Object.values(catalogFor('zh-Hans').messages).join('\n')]);
  return out;
}

test('toHans gives the book\'s 行 for our row phrases', () => {
  assert.equal(toHans('查詢列數乘鍵列數'), '查询行数乘键行数');
  assert.equal(toHans('每列分攤的權重位元組'), '每行分摊的权重字节');
  assert.equal(toHans('一列時幾乎只在搬權重，256 列時同一份權重被用了 256 次'), '一行时几乎只在搬权重，256 行时同一份权重被用了 256 次');
  assert.equal(toHans('M 列：讀寫輸入'), 'M 行：读写输入');
  assert.equal(toHans('設一次處理 $a$ 列 Q、$b$ 列 K/V'), '设一次处理 $a$ 行 Q、$b$ 行 K/V');
  assert.equal(toHans('有效的列與補零的列'), '有效的行与补零的行');
  assert.equal(toHans('逐列比較各列之和'), '逐行比较各行之和');
  assert.equal(toHans('用整列最大值定 scale'), '用整行最大值定 scale');
  assert.equal(toHans('欄塊 96、列塊 8'), '列块 96、行块 8'); // the book: 12 个列块, 32 个行块
  assert.equal(toHans('不用列距'), '不用行跨度');
});

test('the words whose 列 is no row keep it', () => {
  assert.equal(toHans('逐一列出每個草稿位置'), '逐一列出每个草稿位置'); // 列出 is held before 一列
  assert.equal(toHans('最多 8 項的列表'), '最多 8 项的列表');
  assert.equal(toHans('序列數除以秒數'), '序列数除以秒数');
  assert.equal(toHans('依書中順序排列'), '依书中顺序排列');
  assert.equal(toHans('與 $6ND$ 並列'), '与 $6ND$ 并列');
  assert.equal(toHans('流體佇列'), '流体队列');
  assert.equal(toHans('下表列出 4K 到 1M'), '下表列出 4K 到 1M');
  assert.deepEqual(taiwaneseTermsIn('最多 8 项的列表'), [], 'the 的 before a shielded 列表 is no Taiwanese 的列');
  assert.deepEqual(taiwaneseTermsIn('有效的列'), ['的列']);
});

test('no zh-Hans page, string or message says a row with 列', async () => {
  const texts = await hansTexts();
  assert.ok(texts.length > 40, `only ${texts.length} texts`);
  const chapter4 = texts.filter(([file]) => file.startsWith('content/ch04/')).map(([, text]) => text).join('\n');
  assert.ok((chapter4.match(/行数/gu) ?? []).length >= 50, 'chapter 4 counts its rows as 行数');
  const left = texts.flatMap(([file, text]) => rowsAsColumns(text).map((at) => `${file}: ${at}`));
  assert.deepEqual(left, []);
});

test('converting keeps every 序列, 列出, 列表 and 排列 of the zh-Hant sources', async () => {
  const kept = ['序列', '列出', '列表', '排列'];
  for (const file of [...(await contentMarkdownFiles())]) {
    const hant = read(file);
    const hans = await transformMarkdown(file, hant, 'zh-Hans');
    for (const word of kept) {
      assert.equal((hans.match(new RegExp(word, 'gu')) ?? []).length, (hant.match(new RegExp(word, 'gu')) ?? []).length, `${file}: ${word}`);
    }
  }
});
