#!/usr/bin/env node
// The browser tests' static server: scripts/serve.mjs (the one `npm start`
// uses) on 127.0.0.1 and a free port, printed so that Playwright's
// webServer.wait (and tests/browser/embed-host.ts) can read it.
//
//   node tests/browser/serve.mjs [root=dist] [port=0]
import path from 'node:path';

import { createStaticServer, listen } from '../../scripts/serve.mjs';

const root = path.resolve(process.argv[2] ?? 'dist');
const server = createStaticServer(root);
const url = await listen(server, Number(process.argv[3] ?? 0));
console.log(`Tally static server listening on port ${new URL(url).port}`);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.close(() => process.exit(0)));
