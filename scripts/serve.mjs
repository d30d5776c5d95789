// The static file server of `npm start`, the browser tests and the benchmark:
// sirv (the server `vite preview` uses) serves dist/ (MIME types, ETags and
// 304s, index.html, paths outside dist/), and this file adds only what a
// good static host adds on top:
//   - content-hashed files (assets/*-<hash>.*, wasm/*.<hash>.*, widget
//     configs) are immutable: a browser keeps them, and keeps their compiled
//     code, until the build changes their names; every other file (pages,
//     embed.js) is revalidated on each visit;
//   - any origin may load the files, so widgets embed into other sites
//     (docs/embed.md), as on GitHub Pages and most CDNs;
//   - a page's Content-Security-Policy (the one in its <meta> tag) is also
//     sent as a header, with the framing rule a meta tag cannot carry:
//     embed.html may be framed by any site, every other page only by this
//     origin (frame-ancestors 'self'; docs/hosting.md);
//   - a path that is not valid percent-encoding gets 400, never a crash
//     (sirv would look the raw path up and answer 404); a path through a
//     file (/3-1.html/) gets 404, and a Range that is no single byte range
//     (bytes=100-50) is ignored, never a reset connection.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

import sirv from 'sirv';

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
    return m
      ? m[1]
          .replace(/&#39;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&')
      : null;
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

/** The host's request handler over `dir` (createStaticServer's; a test server may wrap it). */
export function staticHandler(dir) {
  const base = path.resolve(dir);
  // dev: look each request up on disk (a rebuilt dist/ is served without a
  // restart); its default cache rule, no-cache + ETag, is the pages' rule.
  const files = sirv(base, { dev: true, etag: true, setHeaders: (res, pathname) => setHostHeaders(res, base, pathname) });
  return (req, res) => {
    const pathname = requestPath(req.url);
    if (pathname === null) {
      plain(res, 400, 'bad request: the path is not valid percent-encoding');
      return;
    }
    // A file is no directory: /3-1.html/ is not the page (its relative links would all break).
    if (pathname.length > 1 && pathname.endsWith('/') && isFile(path.join(base, pathname.slice(0, -1)))) {
      plain(res, 404, 'not found');
      return;
    }
    dropUnservedRange(req);
    try {
      files(req, res, () => plain(res, 404, 'not found'));
    } catch {
      if (!res.headersSent)
        plain(res, 500, 'could not read the file'); // never serve a page without its framing rule
      else res.destroy();
    }
  };
}

export function createStaticServer(dir) {
  return http.createServer(staticHandler(dir));
}

/** The headers this host adds to a file sirv is about to send (see the top of this file). */
function setHostHeaders(res, base, pathname) {
  const file = servedFile(path.join(base, pathname));
  res.setHeader('cache-control', CONTENT_HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('x-content-type-options', 'nosniff');
  for (const [name, value] of Object.entries(pageSecurityHeaders(file))) res.setHeader(name, value);
}

/** Whether `file` is a regular file; false, not a throw, for a path through a file (`3-1.html/index.html`: ENOTDIR). */
function isFile(file) {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** The file sirv found for a request path: the path itself, or with sirv's .html / index.html fallbacks. */
function servedFile(requested) {
  const candidates = [requested, `${requested}.html`, path.join(requested, 'index.html')];
  return candidates.find(isFile) ?? requested;
}

/**
 * Drop a Range header that is no single byte range from `first` on
 * (`bytes=100-50`, `bytes=-500`, several ranges): sirv would compute a
 * negative length from it and the read stream would reset the connection.
 * RFC 9110 lets a server ignore a Range it does not take: the whole file is
 * sent with 200 instead.
 */
export function dropUnservedRange(req) {
  const range = req.headers.range;
  if (range === undefined) return;
  const m = /^bytes=(\d+)-(\d*)$/.exec(range.trim());
  if (!m || (m[2] !== '' && Number(m[2]) < Number(m[1]))) delete req.headers.range;
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
