// English headings keep their number apart from their title (issue 20): the
// Chinese editions put a U+3000 ideographic space between "第 2 章" and
// "模型架構", or between "2.3.1" and the title, which English has no
// equivalent of, so an English
// heading must separate them itself: "Chapter 2: Model Architecture",
// "2.3.1 Multi-Head Attention", "Figure 2-17 The two kinds…" (the book's
// English style), never "Chapter 2 Model Architecture" or "2.3.1Title".
// Over the written English chapter 2 (Markdown headings and page titles, the
// offline manifest's name) and, where built, every English page's headings,
// titles, captions and table-of-contents links as a reader sees them.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Why a heading runs its number into its title, or null. */
function runOn(heading) {
  const text = heading.replace(/\s*\{#[^}]*\}\s*$/, '').trim();
  if (/^\d+(?:[.-]\d+)+(?![\s\d.:])/u.test(text)) return 'section number runs into the title';
  if (/\b(?:Chapter|Figure|Table|Exercise|Example|Section)\s+\d+(?:[.-]\d+)*(?=[^\s\d.:,;)\]–-])/u.test(text)) return 'number runs into the title';
  if (/\bChapter \d+ (?=[A-Z])(?!Tally)/u.test(text)) return '"Chapter N" needs a colon before its title';
  return null;
}

const problems = (where, texts) => texts.flatMap((t) => (runOn(t) ? [`${where}: ${JSON.stringify(t)} (${runOn(t)})`] : []));

test('runOn tells a separated heading from a run-on one', () => {
  for (const ok of ['2.3.1 Multi-Head Attention', 'Chapter 2: Model Architecture — Settling the Ledger', 'Figure 2-17 The two kinds of layer in Qwen3.6', 'Table 2-2 Qwen3.6-35B-A3B', 'Exercise 2-4 [Extension]: Sharing KV heads', 'Tally · Chapter 2', 'Qwen3-8B per layer']) {
    assert.equal(runOn(ok), null, ok);
  }
  assert.match(runOn('2.3.1Multi-Head Attention'), /section number/);
  assert.match(runOn('2-1Computation graph'), /section number/);
  assert.match(runOn('Figure 2-17The two kinds'), /runs into/);
  assert.match(runOn('Chapter 2 Model Architecture · Tally'), /colon/);
});

test('the written English chapter 2: headings, page titles and the offline name separate their numbers', () => {
  const dir = path.join(root, 'content/i18n/en/ch02');
  const found = [];
  let headings = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const md = readFileSync(path.join(dir, file), 'utf8');
    const texts = [...md.matchAll(/^(?:#{1,6} (.+)|title: (.+))$/gmu)].map((m) => m[1] ?? m[2]);
    headings += texts.length;
    found.push(...problems(file, texts));
  }
  const offline = Object.values(JSON.parse(readFileSync(path.join(root, 'content/i18n/en/site/offline.json'), 'utf8')).strings);
  found.push(...problems('offline.json', offline.filter((s) => /Chapter \d/.test(s))));
  assert.ok(headings > 60, `only ${headings} headings`);
  assert.deepEqual(found, []);
});

const BUILT = path.join(root, 'dist/en');

test('every built English page: headings, title, captions and contents links separate their numbers', { skip: !existsSync(path.join(BUILT, 'index.html')) && 'dist/en not built' }, () => {
  const pages = readdirSync(BUILT).filter((f) => f.endsWith('.html'));
  assert.ok(pages.length >= 10, pages.join(', '));
  const found = [];
  let checked = 0;
  for (const page of pages) {
    const html = readFileSync(path.join(BUILT, page), 'utf8').replace(/<script[\s\S]*?<\/script>/g, '');
    const texts = [...html.matchAll(/<(h[1-6]|title|figcaption|caption|summary)\b[^>]*>([\s\S]*?)<\/\1>|<nav class="toc"[\s\S]*?<\/nav>/g)].flatMap((m) =>
      m[1] ? [m[2]] : [...m[0].matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((a) => a[1]),
    );
    // textContent: tags out without a space, so "<span>2.3.1</span>Title" shows as the run-on it is.
    const plain = texts.map((t) => t.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim()).filter(Boolean);
    checked += plain.length;
    found.push(...problems(page, plain));
  }
  assert.ok(checked > 300, `only ${checked} texts`);
  assert.deepEqual(found, []);
});
