// Chapter 3's live tables, worked examples, cases, checks and figures (issue
// 22) beyond what every chapter gets: every data widget's defaults are
// checked in the built HTML of every edition (tests/content/prerendered.test.mjs),
// and a change of the first control of one widget per kind in the browser
// (tests/browser/chapters.spec.ts). Here: the chapter still places its data
// widgets on its section pages, and the widgets whose inputs need more than
// a first control's change.
import { checkWidget, dataWidgetsByPage, defaults, setControl } from '../widget-values';
import { pageOfInstance } from '../chapter';
import { BUILT, widgetsIn } from '../editions';
import { allReady, expect, test } from '../fixtures';
import { answerExercise } from '../learner';

const INSTANCE_PAGE = pageOfInstance('ch03');

for (const e of BUILT.filter((edition) => edition.lang !== 'zh-Hans')) {
  const widgets = widgetsIn(e.lang, 'ch03');
  const byPage = dataWidgetsByPage(INSTANCE_PAGE, widgets);
  test(`${e.lang}: chapter 3 has live data widgets on its section pages`, () => {
    // 22 step lists, 6 core tables, 5 stacked-bar figures, 3 fluid backlogs and the audio timeline stand on section pages.
    expect([...byPage.values()].flat().length).toBeGreaterThanOrEqual(37);
    expect([...byPage.keys()].sort()).toEqual(expect.arrayContaining(['3-1.html', '3-2.html', '3-3.html', '3-4.html', '3-5.html', '3-6.html']));
  });
}

test("figure 3-7's arrival rates are the reader's: equal rates give the even mix's flat line, a sharper skew a higher peak", async ({ page, core }) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['fig-3-7']!;
  await page.goto(`./${INSTANCE_PAGE['fig-3-7']}`);
  await allReady(page);
  const w = page.locator('[data-instance="fig-3-7"]');
  const values = defaults(cfg);
  const peak = async () => (await w.getByTestId('peak').textContent())!;
  const bookPeak = await peak();
  const rates: Array<[string, string]> = [
    ['2', '2'],
    ['3.9', '0.1'],
  ];
  for (const [heavy, light] of rates) {
    for (const [key, value] of [
      ['heavy', heavy],
      ['light', light],
    ] as const) {
      const control = cfg.controls.find((c) => c.key === key)!;
      await setControl(w, { key, label: control.label, value, kind: control.kind });
      values[control.field] = value;
    }
    await checkWidget(page, core, cfg, 'fig-3-7', values);
    // The y-axis counts decode steps: whole numbers (SI thousands at most), never milli-steps,
    // even when the even mix leaves nothing queued.
    for (const tick of await w.locator('.axis-y .tick text').allTextContents()) {
      expect(tick.trim()).toMatch(/^\d+(\.\d+)?( [kMG])?$/);
      if (!/[kMG]$/.test(tick.trim())) expect(Number.isInteger(Number(tick.trim()))).toBe(true);
    }
  }
  expect(await peak()).not.toBe(bookPeak);
  await expect(w).toHaveAttribute('data-differs', 'true');
});

