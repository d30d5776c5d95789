// Chapter 8's figures drawn from the book's figure data with the two kinds
// that draw a dataset's values (docs/widget-kinds.md): the prefix tree of
// Figure 8-17 (measured-tree) and the right-or-wrong grids of Figures 8-26 …
// 8-28 (outcome-grid). In every edition the build wrote, each figure is on its
// page and shows its dataset's values as recorded (content/ch08/data/*.json,
// read here): the tree's leaves and edges and its data table, every grid
// mark's outcome and the totals; each names its source at the commit read,
// and a mark reads out its place and value from the keyboard.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { BUILT, widgetsIn, type Edition } from '../editions';
import { allReady, expect, test } from '../fixtures';

type Obj = Record<string, any>;
const root = path.resolve(import.meta.dirname, '../../..');
const dataset = (id: string): Obj => JSON.parse(readFileSync(path.join(root, 'content/ch08/data', `${id}.json`), 'utf8'));
const PAGE = pageOfInstance('ch08');
/** The edition's chapter-8 widget configs, with each kind's own data and texts. */
const configs = (lang: Edition['lang']): Record<string, Obj> => widgetsIn(lang, 'ch08') as unknown as Record<string, Obj>;
const COMMIT = '023cf31fcc8f4b978863a26d14cee6f6e98200c4';

/** The value at a dataset path ("values.tree[3].depth", "values.edges[0][2]"). */
function at(data: Obj, p: string): unknown {
  return (p.match(/[^.[\]]+/g) ?? []).reduce<any>((cur, step) => cur?.[/^\d+$/.test(step) ? Number(step) : step], data);
}

/** 1234 → "1,234", as the site prints whole numbers of four digits or more. */
const grouped = (n: number): string => n.toLocaleString('en-US');

async function open(page: Page, e: Edition, instance: string): Promise<Locator> {
  await page.goto(`./${e.dir}${PAGE[instance]}#${instance}`);
  await allReady(page);
  const w = page.locator(`[data-instance="${instance}"]`);
  await expect(w).toHaveAttribute('data-ready', 'true');
  return w;
}

