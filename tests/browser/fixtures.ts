// Shared fixtures for the browser tests.
//
// - `core`: the Node build of the same C++ core, so every expected number is
//   the core's own answer for the same request (plus a few literal book values
//   asserted in the specs).
// - every test fails if the page logs a console error or throws.
// - baseURL comes from the static server started by playwright.config.ts.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
if (!existsSync(path.join(root, 'dist/index.html')) || !existsSync(path.join(root, 'dist/2-1.html'))) {
  throw new Error('dist/index.html is missing: run `npm run build:site` before `npm run test:browser`.');
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

export interface Core {
  /** Raw response object for a request. */
  evaluate(request: Obj): { ok: boolean; result?: Obj; error?: { field: string; message: string } };
  /** result of an ok response (fails the test otherwise). */
  ok(request: Obj): Obj;
  /** error of a refused request (fails the test otherwise). */
  error(request: Obj): { field: string; message: string; detail?: string };
}

async function loadCore(): Promise<Core> {
  const wasmDir = path.resolve(root, process.env.TALLY_WASM_DIR ?? 'build/wasm');
  const factory = (await import(pathToFileURL(path.join(wasmDir, 'tally_node.mjs')).href)).default as (o: {
    wasmBinary: Uint8Array;
  }) => Promise<{ evaluate(s: string): string }>;
  const mod = await factory({ wasmBinary: readFileSync(path.join(wasmDir, 'tally_node.wasm')) });
  const core: Core = {
    evaluate: (request) => JSON.parse(mod.evaluate(JSON.stringify(request))),
    ok(request) {
      const r = core.evaluate(request);
      if (!r.ok || !r.result) throw new Error(`core refused ${JSON.stringify(request)}: ${JSON.stringify(r.error)}`);
      return r.result;
    },
    error(request) {
      const r = core.evaluate(request);
      if (r.ok || !r.error) throw new Error(`core accepted ${JSON.stringify(request)}`);
      return r.error;
    },
  };
  return core;
}

export const test = base.extend<{ pageErrors: string[] }, { core: Core }>({
  baseURL: async ({}, use) => {
    const port = process.env.TALLY_PORT;
    if (!port) throw new Error('TALLY_PORT not set: run through `npm run test:browser`');
    await use(`http://127.0.0.1:${port}/`);
  },
  core: [async ({}, use) => use(await loadCore()), { scope: 'worker' }],
  // Auto fixture: collect console errors and uncaught exceptions; none allowed.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors / page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The widget root for a kind (one instance per kind on the chapter page). */
export function widget(page: Page, kind: string): Locator {
  return page.locator(`[data-widget="${kind}"]`);
}

/** The page each of the first three widgets lives on (content/ch02/*.md). */
export const PAGE_OF = { 'table-2-1': '2-1.html', decode: '2-2.html', capacity: '2-6.html' } as const;
export type WidgetKind = keyof typeof PAGE_OF;

/** Wait until every widget on the current page is hydrated. */
export async function allReady(page: Page): Promise<void> {
  // Generous: a cold browser on a busy 2-core machine can take seconds; the
  // timing budget itself is reported by `npm run bench`.
  const roots = page.locator('[data-widget][data-instance]');
  const n = await roots.count();
  for (let i = 0; i < n; i++) await expect(roots.nth(i)).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

/** Open the page that holds a widget kind (optionally with a hash) and wait until its widgets are hydrated. */
export async function openChapter(page: Page, kind: WidgetKind, hash = ''): Promise<void> {
  await page.goto(`./${PAGE_OF[kind]}${hash}`);
  await allReady(page);
}

/** Wait until the page's idle work is done: the default results have been
 * recomputed by the core in the browser and the JIT warm-up has finished. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('tally:warm').length > 0, null, { timeout: 120_000 });
}

/** Replace a text control's content the way a reader would (select all, type). */
export async function typeInto(control: Locator, text: string): Promise<void> {
  await control.click();
  await control.press('ControlOrMeta+A');
  if (text === '') await control.press('Backspace');
  else await control.pressSequentially(text);
}

/** Default requests, mirroring content/ch02/widgets.json. */
export const DEFAULTS = {
  forward: { op: 'forward', model: 'qwen3-8b', batch: 1, context: 0, input: 8192, head_tokens: 1 },
  capacity: {
    op: 'capacity',
    model: 'qwen3-8b',
    gpu: 'rtx-4090',
    context: 8192,
    workspace_bytes: 2147483648,
    weight_dtype: 'bf16',
    kv_dtype: 'bf16',
  },
  request: { op: 'request', model: 'qwen3-8b', context: 0, input: 8192, generated: 1025 },
} satisfies Record<string, Obj>;
