// The 36 figures of chapter 2 on the gallery page (figures.html): every one
// renders with a text alternative, and every data figure redraws to the
// core's own values when a control changes. Expected values come from the
// Node build of the same core, with requests built from the figure configs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test, typeInto, type Core } from './fixtures';

type Obj = Record<string, any>;
const root = path.resolve(import.meta.dirname, '../..');
const configs: Obj = JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/figures.json'), 'utf8')).widgets;
const diagrams: Obj = JSON.parse(readFileSync(path.join(root, 'content/ch02/widgets/figures-diagrams.json'), 'utf8')).widgets;
const FIVE: string[] = configs['fig-2-18'].data.models;

/** The core's result, typed loosely: the tests read fields by name. */
const ok = (core: Core, request: Obj): Obj => core.ok(request);
const group = (v: number | bigint | string) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const fig = (page: Page, n: number): Locator => page.locator(`#fig-2-${n}`);

async function openFigures(page: Page, hash = ''): Promise<void> {
  await page.goto(`./figures.html${hash}`);
  await expect(page.locator('[data-widget]').first()).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}
async function ready(w: Locator): Promise<void> {
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
}
/** Value text of each bar, in drawing order. */
function barValue(w: Locator, id: string): Locator {
  return w.getByTestId(`bar-${id}`);
}
function compareRows(core: Core, fields: Obj): Obj[] {
  return ok(core, { op: 'compare', ...fields }).rows as Obj[];
}

test('all 36 figures render in book order with ids, non-empty SVG and a text alternative', async ({ page }) => {
  await openFigures(page);
  const ids = await page.locator('[data-widget]').evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual(Array.from({ length: 36 }, (_, i) => `fig-2-${i + 1}`));
  for (let n = 1; n <= 36; n++) {
    const w = fig(page, n);
    await expect(w.locator('figcaption')).toContainText(`圖 2-${n}`);
    // Two drawings per chart: the column's and a phone's (figures-phone.spec.ts); the wide one shows here.
    // Fig. 2-23 has two charts: its grids and its expert-touch curve.
    const charts = n === 23 ? 2 : 1;
    await expect(w.locator('svg.fig-svg')).toHaveCount(2 * charts);
    await expect(w.locator('svg.fig-svg.is-wide:visible')).toHaveCount(charts);
    await expect(w.locator('svg.fig-svg.is-narrow:visible')).toHaveCount(0);
    const svg = w.locator('svg.fig-svg.is-wide').first();
    expect(await svg.locator('rect, path, circle, text').count(), `fig-2-${n} draws something`).toBeGreaterThan(3);
    // Text alternative: <title> + <desc> referenced by aria-labelledby …
    const labelled = (await svg.getAttribute('aria-labelledby')) ?? '';
    expect(labelled.split(' ')).toHaveLength(2);
    for (const id of labelled.split(' ')) expect((await page.locator(`[id="${id}"]`).textContent())?.trim().length).toBeGreaterThan(5);
    // … and for every data figure, a table of the same values.
    // (Diagrams that state numbers list them with their source the same way.)
    if (configs[`fig-2-${n}`] || diagrams[`fig-2-${n}`]?.data.values) {
      await expect(w.getByTestId('figure-data').locator('tbody tr').first()).toBeAttached();
    }
  }
  expect(Object.keys(configs).length + Object.keys(diagrams).length).toBe(36);
});

test('deep link #fig-2-18 scrolls to the figure', async ({ page }) => {
  await openFigures(page, '#fig-2-18');
  await expect(fig(page, 18)).toBeInViewport();
});

test('2-8: one shared weight read against per-request KV reads, for a model and a context', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 8);
  await ready(w);
  expect(ok(core, { op: 'crossover', model: 'qwen3-8b', context: 8192 }).batch).toBe(13); // Example 2-2
  await w.getByLabel('模型').selectOption('qwen3-32b');
  await typeInto(w.getByLabel('每請求上下文 token'), '4096');
  const cross = ok(core, { op: 'crossover', model: 'qwen3-32b', context: 4096 });
  await expect(w.getByTestId('headline')).toHaveText(cross.display);
  await expect(barValue(w, 'weights')).toHaveText(cross.weight_read_binary_display); // GiB, as the KV bars
  for (const b of [1, 4, 16, 64]) {
    const r = ok(core, { op: 'request', model: 'qwen3-32b', input: 4096, context: 0, generated: 2, batch: b });
    await expect(barValue(w, `kv-${b}`)).toHaveText(r.kv_read_display);
  }
});