for (const e of BUILT) {
  test(`${e.lang}: Figure 8-17's prefix tree shows the figure data's nodes: leaves at 210, 316, 670 and 884, the root's 206 shared tokens, every edge's added tokens`, async ({
    page,
  }) => {
    const data = dataset('prefix-rounds');
    const cfg = configs(e.lang)['fig-8-17']!;
    const w = await open(page, e, 'fig-8-17');
    const svg = w.locator('svg.is-wide');
    const nodes = cfg.data.nodes as Obj[];
    for (const n of nodes) {
      const depth = at(data, n.at.path) as number;
      const added = at(data, n.edge.path) as number;
      await expect(svg.getByTestId(`edge-${n.id}`)).toHaveText(cfg.text.edge_text.replace('{v}', grouped(added)));
      if (n.leaf) await expect(svg.getByTestId(`leaf-${n.id}`)).toHaveText(cfg.text.leaf_text.replace('{name}', n.name).replace('{at}', grouped(depth)));
      await expect(w.getByTestId(`cell-${n.id}-1`)).toHaveText(grouped(depth));
      await expect(w.getByTestId(`cell-${n.id}-2`)).toHaveText(grouped(added));
    }
    // The values the chapter prints: 206 shared at the root, rounds ending at 210, 316, 670, 884.
    await expect(w.getByTestId('cell-n0-1')).toHaveText('206');
    expect(nodes.filter((n) => n.leaf).map((n) => at(data, n.at.path))).toEqual([210, 316, 670, 884]);
    await expect(svg.locator('[data-edge]')).toHaveCount(7);
    await expect(w.locator('a.dataset-source')).toHaveAttribute('href', new RegExp(`/blob/${COMMIT}/manuscripts/ch08/figure-data\\.json$`));
    // The keyboard reads the nodes out: the first is the root, up to token 206; the next is round 1, 4 more to 210.
    await w.locator('.fig-scroll').focus();
    await page.keyboard.press('Home');
    const readout = w.getByTestId('readout');
    await expect(readout.locator('.fig-readout-label')).toHaveText(nodes[0]!.name);
    await expect(readout.locator('.fig-readout-value')).toHaveText(cfg.text.read_text.replace('{at}', '206').replace('{edge}', '206'));
    await page.keyboard.press('ArrowRight');
    await expect(readout.locator('.fig-readout-label')).toHaveText(nodes[1]!.name);
    await expect(readout.locator('.fig-readout-value')).toHaveText(cfg.text.read_text.replace('{at}', '210').replace('{edge}', '4'));
  });

  test(`${e.lang}: Figures 8-26 … 8-28 show each run's recorded outcome: 28, 26 and 28 of 32 right, task 5 and task 6 trading places`, async ({ page }) => {
    const data = dataset('kv-quality');
    const widgets = configs(e.lang);
    const rowsSeen: string[][] = [];
    for (const [k, id] of ['fig-8-26', 'fig-8-27', 'fig-8-28'].entries()) {
      const cfg = widgets[id]!;
      const w = await open(page, e, id);
      const svg = w.locator('svg.is-wide');
      await expect(svg.locator('[data-outcome]')).toHaveCount(32);
      const outcomes = new Map((cfg.data.outcomes as Obj[]).map((o) => [o.v, o.label]));
      const rows: string[] = [];
      for (let i = 0; i < 8; i++) {
        let row = '';
        for (let j = 0; j < 4; j++) {
          const v = String(at(data, `values.correct_by_task[${k}][${i}][${j}]`));
          await expect(svg.getByTestId(`mark-r${i}-${j}`)).toHaveAttribute('data-outcome', v);
          await expect(w.getByTestId(`cell-r${i}-${j + 1}`)).toHaveText(outcomes.get(v)!);
          row += v;
        }
        rows.push(row);
      }
      rowsSeen.push(rows);
      await expect(w.getByTestId('total-0')).toHaveText(String(at(data, `values.quality_bf16_weights[${k}]`)));
      await expect(w.getByTestId('total-1')).toHaveText('32');
      // A right answer is a circle, a wrong one a cross.
      await expect(svg.locator('circle[data-outcome="1"]')).toHaveCount(rows.join('').split('1').length - 1);
      await expect(svg.locator('path[data-outcome="0"]')).toHaveCount(rows.join('').split('0').length - 1);
      await expect(w.locator('a.dataset-source')).toHaveAttribute('href', new RegExp(`/blob/${COMMIT}/manuscripts/ch08/figure-data\\.json$`));
    }
    expect(['fig-8-26', 'fig-8-27', 'fig-8-28'].map((id) => widgets[id]!.data.totals[0].v)).toEqual(['28', '26', '28']);
    // Task 5 (n512-r0): all wrong with BF16 KV, all right with FP8 KV + BF16 Q; task 6 (n512-r1) the reverse.
    expect([rowsSeen[0]![4], rowsSeen[2]![4], rowsSeen[0]![5], rowsSeen[2]![5]]).toEqual(['0000', '1111', '1111', '0000']);
    expect(rowsSeen[1]![4]).toBe('1100');
  });
}

test('zh-Hant: a grid mark reads out its task, its run and its outcome from the keyboard', async ({ page }) => {
  const cfg = configs('zh-Hant')['fig-8-26']!;
  const w = await open(page, BUILT[0]!, 'fig-8-26');
  await w.locator('.fig-scroll').focus();
  const readout = w.getByTestId('readout');
  const place = (i: number, j: number) => cfg.text.cell_read.replace('{row}', cfg.data.rows[i].label).replace('{col}', cfg.data.columns[j].label);
  await page.keyboard.press('Home');
  await expect(readout.locator('.fig-readout-label')).toHaveText(place(0, 0));
  await expect(readout.locator('.fig-readout-value')).toHaveText('答對');
  // The last mark: task 8, concurrency 4's second run, right; task 5's marks are the wrong ones.
  await page.keyboard.press('End');
  await expect(readout.locator('.fig-readout-label')).toHaveText(place(7, 3));
  await expect(readout.locator('.fig-readout-value')).toHaveText('答對');
  await w.locator('svg.is-wide').getByTestId('mark-r4-2').hover();
  await expect(readout.locator('.fig-readout-label')).toHaveText(place(4, 2));
  await expect(readout.locator('.fig-readout-value')).toHaveText('答錯');
});
