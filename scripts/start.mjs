// `npm start`: install what is missing, build everything, serve dist/.
import path from 'node:path';

import { buildAll, log, root } from './lib.mjs';
import { createStaticServer, listen } from './serve.mjs';

try {
  buildAll();
} catch (error) {
  console.error(`\nBuild failed: ${error.message}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 8080);
const url = await listen(createStaticServer(path.join(root, 'dist')), port);
log(`Tally is ready: ${url}`);
console.log('Press Ctrl+C to stop.');
