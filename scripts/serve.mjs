// The static file server of `npm start`, the browser tests and the benchmark:
// it serves dist/ the way a good static host does, and nothing more.
//   - correct MIME types (application/wasm lets browsers stream-compile);
//   - content-hashed files (assets/*-<hash>.*, wasm/*.<hash>.*, widget
//     configs) are immutable: a browser keeps them, and keeps their compiled
//     code, until the build changes their names;
//   - every other file (pages, embed.js) is revalidated on each visit (ETag);
//   - any origin may load the files, so widgets embed into other sites
//     (docs/embed.md), as on GitHub Pages and most CDNs;
//   - a page's Content-Security-Policy (the one in its <meta> tag) is also
//     sent as a header, with the framing rule a meta tag cannot carry:
//     embed.html may be framed by any site, every other page only by this
//     origin (frame-ancestors 'self'; docs/hosting.md);
//   - a path that is not valid percent-encoding gets 400, never a crash.
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

/** Pages any site may frame (docs/embed.md); every other page only this origin. */
const FRAMEABLE = new Set(['embed.html']);

const plain = (res, status, text) => res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);

/** The decoded request path, or null when it is not a valid URL or percent-encoding (`/%E0%A4%A`). */
export function requestPath(rawUrl) {
  try {
    const pathname = decodeURIComponent(new URL(rawUrl ?? '/', 'http://localhost').pathname);
    return pathname.includes('\0') ? null : pathname; // a NUL byte would make fs throw
  } catch {
    return null;
  }
}

/** The policy of a page's <meta http-equiv="Content-Security-Policy"> (the head comes first in the file). */
function metaPolicy(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const text = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0)).toString('utf8');
    const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(text);
    return m ? m[1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&') : null;
  } finally {
    fs.closeSync(fd);
  }
}

/** CSP and framing headers for an HTML page that declares a policy; none for other files. */
export function pageSecurityHeaders(file) {
  if (path.extname(file) !== '.html') return {};
  const policy = metaPolicy(file);
  if (policy === null) return {};
  if (FRAMEABLE.has(path.basename(file))) return { 'content-security-policy': policy };
  return { 'content-security-policy': `${policy}; frame-ancestors 'self'`, 'x-frame-options': 'SAMEORIGIN' };
}

export function createStaticServer(dir) {
  const base = path.resolve(dir);
  return http.createServer((req, res) => {
    const pathname = requestPath(req.url);
    if (pathname === null) {
      plain(res, 400, 'bad request: the path is not valid percent-encoding');
      return;
    }
    let file = path.resolve(base, '.' + pathname);
    if (file !== base && !file.startsWith(base + path.sep)) {
      plain(res, 403, 'forbidden');
      return;
    }
    fs.stat(file, (error, info) => {
      if (!error && info.isDirectory()) file = path.join(file, 'index.html');
      fs.stat(file, (missing, st) => {
        if (missing || !st.isFile()) {
          plain(res, 404, 'not found');
          return;
        }
        let security;
        try {
          security = pageSecurityHeaders(file);
        } catch {
          plain(res, 500, 'could not read the page'); // never serve a page without its framing rule
          return;
        }
        const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
        const headers = {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': CONTENT_HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
          etag,
          'access-control-allow-origin': '*',
          'x-content-type-options': 'nosniff',
          ...security,
        };
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, headers).end();
          return;
        }
        res.writeHead(200, { ...headers, 'content-length': st.size });
        if (req.method === 'HEAD') res.end();
        else fs.createReadStream(file).on('error', () => res.destroy()).pipe(res);
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
