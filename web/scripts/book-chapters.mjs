// The chapters of content/book.json the site is built from: every chapter
// but a draft. A draft chapter (book.json "draft": true) is seen by the
// ledger, `tally reproduce` and the content checks, and by nothing that
// writes the site (pages, editions, search, the offline copy, the bench)
// until its pages are wired. web/src/runtime/book.ts applies the same rule
// to the bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Whether a chapter of book.json belongs on the site. */
export function isPublished(chapter) {
  return chapter.draft !== true;
}

/** The published chapters of content/book.json under `root`, in book order. */
export function siteChapters(root) {
  const book = JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8'));
  return book.chapters.filter(isPublished);
}

/** content/<dir> (relative, "content/ch03") of every draft chapter: what the editions leave as it is. */
export function draftContentDirs(root) {
  const book = JSON.parse(readFileSync(path.join(root, 'content/book.json'), 'utf8'));
  return book.chapters.filter((c) => !isPublished(c)).map((c) => `content/${c.content}`);
}