test('prerendered figures equal the hydrated ones after the core recomputes them in the browser', async ({ browser, page, baseURL }) => {
  test.setTimeout(180_000);
  const outputs = (p: Page) => p.evaluate(() => [...document.querySelectorAll('[data-widget] [data-output]')].map((o) => o.outerHTML));
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const staticPage = await noJs.newPage();
  await staticPage.goto(`${baseURL}figures.html`);
  const before = await outputs(staticPage);
  await noJs.close();
  await openFigures(page);
  // Forty idle-time warm-up rounds end long after each widget's idle recomputation has been written.
  await page.waitForFunction(() => performance.getEntriesByName('tally:warm').length > 0, null, { timeout: 150_000 });
  expect(await outputs(page)).toEqual(before);
});

test('2-10: KV of the three group counts follows the length and the KV format', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 10);
  await ready(w);
  await typeInto(w.getByLabel('上下文長度 H（token）'), '16384');
  await w.getByLabel('KV 格式').selectOption('fp8');
  for (const bar of configs['fig-2-10'].data.bars) {
    const r = ok(core, { op: 'kv', ...bar.fields, tokens: 16384, kv_dtype: 'fp8' });
    await expect(barValue(w, bar.id)).toHaveText(r.display);
  }
  // Book values at the defaults: 4.5 GiB, 1.125 GiB, 144 MiB.
  expect(ok(core, { op: 'kv', ...configs['fig-2-10'].data.bars[1].fields, tokens: 8192 }).display).toBe('1.125 GiB');
});

test('2-12: compact vs expanded MLA cache at a new length', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 12);
  await ready(w);
  const ticks = () => w.locator('svg.is-wide .axis-x .tick text').allTextContents();
  const before = await ticks();
  await typeInto(w.getByLabel('上下文長度 H（token）'), '4096');
  const compact = (ok(core, { op: 'state', model: 'kimi-k3', mla_path: 'compact', tokens: 4096 }).items as Obj[]).find((i) => i.id === 'mla_latent')!;
  const expanded = (ok(core, { op: 'state', model: 'kimi-k3', mla_path: 'expanded', tokens: 4096 }).items as Obj[]).find((i) => i.id === 'mla_kv')!;
  await expect(barValue(w, 'compact')).toHaveText(compact.display);
  await expect(barValue(w, 'expanded')).toHaveText(expanded.display);
  // Both bars halve, so the axis is redrawn for the new range (bar widths keep their proportion).
  await expect.poll(ticks).not.toEqual(before);
});

test('2-14: V4-Flash state kinds at any length and in the production layout', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 14);
  await ready(w);
  const at8k = ok(core, { op: 'state_curve', model: 'deepseek-v4-flash', lengths: [8192] });
  await expect(barValue(w, 'window')).toHaveText(at8k.by_kind_display.window[0]); // 5.375 MiB in the book
  await typeInto(w.getByLabel('上下文長度 H（token）'), '1048576');
  await w.getByLabel('儲存格式').selectOption('production');
  const r = ok(core, { op: 'state_curve', model: 'deepseek-v4-flash', lengths: [1048576], layout: 'production' });
  for (const kind of ['window', 'compressed', 'index', 'buffer']) await expect(barValue(w, kind)).toHaveText(r.by_kind_display[kind][0]);
  await expect(w.getByTestId('headline')).toHaveText(r.total_display[0]);
});

for (const [n, metric, displayKey] of [
  [18, 'total', 'total_display'],
  [19, 'decode_read_bytes', 'decode_read_display'],
] as const) {
  test(`2-${n}: five log–log curves; the table follows a new context length H (${metric})`, async ({ page, core }) => {
    await openFigures(page);
    const w = fig(page, n);
    await ready(w);
    await expect(w.locator('svg.is-wide .series path.line')).toHaveCount(5);
    await typeInto(w.getByLabel('上下文長度 H（token）', { exact: true }), '65536');
    await w.getByLabel('KV 格式').selectOption('fp8');
    const row = w.locator('[data-row="65536"]');
    await expect(row).toBeAttached();
    for (const [i, model] of FIVE.entries()) {
      const r = ok(core, { op: 'state_curve', model, lengths: [65536], kv_dtype: 'fp8', layout: 'reference' });
      await expect(row.getByTestId(`cell-65536-${i + 1}`)).toHaveText(r[displayKey][0]);
    }
    // Each curve's dot moved to the new H (drag.spec.ts checks the marker).
    const ends = await w.locator('svg.is-wide .series circle.end').evaluateAll((els) => els.map((e) => e.getAttribute('cx')));
    expect(new Set(ends).size).toBe(1);
  });
}

