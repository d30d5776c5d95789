// The generated editions' text (issue 20): the Simplified edition has no
// Traditional-only character and no Taiwanese term of the reviewed glossary;
// the English edition has no CJK outside the original terms it marks with
// lang="zh-Hant"/"zh-Hans"; English coverage is reported; the glossary stays
// reviewed against the author's manuscript. Over the edition's content as
// web/scripts/editions.mjs builds it (every page's Markdown, every
// translatable JSON string, the site's own words), and over the built pages
// in dist/ where they exist.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import * as OpenCC from 'opencc-js';

import { bookWords, CORNER_QUOTE_MARKS } from '../../scripts/i18n/book-words.mjs';
import { mainlandQuotes, taiwaneseTermsIn, toHans, traditionalOnlyCharacters } from '../../scripts/i18n/hans.mjs';
import { contentJsonFiles, readMap, translatableStrings } from '../../scripts/i18n/strings.mjs';
import { contentMarkdownFiles, englishGaps, transformJson, transformMarkdown } from '../../web/scripts/editions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const reviewed = JSON.parse(read('content/i18n/zh-Hans/glossary.json'));
const glossary = reviewed.terms;
const CORNER_QUOTES = /[「」『』]/u;
const CJK = /[\u3000-\u303f\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** Every text of an edition, named by where it comes from. */
async function editionTexts(lang) {
  const out = [];
  for (const file of await contentMarkdownFiles()) out.push([file, await transformMarkdown(file, read(file), lang)]);
  for (const file of contentJsonFiles()) {
    out.push([file, [...translatableStrings(transformJson(file, JSON.parse(read(file)), lang))].join('\n')]);
  }
  return out;
}

/** Problems of a zh-Hans text: its Traditional-only characters, Taiwanese terms and corner-bracket quotes. */
function hansProblems(where, text) {
  const chars = traditionalOnlyCharacters(text) + (CORNER_QUOTES.test(text) ? [...new Set(text.match(/[「」『』]/gu))].join('') : '');
  const terms = taiwaneseTermsIn(text);
  return chars.length || terms.length ? [`${where}: ${chars.join('')}${terms.length ? ` (terms: ${terms.join(', ')})` : ''}`] : [];
}

test('toHans follows the reviewed glossary before OpenCC (the manuscript words, not OpenCC phrases)', () => {
  assert.equal(toHans('查詢頭'), '查询头'); // OpenCC alone: 查找头
  assert.equal(toHans('核心計算'), '核心计算'); // OpenCC alone: 内核计算
  assert.equal(toHans('向量'), '向量'); // OpenCC alone: 矢量
  assert.equal(toHans('全域 KV 快取'), '全局 KV 缓存');
  assert.equal(toHans('層內平行'), '层内并行');
  assert.equal(toHans('殘差連線'), '残差连接');
  assert.deepEqual(taiwaneseTermsIn('核心与向量'), [], 'identity entries are no Taiwanese forms');
  assert.deepEqual(taiwaneseTermsIn('查詢'), ['查詢']);
});

test('toHans words what the built zh-Hans pages still said the Taiwanese way as the manuscript does', () => {
  assert.equal(toHans('把資源帳一筆一筆算清楚'), '把资源账一笔一笔算清楚'); // OpenCC alone: 资源帐
  assert.equal(toHans('一次前向的總帳'), '一次前向的总账');
  assert.equal(toHans('設定檔決定每層用哪一種注意力'), '配置决定每层用哪一种注意力'); // OpenCC alone: 设置档
  assert.equal(toHans('評分為純量工作'), '评分为标量工作'); // OpenCC alone: 纯量
  assert.equal(toHans('解碼器區域狀態'), '解码器局部状态'); // OpenCC alone: 区域
  assert.equal(toHans('對數座標'), '对数坐标');
  assert.equal(toHans('每個 token 的紀錄'), '每个 token 的记录'); // OpenCC alone: 纪录
  assert.equal(toHans('用推論成本換取準確度'), '用推理成本换取准确度');
  assert.deepEqual(taiwaneseTermsIn('资源帳'), ['帳'], 'a standard form counts as a Taiwanese form too');
});

test('toHans quotes with the curly quotes of the Simplified original, nested ones too', () => {
  assert.equal(toHans('按「我想好了」'), '按“我想好了”');
  assert.equal(toHans('「外層『內層』外層」'), '“外层‘内层’外层”');
  assert.equal(mainlandQuotes('「a」『b』'), '“a”‘b’');
  assert.equal(toHans('沒有括號（A）'), '没有括号（A）', 'brackets are not quotes');
});

test('every zh-Hans page and string has no Traditional-only character and no Taiwanese glossary term', async () => {
  const texts = await editionTexts('zh-Hans');
  assert.ok(texts.length > 40, `only ${texts.length} texts`);
  const site = texts.find(([file]) => file === 'content/site/ui.json');
  assert.ok(site && site[1].includes('跳到正文'), 'the site words are checked too');
  const problems = texts.flatMap(([file, text]) => hansProblems(file, text));
  assert.deepEqual(problems, []);
});

test('the built zh-Hans pages are zh-Hans and their own chrome has no Traditional-only character', { skip: !existsSync(path.join(root, 'dist/zh-Hans/index.html')) && 'dist/zh-Hans not built' }, () => {
  const pages = readdirSync(path.join(root, 'dist/zh-Hans')).filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= 10, pages.join(', '));
  for (const page of pages) {
    const html = readFileSync(path.join(root, 'dist/zh-Hans', page), 'utf8');
    assert.match(html, /<html lang="zh-Hans"/, page);
    // The page's own words, outside what the core composes (widgets and
    // exercises are prerendered by a core that answers in zh-Hant until it
    // takes the request's lang) and outside the switch's other editions' names.
    const chrome = html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<template[\s\S]*?<\/template>/g, '')
      .replace(/<section class="tally-widget[\s\S]*?<\/section>/g, '')
      .replace(/<div class="tally-widget[\s\S]*?<\/figure>/g, '')
      .replace(/<a [^>]*lang="zh-Hant"[^>]*>[^<]*<\/a>/g, '');
    const title = /<title>([^<]*)<\/title>/.exec(chrome)?.[1] ?? '';
    const nav = /<nav class="toc"[\s\S]*?<\/nav>/.exec(chrome)?.[0] ?? '';
    const head = /<header class="site-header">[\s\S]*?<\/header>/.exec(chrome)?.[0] ?? '';
    for (const [part, text] of Object.entries({ title, nav, head })) {
      assert.deepEqual(hansProblems(`${page} ${part}`, text.replace(/<[^>]+>/g, ' ')), [], `${page} ${part}`);
    }
  }
});

// How often the book's zh-Hans chapters 2 and 3 write a word: a fixture made from ../shared/book (scripts/i18n/book-words.mjs).
const { count } = bookWords();

test('the glossary stays reviewed: every Simplified form is the manuscript\'s word', () => {
  const unattested = Object.values(glossary).filter((hans) => count(hans) === 0);
  assert.deepEqual(unattested, []);
  // The standard forms the manuscript has no word for: it must not write OpenCC's form instead.
  assert.ok(Object.keys(reviewed.standard).length > 0);
  const openccAlone = OpenCC.Converter({ from: 'twp', to: 'cn' });
  for (const [hant, hans] of Object.entries(reviewed.standard)) {
    const theirs = openccAlone(hant);
    assert.notEqual(theirs, hans, `${hant}: OpenCC already gives ${hans}`);
    assert.equal(count(theirs), 0, `the manuscript writes ${theirs}, not ${hans}`);
  }
  // Terms from chapters whose manuscript is not kept here: each quotes the manuscript, at a commit, with the word in it.
  for (const [hant, a] of Object.entries(reviewed.attested ?? {})) {
    assert.match(a.source, /^899ms\/ai-infra-book manuscripts\/\S+\.md at [0-9a-f]{12}, /, hant);
    const quote = /“([^”]+)”/.exec(a.source)?.[1] ?? '';
    assert.ok(quote.includes(a.hans), `${hant}: the quote does not contain ${a.hans}`);
    assert.equal(count(a.hans), 0, `${a.hans} is in the kept manuscript: list ${hant} under terms`);
  }
  // The book quotes with curly quotes, never corner brackets.
  assert.ok(count('“') > 0);
  assert.deepEqual(
    CORNER_QUOTE_MARKS.filter((mark) => count(mark) > 0),
    [],
  );
});

/** CJK left in an English text once the marked original terms (lang="zh-…") are taken out. */
function cjkOutsideMarkedTerms(text) {
  const unmarked = text.replace(/<(\w+)[^>]*\slang="zh-Han[st]"[^>]*>[\s\S]*?<\/\1>/g, '');
  return [...new Set([...unmarked].filter((ch) => CJK.test(ch)))].join('');
}

test('written English has no CJK outside the glossary\'s marked original terms', async () => {
  const problems = [];
  let checked = 0;
  for (const file of await contentMarkdownFiles()) {
    const english = path.join(root, 'content/i18n/en', file.slice('content/'.length));
    if (!existsSync(english)) continue;
    checked += 1;
    const left = cjkOutsideMarkedTerms(readFileSync(english, 'utf8'));
    if (left) problems.push(`${path.relative(root, english)}: ${left}`);
  }
  for (const file of contentJsonFiles()) {
    for (const [source, english] of Object.entries(readMap(file, 'en'))) {
      if (typeof english !== 'string' || english.trim() === '') continue;
      checked += 1;
      const left = cjkOutsideMarkedTerms(english);
      if (left) problems.push(`${file} ${JSON.stringify(source.slice(0, 30))}: ${left}`);
    }
  }
  assert.ok(checked >= 100, `only ${checked} English texts (the site's own words alone are 106)`);
  assert.deepEqual(problems, []);
});

// The built English pages are checked in the browser, where the page's own
// words can be told from what the core composed (tests/browser/editions.spec.ts).

test('English coverage: the site\'s own words are complete, and what the pages still lack is listed', async (t) => {
  const gaps = await englishGaps();
  const site = gaps.strings.find((s) => s.file === 'content/site/ui.json');
  assert.equal(site, undefined, `content/i18n/en/site/ui.json lacks ${site?.missing} strings`);
  const pages = (await contentMarkdownFiles()).length;
  const missingStrings = gaps.strings.reduce((n, s) => n + s.missing, 0);
  t.diagnostic(`English pages written: ${pages - gaps.pages.length}/${pages}; JSON files with strings left: ${gaps.strings.length} (${missingStrings} strings)`);
  for (const s of gaps.strings) t.diagnostic(`  ${s.file}: ${s.of - s.missing}/${s.of}`);
  assert.equal(gaps.complete, gaps.pages.length === 0 && gaps.strings.length === 0);
});
