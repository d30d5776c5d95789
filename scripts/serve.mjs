// A small static file server for dist/: correct MIME types (application/wasm
// lets browsers stream-compile), the site's security headers, and nothing
// else.  Used by `npm start`, the browser tests and the benchmark.
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

export function createStaticServer(dir) {
  const base = path.resolve(dir);
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.resolve(base, '.' + decodeURIComponent(url.pathname));
    if (!file.startsWith(base)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    fs.readFile(file, (error, data) => {
      if (error) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
        return;
      }
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
      res.end(data);
    });
  });
}

// Listen on the first free port from `port` upward; resolve with the URL.
export function listen(server, port = 8080, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const attempt = (p) => {
      server.once('error', (error) => {
        if (error.code === 'EADDRINUSE' && p < port + 50) attempt(p + 1);
        else reject(error);
      });
      server.listen(p, host, () => resolve(`http://${host}:${p}/`));
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
