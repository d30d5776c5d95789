// Malformed URLs are never fatal, and the static server sends each page's CSP
// as a header with its framing rule: chapter pages only inside this origin,
// embed.html inside any site (docs/hosting.md).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { allReady, DEFAULTS, expect, test, widget } from './fixtures';

/** GET a raw path (not normalized by a URL parser) from the test server. */
function get(baseURL: string, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('a malformed % escape in the hash is ignored: every widget of the page starts, the rest of the hash still applies', async ({ page, core }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await page.goto('./2-6.html#%E0%A4%A:x=1;capacity:ctx=32768');
  await allReady(page);
  expect(await page.locator('[data-widget][data-instance]').count()).toBe(21); // 20 widgets and the section's live sentence
  await expect(widget(page, 'capacity').getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, context: 32768 }).display));
  expect(warnings.some((w) => w.includes('%E0%A4%A'))).toBe(true);
  // A malformed plain anchor is not fatal either.
  await page.goto('./2-1.html#%E0%A4%A');
  await allReady(page);
  await expect(page.locator('[data-widget][data-instance]').first()).toHaveAttribute('data-state', 'ok');
});

test('the server answers 400 to a malformed path and keeps serving', async ({ baseURL }) => {
  for (const bad of ['/%E0%A4%A', '/2-1.html%', '/%00.html', '/%C0%AF']) {
    expect((await get(baseURL!, bad)).status, bad).toBe(400);
  }
  expect((await get(baseURL!, '/2-1.html')).status).toBe(200);
  expect((await get(baseURL!, '/%32-1.html')).status).toBe(200); // a valid escape still decodes
  expect((await get(baseURL!, '/../package.json')).status).toBe(404); // resolves inside dist/
});

test('pages carry their CSP as a header: chapter pages only framed by this origin, embed.html by any site', async ({ baseURL }) => {
  for (const file of ['/', '/2-1.html', '/2-6.html', '/articles/v41-kv-ratios.html']) {
    const { headers } = await get(baseURL!, file);
    const csp = String(headers['content-security-policy']);
    expect(csp, file).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp, file).toContain('worker-src blob:');
    expect(csp, file).toMatch(/; frame-ancestors 'self'$/);
    expect(headers['x-frame-options'], file).toBe('SAMEORIGIN');
  }
  const embed = await get(baseURL!, '/embed.html');
  expect(String(embed.headers['content-security-policy'])).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(String(embed.headers['content-security-policy'])).not.toContain('frame-ancestors');
  expect(embed.headers['x-frame-options']).toBeUndefined();
  // Files other than pages carry no page policy.
  const script = await get(baseURL!, '/embed.js');
  expect(script.headers['content-security-policy']).toBeUndefined();
});

test('another site cannot frame a chapter page, while embed.html loads in its frame', async ({ page, baseURL, core, pageErrors }) => {
  const tally = new URL(baseURL!).origin;
  const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body>
<iframe data-testid="chapter" src="${tally}/2-6.html" width="800" height="400"></iframe>
<iframe data-testid="embed" src="${tally}/embed.html?w=capacity&model=qwen3-32b" width="800" height="400"></iframe>
</body></html>`;
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const embed = page.frameLocator('[data-testid="embed"]');
    await expect(embed.locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    await expect(embed.getByTestId('requests')).toHaveText(String(core.ok({ ...DEFAULTS.capacity, model: 'qwen3-32b' }).display));
    // The refused frame shows the browser's error page: no document of ours, no widget.
    const chapter = await (await page.locator('[data-testid="chapter"]').elementHandle())!.contentFrame();
    await expect.poll(() => chapter!.url()).toMatch(/^chrome-error:/);
    expect(await page.frameLocator('[data-testid="chapter"]').locator('[data-widget]').count()).toBe(0);
    // The browser reports the refusal as a console error: expected here, and the only one.
    const refused = pageErrors.filter((e) => e.includes("frame-ancestors 'self'"));
    expect(refused.length).toBeGreaterThan(0);
    pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !refused.includes(e)));
  } finally {
    server.close();
  }
});
