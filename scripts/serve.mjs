// The static file server of `npm start`, the browser tests and the benchmark:
// it serves dist/ the way a good static host does, and nothing more.
//   - correct MIME types (application/wasm lets browsers stream-compile);
//   - content-hashed files (assets/*-<hash>.*, wasm/*.<hash>.*, widget
//     configs) are immutable: a browser keeps them, and keeps their compiled
//     code, until the build changes their names;
//   - every other file (pages, embed.js) is revalidated on each visit (ETag);
//   - any origin may load the files, so widgets embed into other sites
//     (docs/embed.md), as on GitHub Pages and most CDNs.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Vite's names (main-Dv0ZgmgY.js) and the site build's (tally_web.76daaac062.wasm, widgets-2-1.588ad15a42.json). */
const CONTENT_HASHED = /(-[\w-]{8}\.(js|css|woff2?|ttf)|\.[0-9a-f]{10}\.(mjs|wasm|json))$/;

export function createStaticServer(dir) {
  const base = path.resolve(dir);
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.resolve(base, '.' + decodeURIComponent(url.pathname));
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end('forbidden');
      return;
    }
    fs.stat(file, (error, info) => {
      if (!error && info.isDirectory()) file = path.join(file, 'index.html');
      fs.stat(file, (missing, st) => {
        if (missing || !st.isFile()) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
          return;
        }
        const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
        const headers = {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': CONTENT_HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
          etag,
          'access-control-allow-origin': '*',
          'x-content-type-options': 'nosniff',
        };
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(200, { ...headers, 'content-length': st.size });
        if (req.method === 'HEAD') res.end();
        else fs.createReadStream(file).pipe(res);
      });
    });
  });
}

/**
 * Listen on `port` (0: any free port; otherwise the first free one from
 * `port` upward); resolve with the server's URL.
 */
export function listen(server, port = 8080, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const attempt = (p) => {
      server.once('error', (error) => {
        if (error.code === 'EADDRINUSE' && p !== 0 && p < port + 50) attempt(p + 1);
        else reject(error);
      });
      server.listen(p, host, () => resolve(`http://${host}:${server.address().port}/`));
    };
    attempt(port);
  });
}

// `node scripts/serve.mjs [dir] [port]`
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const dir = process.argv[2] ?? 'dist';
  const port = Number(process.argv[3] ?? 8080);
  listen(createStaticServer(dir), port).then((url) => console.log(`Serving ${dir} at ${url}`));
}