test('2-25 to 2-27: depth, width and routed experts are the core rows', async ({ page, core }) => {
  await openFigures(page);
  const rows = compareRows(core, {});
  for (const [n, key] of [
    [25, 'layers'],
    [26, 'hidden'],
    [27, 'routed_experts'],
  ] as const) {
    const w = fig(page, n);
    for (const r of rows) await expect(barValue(w, r.model)).toHaveText(group(r[key]));
  }
  expect(rows.find((r) => r.model === 'kimi-k3')!.layers).toBe(93);
});

test('2-28: weights follow the weight format', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 28);
  await ready(w);
  await expect(barValue(w, 'qwen3-8b')).toHaveText(compareRows(core, {}).find((r) => r.model === 'qwen3-8b')!.weight_display);
  await w.getByLabel('權重格式').selectOption('int4');
  for (const r of compareRows(core, { weight_dtype: 'int4' })) await expect(barValue(w, r.model)).toHaveText(r.weight_display);
});

test('2-29 and 2-30: one decode step and the state follow the context', async ({ page, core }) => {
  await openFigures(page);
  const w29 = fig(page, 29);
  await ready(w29);
  await typeInto(w29.getByLabel('已有上下文 token'), '32768');
  for (const r of compareRows(core, { input: 32768 })) await expect(barValue(w29, r.model)).toHaveText(r.decode_display);
  const w30 = fig(page, 30);
  await typeInto(w30.getByLabel('上下文 token'), '65536');
  await w30.getByLabel('KV 格式').selectOption('fp8');
  for (const r of compareRows(core, { input: 65536, kv_dtype: 'fp8' })) await expect(barValue(w30, r.model)).toHaveText(r.state_display);
});

test('2-31: two contexts per model on a log axis; the long one can be changed', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 31);
  await ready(w);
  const v4 = compareRows(core, { input: 1048575 }).find((r) => r.model === 'deepseek-v4-flash')!;
  expect(v4.decode_display).toBe('140.34 GFLOPs'); // the book's 1M figure
  await expect(barValue(w, 'deepseek-v4-flash-1')).toHaveText(v4.decode_display);
  await typeInto(w.getByLabel('較長上下文（歷史 token）'), '204800');
  for (const r of compareRows(core, { input: 204800 })) await expect(barValue(w, `${r.model}-1`)).toHaveText(r.decode_display);
  for (const r of compareRows(core, { input: 8192 })) await expect(barValue(w, `${r.model}-0`)).toHaveText(r.decode_display);
});

test('a figure configured by link: #fig-2-36:P=1024&G=64 restores the controls and the core values', async ({ page, core }) => {
  await openFigures(page, '#fig-2-36:P=1024&G=64');
  const w = fig(page, 36);
  await ready(w);
  await expect(w.getByLabel('P（輸入 token）')).toHaveValue('1024');
  await expect(w.getByLabel('G（回傳 token）')).toHaveValue('64');
  for (const r of compareRows(core, { input: 1024, generated: 64 })) await expect(barValue(w, r.model)).toHaveText(r.request_display);
});

test('2-36: whole-request FLOPs follow P and G', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 36);
  await ready(w);
  for (const r of compareRows(core, { input: 128, generated: 4 })) await expect(barValue(w, r.model)).toHaveText(r.request_display);
  await typeInto(w.getByLabel('P（輸入 token）'), '1024');
  await typeInto(w.getByLabel('G（回傳 token）'), '64');
  for (const r of compareRows(core, { input: 1024, generated: 64 })) await expect(barValue(w, r.model)).toHaveText(r.request_display);
});

test('2-32: weights, workspace and one request per option follow the context', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 32);
  await ready(w);
  await typeInto(w.getByLabel('每請求上下文 token'), '32768');
  for (const [i, item] of (configs['fig-2-32'].data.items as Obj[]).entries()) {
    const r = ok(core, { op: 'capacity', gpu: 'h100-sxm', context: 32768, kv_dtype: 'bf16', workspace_bytes: 2147483648, ...item.fields });
    await expect(w.getByTestId(`cell-item-${i}-1`)).toHaveText((r.items as Obj[])[0]!.display);
    await expect(w.getByTestId(`cell-item-${i}-3`)).toHaveText(r.kv_per_request_display);
  }
});

