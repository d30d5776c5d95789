// `npm run new-chapter chNN -- --title "<zh-Hant title>"`: scaffolds a chapter
// as a draft (docs/adding-a-chapter.md). It writes the chapter's own folders
// and its entry in content/book.json, and nothing else: every other part of
// the build, the API and the test suite finds a chapter through book.json.
//
//   content/book.json                     the entry, "draft": true (and its English title
//                                          in content/i18n/en/book.json, the entry's string map)
//   content/chNN/                          site.json, chNN.md, widgets.json, glossary.json
//   content/i18n/en/chNN/                  the English strings of those files
//   content/messages/{zh-Hant,en}/chNN/    the core's words for the chapter's ops
//   src/core/chNN/                         (empty) the chapter's closed forms
//   src/api/ops/chNN/                      ops.hpp (TALLY_CHNN_OPS) and field_meanings.cpp
//   tests/core/chNN/                       (empty) doctest cases, found by CMake
//   tests/content/chNN/                    (empty) node:test files, found by `npm test`
//   tests/ledger/chNN.json                 the ledger of printed numbers
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { root } from './lib.mjs';

function usage(message) {
  console.error(`new-chapter: ${message}\nusage: npm run new-chapter chNN -- --title "<zh-Hant title>" [--title-en "<English title>"]`);
  process.exit(2);
}

function parseArgs(argv) {
  const [id, ...rest] = argv;
  if (!id || !/^ch\d\d$/.test(id)) usage('the first argument is the chapter id, ch followed by two digits (ch04)');
  const option = (name) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  const title = option('--title');
  if (!title) usage('--title is required: the chapter title as the zh-Hant edition prints it');
  return { id, number: Number(id.slice(2)), title, titleEn: option('--title-en') ?? title };
}

/** Writes `text` to `file` (relative to the repository), refusing to overwrite. */
function create(file, text) {
  const full = path.join(root, file);
  if (existsSync(full)) usage(`${file} exists already: this chapter looks scaffolded`);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  console.log(`  wrote ${file}`);
}

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

function keepDir(dir, why) {
  create(`${dir}/README.md`, `${why}\n`);
}

function addToBook({ id, number, title, titleEn }) {
  const file = path.join(root, 'content/book.json');
  const book = JSON.parse(readFileSync(file, 'utf8'));
  if (book.chapters.some((c) => c.id === id)) usage(`content/book.json lists ${id} already`);
  const entry = { id, number, title, content: id, figure_prefix: `fig-${number}-`, exercise_prefix: `${number}-`, ledger: `${id}*.json`, draft: true };
  book.chapters = [...book.chapters, entry].sort((a, b) => a.number - b.number);
  writeFileSync(file, json(book));
  // The entry's English edition: book.json's string map (content/i18n/en/book.json).
  const englishFile = path.join(root, 'content/i18n/en/book.json');
  const english = JSON.parse(readFileSync(englishFile, 'utf8'));
  english.strings[title] = titleEn;
  writeFileSync(englishFile, json(english));
  console.log('  added the draft entry to content/book.json and its English title to content/i18n/en/book.json');
}

function opsHeader({ id, title }) {
  const upper = id.toUpperCase();
  return `// Chapter ${Number(id.slice(2))}'s own ops (${title}). content/book.json lists the
// chapter; cmake/book_chapters.cmake puts TALLY_${upper}_OPS into the API's list
// after the shared ops and the earlier chapters', and ${id}_field_meanings()
// into \`tally schema\`.  Each op is defined in a file of this folder
// (\`const OpDef kXOp = {...}\`) and declared here.
#pragma once

#include "api/ops/all_ops.hpp"
#include "api/schema.hpp"

namespace tally::api {

// extern const OpDef kExampleOp;

// In the order the API names them (docs/api.md): &kExampleOp, ...
#define TALLY_${upper}_OPS

// What this chapter's own request fields mean (field_meanings.cpp).
DeclList<FieldMeaning> ${id}_field_meanings();

}  // namespace tally::api
`;
}

function fieldMeanings({ id }) {
  return `// What chapter ${Number(id.slice(2))}'s own request fields mean, for \`tally schema\` and the docs
// (src/api/schema.cpp lists the shared ones first, then each chapter's).
#include "api/ops/${id}/ops.hpp"

namespace tally::api {

// Return an array of {"field", "meaning", "accepted"} once the chapter's ops have fields of their own.
DeclList<FieldMeaning> ${id}_field_meanings() { return {}; }

}  // namespace tally::api
`;
}

function landingPage({ number, title }) {
  return `---
title: 第 ${number} 章 ${title} · 總覽 · Tally
nav: 第 ${number} 章總覽
description: 第 ${number} 章的互動版入口。
---

# 第 ${number} 章\u3000${title} {#top}

## 各節頁面 {#pages}

\`\`\`pages
\`\`\`
`;
}

function scaffold(chapter) {
  const { id, number, title, titleEn } = chapter;
  const previous = JSON.parse(readFileSync(path.join(root, 'content/ch03/widgets.json'), 'utf8'));
  create(
    `content/${id}/site.json`,
    json({ name: `Tally · 第 ${number} 章 ${title}`, footer: '', pages: [id], nav_label: '章節目錄', pager_label: '上一頁與下一頁' }),
  );
  create(`content/${id}/${id}.md`, landingPage(chapter));
  create(`content/${id}/widgets.json`, json({ $schema: '../schemas/widgets.schema.json', status: previous.status, widgets: {} }));
  create(`content/${id}/glossary.json`, json({ terms: {} }));
  create(`content/i18n/en/${id}/site.json`, json({ strings: { [`Tally · 第 ${number} 章 ${title}`]: `Tally · Chapter ${number}: ${titleEn}` } }));
  for (const lang of ['zh-Hant', 'en'])
    keepDir(
      `content/messages/${lang}/${id}`,
      `The core's words for chapter ${number}'s ops: one JSON file per op family, { "messages": { "<code>": "<template>" } } (see ../errors.json).`,
    );
  keepDir(`src/core/${id}`, `Chapter ${number}'s closed forms: pure C++17, exact arithmetic (core/exact.hpp), no JSON. CMake compiles every .cpp here.`);
  create(`src/api/ops/${id}/ops.hpp`, opsHeader(chapter));
  create(`src/api/ops/${id}/field_meanings.cpp`, fieldMeanings(chapter));
  keepDir(`tests/core/${id}`, `Doctest cases for chapter ${number}'s ops (include "../support.hpp"). CMake compiles every .cpp below tests/core/.`);
  keepDir(`tests/content/${id}`, `node:test files (*.test.mjs) for chapter ${number}'s content; \`npm test\` runs every file below tests/content/.`);
  create(
    `tests/ledger/${id}.json`,
    json({
      $schema: '../../content/schemas/ledger.schema.json',
      chapter: id,
      note: `第 ${number} 章印出的數字：位置、印出的精度，以及重現它的核心請求。`,
      entries: [],
    }),
  );
  addToBook(chapter);
}

const chapter = parseArgs(process.argv.slice(2));
console.log(`Scaffolding ${chapter.id} (draft) — next steps: docs/adding-a-chapter.md`);
scaffold(chapter);
