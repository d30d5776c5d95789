// Build time: where each widget's "see it in the chapter" link leads
// (embed/home.ts). A chapter widget leads to its own element on the first
// page of the reading order that has it (its id comes from widgetElementId,
// so a figure is #fig-2-14, not #w-fig-2-14). A widget that lives only in an
// article leads to the chapter passage content/articles/chapter-links.json
// names; the build fails if that page or anchor does not exist, or if an
// article widget has no such entry, so no link can point back at the article.

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { WidgetHome } from '../embed/home';
import { widgetElementId } from '../runtime/widget';
import { embedInstances } from './articles';
import { createMarkdown, splitFrontMatter, widgetInstances } from './markdown';
import links from '../../../content/articles/chapter-links.json';

interface ChapterPage {
  href: string;
  /** Heading anchors and widget element ids on the page. */
  anchors: Set<string>;
  widgets: string[];
}

async function chapterPages(contentDir: string): Promise<ChapterPage[]> {
  const md = createMarkdown();
  const site = JSON.parse(await readFile(path.join(contentDir, 'site.json'), 'utf8')) as { pages: string[] };
  // Reading order first, then the gallery and the other pages site.json lists after it.
  return Promise.all(
    site.pages.map(async (name) => {
      const { body } = splitFrontMatter(await readFile(path.join(contentDir, `${name}.md`), 'utf8'));
      const widgets = widgetInstances(md.parse(body, { widgets: new Map(), toc: [] }));
      const anchors = new Set([...body.matchAll(/\{#([\w-]+)\}/g)].map((m) => m[1]!));
      for (const w of widgets) anchors.add(widgetElementId(w));
      return { href: `${name}.html`, anchors, widgets };
    }),
  );
}

async function articleWidgets(articlesDir: string, files: string[]): Promise<string[]> {
  const md = createMarkdown();
  const out: string[] = [];
  for (const file of files) {
    const { body } = splitFrontMatter(await readFile(path.join(articlesDir, file), 'utf8'));
    out.push(...embedInstances(md.parse(body, { widgets: new Map(), toc: [] })).map((e) => e.instance));
  }
  return out;
}

/** instance → home, for every chapter widget and every article widget. */
export async function widgetHomes(contentDirs: string[], articlesDir: string, articleFiles: string[]): Promise<Record<string, WidgetHome>> {
  // Chapters in book order: a widget's home is its first chapter's page.
  const pages = (await Promise.all(contentDirs.map(chapterPages))).flat();
  const homes: Record<string, WidgetHome> = {};
  for (const page of pages) {
    for (const w of page.widgets) homes[w] ??= { href: `${page.href}#${widgetElementId(w)}`, label: links.own_label };
  }
  const related = links.widgets as Record<string, { href: string; title: string }>;
  for (const instance of await articleWidgets(articlesDir, articleFiles)) {
    if (homes[instance]) continue;
    const r = related[instance];
    if (!r) throw new Error(`content/articles/chapter-links.json: no chapter passage for the article widget "${instance}"`);
    const [file, anchor = ''] = r.href.split('#');
    const page = pages.find((p) => p.href === file);
    if (!page || !page.anchors.has(anchor)) throw new Error(`content/articles/chapter-links.json: ${instance} → ${r.href} does not exist`);
    homes[instance] = { href: r.href, label: `${links.related_label}${r.title}` };
  }
  return homes;
}