test('2-33: requests that fit at 8K, 16K, 32K follow the GPU', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 33);
  await ready(w);
  const base = { op: 'capacity', model: 'deepseek-r1-distill-llama-70b', weight_dtype: 'int4', kv_dtype: 'bf16', workspace_bytes: 2147483648 };
  expect(ok(core, { ...base, gpu: 'h100-sxm', context: 8192 }).requests).toBe(14); // book
  await expect(barValue(w, 'ctx-8192')).toHaveText(ok(core, { ...base, gpu: 'h100-sxm', context: 8192 }).display);
  await w.getByLabel('GPU', { exact: true }).selectOption('h200');
  for (const ctx of [8192, 16384, 32768]) await expect(barValue(w, `ctx-${ctx}`)).toHaveText(ok(core, { ...base, gpu: 'h200', context: ctx }).display);
});

test('2-34: the parameter budget follows the number of requests', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 34);
  await ready(w);
  const base = { op: 'param_budget', gpu: 'rtx-4090', model: 'qwen3-8b', context: 8192, weight_dtype: 'bf16', workspace_bytes: 2147483648 };
  await expect(w.getByTestId('headline')).toHaveText(ok(core, { ...base, requests: 4 }).display); // 85.1 億 in the book
  await typeInto(w.getByLabel('同時服務的請求數 B'), '2');
  const r = ok(core, { ...base, requests: 2 });
  await expect(w.getByTestId('headline')).toHaveText(r.display);
  for (const s of r.items as Obj[]) await expect(w.getByTestId(`cell-${s.id}-1`)).toHaveText(s.display as string);
});

test('2-4: the pair grid and N_pair follow S and P; large inputs switch to areas', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 4);
  await ready(w);
  await expect(w.getByTestId('n-pair')).toHaveText('12'); // S = 2, P = 3: 3·2 + 3·4/2
  await typeInto(w.getByLabel('S（已有上下文 token）'), '5');
  await typeInto(w.getByLabel('P（新輸入 token）'), '4');
  const r = ok(core, { op: 'forward', model: 'qwen3-8b', batch: 1, context: 5, input: 4 });
  await expect(w.getByTestId('n-pair')).toHaveText(group(r.n_pair));
  await expect(w.getByTestId('attn-flops')).toHaveText((r.items as Obj[]).find((i) => i.id === 'attn_core')!.display);
  await expect(w.locator('svg.is-wide rect.cell')).toHaveCount(4 * (5 + 4));
  await expect(w.locator('svg.is-wide rect.cell.old')).toHaveCount(4 * 5);
  await typeInto(w.getByLabel('S（已有上下文 token）'), '100000');
  const big = ok(core, { op: 'forward', model: 'qwen3-8b', batch: 1, context: 100000, input: 4 });
  await expect(w.getByTestId('n-pair')).toHaveText(group(big.n_pair));
  await expect(w.locator('svg.is-wide path.cell')).toHaveCount(2);
});

test('2-4: bad input shows the core message under the control', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 4);
  await ready(w);
  await w.getByLabel('P（新輸入 token）').fill('0');
  const err = core.error({ op: 'forward', model: 'qwen3-8b', batch: 1, context: 2, input: 0 }) as { detail?: string };
  await expect(w.getByTestId('error')).toHaveText(`P（新輸入 token）：${err.detail}`); // named by its label (runtime/controls.ts readerMessage)
  await expect(w.getByTestId('n-pair')).toHaveText('12');
});

test('2-7: decode rows follow P and G, and step through', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 7);
  await ready(w);
  await typeInto(w.getByLabel('P（初始上下文 token）'), '6');
  await typeInto(w.getByLabel('G（回傳 token）'), '9');
  const r = ok(core, { op: 'request', model: 'qwen3-8b', context: 0, input: 6, generated: 9 });
  await expect(w.getByTestId('decode-steps')).toHaveText(group(r.decode_steps));
  await expect(w.getByTestId('read-tokens')).toHaveText(group(r.kv_read_tokens));
  await expect(w.getByTestId('reads')).toHaveText(r.kv_read_display);
  await expect(w.locator('svg.is-wide g[data-step]')).toHaveCount(Number(r.decode_steps));
  // The step-through opens at its first step (a reader steps forward).
  await expect(w.locator('svg.is-wide g[data-step][data-future]')).toHaveCount(Number(r.decode_steps) - 1);
  await w.getByTestId('step-next').click();
  await expect(w.locator('svg.is-wide g[data-step][data-future]')).toHaveCount(Number(r.decode_steps) - 2);
  await w.getByTestId('step-reset').click();
  await expect(w.locator('svg.is-wide g[data-step][data-future]')).toHaveCount(Number(r.decode_steps) - 1);
  await w.getByTestId('step-next').click();
  await expect(w.locator('svg.is-wide g[data-step][data-future]')).toHaveCount(Number(r.decode_steps) - 2);
});

