// One prefix family per chart: no chart's axis and labels mix decimal byte
// prefixes (kB/MB/GB/TB) with binary ones (KiB/MiB/GiB/TiB), read from the
// DOM of every page, both drawings of each figure (wide and phone). The
// chapter teaches that the two differ; a "1.125 GiB" bar ending at a
// "1.2 GB" tick would teach the opposite.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BUILT, coreIn } from './editions';

const PAGES = [
  'ch02.html',
  '2-1.html',
  '2-2.html',
  '2-3.html',
  '2-4.html',
  '2-5.html',
  '2-6.html',
  'pitfalls.html',
  'lookup.html',
  'figures.html',
  'articles/v41-kv-ratios.html',
];

const DECIMAL = /\d\s*[kKMGTP]B\b/;
const BINARY = /\d\s*[KMGTP]iB\b/;

interface ChartTexts {
  where: string;
  ticks: string[];
  labels: string[];
}

/** Every chart with an axis on the page: its tick texts and its other texts. */
function chartTexts(page: Page): Promise<ChartTexts[]> {
  return page.evaluate(() => {
    return [...document.querySelectorAll('svg')]
      .filter((svg) => svg.querySelector('.axis'))
      .map((svg, i) => {
        const owner = svg.closest<HTMLElement>('[data-widget], [data-instance]');
        const texts = [...svg.querySelectorAll('text')];
        const isTick = (t: Element) => t.closest('.axis') !== null && !t.classList.contains('axis-title');
        return {
          where: `${owner?.id || owner?.dataset.instance || `svg ${i}`} ${svg.getAttribute('class') ?? ''}`.trim(),
          ticks: texts.filter(isTick).map((t) => t.textContent ?? ''),
          labels: texts.filter((t) => !isTick(t)).map((t) => t.textContent ?? ''),
        };
      });
  });
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
    for (const chart of await chartTexts(page)) {
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

test("Fig. 2-8: the shared weight read is in GiB beside the KV reads (the core's binary display of R_W)", async ({ page, core }) => {
  await openLive(page, 'figures.html');
  const cross = core.ok({ op: 'crossover', model: 'qwen3-8b', context: 8192 });
  expect(cross.weight_read_binary_display).toMatch(/ GiB$/);
  await expect(page.locator('#fig-2-8 svg.is-wide [data-bar="weights"] .bar-value')).toHaveText(cross.weight_read_binary_display as string);
});

test('the capacity widget shows the card, the per-request state and the legend in one family (GiB)', async ({ page, core }) => {
  await openLive(page, '2-6.html');
  const w = page.locator('[data-widget="capacity"]').first();
  const r = core.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192, workspace_bytes: 2147483648 });
  // The 24 GB card, in GiB from the core (issue 39 item 9: it used to say "24 GB" beside GiB parts).
  expect(r.device_display).toBe('24 GB');
  expect(r.device_binary_display).toMatch(BINARY);
  await expect(w.getByTestId('device')).toHaveText(r.device_binary_display as string);
  await expect(w.getByTestId('per-request')).toHaveText(r.kv_per_request_display as string);
  expect(r.kv_per_request_display).toMatch(BINARY);
  for (const seg of r.items as Array<{ id: string; binary_display: string }>) {
    expect(seg.binary_display).toMatch(BINARY);
    await expect(w.getByTestId(`seg-${seg.id}-display`)).toHaveText(seg.binary_display);
  }
});

for (const e of BUILT) {
  test(`${e.lang}: the capacity widget names the card in GiB, the family of its parts, and says "1 request" in the singular`, async ({ page, core }) => {
    const own = coreIn(core, e.lang);
    await openLive(page, `${e.dir}2-6.html`);
    const w = page.locator('[data-widget="capacity"]').first();
    const book = own.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 8192, workspace_bytes: 2147483648 });
    await expect(w.getByTestId('device')).toHaveText(book.device_binary_display as string);
    for (const seg of book.items as Array<{ id: string; binary_display: string }>)
      await expect(w.getByTestId(`seg-${seg.id}-display`)).toHaveText(seg.binary_display);
    // A context that leaves room for exactly one request: the display follows the number.
    const one = own.ok({ op: 'capacity', model: 'qwen3-8b', gpu: 'rtx-4090', context: 32768, workspace_bytes: 2147483648 });
    expect(one.requests).toBe(1);
    if (e.lang === 'en') expect(one.display).toBe('1 request');
    await openLive(page, `${e.dir}2-6.html#capacity:ctx=32768`);
    await expect(page.locator('[data-widget="capacity"]').first().getByTestId('requests')).toHaveText(one.display as string);
  });
}