test('media work counts the core’s forwards: 1 + 9 = 10 a speech frame, a 64×64 latent grid, 50 × 2 = 100 DiT forwards; a side that fills no latent is refused under its control', async ({
  page,
  core,
}) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['media-work']!;
  await page.goto(`./${INSTANCE_PAGE['media-work']}`);
  await allReady(page);
  const w = page.locator('[data-instance="media-work"]');
  const book = core.ok({ op: 'media_work', codebooks: 10, height: 1024, width: 1024, steps: 50, branches: 2 });
  expect([book.fast_passes_display, book.latent_grid, book.latent_positions, book.dit_forwards_display]).toEqual(['1 + 9 = 10', '64×64', 4096, '50 × 2 = 100']);
  const drawing = w.locator('svg.fig-svg.is-wide');
  await expect(drawing).toContainText('每幀的快速路徑前向 = 1 + 9 = 10 次');
  await expect(drawing).toContainText('latent 64×64');
  await expect(drawing).toContainText('= 4,096 個位置');
  await expect(drawing).toContainText('50 × 2 = 100 次 DiT 前向');

  // Fewer steps and no guidance: the core's count follows; so does a wider picture's grid.
  const control = (key: string) => cfg.controls.find((c) => c.key === key)!;
  await setControl(w, { key: 'steps', label: control('steps').label, value: '30', kind: 'integer' });
  await setControl(w, { key: 'branches', label: control('branches').label, value: '1', kind: 'integer' });
  await setControl(w, { key: 'side', label: control('side').label, value: '2048', kind: 'integer' });
  const changed = core.ok({ op: 'media_work', codebooks: 10, height: 2048, width: 2048, steps: 30, branches: 1 });
  await expect(drawing).toContainText(`${changed.dit_forwards_display as string} 次 DiT 前向`);
  await expect(drawing).toContainText(`latent ${changed.latent_grid as string}`);
  expect(changed.latent_positions).toBe(4 * 4096);
  await expect(w).toHaveAttribute('data-differs', 'true');

  // 1000 pixels is not a multiple of 8 × 2: the core refuses, and says so under the side's control.
  await setControl(w, { key: 'side', label: control('side').label, value: '1000', kind: 'integer' });
  const refusal = core.error({ op: 'media_work', height: 1000, width: 1000 });
  expect(refusal.field).toBe('height');
  expect(refusal).toHaveProperty('code', 'flow_latent_not_multiple');
  await expect(w.getByLabel(control('side').label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(w.getByTestId('error')).toContainText('16 的倍數');
  await expect(drawing).toContainText(`latent ${changed.latent_grid as string}`); // the last good drawing stays
});

test('example 3-5 fits the eight C4 runs in the core: 2.583 and 2.363 for the held-out runs, RMSE 0.0193 against 0.0100 on the fit; a hold-out line at 5×10⁹ refits with 2.81B among the fitted runs', async ({
  page,
  core,
}) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['example-3-5']! as { controls: Array<{ key: string; label: string }>; fields: Record<string, unknown> };
  await page.goto(`./${INSTANCE_PAGE['example-3-5']}`);
  await allReady(page);
  const w = page.locator('[data-instance="example-3-5"]');
  for (const shown of ['0.45', '2.583', '+0.009', '2.363', '+0.026', '0.0193', '0.0100']) await expect(w).toContainText(shown);

  const moved = core.ok({ op: 'scaling_fit', ...cfg.fields, holdout_from: '5000000000' });
  expect(moved.holdout_count).toBe(1);
  expect(moved.fit_count).toBe(7);
  const h2 = (moved.points as Array<Record<string, string>>).find((p) => p.id === 'H2')!;
  expect(h2.predicted_display).not.toBe('2.363'); // refitted with one more run
  const label = cfg.controls.find((c) => c.key === 'holdout')!.label;
  await setControl(w, { key: 'holdout', label, value: '5000000000', kind: 'select' });
  await expect(w).toContainText(h2.predicted_display!);
  await expect(w).toContainText(moved.holdout_rmse_display as string);
  await expect(w).toContainText(moved.fit_rmse_display as string);
  await expect(w).toHaveAttribute('data-differs', 'true');
});

test('figure 3-29 sizes its models from the fit: 0.1B needs 298.6B tokens at loss 2.9, and a target of 3.0 needs fewer, with the crossing moved to the core’s value', async ({
  page,
  core,
}) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['fig-3-29']! as {
    controls: Array<{ key: string; label: string }>;
    table: { list: { fields: Record<string, unknown> } };
  };
  await page.goto(`./${INSTANCE_PAGE['fig-3-29']}`);
  await allReady(page);
  const w = page.locator('[data-instance="fig-3-29"]');
  for (const shown of ['0.1B（外推）', '298.6B', '125.7', '約 2.048 億次呼叫']) await expect(w).toContainText(shown);

  const fields = { ...cfg.table.list.fields, target_loss: '3', prompt: 512, output: 128, mfu: '0.4' };
  const moved = core.ok({ op: 'lifecycle_cost', ...fields });
  const rows = moved.rows as Array<Record<string, string>>;
  expect(Number(rows[0]!.tokens)).toBeLessThan(298578849033);
  const label = cfg.controls.find((c) => c.key === 'target')!.label;
  await setControl(w, { key: 'target', label, value: '3', kind: 'select' });
  await expect(w).toContainText(rows[0]!.tokens_display!);
  await expect(w).toContainText(rows[0]!.training_gpu_hours_display!);
  await expect(w).toHaveAttribute('data-differs', 'true');
});