test('2-23: uniform vs concentrated dispatch follow B', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 23);
  await ready(w);
  const at = (batch: number, dispatch: string): Obj => ok(core, { op: 'routing', model: 'qwen3.6-35b-a3b', batch, dispatch });
  await expect(w.getByTestId('bytes-uniform')).toHaveText(at(64, 'uniform').display); // 1.5 GiB
  await expect(w.getByTestId('bytes-concentrated')).toHaveText(at(64, 'concentrated').display); // 48 MiB
  await typeInto(w.getByLabel('B（同時 decode 的 token）'), '16');
  await expect(w.getByTestId('distinct-uniform')).toHaveText(at(16, 'uniform').distinct_display);
  await expect(w.getByTestId('bytes-uniform')).toHaveText(at(16, 'uniform').display);
  await expect(w.locator('svg.is-wide rect.cell.hit')).toHaveCount(
    Number(at(16, 'uniform').distinct_experts) + Number(at(16, 'concentrated').distinct_experts),
  );
});

/** Follow "a.b[0]" / "list[key=value]" in a core result (the configs' value paths). */
function at(value: any, path: string): any {
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]|\[([\w-]+)=([^\]]+)\]/g)) {
    if (m[1] !== undefined) value = value?.[m[1]];
    else if (m[2] !== undefined) value = value?.[Number(m[2])];
    else value = (value as Obj[] | undefined)?.find((e) => String(e[m[3]!]) === m[4]);
  }
  return value;
}

/** A diagram's numbers as the core gives them for its configured requests ($x from `vars`). */
function diagramValues(core: Core, n: number, vars: Obj = {}): Record<string, string> {
  const cfg = diagrams[`fig-2-${n}`];
  const fill = (fields: Obj = {}) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('$') ? vars[v] : v]));
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(cfg.data.values as Record<string, Obj>)) {
    const req = cfg.data.requests[v.request];
    const raw = at(ok(core, { op: req.op, ...cfg.fixed, ...fill(req.fields) }), v.path);
    out[name] = typeof raw === 'string' ? raw : group(raw);
  }
  return out;
}
const fillIn = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k: string) => values[k]!);

test('diagram numbers come from the core: labels, captions and the data table of every diagram with values', async ({ page, core }) => {
  await openFigures(page);
  const withValues = Object.keys(diagrams).filter((id) => diagrams[id].data.values);
  expect(withValues.length).toBeGreaterThanOrEqual(12);
  for (const id of withValues) {
    const n = Number(id.slice('fig-2-'.length));
    const w = fig(page, n);
    const values = diagramValues(core, n, { $tokens: 131072 });
    for (const [name, v] of Object.entries(values)) await expect(w.getByTestId(`cell-${name}-1`), `${id} ${name}`).toHaveText(v);
    const svgText = (await w.locator('svg.fig-svg.is-wide').textContent()) ?? '';
    expect(svgText, `${id}: every placeholder filled`).not.toMatch(/\{\w+\}/);
    for (const s of diagrams[id].data.diagram.shapes as Obj[]) {
      if (s.label?.includes('{')) for (const line of fillIn(s.label, values).split('\n')) expect(svgText, id).toContain(line);
    }
    await expect(w.locator('svg.is-wide desc')).toHaveText(fillIn(diagrams[id].text.chart_desc, values));
  }
  // A few of the book's own numbers, as printed: §2.3.6 and Figures 2-17, 2-20, 2-21, 2-35.
  expect(diagramValues(core, 22, { $tokens: 131072 })).toMatchObject({ entries: '131,072', blocks: '2,048', candidates: '16,384', selected: '512' });
  expect(diagramValues(core, 17)).toMatchObject({ linear_layers: '30', full_layers: '10' });
  expect(diagramValues(core, 20)).toMatchObject({ encoder_layers: '20', decoder_layers: '20', layers: '40' });
  expect(diagramValues(core, 21)).toMatchObject({ owners: '4', owner0: '2', owner1: '8', owner2: '14', owner3: '20' });
  expect(diagramValues(core, 35)).toMatchObject({ input: '128', decode_steps: '3', final_context: '131' });
});

