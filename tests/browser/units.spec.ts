// One prefix family per chart: no chart's axis and labels mix decimal byte
// prefixes (kB/MB/GB/TB) with binary ones (KiB/MiB/GiB/TiB), read from the
// DOM of every page, both drawings of each figure (wide and phone). The
// chapter teaches that the two differ; a "1.125 GiB" bar ending at a
// "1.2 GB" tick would teach the opposite.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PAGES = ['index.html', '2-1.html', '2-2.html', '2-3.html', '2-4.html', '2-5.html', '2-6.html', 'pitfalls.html', 'lookup.html', 'figures.html', 'articles/v41-kv-ratios.html'];

const DECIMAL = /\d\s*[kKMGTP]B\b/;
const BINARY = /\d\s*[KMGTP]iB\b/;

/**
 * Texts the core cannot yet give in the chart's family. Fig. 2-8 sets the
 * weights read once per batch (the crossover op's weight_read_display, in
 * decimal GB as the chapter states weights) against KV reads in GiB; the
 * core has no binary display of that read yet, so its one bar is left out
 * and only its axis is held to the KV bars' family.
 */
const AWAITING_CORE = '#fig-2-8 [data-bar="weights"] text';

interface ChartTexts {
  where: string;
  ticks: string[];
  labels: string[];
}

/** Every chart with an axis on the page: its tick texts and its other texts. */
function chartTexts(page: Page, skip: string): Promise<ChartTexts[]> {
  return page.evaluate((skip) => {
    const skipped = new Set(document.querySelectorAll(skip));
    return [...document.querySelectorAll('svg')]
      .filter((svg) => svg.querySelector('.axis'))
      .map((svg, i) => {
        const owner = svg.closest<HTMLElement>('[data-widget], [data-instance]');
        const texts = [...svg.querySelectorAll('text')].filter((t) => !skipped.has(t));
        const isTick = (t: Element) => t.closest('.axis') !== null && !t.classList.contains('axis-title');
        return {
          where: `${owner?.id || owner?.dataset.instance || `svg ${i}`} ${svg.getAttribute('class') ?? ''}`.trim(),
          ticks: texts.filter(isTick).map((t) => t.textContent ?? ''),
          labels: texts.filter((t) => !isTick(t)).map((t) => t.textContent ?? ''),
        };
      });
  }, skip);
}

async function openLive(page: Page, file: string): Promise<void> {
  await page.goto(`./${file}`);
  const widgets = page.locator('[data-widget]');
  if ((await widgets.count()) === 0) return;
  await expect(widgets.first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(widgets.last()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}

for (const file of PAGES) {
  test(`${file}: no chart mixes decimal and binary byte prefixes in its ticks and labels`, async ({ page }) => {
    await openLive(page, file);
    for (const chart of await chartTexts(page, AWAITING_CORE)) {
      const all = [...chart.ticks, ...chart.labels];
      const decimal = all.filter((t) => DECIMAL.test(t));
      const binary = all.filter((t) => BINARY.test(t));
      expect(decimal.length === 0 || binary.length === 0, `${file} ${chart.where}: decimal ${decimal.join(' | ')} vs binary ${binary.join(' | ')}`).toBe(true);
    }
  });
}

test('the byte charts the chapter gives in GiB tick in GiB/MiB: Figs. 2-8, 2-10, 2-12, 2-14, 2-30', async ({ page }) => {
  await openLive(page, 'figures.html');
  for (const n of [8, 10, 12, 14, 30]) {
    const ticks = (await page.locator(`#fig-2-${n} svg .axis-x .tick text`).allTextContents()).filter((t) => t !== '0');
    expect(ticks.length, `fig-2-${n}`).toBeGreaterThan(2);
    for (const t of ticks) expect(t, `fig-2-${n}`).toMatch(/^\d+(\.\d+)? [KMGT]iB$/);
  }
});

/** x of a tick of the wide drawing, by its label. */
async function tickX(svg: Locator, label: string): Promise<number> {
  const ticks = svg.locator('.axis-x .tick', { has: svg.page().locator('text', { hasText: new RegExp(`^${label}$`) }) });
  const transform = (await ticks.first().getAttribute('transform')) ?? '';
  return Number(/translate\(([-\d.]+)/.exec(transform)![1]);
}

test('Fig. 2-30: the 1.125 GiB bar ends five eighths of the way from the 1 GiB tick to the 1.2 GiB tick', async ({ page, core }) => {
  await openLive(page, 'figures.html');
  const svg = page.locator('#fig-2-30 svg.is-wide');
  const qwen8 = core.ok({ op: 'kv', model: 'qwen3-8b', tokens: 8192 });
  expect(qwen8.display).toBe('1.125 GiB');
  const bar = svg.locator('.bar', { has: page.getByTestId('bar-qwen3-8b') });
  await expect(bar.locator('.bar-value')).toHaveText('1.125 GiB');
  const rect = bar.locator('rect');
  const end = Number(await rect.getAttribute('x')) + Number(await rect.getAttribute('width'));
  const [one, next] = [await tickX(svg, '1 GiB'), await tickX(svg, '1.2 GiB')];
  expect(end).toBeGreaterThan(one);
  expect(end).toBeLessThan(next);
  expect((end - one) / (next - one)).toBeCloseTo(0.625, 1);
});
