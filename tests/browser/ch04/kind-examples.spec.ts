// The line-chart features of docs/widget-kinds.md, live in a browser: one
// line per request (each card its own request), rules at a constant and at a
// request field worded with their unit, and x / y read from the members of a
// list's rows ("rows[*].interval_seconds"). The doc's examples are on no page,
// so this spec puts one in place of figure 4-7 on its page: the page's HTML
// gets the example prerendered by the site build's own code (.cache/site-ssr)
// and the page's widget configs get its JSON. The reader then changes the
// control and every value checked is the Node core's for the new request.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { parseHTML } from 'linkedom';

import { pageOfInstance } from '../chapter';
import { allReady, expect, test } from '../fixtures';
import { apart, shownBoxes, type Box } from '../shown-boxes';

const root = path.resolve(import.meta.dirname, '../../..');
const HOST = 'fig-4-7';
const PAGE = pageOfInstance('ch04')[HOST];
type Obj = Record<string, any>;

/** The ```json widget-kind-example blocks of docs/widget-kinds.md, by name. */
const examples: Record<string, Obj> = Object.fromEntries(
  [...readFileSync(path.join(root, 'docs/widget-kinds.md'), 'utf8').matchAll(/```json widget-kind-example ([\w-]+)\n([\s\S]*?)\n```/g)].map((m) => [
    m[1],
    JSON.parse(m[2]!),
  ]),
);

/** The example prerendered as the site build prerenders a widget, under the host figure's instance name. */
async function prerendered(cfg: Obj): Promise<string> {
  const ssr = await import(pathToFileURL(path.join(root, '.cache/site-ssr/zh-Hant/build.mjs')).href);
  const { loadEngine } = await import(pathToFileURL(path.join(root, 'tests/wasm/engine.mjs')).href);
  return ssr.prerenderConfig(await loadEngine(), HOST, cfg);
}

/** Opens the host page with an example (a doc example by name, or a config) in the host figure's place. */
async function openWith(page: Page, example: string | Obj, width = 1280): Promise<Locator> {
  const cfg = { fixed: {}, ...(typeof example === 'string' ? examples[example]! : example) };
  const html = await prerendered(cfg);
  await page.route(`**/${PAGE}`, async (route) => {
    const response = await route.fetch();
    const { document } = parseHTML(await response.text());
    const host = document.querySelector(`[data-widget][data-instance="${HOST}"]`)!;
    host.outerHTML = html;
    await route.fulfill({ response, body: document.toString(), headers: { ...response.headers(), 'content-type': 'text/html; charset=utf-8' } });
  });
  await page.route('**/assets/widgets-*.json', async (route) => {
    const response = await route.fetch();
    const configs = (await response.json()) as { widgets: Obj };
    if (configs.widgets[HOST]) configs.widgets[HOST] = cfg;
    await route.fulfill({ response, json: configs });
  });
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`./${PAGE}#${HOST}`);
  await allReady(page);
  return page.locator(`[data-instance="${HOST}"]`);
}

test('one line per card: typing a context moves the reader’s rule, and each card’s cells are the core’s for its own request', async ({ page, core }) => {
  const cfg = examples['cards-lines']!;
  const w = await openWith(page, 'cards-lines');
  await expect(w.getByTestId('rule-budget')).toHaveText('20 ms');
  await expect(w.getByTestId('rule-mine')).toHaveText('32,768 tokens');
  await w.locator(`#${HOST}-ctx`).fill('8192');
  await expect(w.getByTestId('rule-mine')).toHaveText('8,192 tokens');
  await expect(w.locator('svg.is-wide [data-testid="rule-mark-mine"]')).toContainText('你的上下文 8,192 tokens');
  // The table: one row per sampled context, one column per card, each the core's answer with that card's gpu.
  const contexts = [1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072];
  for (const row of [0, 3, 7]) {
    for (const [k, s] of (cfg.data.series as Obj[]).entries()) {
      const gpu = (cfg.data.requests as Obj[]).find((r) => r.id === s.request)!.fields.gpu;
      const r = core.ok({ op: 'decode_step_rate', model: 'qwen3-8b', batch: 1, gpu, context: contexts[row]! });
      await expect(w.getByTestId(`cell-${row}-${k + 1}`)).toHaveText(r.step_ms_display === null ? '—' : String(r.step_ms_display));
    }
  }
  // The card that cannot hold the longest context has no point there; the others have all eight.
  expect(core.ok({ op: 'decode_step_rate', model: 'qwen3-8b', batch: 1, gpu: 'rtx-4090', context: 131072 }).step_ms).toBeNull();
  await expect(w.locator('svg.is-wide [data-testid="line-h200"] circle')).toHaveCount(contexts.length);
  const rtx = await w.locator('svg.is-wide [data-testid="line-rtx4090"] circle').count();
  expect(rtx).toBeLessThan(contexts.length);
});

