// The offline copy's size, per edition (issue 36: "offline per edition"):
// what each edition's service worker stores after one visit (its precache
// and its pages), and per chapter what only that chapter's pages load (its
// pages, and its core while chapters have cores of their own); the rest
// (code, fonts, search index, the contents page) is shared by the edition's
// chapters. Read back from the built dist/ (web/scripts/service-worker.mjs).
// `npm run bench` prints it; `npm run bench -- --only offline` prints only it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { siteChapters } from '../web/scripts/book-chapters.mjs';
import { offlineCopySizes } from '../web/scripts/service-worker.mjs';
import { root } from './lib.mjs';

const TARGET_EDITION_BYTES = 6e6; // chapters 2 and 3
const TARGET_ADDED_CHAPTER_BYTES = 1.5e6; // each chapter after those, per edition
const BASE_CHAPTERS = 2;

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Reports each edition's offline copy and its chapters' shares. */
export async function benchOfflineSize(dist, report) {
  const chapters = siteChapters(root);
  const owner = new Map();
  for (const chapter of chapters) {
    const site = JSON.parse(readFileSync(path.join(root, 'content', chapter.content, 'site.json'), 'utf8'));
    for (const page of site.pages) owner.set(`${page}.html`, chapter.id);
  }
  const chapterOf = (page) => owner.get(path.posix.basename(page)) ?? 'shared pages';
  for (const copy of await offlineCopySizes(dist, chapterOf)) {
    // 6 MB for the first two chapters, 1.5 MB more for each chapter after them.
    const target = TARGET_EDITION_BYTES + TARGET_ADDED_CHAPTER_BYTES * Math.max(0, chapters.length - BASE_CHAPTERS);
    report(
      `offline copy, ${copy.lang} (${copy.worker}: precache + ${copy.pages} pages)`,
      `${mb(copy.bytes)} in ${copy.files} files`,
      `≤ ${mb(target)} for ${chapters.length} chapters ${copy.bytes <= target ? 'OK' : 'OVER'}`,
    );
    for (const [i, chapter] of chapters.entries()) {
      const bytes = copy.perChapter[chapter.id] ?? 0;
      const added = i >= BASE_CHAPTERS;
      report(
        `  ${copy.lang} ${chapter.id}: its pages and what only they load`,
        mb(bytes),
        added ? `≤ 1.5 MB per added chapter ${bytes <= TARGET_ADDED_CHAPTER_BYTES ? 'OK' : 'OVER'}` : '',
      );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = [];
  await benchOfflineSize(path.join(root, 'dist'), (name, value, target = '') => rows.push([name, value, target]));
  console.log('\nTally benchmark: offline copy per edition');
  const width = Math.max(...rows.map(([n]) => n.length));
  for (const [name, value, target] of rows) console.log(`  ${name.padEnd(width)}  ${value}${target ? `   (target ${target})` : ''}`);
}
