// The body of the Web Worker that runs the WASM core (web/src/runtime/worker-core.ts
// starts it). It is shipped as the source text of one function, turned into a
// blob: URL by the page, so the worker is always same-origin with the page that
// starts it, also on a third-party page (<tally-widget>), where a worker script
// on the Tally origin could not start. For the same reason the function must
// not use anything from outside its own body: the bundler cannot see into a blob.
//
// Protocol (page → worker):
//   { type: 'glue', url }          import the Emscripten glue (absolute URL)
//   { type: 'module', module }     the compiled WebAssembly.Module (posted, not recompiled)
//   { id, request }                one request JSON
// (worker → page):
//   { type: 'ready' }              instantiated: requests may come
//   { type: 'failed', message }    could not start (the page falls back to its main thread)
//   { id, response }               the core's response JSON
//   { id, trap }                   the WASM trapped (a core bug): this instance is not used again

/** The worker's code. Never called on the page; its source is what the worker runs. */
export function coreWorkerMain(): void {
  interface Core {
    evaluate(request: string): string;
  }
  type Receive = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;
  type Factory = (opts: { instantiateWasm: (imports: WebAssembly.Imports, receive: Receive) => object }) => Promise<Core>;
  const scope = globalThis as unknown as { postMessage(message: unknown): void; onmessage: ((e: MessageEvent) => void) | null };

  let glue: Promise<{ default: Factory }> | undefined;
  let compiled: WebAssembly.Module | undefined;
  let core: Core | undefined;
  let starting = false;

  const fail = (error: unknown): void => scope.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });

  // Emscripten's hook for bringing your own instance: the module the page compiled.
  const instantiate = (factory: Factory, module: WebAssembly.Module): Promise<Core> =>
    new Promise((resolve, reject) => {
      const instantiateWasm = (imports: WebAssembly.Imports, receive: Receive): object => {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), reject);
        return {};
      };
      factory({ instantiateWasm }).then(resolve, reject);
    });

  /** Requests that came before the core was ready (the page waits for 'ready'; this is only a safeguard). */
  const early: { id: number; request: string }[] = [];

  const answer = (ready: Core, id: number, request: string): void => {
    try {
      scope.postMessage({ id, response: ready.evaluate(request) });
    } catch (error) {
      scope.postMessage({ id, trap: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    }
  };

  const start = async (): Promise<void> => {
    if (starting || !glue || !compiled) return;
    starting = true;
    try {
      core = await instantiate((await glue).default, compiled);
    } catch (error) {
      fail(error);
      return;
    }
    scope.postMessage({ type: 'ready' });
    // The first call pays for lazy compilation and for parsing the embedded
    // catalog: pay it now, before the page's first real request arrives.
    core.evaluate('{"op":"catalog"}');
    for (const m of early.splice(0)) answer(core, m.id, m.request);
  };

  scope.onmessage = (e: MessageEvent) => {
    const m = e.data as { type?: string; url?: string; module?: WebAssembly.Module; id?: number; request?: string };
    if (m.type === 'glue') {
      glue = import(/* @vite-ignore */ m.url!) as Promise<{ default: Factory }>;
      glue.catch(fail);
      void start();
    } else if (m.type === 'module') {
      compiled = m.module;
      void start();
    } else if (core) answer(core, m.id!, m.request!);
    else early.push({ id: m.id!, request: m.request! });
  };
}

/** The worker's script: the function above, called. */
export function coreWorkerSource(): string {
  return `(${coreWorkerMain.toString()})();\n`;
}
