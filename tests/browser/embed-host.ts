// A second origin for the embed tests: tests/browser/host/ served by the same
// static server on another port (127.0.0.1 vs. the Tally server's origin
// differ by port, so they are different origins to the browser).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface HostServer {
  origin: string;
  stop(): void;
}

export function startHost(): Promise<HostServer> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'tests/browser/serve.mjs'), path.join(root, 'tests/browser/host'), '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('host server did not start')), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /listening on port (\d+)/.exec(chunk.toString());
      if (!m) return;
      clearTimeout(timer);
      resolve({ origin: `http://127.0.0.1:${m[1]}`, stop: () => child.kill('SIGTERM') });
    });
    child.on('error', reject);
  });
}

/** The version this build stamped on embed.html. */
export function builtVersion(): string {
  const html = readFileSync(path.join(root, 'dist/embed.html'), 'utf8');
  const m = /data-version="([0-9a-f]{10})"/.exec(html);
  if (!m) throw new Error('dist/embed.html has no data-version');
  return m[1]!;
}
