// The static host (scripts/serve.mjs) on the paths issue 37 found it failing:
// a path through a file answered 500, and a backwards Range reset the
// connection without a response. Served from a temporary directory, so the
// test needs no site build.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import test from 'node:test';

import { createStaticServer, listen } from '../../scripts/serve.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-serve-'));
const page = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;"></head><body>${'x'.repeat(300)}</body></html>`;
fs.writeFileSync(path.join(dir, '3-1.html'), page);

/** Status, headers and body length of one GET, or the socket error's code. */
function get(base, pathname, headers = {}) {
  return new Promise((resolve) => {
    const req = http.get(new URL(pathname, base), { headers }, (res) => {
      let length = 0;
      res.on('data', (d) => (length += d.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, length }));
    });
    req.on('error', (error) => resolve({ error: error.code }));
  });
}

test('a path through a file, and a Range that is no byte range, get answers', async (t) => {
  const server = createStaticServer(dir);
  const base = await listen(server, 0);
  t.after(() => server.close());
  const size = Buffer.byteLength(page);

  assert.equal((await get(base, '/3-1.html')).status, 200);
  assert.equal((await get(base, '/3-1.html/')).status, 404);
  assert.equal((await get(base, '/3-1.html/x')).status, 404);

  // Backwards, suffix and multiple ranges are ignored: the whole page, with its policy.
  for (const range of ['bytes=100-50', 'bytes=-50', 'bytes=0-1,5-6', 'bytes=abc']) {
    const r = await get(base, '/3-1.html', { range });
    assert.equal(r.status, 200, range);
    assert.equal(r.length, size, range);
    assert.match(r.headers['content-security-policy'], /frame-ancestors 'self'/, range);
  }
  // A byte range still gets its part.
  const part = await get(base, '/3-1.html', { range: 'bytes=10-19' });
  assert.equal(part.status, 206);
  assert.equal(part.length, 10);
  assert.equal(part.headers['content-range'], `bytes 10-19/${size}`);
  assert.equal((await get(base, '/3-1.html', { range: `bytes=${size}-` })).status, 416);
});
