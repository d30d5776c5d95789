// Loads the WASM core once per document. A Tally page names the glue and the
// binary in <link data-tally="glue|wasm"> tags (which also preload them), so
// URLs stay relative to the page and the site works from any static host or
// sub-path. On a third-party page, embed.js passes absolute URLs instead; every
// <tally-widget> there shares this one load.

import { makeEngine, type Engine, type TallyModule } from './engine';

/** Emscripten's hook for bringing your own instance: call `receive`, return {}. */
type InstantiateHook = (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => object;
type Factory = (opts: { instantiateWasm: InstantiateHook }) => Promise<TallyModule>;

let engine: Promise<Engine> | undefined;

function linkHref(kind: 'glue' | 'wasm'): string {
  const link = document.querySelector<HTMLLinkElement>(`link[data-tally="${kind}"]`);
  if (!link) throw new Error(`page is missing <link data-tally="${kind}">`);
  return link.href; // absolute, resolved against the document URL
}

export interface CoreUrls {
  glue: string;
  wasm: string;
}

declare global {
  interface Window {
    /** The compile web/src/start-core.js started while the page was parsed. */
    __tallyCore?: { url: string; module: Promise<WebAssembly.Module> };
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

export function loadEngine(urls?: CoreUrls): Promise<Engine> {
  engine ??= (async () => {
    const glueUrl = urls?.glue ?? linkHref('glue');
    const wasmUrl = urls?.wasm ?? linkHref('wasm');
    // Compile the binary ourselves (or take the compile the page head started),
    // while the glue is imported, and hand the glue a compiled module: the
    // compile runs off the main thread, overlapping the page's first layout.
    const [glue, compiled] = await Promise.all([import(/* @vite-ignore */ glueUrl) as Promise<{ default: Factory }>, compiledCore(wasmUrl)]);
    performance.mark('tally:wasm-compiled'); // glue imported, binary downloaded and compiled
    const mod = await instantiate(glue.default, compiled);
    // The core's first call pays for lazy WASM compilation and for parsing its
    // embedded catalog. If the page is still parsing, pay it now, off the
    // critical path of the first real update.
    if (document.readyState === 'loading') mod.evaluate('{"op":"catalog"}');
    performance.mark('tally:engine'); // lets benchmarks split load time from compute time
    return makeEngine(mod);
  })();
  return engine;
}
