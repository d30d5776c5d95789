// The core that imports models. Reading a Hugging Face config.json is one op
// (import_hf_config) of the importer chapter's module (content/book.json
// "importer"). Another chapter's module leaves it out: the importer is about
// 10 KiB gzip, which would take chapter 3's module past its 150 KiB budget.
// A page of such a chapter names the importer's core in its head
// (<meta name="tally-import-core">, site/page.ts), and embeds find it among
// the chapters' cores. It is loaded on the first import only: a reader who
// never imports a model, and keeps none, never downloads it. The spec it
// returns is plain JSON, which every chapter's ops take inline.
import { withLang } from '../i18n/core-lang';
import type { Engine, Fields } from '../runtime/engine';
import { loadEngine, type CoreUrls } from '../runtime/loader';

/** An engine that loads its core when first asked, then answers from it. */
export function lazyEngine(load: () => Promise<Engine>): Engine {
  let core: Promise<Engine> | undefined;
  const ready = () => (core ??= load());
  const typed = (async (op, fields) => (await ready())(op, fields)) as Engine;
  return Object.assign(typed, { raw: async (op: string, fields?: Fields) => (await ready()).raw(op, fields) });
}

/** The importer's core at `urls`, in the edition's language, loaded on the first import. */
export function importerAt(urls: CoreUrls, lang: string): Promise<Engine> {
  return Promise.resolve(lazyEngine(() => loadEngine({ ...urls, lang }).then((e) => withLang(e, lang))));
}

/**
 * The importer's core a page's head names, as absolute URLs; undefined when
 * the page's own core imports (the head then names none).
 */
export function pageImporterUrls(doc: Document): CoreUrls | undefined {
  const text = doc.querySelector<HTMLMetaElement>('meta[name="tally-import-core"]')?.content;
  if (!text) return undefined;
  const urls = JSON.parse(text) as { glue: string; wasm: string }; // written by the build (site/page.ts)
  return { glue: new URL(urls.glue, doc.baseURI).href, wasm: new URL(urls.wasm, doc.baseURI).href };
}
