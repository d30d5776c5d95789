// The page's side of the core worker (web/src/runtime/core-worker.js): the
// WASM core answers in a Web Worker, so no request, however long, can freeze
// the page. Requests go to the worker one at a time, in the order asked.
//
// No request runs forever: once one has run for LONG_REQUEST_MS, the worker is
// stopped (a WASM call cannot be interrupted any other way), the long request
// is refused with a message, and a new worker, instantiated from the same
// compiled module, takes the queue. That holds for a request alone in the
// queue too: a core that never returned would otherwise spin until the tab
// closed. A trap (a core bug, e.g. out-of-bounds memory) rejects its request and also
// replaces the worker, whose heap can no longer be trusted.
// docs/architecture.md describes the policy.

import workerSource from './core-worker.js?raw';
import { fill, ui } from '../i18n/ui';
import { EngineError } from './engine';

/** The core as the page sees it: requests answered asynchronously. */
export interface AsyncCore {
  evaluate(request: string): Promise<string>;
}

/** How long a request may run before its worker is stopped. */
export const LONG_REQUEST_MS = 5000;

export const LONG_REQUEST_MESSAGE = fill(ui.page.long_request, { seconds: LONG_REQUEST_MS / 1000 });

interface Job {
  id: number;
  request: string;
  resolve(response: string): void;
  reject(error: Error): void;
}

type Reply = { type: 'ready' } | { type: 'failed'; message: string } | { id: number; response: string } | { id: number; trap: string };

let sourceUrl: string | undefined;

/** One blob: URL per document for the worker's script. */
function workerUrl(): string {
  sourceUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  return sourceUrl;
}

/** A worker web/src/start-core.js started from the page head, and what it has said so far. */
export interface EarlyWorker {
  worker: Worker;
  ready: boolean;
  failed: string | null;
}

/** Start a worker for the core, or take the one the page head started. */
function newWorker(early: EarlyWorker | undefined): { worker: Worker; said?: EarlyWorker } {
  if (early) return { worker: early.worker, said: early };
  // Throws at once if the page's CSP forbids blob: workers (Chromium fires an error event instead).
  return { worker: new Worker(workerUrl(), { name: 'tally-core' }) };
}

class CoreWorker implements AsyncCore {
  private worker!: Worker;
  private ready!: Promise<void>;
  private readonly queue: Job[] = [];
  private running: { job: Job; since: number; timer: ReturnType<typeof setTimeout> } | undefined;
  private nextId = 1;
  /** Set when a replacement worker could not start: the core is gone for this page. */
  private broken: Error | undefined;

  constructor(
    private readonly glue: string,
    private readonly compiled: Promise<WebAssembly.Module>,
    early: EarlyWorker | undefined,
    /** The core's words for the page (runtime/core-catalog.ts): posted to every worker before any request. */
    private readonly catalog: Promise<string | undefined>,
  ) {
    this.spawn(early);
  }

  /** Resolves once the first worker answers requests; rejects if it cannot start. */
  started(): Promise<void> {
    return this.ready;
  }

  evaluate(request: string): Promise<string> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, request, resolve, reject });
      this.stopIfOverdue();
      this.pump();
    });
  }

  private spawn(early?: EarlyWorker): void {
    const { worker, said } = newWorker(early);
    this.worker = worker;
    // Requests wait for the catalog too: posted first, it reaches the worker before them.
    const catalogPosted = this.catalog.then((text) => {
      if (text !== undefined) worker.postMessage({ type: 'messages', text });
    });
    const started = new Promise<void>((resolve, reject) => {
      if (said?.failed) reject(new Error(said.failed));
      else if (said?.ready) resolve();
      // A core that cannot be fetched or compiled never reaches the worker.
      this.compiled.catch(reject);
      worker.onmessage = (e: MessageEvent<Reply>) => {
        const m = e.data;
        if ('type' in m) {
          if (m.type === 'ready') resolve();
          else reject(new Error(m.message));
        } else this.settle(m);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        const error = new Error(e.message || 'the core worker stopped');
        reject(error); // no effect once the worker is ready
        if (this.worker === worker && this.running) this.replace(new Error(`tally core: ${error.message}`));
      };
    });
    this.ready = Promise.all([started, catalogPosted]).then(() => undefined);
    // Requests wait for this worker; a failed restart fails them and every later
    // one (the first start falls back to the main thread in loader.ts).
    this.ready.then(
      () => this.pump(),
      (error: Error) => {
        this.broken = error;
        for (const job of this.queue.splice(0)) job.reject(error);
      },
    );
    worker.postMessage({ type: 'glue', url: this.glue });
    this.compiled.then(
      (module) => worker.postMessage({ type: 'module', module }),
      () => undefined,
    );
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const ready = this.ready;
    void ready.then(
      () => {
        if (this.running || ready !== this.ready) return; // a newer worker's start pumps again
        const job = this.queue.shift();
        if (!job) return;
        this.running = { job, since: performance.now(), timer: setTimeout(() => this.stopIfOverdue(), LONG_REQUEST_MS) };
        this.worker.postMessage({ id: job.id, request: job.request });
      },
      () => undefined,
    );
  }

  private settle(reply: { id: number; response: string } | { id: number; trap: string }): void {
    const current = this.running;
    if (!current || current.job.id !== reply.id) return;
    if ('response' in reply) {
      this.finish();
      current.job.resolve(reply.response);
      this.pump();
    } else this.replace(new Error(`tally core: ${reply.trap}`));
  }

  /** Refuse the running request and carry on with a new worker. */
  private replace(error: Error): void {
    const current = this.running;
    this.finish();
    current?.job.reject(error);
    this.worker.terminate();
    this.spawn();
    this.pump();
  }

  /** Stop the running request if it has taken too long, whether or not another one waits. */
  private stopIfOverdue(): void {
    const current = this.running;
    if (!current || performance.now() - current.since < LONG_REQUEST_MS) return;
    this.replace(new EngineError('', LONG_REQUEST_MESSAGE));
  }

  private finish(): void {
    if (this.running) clearTimeout(this.running.timer);
    this.running = undefined;
  }

  /** Give up on workers (the first one could not start). */
  close(): void {
    this.worker.terminate();
  }
}

/**
 * Start the core in a worker: `glue` is the absolute URL of the Emscripten
 * glue, `compiled` the module the page compiled (posted to the worker, never
 * compiled twice), `early` the worker the page head started, if any, and
 * `catalog` the core's words for the page (undefined: none). Rejects
 * if no worker can start here (e.g. the host page's CSP forbids blob: workers).
 */
export async function startWorkerCore(
  glue: string,
  compiled: Promise<WebAssembly.Module>,
  early?: EarlyWorker,
  catalog: Promise<string | undefined> = Promise.resolve(undefined),
): Promise<AsyncCore> {
  const core = new CoreWorker(glue, compiled, early, catalog);
  try {
    await core.started();
  } catch (error) {
    core.close();
    throw error;
  }
  return core;
}
