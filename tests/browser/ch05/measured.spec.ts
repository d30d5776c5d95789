// Chapter 5's measured figures in every built edition: Figs. 5-28 to 5-31
// (Experiment 5-8's Nsight timelines, content/ch05/data/launch-trace.json)
// and Fig. 5-40 (Experiment 5-9's per-round differences, replacement-pairs.json).
// Each bar on the page reads its dataset's value at the widget's digits, with a
// minus sign where the value is negative; Fig. 5-40's two negative rounds draw
// left of the zero line and the others right of it, and its dashed median is
// the dataset's.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { BUILT, widgetsIn } from '../editions';
import { allReady, expect, test } from '../fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const INSTANCE_PAGE = pageOfInstance('ch05');
// The measured widgets' data (groups of cells with their dataset paths, an extra row).
const WIDGETS = widgetsIn('zh-Hant', 'ch05') as unknown as Record<string, { data: Obj }>;
type Cell = { v: string; path: string; digits: number };
type Obj = Record<string, any>;

const dataset = (id: string): Obj => JSON.parse(readFileSync(path.join(root, `content/ch05/data/${id}.json`), 'utf8')) as Obj;

/** The value at a dataset path ("values.pairs[6].latency_saving_ms"). */
function at(data: Obj, p: string): number {
  let cur: any = data;
  for (const step of p.match(/[^.[\]]+|\[\d+\]/g) ?? []) cur = step.startsWith('[') ? cur[Number(step.slice(1, -1))] : cur[step];
  return Number(cur);
}

/** A dataset value as the page prints it: at the widget's digits, with a minus sign. */
const printed = (data: Obj, c: Cell): string => at(data, c.path).toFixed(c.digits).replace(/^-/, '\u2212');

async function open(page: Page, dir: string, instance: string): Promise<Locator> {
  await page.goto(`./${dir}${INSTANCE_PAGE[instance]}#${instance}`);
  await allReady(page);
  const w = page.locator(`[data-instance="${instance}"]`);
  await expect(w).toBeVisible();
  return w;
}

/** Every bar's value text in the wide drawing, by its group and series. */
async function expectBars(w: Locator, data: Obj, instance: string): Promise<void> {
  const groups = WIDGETS[instance]!.data.groups as { cells: Cell[] }[];
  const svg = w.locator('svg.is-wide');
  for (const [i, g] of groups.entries()) {
    for (const [k, c] of g.cells.entries()) await expect(svg.getByTestId(`bar-g${i}-${k}`)).toHaveText(printed(data, c));
  }
}

for (const e of BUILT) {
  test(`${e.lang}: Figs. 5-28 to 5-31 are launch-trace's timelines: a host bar per launch (18, 15, 3, 3) and the synchronize, a GPU bar per kernel (18, 15, 18, 15), each read out at the dataset's ns`, async ({
    page,
  }) => {
    const data = dataset('launch-trace');
    const drawn: number[][] = [];
    for (const [r, id] of ['fig-5-28', 'fig-5-29', 'fig-5-30', 'fig-5-31'].entries()) {
      const range = data.values.ranges[r] as Obj;
      const w = await open(page, e.dir, id);
      const svg = w.locator('svg.is-wide');
      const gpu = svg.locator('.gantt-lane[data-lane="gpu"] rect');
      const host = svg.locator('.gantt-lane[data-lane="host"] rect');
      drawn.push([(await host.count()) - 1, await gpu.count()]);
      // GPU bars in the order they ran, left to right, each read out as the dataset's start and end, digit-grouped.
      const kernels = range.kernels as { start_ns: number; end_ns: number }[];
      const ns = (v: number) => v.toLocaleString('en-US');
      for (const k of [0, kernels.length - 1]) {
        await expect(gpu.nth(k)).toHaveAttribute('data-read', `${ns(kernels[k]!.start_ns)} – ${ns(kernels[k]!.end_ns)} ns`);
      }
      const xs = await gpu.evaluateAll((rects) => rects.map((el) => Number(el.getAttribute('x'))));
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
      // The range's counts and GPU span above the chart, as the dataset holds them.
      await expect(w.getByTestId('total-launches')).toHaveText(String(range.launch_api_count));
      await expect(w.getByTestId('total-kernels')).toHaveText(String(range.kernel_count));
      await expect(w.getByTestId('total-span')).toHaveText(String(range.device_span_us));
      await expect(w.locator(`.measured-source[data-dataset="launch-trace"]`)).toBeVisible();
      await expect(w.locator('[data-status]')).toContainText('launch-trace');
    }
    expect(drawn).toEqual([
      [18, 18],
      [15, 15],
      [3, 18],
      [3, 15],
    ]);
  });

  test(`${e.lang}: Fig. 5-40 shows the 11 differences of replacement-pairs, two left of zero, and the median 1.34 ms dashed`, async ({ page }) => {
    const data = dataset('replacement-pairs');
    const w = await open(page, e.dir, 'fig-5-40');
    await expectBars(w, data, 'fig-5-40');
    const svg = w.locator('svg.is-wide');
    const zero = Number(await svg.locator('.zero-line line').getAttribute('x1'));
    // Each bar lies on the side of zero its value's sign says.
    const pairs = data.values.pairs as { latency_saving_ms: number }[];
    const sides: string[] = [];
    for (const [i, p] of pairs.entries()) {
      const rect = svg.locator(`[data-bar="g${i}-0"] rect`);
      const x = Number(await rect.getAttribute('x'));
      const width = Number(await rect.getAttribute('width'));
      expect(width).toBeGreaterThan(0);
      sides.push(x + width <= zero + 0.01 ? 'left' : x >= zero - 0.01 ? 'right' : 'across');
      expect(sides.at(-1)).toBe(p.latency_saving_ms < 0 ? 'left' : 'right');
    }
    expect(sides.filter((s) => s === 'left')).toHaveLength(2);
    await expect(w.getByTestId('rule-median')).toHaveText(data.values.paired_median_latency_saving_ms.toFixed(2));
    const rule = Number(await svg.locator('[data-testid="rule-line-median"] line').getAttribute('x1'));
    expect(rule).toBeGreaterThan(zero);
  });
}
