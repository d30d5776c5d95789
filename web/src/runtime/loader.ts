// Loads each WASM core once per document, into a Web Worker (runtime/worker-core.ts)
// where one can start, else on the page. A Tally page names the glue and the
// binary in <link data-tally="glue|wasm"> tags (which also preload them), so
// URLs stay relative to the page and the site works from any static host or
// sub-path. On a third-party page, embed.js passes absolute URLs instead; every
// <tally-widget> there shares this one load. The core's words for the page's
// language (runtime/core-catalog.ts) are fetched alongside and handed to the
// core before its first request.

import { coreLang, loadCatalog } from './core-catalog';
import { makeEngine, type AsyncTallyModule, type Engine, type TallyModule } from './engine';
import { startWorkerCore, type EarlyWorker } from './worker-core';

/** Emscripten's hook for bringing your own instance: call `receive`, return {}. */
type InstantiateHook = (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
type Factory = (opts: { instantiateWasm: InstantiateHook }) => Promise<TallyModule>;

/**
 * The cores this document loaded, by glue URL: a page loads its chapter's
 * core; a host page with <tally-widget>s of two chapters loads both
 * (each chapter's module serves only the ops of its pages).
 */
const engines = new Map<string, Promise<Engine>>();

function linkHref(kind: 'glue' | 'wasm'): string {
  const link = document.querySelector<HTMLLinkElement>(`link[data-tally="${kind}"]`);
  if (!link) throw new Error(`page is missing <link data-tally="${kind}">`);
  return link.href; // absolute, resolved against the document URL
}

export interface CoreUrls {
  glue: string;
  wasm: string;
  /** The language of the core's words (BCP 47); when absent, the page's <html lang>. */
  lang?: string;
}

/** The browser module's extra: its catalog, handed over once (src/wasm/evaluate.post.js). */
type WordlessModule = TallyModule & { setMessages?(catalogJson: string): boolean };

/** Give the core its words; a catalog the core refuses (stale, not one) leaves it showing codes. */
function giveCatalog(mod: WordlessModule, catalog: string | undefined): void {
  if (catalog !== undefined && mod.setMessages && !mod.setMessages(catalog)) console.warn('Tally: the core refused its catalog of words');
}

declare global {
  interface Window {
    /**
     * The compile web/src/start-core.js started while the page was parsed,
     * and the core's worker it started with it (for the glue at `glue`).
     */
    __tallyCore?: { url: string; module: Promise<WebAssembly.Module>; glue?: string; worker?: EarlyWorker | null };
  }
}

/** The core compiled from `url`: the compile the page head started, else one of our own. */
function compiledCore(url: string): Promise<WebAssembly.Module> {
  const early = window.__tallyCore;
  return early?.url === url ? early.module.catch(() => compileCore(url)) : compileCore(url);
}

/** Streaming compile; a server that does not send application/wasm gets a plain one. */
async function compileCore(url: string): Promise<WebAssembly.Module> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`tally wasm: HTTP ${response.status}`);
  if (response.headers.get('content-type')?.startsWith('application/wasm')) return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

function instantiate(factory: Factory, compiled: WebAssembly.Module): Promise<TallyModule> {
  return new Promise((resolve, reject) => {
    const instantiateWasm: InstantiateHook = (imports, receive) => {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled), reject);
      return {};
    };
    factory({ instantiateWasm }).then(resolve, reject);
  });
}

/** The core on this page's main thread: the path when no worker can start. */
async function mainThreadCore(glueUrl: string, compiled: Promise<WebAssembly.Module>, catalog: Promise<string | undefined>): Promise<TallyModule> {
  const [glue, module] = await Promise.all([import(/* @vite-ignore */ glueUrl) as Promise<{ default: Factory }>, compiled]);
  const mod: WordlessModule = await instantiate(glue.default, module);
  giveCatalog(mod, await catalog);
  // The core's first call pays for lazy WASM compilation and for parsing its
  // embedded catalog. If the page is still parsing, pay it now, off the
  // critical path of the first real update.
  if (document.readyState === 'loading') mod.evaluate('{"op":"catalog"}');
  return mod;
}

/**
 * The core in a Web Worker (runtime/worker-core.ts), so no request can freeze
 * the page; on the page's main thread only where a worker cannot start (a
 * host page whose CSP forbids blob: workers), with a note in the console.
 */
async function startCore(
  glueUrl: string,
  compiled: Promise<WebAssembly.Module>,
  catalog: Promise<string | undefined>,
): Promise<TallyModule | AsyncTallyModule> {
  const head = window.__tallyCore;
  const early = head?.glue === glueUrl ? (head.worker ?? undefined) : undefined;
  try {
    return await startWorkerCore(glueUrl, compiled, early, catalog);
  } catch (error) {
    await compiled; // a core that cannot be fetched or compiled fails the same way on either path
    console.info(
      `Tally: the core runs on the page's main thread, because a worker could not start here (${error instanceof Error ? error.message : String(error)}).`,
    );
    return mainThreadCore(glueUrl, compiled, catalog);
  }
}

export function loadEngine(urls?: CoreUrls): Promise<Engine> {
  const glueUrl = urls?.glue ?? linkHref('glue');
  const wasmUrl = urls?.wasm ?? linkHref('wasm');
  let engine = engines.get(glueUrl);
  if (engine) return engine;
  engine = (async () => {
    // Compile the binary here (or take the compile the page head started),
    // off the main thread, while the worker starts and imports the glue (or
    // take the worker the head started); the worker gets the compiled module
    // and only instantiates it.
    const compiled = compiledCore(wasmUrl);
    void compiled.then(
      () => performance.mark('tally:wasm-compiled'),
      () => undefined,
    );
    const catalog = loadCatalog(wasmUrl, coreLang(urls?.lang ?? document.documentElement.lang));
    const core = await startCore(glueUrl, compiled, catalog);
    performance.mark('tally:engine'); // lets benchmarks split load time from compute time
    return makeEngine(core);
  })();
  engines.set(glueUrl, engine);
  return engine;
}