test("2-22: the candidate pool narrows at the reader's context length; bad input is explained", async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 22);
  await ready(w);
  const control = w.getByLabel('上下文長度 N（已快取的位置數）');
  // Box widths: all entries, the pool, what a layer reads (log scale from the core's counts).
  const widths = () => w.locator('svg.is-wide g.shape > rect').evaluateAll((els) => els.map((e) => Number(e.getAttribute('width'))));
  const [all, pool, reindex, reuse] = await widths();
  expect(all).toBeGreaterThan(pool!);
  expect(pool).toBeGreaterThan(reindex!);
  expect(reuse).toBe(reindex);
  // The reader steps to the Reindex layers (step 3, which names the selected count); a recomputation keeps that step.
  await w.getByTestId('step-next').click();
  await w.getByTestId('step-next').click();
  for (const tokens of [10000, 300]) {
    await typeInto(control, String(tokens));
    const values = diagramValues(core, 22, { $tokens: tokens });
    const pool = ok(core, { op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens });
    expect(values.candidates).toBe(pool.candidates_display);
    await expect(w.getByTestId('cell-candidates-1')).toHaveText(pool.candidates_display);
    await expect(w.getByTestId('cell-selected-1')).toHaveText(pool.selected_display);
    await expect(w.locator('svg.fig-svg.is-wide')).toContainText(`→ ${pool.candidates_display} 個候選`);
    await expect(w.getByTestId('step-caption')).toHaveText(fillIn(diagrams['fig-2-22'].data.diagram.steps[2], values));
  }
  // 300 entries: the pool and top-k no longer narrow anything, so every box is as wide as the first.
  await expect.poll(async () => new Set(await widths()).size).toBe(1);
  // Below the pool and below top-k, the core's numbers differ from the book's example.
  expect(ok(core, { op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens: 300 }).selected).toBe(300);
  await typeInto(control, '0');
  const refusal = core.error({ op: 'candidate_pool', model: 'deepseek-v4.1-flash', tokens: 0 }) as { detail?: string };
  await expect(w.getByTestId('error')).toHaveText(`上下文長度 N（已快取的位置數）：${refusal.detail}`);
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  // The last good drawing stays.
  await expect(w.getByTestId('cell-candidates-1')).toHaveText('300');
});

test('step-through diagrams (2-1, 2-2, 2-15, 2-22) are keyboard operable', async ({ page, core }) => {
  await openFigures(page);
  for (const n of [1, 2, 15, 22]) {
    const w = fig(page, n);
    await ready(w);
    const values = diagramValues(core, n, { $tokens: 131072 });
    const steps: string[] = diagrams[`fig-2-${n}`].data.diagram.steps.map((s: string) => fillIn(s, values));
    const reset = w.getByTestId('step-reset');
    await reset.focus();
    await page.keyboard.press('Enter');
    await expect(w.getByTestId('step-caption')).toHaveText(steps[0]!);
    await w.getByTestId('step-next').focus();
    await page.keyboard.press('Enter');
    await expect(w.getByTestId('step-caption')).toHaveText(steps[1]!);
    expect(await w.locator('svg.is-wide [data-future]').count()).toBeGreaterThan(0);
  }
});

test('2-1 opens at its first step, not its last, and steps forward from there', async ({ page, core }) => {
  await openFigures(page);
  const w = fig(page, 1);
  await ready(w);
  const values = diagramValues(core, 1);
  const steps: string[] = diagrams['fig-2-1'].data.diagram.steps.map((s: string) => fillIn(s, values));
  await expect(w.getByTestId('step-caption')).toHaveText(steps[0]!);
  // Only step 0's shapes are drawn in full: the first dot of layer 1 and its input arrow.
  const shown = await w.locator('svg.is-wide [data-step]:not([data-future])').evaluateAll((els) => els.map((e) => e.getAttribute('data-step')));
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set(['0']));
  await w.getByTestId('step-next').click();
  await expect(w.getByTestId('step-caption')).toHaveText(steps[1]!);
});

test('dark mode: chart text uses the page colour', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openFigures(page);
  const [fill, bg] = await page.evaluate(() => {
    const t = document.querySelector('#fig-2-25 svg text')!;
    return [getComputedStyle(t).fill, getComputedStyle(document.body).backgroundColor];
  });
  expect(fill).not.toBe('rgb(0, 0, 0)');
  expect(fill).not.toBe(bg);
});
