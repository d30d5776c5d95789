// The V4.1 KV-ratio article (built only from <tally-widget> embeds): every
// number on it equals the core's answer; the replay animation follows the
// newest token; and the site's security rules: a CSP on every page, no
// violations, no eval in the shipped JavaScript.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures';
import type { Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const ARTICLE = 'articles/v41-kv-ratios.html';
const designs = JSON.parse(readFileSync(path.join(root, 'content/articles/kv-designs.json'), 'utf8')) as {
  baseline: string;
  designs: Array<{ id: string; request: Record<string, string | boolean> }>;
};
const levels = (
  JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/article.json'), 'utf8')) as {
    widgets: Record<string, { controls: Array<{ choices?: Array<{ value: string }> }> }>;
  }
).widgets['kv-levels']!.controls[0]!.choices!.map((c) => c.value);

function el(page: Page, widget: string) {
  return page.locator(`tally-widget[widget="${widget}"]`);
}

async function openArticle(page: Page): Promise<void> {
  await page.goto(ARTICLE);
  for (const w of ['stage-tabs', 'replay-window', 'kv-levels', 'kv-concurrency', 'effort-scale']) {
    await expect(el(page, w).locator('[data-widget]')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  }
}

test('the article is made of embeds only, and each number is the core’s', async ({ page, core }) => {
  await openArticle(page);
  // No chapter-style widget in the page's own DOM: each lives in an element's shadow root.
  expect(await page.evaluate(() => document.querySelectorAll('[data-widget]').length)).toBe(0);
  await expect(page.locator('tally-widget')).toHaveCount(5);

  // Concurrency: 200 × 128K × 445 B, and every design row.
  const conc = el(page, 'kv-concurrency');
  for (const d of designs.designs) {
    const r = core.ok({ op: 'kv_footprint', ...d.request, tokens: 131072, requests: 200 });
    await expect(conc.getByTestId(`conc-${d.id}-gb`)).toHaveText(String(r.gb_display));
    await expect(conc.getByTestId(`conc-${d.id}-gib`)).toHaveText(String(r.gib_display));
    await expect(conc.getByTestId(`conc-${d.id}-formula`)).toHaveText(String(r.formula));
  }
  await expect(conc.getByTestId('headline')).toHaveText('11.665 GB'); // the article's "≈ 11.7 GB"

  // Nine levels × five designs.
  const lv = el(page, 'kv-levels');
  for (const tokens of levels) {
    for (const d of designs.designs) {
      const r = core.ok({ op: 'kv_footprint', ...d.request, tokens: Number(tokens) });
      await expect(lv.getByTestId(`cell-${tokens}-${d.id}`)).toHaveText(String(r.gb_display));
    }
  }
  expect(levels).toHaveLength(9);

  // The three stages: ¼ and ⅛ of one baseline, so resident is ½ of CSA2.
  const st = el(page, 'stage-tabs');
  for (const [id, ratio] of [
    ['baseline', '1'],
    ['csa2', '1/4'],
    ['resident', '1/8'],
  ] as const) {
    const req = designs.designs.find((d) => d.id === id)!.request;
    const r = core.ok({ op: 'kv_footprint', ...req, tokens: 1, baseline_bytes_per_token: designs.baseline });
    expect(r.ratio_display).toBe(ratio);
    await expect(st.getByTestId(`stage-${id}-ratio`)).toHaveText(ratio);
  }
  await expect(st.getByTestId('resident-vs-csa2')).toHaveText('1/2');
  await expect(st.getByTestId('stage-csa2-bytes')).toBeHidden();
  await st.getByRole('tab', { name: 'CSA2' }).click();
  await expect(st.getByTestId('stage-csa2-bytes')).toHaveText('890 B/token');

  // Effort: default 50, no curve, only the core's band.
  const ef = el(page, 'effort-scale');
  const e50 = core.ok({ op: 'effort_scale', effort: 50 });
  await expect(ef.getByTestId('effort')).toHaveText(String(e50.display));
  await expect(ef.getByTestId('band')).toContainText(String(e50.band_display));
  expect(await ef.locator('path, polyline').count()).toBe(0);
});

test('the replay window follows the newest token when playing', async ({ page, core }) => {
  await openArticle(page);
  const rw = el(page, 'replay-window');
  const final = core.ok({ op: 'replay_window', length: 48, stride: 7, window: 8 });
  await expect(rw.getByTestId('window')).toHaveText(String(final.window_display));
  await rw.getByTestId('play').click();
  await expect(rw.getByTestId('play')).toHaveAttribute('aria-pressed', 'true');
  await expect(rw.getByTestId('position')).not.toHaveText(String(final.position_display));
  await page.waitForTimeout(1200);
  await rw.getByTestId('play').click(); // pause
  await expect(rw.getByTestId('play')).toHaveAttribute('aria-pressed', 'false');
  const shown = (await rw.getByTestId('position').textContent()) ?? '';
  const position = Number(/(\d+)/.exec(shown)?.[1]);
  expect(position).toBeGreaterThan(0);
  const frame = core.ok({ op: 'replay_window', length: 48, stride: 7, window: 8, position });
  await expect(rw.getByTestId('window')).toHaveText(String(frame.window_display));
  expect(await rw.locator('circle.slot-newest').count()).toBe(1);
  // The slider changes the window; the core re-answers.
  await rw.locator('input[type="range"]').fill('12');
  await expect(rw.getByTestId('window')).toHaveText(String(core.ok({ op: 'replay_window', length: 48, stride: 7, window: 12 }).window_display));
});

test('reduced motion: the replay never runs on its own, one step per press', async ({ browser, baseURL, core }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce', baseURL });
  const page = await context.newPage();
  await openArticle(page);
  const rw = el(page, 'replay-window');
  await expect(rw.getByTestId('play')).toHaveText('前進一步');
  await rw.getByTestId('play').click();
  const one = core.ok({ op: 'replay_window', length: 48, stride: 7, window: 8, position: 1 });
  await expect(rw.getByTestId('position')).toHaveText(String(one.position_display));
  await page.waitForTimeout(1000);
  await expect(rw.getByTestId('position')).toHaveText(String(one.position_display));
  await context.close();
});

const CSP_PAGES = ['2-6.html', 'embed.html?w=capacity', ARTICLE];

for (const url of CSP_PAGES) {
  test(`${url} carries the CSP and raises no violation`, async ({ page }) => {
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto(url);
    expect(response?.headers()['set-cookie']).toBeUndefined();
    const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    const scriptSrc = /script-src ([^;]*)/.exec(csp ?? '')?.[1] ?? '';
    expect(scriptSrc).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    await expect(page.locator('[data-widget]').first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(violations).toEqual([]);
  });
}

test('pages request nothing from other hosts', async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol !== 'data:' && u.origin !== new URL(baseURL!).origin) foreign.push(r.url());
  });
  await openArticle(page);
  expect(foreign).toEqual([]);
});

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return jsFiles(p);
    return /\.(m?js)$/.test(name) ? [p] : [];
  });
}

test('no eval( or new Function( in any built JavaScript', () => {
  const files = jsFiles(path.join(root, 'dist'));
  expect(files.length).toBeGreaterThan(5);
  const offending = files.filter((f) => /\beval\(|new Function\(/.test(readFileSync(f, 'utf8')));
  expect(offending).toEqual([]);
});
