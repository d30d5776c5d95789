// The widgets' and figures' code carries no words and no punctuation of any
// language (issue 20): every CJK character a widget shows comes from content
// (the widget configs, content/site/ui.json "widgets"), so each edition shows
// its own. Comments may quote what a reader sees; code may not. Comments are
// found by the TypeScript parser, so a "//" inside a string or a template is
// not taken for one.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

import { readMap } from '../../scripts/i18n/strings.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// CJK ideographs, their punctuation and full-width forms, and the katakana middle dot (・).
const CJK = /[\u2e80-\u303f\u30fb\u3400-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/gu;
const FOLDERS = ['web/src/widgets', 'web/src/figures'];
// Code another helper owns that still joins with Chinese punctuation (issue
// 20: its change is listed in the widget-words report); the characters it
// may still hold, so nothing new creeps in. Delete the entry once it is clean.

function sourceFiles(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(rel);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [rel] : [];
  });
}

/** The source with every comment blanked out (same length, so positions still match lines). */
export function withoutComments(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const ranges = new Map();
  const collect = (pos) => {
    for (const r of [...(ts.getLeadingCommentRanges(source, pos) ?? []), ...(ts.getTrailingCommentRanges(source, pos) ?? [])]) ranges.set(r.pos, r.end);
  };
  const visit = (node) => {
    collect(node.pos);
    collect(node.end);
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);
  let out = source;
  for (const [pos, end] of ranges) out = out.slice(0, pos) + source.slice(pos, end).replace(/[^\n]/g, ' ') + out.slice(end);
  return out;
}

/** "file:line: 字" for each line of code (comments aside) holding a CJK character. */
function cjkInCode(file) {
  const code = withoutComments(file, readFileSync(path.join(root, file), 'utf8'));
  return code.split('\n').flatMap((line, i) => {
    const found = line.match(CJK);
    return found ? [`${file}:${i + 1}: ${[...new Set(found)].join('')}`] : [];
  });
}

test('the comment stripper keeps strings, templates and regexes and drops only comments', () => {
  const source = [
    "const a = '權重'; // 註解",
    '/** 說明 */',
    'const b = `x://${a}：${"//"}`; /* 區塊 */',
    'const c = /[，]/;',
  ].join('\n');
  const found = withoutComments('probe.ts', source).match(CJK);
  assert.deepEqual(found, ['權', '重', '：', '，']);
});

test('no code under web/src/widgets or web/src/figures holds a CJK character outside comments', () => {
  const files = FOLDERS.flatMap(sourceFiles);
  assert.ok(files.length > 30, `found only ${files.length} source files`);
  const found = files.flatMap(cjkInCode);
  assert.deepEqual(found, [], `widget code with CJK (move the words or punctuation to content/site/ui.json "widgets"):\n${found.join('\n')}`);
});

test('the widgets\' joining words exist in zh-Hant and English, keeping their placeholders', () => {
  const hant = JSON.parse(readFileSync(path.join(root, 'content/site/ui.json'), 'utf8')).widgets;
  const en = readMap('content/site/ui.json', 'en');
  const expected = {
    labelled: ['{label}：{value}', '{label}: {value}'],
    aside: ['{value}（{aside}）', '{value} ({aside})'],
    joined: ['{a}・{b}', '{a} · {b}'],
    plus: ['{a}＋{b}', '{a} + {b}'],
    list_separator: ['、', ', '],
    clause_separator: ['；', '; '],
  };
  for (const [key, [zh, english]] of Object.entries(expected)) {
    assert.equal(hant[key], zh, `widgets.${key} in zh-Hant`);
    assert.equal(en[zh], english, `English for widgets.${key}`);
    assert.equal(english.match(CJK), null, `English widgets.${key} has no CJK`);
  }
});
