// Which core an embedded widget runs on. Each chapter's pages load their
// chapter's browser module (content/book.json "core"), which links only the
// ops those pages use; a widget embedded alone needs the same one. The build
// names each chapter's module (web/scripts/embed-build.mjs): embed.html in
// <meta name="tally-cores">, embed.js in its options. A chapter it does not
// name (or a stub made before chapters had their own cores) uses the
// default: the core the page's head names.
import type { CoreUrls } from '../runtime/loader';
import { widgetChapters } from '../runtime/site-config';

/** chapter id → its core's glue and binary (URLs, relative to the document or absolute). */
export type ChapterCores = Record<string, { glue: string; wasm: string }>;

/** The core of `chapter` from `cores`, as absolute URLs; undefined when `cores` does not name it. */
export function chapterCore(chapter: string | undefined, cores: ChapterCores | undefined, base: string): CoreUrls | undefined {
  const core = chapter && cores && Object.hasOwn(cores, chapter) ? cores[chapter] : undefined;
  return core && { glue: new URL(core.glue, base).href, wasm: new URL(core.wasm, base).href };
}

/** The core for `instance` from `cores`, as absolute URLs; undefined for the default core. */
export function coreFor(instance: string, cores: ChapterCores | undefined, base: string): CoreUrls | undefined {
  return chapterCore(Object.hasOwn(widgetChapters, instance) ? widgetChapters[instance] : undefined, cores, base);
}

/** The chapters' cores embed.html names in its head (site/embed-page.ts). */
export function pageCores(doc: Document): ChapterCores | undefined {
  const text = doc.querySelector<HTMLMetaElement>('meta[name="tally-cores"]')?.content;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as ChapterCores;
  } catch {
    return undefined; // the default core still draws every widget it serves
  }
}
