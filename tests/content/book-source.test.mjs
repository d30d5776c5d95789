// The way out to the book (issue 39, item 5), over the built pages: every
// page of every edition names the book, its author and its licence in the
// footer, the title linking to the book's repository; every chapter page
// links to the book's own text of that chapter in the page's edition (the
// manuscript for zh-Hans, the translations for zh-Hant and English).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const built = existsSync(path.join(dist, 'index.html')) || 'dist/ is not built (node scripts/build.mjs)';
const source = JSON.parse(readFileSync(path.join(root, 'content/site/book-source.json'), 'utf8'));

const EDITIONS = [
  { dir: '', lang: 'zh-Hant', title: '深入理解 AI Infra：量化分析與系統設計', author: '李博杰' },
  { dir: 'zh-Hans/', lang: 'zh-Hans', title: '深入理解 AI Infra：量化分析与系统设计', author: '李博杰' },
  { dir: 'en/', lang: 'en', title: 'Understanding AI Infra: Quantitative Analysis and System Design', author: 'Bojie Li' },
];
/** The book's text of each chapter per edition, as its repository lays it out. */
const TEXT = {
  ch02: { 'zh-Hant': 'book-zh-tw/chapter02.md', 'zh-Hans': 'manuscripts/02-模型架构.md', en: 'book-en/chapter02.md' },
  ch03: { 'zh-Hant': 'book-zh-tw/chapter03.md', 'zh-Hans': 'manuscripts/03-推理与训练负载.md', en: 'book-en/chapter03.md' },
};
const chapterOf = (page) => (/^(?:2-|ch02|pitfalls|lookup|figures)/.test(page) ? 'ch02' : /^(?:3-|ch03)/.test(page) ? 'ch03' : undefined);
const footer = (html) => /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? '';

for (const e of EDITIONS) {
  test(`${e.lang}: every page credits the book and links a chapter's pages to the book's text of it`, { skip: built !== true && built }, () => {
    const pages = readdirSync(path.join(dist, e.dir)).filter((f) => f.endsWith('.html') && f !== 'embed.html' && f !== 'offline.html');
    assert.ok(pages.length >= 20, pages.join(' '));
    for (const page of pages) {
      const f = footer(readFileSync(path.join(dist, e.dir, page), 'utf8'));
      assert.ok(f.includes(`<a href="${source.repository}" rel="external">${e.title}</a>`), `${e.dir}${page}: the title links to the repository`);
      assert.ok(f.includes(e.author), `${e.dir}${page}: the author`);
      assert.ok(f.includes(`<a href="${source.licence_url}" rel="external">Apache License 2.0</a>`), `${e.dir}${page}: the licence`);
      const chapter = chapterOf(page);
      const links = [...f.matchAll(/href="(https:\/\/github\.com\/899ms\/ai-infra-book\/blob\/HEAD\/[^"]+)"/g)]
        .map((m) => decodeURIComponent(m[1]))
        .filter((href) => href !== source.licence_url);
      if (chapter) assert.deepEqual(links, [`https://github.com/899ms/ai-infra-book/blob/HEAD/${TEXT[chapter][e.lang]}`], `${e.dir}${page}`);
      else assert.deepEqual(links, [], `${e.dir}${page} belongs to no chapter`);
    }
  });
}

test("one repository names the book: 899ms/ai-infra-book, and no page links another copy of it", { skip: built !== true && built }, () => {
  assert.equal(source.repository, 'https://github.com/899ms/ai-infra-book');
  assert.ok(source.text_url.startsWith(`${source.repository}/`) && source.licence_url.startsWith(`${source.repository}/`));
  assert.equal(JSON.parse(readFileSync(path.join(root, 'content/site/book-toc.json'), 'utf8')).repository, undefined, 'book-toc.json names no repository of its own');
  for (const e of EDITIONS) {
    for (const page of readdirSync(path.join(dist, e.dir)).filter((f) => f.endsWith('.html'))) {
      const others = [...readFileSync(path.join(dist, e.dir, page), 'utf8').matchAll(/https:\/\/github\.com\/([\w.-]+)\/ai-infra-book\b/g)].map((m) => m[1]).filter((owner) => owner !== '899ms');
      assert.deepEqual(others, [], `${e.dir}${page}`);
    }
  }
});

test('every data widget links to where its data comes from, in every edition', { skip: built !== true && built }, () => {
  const datasets = new Map(
    readdirSync(path.join(root, 'content'))
      .filter((d) => existsSync(path.join(root, 'content', d, 'data')))
      .flatMap((d) => readdirSync(path.join(root, 'content', d, 'data')).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(root, 'content', d, 'data', f), 'utf8')).source])),
  );
  const expected = (s) =>
    s.url ?? `${s.repo.endsWith('/ai-infra-book') ? source.repository : `https://github.com/${s.repo}`}/blob/${s.commit ?? 'HEAD'}/${s.path.split('/').map(encodeURIComponent).join('/')}`;
  let lines = 0;
  for (const e of EDITIONS) {
    for (const page of readdirSync(path.join(dist, e.dir)).filter((f) => f.endsWith('.html'))) {
      for (const [, id, body] of readFileSync(path.join(dist, e.dir, page), 'utf8').matchAll(/<p class="tally-notes measured-source" data-dataset="([^"]*)">([\s\S]*?)<\/p>/g)) {
        lines++;
        assert.ok(datasets.has(id), `${e.dir}${page}: dataset ${id}`);
        const href = /<a href="([^"]+)" rel="external" class="dataset-source">/.exec(body)?.[1]?.replace(/&amp;/g, '&');
        assert.equal(href, expected(datasets.get(id)), `${e.dir}${page}: ${id}`);
      }
    }
  }
  assert.ok(lines >= 15, `source lines seen: ${lines}`);
});
