// Which page holds each exercise, across the whole book: a chapter's progress
// table lists every chapter's exercises (練習 2-1 … 3-10), and a row for
// another chapter's exercise must link to that chapter's page, not to an
// anchor this page does not have (issue 39, item 7).
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The exercise ids a page's Markdown places (```exercise 2-4), the progress block aside. */
export function exercisesOn(markdown: string): string[] {
  return [...markdown.matchAll(/^```exercise\s+(\S+)/gm)].map((m) => m[1]!).filter((id) => id !== 'progress');
}

/** Exercise id → "<page>.html", over the chapters' content folders (each with its site.json "pages"). */
export async function exercisePagesOf(contentDirs: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const dir of contentDirs) {
    const { pages } = JSON.parse(await readFile(path.join(dir, 'site.json'), 'utf8')) as { pages: string[] };
    for (const name of pages) {
      for (const id of exercisesOn(await readFile(path.join(dir, `${name}.md`), 'utf8'))) {
        const seen = out.get(id);
        if (seen) throw new Error(`exercise ${id} is placed twice: on ${seen} and on ${name}.html (${dir})`);
        out.set(id, `${name}.html`);
      }
    }
  }
  return out;
}
