// A reader whose browser blocks service workers (the suite's default, as a
// privacy setting would) gets the pages without an offline copy and without
// a console warning about it (issue 39, item 14: workbox-window read
// `.waiting` of the registration the browser did not return).
import { allReady, expect, test } from './fixtures';

test('with service workers blocked, a page registers nothing and logs no offline warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await page.goto('./2-1.html');
  await allReady(page);
  // The offline set-up runs when the page is idle after load; the warning came a few hundred ms later.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done, 2000), { timeout: 3000 })));
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  expect(warnings.filter((w) => /offline|waiting/i.test(w))).toEqual([]);
});
