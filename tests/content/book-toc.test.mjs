// The whole book on the contents page (issue 36): content/site/book-toc.json
// lists the book's twelve chapters with their titles and the book's own text
// of each in every edition; a chapter of content/book.json (a live one) has
// the same title there; and each edition's built contents.html lists all
// twelve: the live ones linking to their pages, the others saying they are
// not live yet and linking to the book's text in that edition.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

import { bookWords } from '../../scripts/i18n/book-words.mjs';
import { toHans } from '../../scripts/i18n/hans.mjs';
import { readMap } from '../../scripts/i18n/strings.mjs';
import { siteChapters } from '../../web/scripts/book-chapters.mjs';
import { EDITIONS } from '../../web/scripts/editions.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const toc = read('content/site/book-toc.json');
const source = read('content/site/book-source.json');
const book = read('content/book.json');
const english = readMap('content/site/book-toc.json', 'en');
const dist = path.join(root, 'dist');
const two = (n) => String(n).padStart(2, '0');

test('the book has twelve chapters, each with its text in the three editions of the book', () => {
  assert.deepEqual(
    toc.chapters.map((c) => c.number),
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  for (const c of toc.chapters) {
    assert.equal(c.text['zh-Hant'].path, `book-zh-tw/chapter${two(c.number)}.md`);
    assert.equal(c.text.en.path, `book-en/chapter${two(c.number)}.md`);
    // The manuscript's file is named by its number and its title: the zh-Hans edition's title is the book's.
    assert.equal(c.text['zh-Hans'].path, `manuscripts/${two(c.number)}-${toHans(c.title)}.md`, `chapter ${c.number}`);
    assert.ok(english[c.title]?.trim(), `chapter ${c.number} has an English title`);
  }
});

test("a live chapter's title is its title in content/book.json, in zh-Hant and in English", () => {
  const bookEnglish = readMap('content/book.json', 'en');
  for (const chapter of book.chapters) {
    const entry = toc.chapters.find((c) => c.number === chapter.number);
    assert.ok(entry, `chapter ${chapter.number} of book.json is in book-toc.json`);
    assert.equal(entry.title, chapter.title);
    assert.equal(english[entry.title], bookEnglish[chapter.title]);
  }
});

// The chapter inventories name each chapter's title in the book's three editions:
// "# Chapter 5 (算子与运行时 / 運算子與執行時 / Operators and Runtime)"; the fixture keeps them (scripts/i18n/book-words.mjs).
test('titles are the book\'s own, as its chapter inventories give them', () => {
  const { titles } = bookWords();
  let checked = 0;
  for (const c of toc.chapters) {
    const book = titles[c.number];
    if (!book) continue; // chapter 2 was made live before inventories were written
    assert.deepEqual([toHans(c.title), c.title, english[c.title]], book, `chapter ${c.number}`);
    checked += 1;
  }
  assert.ok(checked >= 11, `${checked} inventories read`);
});

test('every edition\'s contents page lists the twelve chapters: live ones link to their pages, the others to the book\'s text', () => {
  const live = siteChapters(root);
  for (const edition of EDITIONS) {
    const file = path.join(dist, edition.dir, 'contents.html');
    assert.ok(existsSync(file), `${file} is built (npm run build:site)`);
    const html = readFileSync(file, 'utf8');
    const sections = [...html.matchAll(/<section class="(book-chapter(?:-upcoming)?)" id="(ch\d\d)">([\s\S]*?)<\/section>/g)];
    assert.deepEqual(
      sections.map((s) => s[2]),
      toc.chapters.map((c) => `ch${two(c.number)}`),
      edition.lang,
    );
    for (const [, kind, id, body] of sections) {
      const number = Number(id.slice(2));
      const chapter = live.find((c) => c.number === number);
      if (chapter) {
        const landing = read(`content/${chapter.content}/site.json`).pages[0];
        assert.equal(kind, 'book-chapter', `${edition.lang} ${id}`);
        assert.match(body, new RegExp(`<h2><a href="${landing}\\.html">`), `${edition.lang} ${id} links to its landing page`);
      } else {
        const entry = toc.chapters.find((c) => c.number === number);
        const url = `${source.text_url}${entry.text[edition.lang].path.split('/').map(encodeURIComponent).join('/')}`;
        assert.equal(kind, 'book-chapter-upcoming', `${edition.lang} ${id}`);
        assert.match(body, /<span class="not-live">[^<]+<\/span>/, `${edition.lang} ${id} says it is not live yet`);
        assert.ok(body.includes(`href="${url}"`), `${edition.lang} ${id} links to ${url}`);
      }
    }
  }
});
