// Links between the built pages (issue 22): chapter 3's pages link back to
// chapter-2 anchors (2-2.html#sec-2-2-1), every page to the book's contents,
// and each edition's pages sit in their own folder (zh-Hant at the root,
// zh-Hans/ and en/ beside it). In every edition the build wrote, every
// relative href to a page of the same folder names a page that exists, and
// its #anchor an id on that page. Read from dist/, no browser needed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test } from '@playwright/test';

const dist = path.resolve(import.meta.dirname, '../../dist');
const EDITION_DIRS = ['', 'zh-Hans/', 'en/'].filter((dir) => existsSync(path.join(dist, dir, 'index.html')));
/** The pages every chapter writes to its edition's folder (embed.html's links are checked by the embed specs). */
const pagesIn = (dir: string): string[] => readdirSync(path.join(dist, dir)).filter((f) => f.endsWith('.html') && f !== 'embed.html' && f !== 'offline.html');

const idsOf = new Map<string, Set<string>>();
function ids(file: string): Set<string> {
  let found = idsOf.get(file);
  if (!found) {
    found = new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    idsOf.set(file, found);
  }
  return found;
}

/** href="page.html" and href="page.html#anchor" (same folder; widget-state hashes such as #capacity:model=… are not anchors). */
function pageLinks(html: string): { page: string; anchor?: string }[] {
  return [...html.matchAll(/\shref="([\w.-]+\.html)(?:#([\w-]+))?"/g)].map((m) => ({ page: m[1]!, anchor: m[2] }));
}

test('the build wrote chapter 3 and the contents page in every edition it built', () => {
  expect(EDITION_DIRS).toEqual(expect.arrayContaining(['', 'zh-Hans/']));
  for (const dir of EDITION_DIRS) {
    for (const page of ['contents.html', 'ch03.html', '3-1.html', '3-pitfalls.html', '3-figures.html', 'index.html', 'pitfalls.html', 'figures.html']) {
      expect(existsSync(path.join(dist, dir, page)), `${dir}${page}`).toBe(true);
    }
  }
});

for (const dir of EDITION_DIRS) {
  test(`${dir || 'zh-Hant (root)'}: every link to a page and an anchor lands on an existing page and id`, () => {
    const broken: string[] = [];
    let anchored = 0;
    let backToChapter2 = 0;
    for (const file of pagesIn(dir)) {
      const html = readFileSync(path.join(dist, dir, file), 'utf8');
      for (const link of pageLinks(html)) {
        const target = path.join(dist, dir, link.page);
        if (!existsSync(target)) broken.push(`${dir}${file} → ${link.page} (no such page)`);
        else if (link.anchor) {
          anchored++;
          if (file.startsWith('3-') && link.page.startsWith('2-')) backToChapter2++;
          if (!ids(target).has(link.anchor)) broken.push(`${dir}${file} → ${link.page}#${link.anchor} (no such id)`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The test looked at something: chapter 3 links back to chapter 2's anchors.
    expect(anchored).toBeGreaterThan(50);
    expect(backToChapter2).toBeGreaterThan(0);
  });

  test(`${dir || 'zh-Hant (root)'}: every page links to the contents page, which lists both chapters' pages`, () => {
    for (const file of pagesIn(dir).filter((f) => f !== 'contents.html' && !f.startsWith('articles'))) {
      expect(readFileSync(path.join(dist, dir, file), 'utf8'), `${dir}${file}`).toContain('href="contents.html"');
    }
    const contents = readFileSync(path.join(dist, dir, 'contents.html'), 'utf8');
    const linked = new Set(pageLinks(contents).map((l) => l.page));
    for (const chapter of ['ch02', 'ch03']) {
      const site = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../content/${chapter}/site.json`), 'utf8')) as { pages: string[] };
      for (const page of site.pages) expect(linked.has(`${page}.html`), `${dir}contents.html → ${page}.html`).toBe(true);
    }
  });
}
