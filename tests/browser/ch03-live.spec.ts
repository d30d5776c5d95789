// Chapter 3's live tables, worked examples, cases, checks and figures (issue
// 22): on each chapter-3 page, every widget whose values follow from its
// config alone (widget-values.ts DATA_KINDS: tables and steps, and the
// stacked bars, fluid backlog and audio timeline of figure-values.ts) shows the core's values at the book's
// defaults, then follows a change of its first control to the core's values
// for the new input, and marks itself as differing from the book. Checked in
// zh-Hant (the text we edit) and English (the other script and number words);
// zh-Hans is generated from zh-Hant by the same conversion.
import { checkDataWidgetsOn, checkWidget, dataWidgetsByPage, defaults, setControl } from './widget-values';
import { pageOfInstance } from './chapter';
import { BUILT, coreIn, widgetsIn } from './editions';
import { allReady, expect, test } from './fixtures';

const INSTANCE_PAGE = pageOfInstance('ch03');

for (const e of BUILT.filter((edition) => edition.lang !== 'zh-Hans')) {
  const widgets = widgetsIn(e.lang, 'ch03');
  const byPage = dataWidgetsByPage(INSTANCE_PAGE, widgets);
  test(`${e.lang}: chapter 3 has live data widgets on its section pages`, () => {
    // 22 step lists, 6 core tables, 5 stacked-bar figures, 3 fluid backlogs and the audio timeline stand on section pages.
    expect([...byPage.values()].flat().length).toBeGreaterThanOrEqual(37);
    expect([...byPage.keys()].sort()).toEqual(expect.arrayContaining(['3-1.html', '3-2.html', '3-3.html', '3-4.html', '3-5.html', '3-6.html']));
  });
  for (const [file, instances] of byPage) {
    test(`${e.dir}${file}: chapter 3's tables, worked examples and figures show the core's values and follow their first control (${instances.join(', ')})`, async ({
      page,
      core,
    }) => {
      test.setTimeout(180_000);
      await checkDataWidgetsOn(page, `./${e.dir}${file}`, coreIn(core, e.lang), widgets, instances);
    });
  }
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
  }
  expect(await peak()).not.toBe(bookPeak);
  await expect(w).toHaveAttribute('data-differs', 'true');
});