test('exercise 3-8 checks its answers in the core: 9/11 from the fit’s α and β, a swapped exponent named, ×3 for nine times the budget, the held-out RMSE 0.0193', async ({
  page,
}) => {
  await page.goto('./3-6.html'); // §3.6's exercises
  await allReady(page);
  // No givens, so no other variant to draw: the button is not offered.
  await expect(page.locator('#exercise-3-8').getByRole('button', { name: '換一題' })).toBeHidden();
  await expect(await answerExercise(page, '3-8', 'a2', '9/11')).toHaveAttribute('data-verdict', 'correct');
  const swapped = await answerExercise(page, '3-8', 'a2', '2/11');
  await expect(swapped).toHaveAttribute('data-verdict', 'wrong');
  await expect(swapped).toContainText('D_opt 的指數');
  await expect(await answerExercise(page, '3-8', 'b9', '3 倍')).toHaveAttribute('data-verdict', 'correct');
  await expect(await answerExercise(page, '3-8', 'c3', '0.0193')).toHaveAttribute('data-verdict', 'correct');
  const fitted = await answerExercise(page, '3-8', 'c3', '0.0100');
  await expect(fitted).toHaveAttribute('data-verdict', 'wrong');
  await expect(fitted).toContainText('六個擬合點');
});

test("figure 3-21 in English: every box's label stays inside its box, and no two labels overlap", async ({ page }) => {
  const en = BUILT.find((e) => e.lang === 'en');
  test.skip(!en, 'the English edition is not built');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`./${en!.dir}${INSTANCE_PAGE['fig-3-21']}`);
  await allReady(page);
  const boxes = await page.locator('[data-instance="fig-3-21"] svg:visible g.shape').evaluateAll((groups) =>
    groups.map((g) => {
      const r = (g.querySelector('rect') as SVGGraphicsElement).getBBox();
      const texts = [...g.querySelectorAll('text')].map((t) => (t as SVGGraphicsElement).getBBox());
      return { r: { x: r.x, y: r.y, w: r.width, h: r.height }, texts: texts.map((t) => ({ x: t.x, y: t.y, w: t.width, h: t.height })) };
    }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(10);
  const labels = boxes.flatMap((b) => b.texts);
  for (const b of boxes) {
    for (const t of b.texts) {
      expect(t.x).toBeGreaterThanOrEqual(b.r.x - 0.5);
      expect(t.x + t.w).toBeLessThanOrEqual(b.r.x + b.r.w + 0.5);
    }
  }
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i]!;
      const c = labels[j]!;
      const apart = a.x + a.w <= c.x || c.x + c.w <= a.x || a.y + a.h <= c.y || c.y + c.h <= a.y;
      expect(apart, `labels ${i} and ${j} overlap`).toBe(true);
    }
  }
});

// Issue 38: figures that were step lists or tables are drawn from the core's numbers, stay live
// with their controls (values checked against the Node core, steps/tables kept as text), and
// every mark reads out.
for (const [instance, key, value] of [
  ['fig-3-9', 'c2', '3'],
  ['fig-3-15', 'G', '512'],
  ['fig-3-17', 'side', '1280'],
  ['fig-3-27', 'beta', '0.3'],
  ['fig-3-28', 'alpha', '0.2'],
  ['fig-3-29', 'target', '3'],
] as const) {
  test(`${instance} is drawn from the core and follows its ${key}`, async ({ page, core }) => {
    const cfg = widgetsIn('zh-Hant', 'ch03')[instance]!;
    await page.goto(`./${INSTANCE_PAGE[instance]}`);
    await allReady(page);
    const w = page.locator(`[data-instance="${instance}"]`);
    const marks = w.locator('svg.is-wide [data-read]');
    expect(await marks.count()).toBeGreaterThanOrEqual(2);
    const before = await marks.evaluateAll((ms) => ms.map((m) => m.getAttribute('data-read')));
    const values = defaults(cfg);
    const control = cfg.controls.find((c) => c.key === key)!;
    await setControl(w, { key, label: control.label, value, kind: control.kind });
    values[control.field] = value;
    await checkWidget(page, core, cfg, instance, values);
    const after = await marks.evaluateAll((ms) => ms.map((m) => m.getAttribute('data-read')));
    expect(after).not.toEqual(before);
  });
}

test("figure 3-5's arrival rates are the reader's: 2 and 2 gives both minutes the even mix's 4,604 decode steps a second", async ({ page }) => {
  const cfg = widgetsIn('zh-Hant', 'ch03')['fig-3-5']!;
  await page.goto(`./${INSTANCE_PAGE['fig-3-5']}`);
  await allReady(page);
  const w = page.locator('[data-instance="fig-3-5"]');
  for (const key of ['heavy', 'light']) {
    const control = cfg.controls.find((c) => c.key === key)!;
    await setControl(w, { key, label: control.label, value: '2', kind: control.kind });
  }
  await expect(w).toHaveAttribute('data-differs', 'true');
  const reads = await w.locator('svg.is-wide [data-read]').evaluateAll((ms) => ms.map((m) => m.getAttribute('data-read')));
  expect(reads.filter((r) => r === '4,604').length).toBe(3);
});
