// Figures on a 360 px phone: each one is read without sideways scrolling
// and with text a reader can read. Every figure is prerendered in a wide and
// a narrow layout (web/src/figures/chart.ts svgFrame) and CSS shows the one
// that fits, so this holds before the page's code runs as well as after.
//
// "Rendered size" of an SVG text is its font size times the drawing's scale
// (its screen CTM), the size the reader sees.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PHONE = { width: 360, height: 800 };
const MIN_TEXT_PX = 11;

interface FigureReport {
  id: string;
  visibleDrawings: number;
  /** Charts in the figure (a wide and a narrow drawing each; Fig. 2-23 has its grids and its curve). */
  charts: number;
  /** Widget box and page: how far content reaches past the box (≤ 0 when nothing scrolls sideways). */
  overflow: number;
  /** Texts drawn under MIN_TEXT_PX, with their rendered size. */
  small: string[];
  /** Texts that reach past the drawing's left or right edge. */
  outside: string[];
}

/** What a reader at this width sees of every figure on the page. */
function inspect(page: Page, min: number): Promise<FigureReport[]> {
  return page.evaluate((min) => {
    const figures = [...document.querySelectorAll<HTMLElement>('[data-widget]')].filter((w) => w.querySelector('svg.fig-svg'));
    return figures.map((w) => {
      const shown = [...w.querySelectorAll<SVGSVGElement>('svg.fig-svg')].filter((s) => s.getClientRects().length > 0);
      const small: string[] = [];
      const outside: string[] = [];
      for (const svg of shown) {
        const box = svg.getBoundingClientRect();
        const ctm = svg.getScreenCTM();
        const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
        for (const t of svg.querySelectorAll('text')) {
          const label = (t.textContent ?? '').trim();
          if (!label) continue;
          const px = parseFloat(getComputedStyle(t).fontSize) * scale;
          if (px < min) small.push(`${label} (${px.toFixed(1)} px)`);
          const r = t.getBoundingClientRect();
          if (r.left < box.left - 1 || r.right > box.right + 1) outside.push(label);
        }
      }
      const scrollers = [w, ...w.querySelectorAll<HTMLElement>('.fig-scroll, .fig-body')];
      const overflow = Math.max(...scrollers.map((e) => e.scrollWidth - e.clientWidth));
      const charts = w.querySelectorAll('svg.fig-svg.is-wide').length || 1;
      return { id: w.id || w.dataset.instance || '', visibleDrawings: shown.length, charts, overflow, small, outside };
    });
  }, min);
}

async function expectReadable(page: Page, where: string, expected: number): Promise<void> {
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(pageOverflow, `${where}: the page does not scroll sideways`).toBeLessThanOrEqual(0);
  const report = await inspect(page, MIN_TEXT_PX);
  expect(report, `${where}: figures found`).toHaveLength(expected);
  for (const f of report) {
    expect(f.visibleDrawings, `${where} ${f.id}: one drawing of each chart shows`).toBe(f.charts);
    expect(f.overflow, `${where} ${f.id}: nothing scrolls sideways`).toBeLessThanOrEqual(0);
    expect(f.small, `${where} ${f.id}: texts under ${MIN_TEXT_PX} px`).toEqual([]);
    expect(f.outside, `${where} ${f.id}: texts past the drawing's edge`).toEqual([]);
  }
}

test.use({ viewport: PHONE });

test('figures.html at 360 px, prerendered (no JavaScript): all 36 figures fit and their text is at least 11 px', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('./figures.html');
  await expectReadable(page, 'prerendered', 36);
  await context.close();
});

test('figures.html at 360 px, live: all 36 figures fit and their text is at least 11 px', async ({ page }) => {
  await page.goto('./figures.html');
  const widgets = page.locator('[data-widget]');
  await expect(widgets.first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(widgets.last()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expectReadable(page, 'live', 36);
});

test('a chapter page (2.3) at 360 px: its figures fit and read the same way', async ({ page }) => {
  await page.goto('./2-3.html');
  const figures = page.locator('[data-widget]:has(svg.fig-svg)');
  const n = await figures.count();
  expect(n).toBeGreaterThan(3);
  await expect(figures.last()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expectReadable(page, '2-3.html', n);
});

test('Fig. 2-5 on a phone shows every step after SiLU: the element-wise product and the down projection', async ({ page }) => {
  await page.goto('./figures.html#fig-2-5');
  const narrow = page.locator('#fig-2-5 svg.fig-svg.is-narrow');
  await expect(narrow).toBeVisible();
  // The phone's drawing is named, as the wide one is, by the wide one's title and description (hidden, still read).
  const title = (await page.locator('#fig-2-5 svg.is-wide title').textContent())!;
  const desc = (await page.locator('#fig-2-5 svg.is-wide desc').textContent())!;
  expect(title.length).toBeGreaterThan(5);
  expect(desc.length).toBeGreaterThan(5);
  await expect(narrow).toHaveAccessibleName(`${title} ${desc}`);
  const box = (await narrow.boundingBox())!;
  // W_down is typeset: a W and a lowered "down", so the text reads "Wdown".
  for (const label of ['SiLU', '逐元素', 'down：× Wdown']) {
    const t = narrow.locator('text', { hasText: label });
    await expect(t).toBeVisible();
    const r = (await t.boundingBox())!;
    expect(r.x, label).toBeGreaterThanOrEqual(box.x - 1);
    expect(r.x + r.width, label).toBeLessThanOrEqual(box.x + box.width + 1);
  }
});

test('from 640 px of figure width the wide drawing shows, at or above its own text size', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('./figures.html');
  const report = await inspect(page, 11);
  expect(report).toHaveLength(36);
  for (const f of report) expect(f.small, f.id).toEqual([]);
  // One wide drawing per chart: 36 figures, and Fig. 2-23 has two charts.
  await expect(page.locator('svg.fig-svg.is-wide:visible')).toHaveCount(37);
  await expect(page.locator('svg.fig-svg.is-narrow:visible')).toHaveCount(0);
});
