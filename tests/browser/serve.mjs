#!/usr/bin/env node
// The browser tests' static server: scripts/serve.mjs (the one `npm start`
// uses) on 127.0.0.1 and a free port, printed so that Playwright's
// webServer.wait (and tests/browser/embed-host.ts) can read it.
//
//   node tests/browser/serve.mjs [root=dist] [port=0] [stall-flag]
//
// stall-flag (offline.spec.ts): while a file of that name exists, page
// requests (.html and "/") are held unanswered, as a stalled network holds them.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import { listen, staticHandler } from '../../scripts/serve.mjs';

const root = path.resolve(process.argv[2] ?? 'dist');
const stallFlag = process.argv[4];
const serveFile = staticHandler(root);
const isPage = (url) => /(\.html|\/)$/.test(new URL(url, 'http://host').pathname);
const stalled = (req) => stallFlag !== undefined && existsSync(stallFlag) && isPage(req.url);
const server = http.createServer((req, res) => (stalled(req) ? undefined : serveFile(req, res)));
const url = await listen(server, Number(process.argv[3] ?? 0));
console.log(`Tally static server listening on port ${new URL(url).port}`);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections(); // held pages too
  });