test('rows of a list: a faster write moves the best interval and every row’s losses to the core’s new answer', async ({ page, core }) => {
  const cfg = examples['interval-rows']!;
  const w = await openWith(page, 'interval-rows');
  const answer = (bw: string): Obj => core.ok({ op: 'checkpoint_interval', ...cfg.data.request, checkpoint_gb_per_second: bw });
  const check = async (bw: string) => {
    const r = answer(bw);
    await expect(w.getByTestId('rule-best')).toHaveText(`${r.optimal_interval_seconds} s`);
    for (const [i, row] of (r.rows as Obj[]).entries()) {
      await expect(w.getByTestId(`cell-${i}-1`)).toHaveText(row.save_display);
      await expect(w.getByTestId(`cell-${i}-4`)).toHaveText(row.total_display);
    }
    await expect(w.locator('svg.is-wide [data-testid="line-total"] circle')).toHaveCount((r.rows as Obj[]).length);
  };
  await check('7');
  await w.locator(`#${HOST}-bw`).fill('20');
  await check('20');
  // Not vacuous: the new write rate changed the answer.
  expect(answer('20').optimal_interval_seconds).not.toBe(answer('7').optimal_interval_seconds);
});

/** No two of the boxes overlap. */
function expectApart(found: Box[]): void {
  for (const [i, a] of found.entries()) for (const b of found.slice(i + 1)) expect(apart(a, b), `"${a.name}" overlaps "${b.name}"`).toBe(true);
}

for (const width of [1280, 360]) {
  test(`reference lines at ${width} px: two rules a little apart and a budget at the top of the axis keep their labels apart and off the y axis’s title`, async ({
    page,
  }) => {
    const cfg = structuredClone(examples['cards-lines']!);
    // A second x rule just left of the reader's context: the two labels would meet in the row above the plot.
    cfg.data.rules.push({ id: 'near', axis: 'x', label: '另一個上下文', value: 24576, format: '{v} tokens' });
    const w = await openWith(page, cfg, width);
    await expect(w.getByTestId('rule-near')).toHaveText('24,576 tokens');
    const labels = await shownBoxes(w, '.marker.rule text, .axis-title');
    expect(labels.length).toBe(5); // three rules, two axis titles
    expectApart(labels);
    // The budget (20 ms) is the axis's top, so its label went below its line, out of the title's way.
    // (The phone's drawing carries no test ids: the rule is found by its text.)
    const lines = await shownBoxes(w, '.marker.rule line');
    const texts = await shownBoxes(w, '.marker.rule text');
    const k = texts.findIndex((t) => t.name.endsWith('20 ms'));
    expect(k).toBeGreaterThanOrEqual(0);
    expect(texts[k]!.top).toBeGreaterThan(lines[k]!.top);
  });
}

test('gantt: a lane name too long for its column is shortened and keeps its full name as a tooltip; the marker says its unit', async ({ page, core }) => {
  const cfg = structuredClone(examples['pipeline-gantt']!);
  const long = '第一段：詞嵌入與前九個 Transformer 區塊的前向和反向';
  cfg.data.lanes = [0, 1, 2, 3].map((k) => ({ value: String(k), label: k === 0 ? long : `階段 ${k}` }));
  const w = await openWith(page, cfg);
  const r = core.ok({ op: 'pipeline_schedule', stages: 4, micro_batches: 8 });
  await expect(w.getByTestId('marker-done')).toHaveText(`${r.gradients_done_ms} ms`);
  await expect(w.locator('svg.is-wide [data-testid="marker-line-done"] text')).toHaveText(`梯度算完 ${r.gradients_done_ms} ms`);
  const name = w.locator('svg.is-wide text.bar-label[data-full]');
  await expect(name).toHaveCount(1);
  await expect(name.locator('title')).toHaveText(long);
  await expect(name.locator('tspan')).toHaveText(/…$/);
  // Every lane name lies inside the drawing, and the short ones are whole.
  const drawing = (await w.locator('svg.is-wide').boundingBox())!;
  for (const b of await shownBoxes(w, 'text.bar-label')) expect(b.left, b.name).toBeGreaterThanOrEqual(drawing.x);
  await expect(w.locator('svg.is-wide text.bar-label', { hasText: '階段 3' })).toHaveCount(1);
  // The data table names the lane in full.
  await expect(w.locator('[data-testid="figure-data"] tbody th').first()).toHaveText(long);
});

for (const width of [1280, 360]) {
  test(`plane-points at ${width} px: every point's name stays inside the plot, and the threshold labels keep off the y axis’s title`, async ({ page }) => {
    const cfg = structuredClone(examples['deadline-plane']!);
    // Names longer than half the phone's plot (but shorter than all of it): drawn right of a point they would leave the plot, drawn left of it
    // (the old rule for the right half) they would cross the y axis.
    for (const p of cfg.data.points) p.label = `${p.label}（建議配置之一）`;
    const w = await openWith(page, cfg, width);
    const [plot] = await shownBoxes(w, '.axis-x .domain');
    const [yAxis] = await shownBoxes(w, '.axis-y .domain');
    const names = await shownBoxes(w, '.plane-point text');
    expect(names.length).toBe(cfg.data.points.length);
    for (const n of names) {
      expect(n.right, n.name).toBeLessThanOrEqual(plot!.right + 1);
      expect(n.left, n.name).toBeGreaterThanOrEqual(yAxis!.left - 1);
    }
    expectApart(await shownBoxes(w, '.marker.rule text, .axis-title'));
  });
}
