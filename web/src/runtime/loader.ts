// Loads the WASM core once per document. A Tally page names the glue and the
// binary in <link data-tally="glue|wasm"> tags (which also preload them), so
// URLs stay relative to the page and the site works from any static host or
// sub-path. On a third-party page, embed.js passes absolute URLs instead; every
// <tally-widget> there shares this one load.

import { makeEngine, type Engine, type TallyModule } from './engine';

type Factory = (opts: { wasmBinary: ArrayBuffer }) => Promise<TallyModule>;

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

export function loadEngine(urls?: CoreUrls): Promise<Engine> {
  engine ??= (async () => {
    const glueUrl = urls?.glue ?? linkHref('glue');
    const wasmUrl = urls?.wasm ?? linkHref('wasm');
    // Fetch the binary ourselves, in parallel with importing the glue, and hand
    // it over as wasmBinary: no dependence on the server's MIME type for .wasm
    // and no second request by the glue.
    const [glue, bytes] = await Promise.all([
      import(/* @vite-ignore */ glueUrl) as Promise<{ default: Factory }>,
      fetch(wasmUrl).then((r) => {
        if (!r.ok) throw new Error(`tally wasm: HTTP ${r.status}`);
        return r.arrayBuffer();
      }),
    ]);
    performance.mark('tally:wasm-fetched');
    const mod = await glue.default({ wasmBinary: bytes });
    // The core's first call pays for lazy WASM compilation and for parsing its
    // embedded catalog. If the page is still parsing, pay it now, off the
    // critical path of the first real update.
    if (document.readyState === 'loading') mod.evaluate('{"op":"catalog"}');
    performance.mark('tally:engine'); // lets benchmarks split load time from compute time
    return makeEngine(mod);
  })();
  return engine;
}
