// Direct manipulation on chapter 3 (issue 38, §4): the shared drag marker
// (figures/drag-marker.ts on a linear strip, figures/context-strip.ts), the
// shared readout (figures/readout.ts) and the shared scrubbable givens
// (runtime/scrub.ts) on the chapter's fluid backlogs. A drag, the keys or a
// scrub set the widget's control, and every number checked is the Node core's
// answer for the value the page ended on (tests/content/shown-values.mjs).
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { dragMarker } from '../drag-marker';
import { widgetsIn } from '../editions';
import { allReady, expect, test, type Core } from '../fixtures';
import { checkWidget, defaults } from '../widget-values';

const INSTANCE_PAGE = pageOfInstance('ch03');
const WIDGETS = widgetsIn('zh-Hant', 'ch03');

async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${INSTANCE_PAGE[instance]}#${instance}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** The widget's values at the book's defaults with one control set, and the page showing the core's numbers for them. */
async function expectAt(page: Page, core: Core, instance: string, key: string, value: string): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const values = { ...defaults(cfg), [`$${key}`]: value };
  await expect(page.locator(`#${instance}-${key}`)).toHaveValue(value);
  await checkWidget(page, core, cfg, instance, values);
}
const expectAtN = (page: Page, core: Core, instance: string, n: string) => expectAt(page, core, instance, 'N', n);

test('figure 3-7: dragging the N marker sets N, the hash and the core’s backlog; the keys step it', async ({ page, core }) => {
  const w = await open(page, 'fig-3-7');
  const marker = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的 N 標記（負責 decode 的卡數，可拖曳）' });
  await expect(marker).toHaveAttribute('aria-valuenow', '2');
  await expect(marker).toHaveAttribute('aria-valuetext', 'N = 2 張');
  await expect(marker).toHaveAttribute('data-log', '0');
  const bookPeak = await w.getByTestId('peak').textContent();

  await dragMarker(page, marker, 8, 3);
  await expect(marker).toHaveAttribute('aria-valuenow', '8');
  await expect(marker).toHaveAttribute('aria-valuetext', 'N = 8 張');
  await expectAtN(page, core, 'fig-3-7', '8');
  await expect(page).toHaveURL(/#fig-3-7:N=8$/);
  // Eight cards keep up with both minutes: nothing queues, unlike the book's two.
  expect(await w.getByTestId('peak').textContent()).not.toBe(bookPeak);

  await marker.focus();
  await marker.press('ArrowLeft');
  await expectAtN(page, core, 'fig-3-7', '7');
  await marker.press('PageDown'); // back to the landmark below: the book's 2
  await expectAtN(page, core, 'fig-3-7', '2');
  await marker.press('Home');
  await expectAtN(page, core, 'fig-3-7', '1');
  await expect(marker).toBeFocused();
});

test('figure 3-7: the two arrival rates have markers of their own under N; a drag or the keys set each in steps of 0.1', async ({ page, core }) => {
  const w = await open(page, 'fig-3-7');
  const wide = w.locator('svg.is-wide');
  const heavy = wide.getByRole('slider', { name: '圖上偏多那一類到達率的標記（每秒請求，可拖曳）' });
  const light = wide.getByRole('slider', { name: '圖上偏少那一類到達率的標記（每秒請求，可拖曳）' });
  await expect(heavy).toHaveAttribute('aria-valuenow', '3.6');
  await expect(light).toHaveAttribute('aria-valuetext', '偏少那一類每秒 0.4 條');
  const cfg = WIDGETS['fig-3-7']!;

  // Dragging the dominant rate to 2 (a landmark) and stepping the other up to 2 gives the even mix: no backlog at all.
  await dragMarker(page, heavy, 2, 3);
  await expect(page.locator('#fig-3-7-heavy')).toHaveValue('2');
  await expect(heavy).toBeFocused();
  await light.focus();
  await light.press('PageUp'); // the next landmark: 2
  await expect(page.locator('#fig-3-7-light')).toHaveValue('2');
  await checkWidget(page, core, cfg, 'fig-3-7', { ...defaults(cfg), $heavy: '2', $light: '2' });
  await expect(w.getByTestId('peak')).toHaveText('0');
  // The keys step a decimal rate by 0.1, written as a reader types it.
  await light.press('ArrowRight');
  await expect(page.locator('#fig-3-7-light')).toHaveValue('2.1');
  await checkWidget(page, core, cfg, 'fig-3-7', { ...defaults(cfg), $heavy: '2', $light: '2.1' });
  await expect(light).toBeFocused();
  // N's marker stayed where it was.
  await expect(wide.getByRole('slider', { name: '圖上的 N 標記（負責 decode 的卡數，可拖曳）' })).toHaveAttribute('aria-valuenow', '2');
});

test('figure 3-7: a line’s peak and its drained end read the core’s displays on hover', async ({ page, core }) => {
  const w = await open(page, 'fig-3-7');
  const dots = w.locator('svg.is-wide [data-series="phased"] [data-read]');
  await expect(dots).toHaveCount(2);
  const rate = core.ok({ op: 'decode_step_rate', model: 'qwen3-8b', batch: 64, context: 2742, bandwidth: '1792', efficiency: '1', cards: '2' });
  const classes = (WIDGETS['fig-3-7'] as unknown as { data: { classes: unknown } }).data.classes;
  const mix = core.ok({
    op: 'workload_mix',
    classes: classes as never,
    windows: [
      { seconds: '60', rates: ['3.6', '0.4'] },
      { seconds: '60', rates: ['0.4', '3.6'] },
    ],
  });
  const windows = (mix.windows as Array<{ seconds: unknown; decode_steps: unknown }>).map((x) => ({
    seconds: String(x.seconds),
    arrival: String(x.decode_steps),
    service: String(rate.steps_per_second_all),
  }));
  const backlog = core.ok({ op: 'fluid_backlog', windows });
  await dots.nth(0).hover();
  const readout = w.getByTestId('readout');
  await expect(readout.locator('.fig-readout-value')).toHaveText(String(backlog.peak_display));
  await expect(readout.locator('.fig-readout-label')).toHaveText('前偏長輸入、後偏長輸出 · 積壓峰值（步）');
  await dots.nth(1).hover();
  await expect(readout.locator('.fig-readout-value')).toHaveText(String(backlog.drain_display));
  await expect(readout.locator('.fig-readout-label')).toHaveText('前偏長輸入、後偏長輸出 · 到達停止後清空所需');
});

test('example 3-1: N in its statement scrubs; the steps and the backlog follow to the core’s values', async ({ page, core }) => {
  const w = await open(page, 'example-3-1');
  const n = w.getByRole('slider', { name: '句中的數字 N（' });
  await expect(n).toHaveText('2');
  await expect(n).toHaveAttribute('aria-valuetext', '2 張');
  await n.focus();
  await n.press('ArrowRight');
  await expect(n).toHaveAttribute('aria-valuenow', '3');
  await expectAtN(page, core, 'example-3-1', '3');
  await expect(page).toHaveURL(/#example-3-1:N=3$/);

  // A mouse drag to the right asks for more cards, never beyond the statement's 64.
  await n.scrollIntoViewIfNeeded();
  const box = (await n.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 900, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(n).toHaveAttribute('aria-valuenow', '64');
  await expectAtN(page, core, 'example-3-1', '64');
});

test('figure 3-19: dragging the jitter-buffer marker under the timeline sets the buffer and the core’s playout; the keys step it', async ({ page, core }) => {
  const w = await open(page, 'fig-3-19');
  const marker = w.locator('svg.is-wide').getByRole('slider', { name: '圖上的抖動緩衝標記（ms，可拖曳）' });
  await expect(marker).toHaveAttribute('aria-valuenow', '40');
  await expect(marker).toHaveAttribute('aria-valuemin', '0');
  await expect(marker).toHaveAttribute('aria-valuetext', '抖動緩衝 40 ms');
  const bookStall = await w.getByTestId('stall').textContent();

  await dragMarker(page, marker, 60, 3); // exercise 3-5's other buffer
  await expect(marker).toHaveAttribute('aria-valuenow', '60');
  await expectAt(page, core, 'fig-3-19', 'buffer', '60');
  await expect(page).toHaveURL(/#fig-3-19:buffer=60$/);
  // 20 ms more of buffer absorbs the late chunk: no stall where the book's 40 ms had one.
  expect(await w.getByTestId('stall').textContent()).not.toBe(bookStall);

  await marker.focus();
  await marker.press('ArrowRight');
  await expectAt(page, core, 'fig-3-19', 'buffer', '61');
  await marker.press('Home');
  await expectAt(page, core, 'fig-3-19', 'buffer', '0');
});

test('figure 3-28: α and β have markers on the fit’s grid; a drag or the keys refit the law and the core’s residuals follow', async ({ page, core }) => {
  const w = await open(page, 'fig-3-28');
  const wide = w.locator('svg.is-wide');
  const alpha = wide.getByRole('slider', { name: '圖上的 α 標記（參數量一項的指數，可拖曳）' });
  const beta = wide.getByRole('slider', { name: '圖上的 β 標記（資料量一項的指數，可拖曳）' });
  await expect(alpha).toHaveAttribute('aria-valuenow', '0.1');
  await expect(beta).toHaveAttribute('aria-valuetext', 'β = 0.45');

  await dragMarker(page, alpha, 0.3, 3); // a landmark
  await expect(page.locator('#fig-3-28-alpha')).toHaveValue('0.3');
  await expectAt(page, core, 'fig-3-28', 'alpha', '0.3');
  await expect(alpha).toHaveAttribute('aria-valuenow', '0.3');

  // The keys walk β along the grid the fit searches, 0.05 apart.
  await beta.focus();
  await beta.press('ArrowLeft');
  await expect(page.locator('#fig-3-28-beta')).toHaveValue('0.4');
  await checkWidget(page, core, WIDGETS['fig-3-28']!, 'fig-3-28', { ...defaults(WIDGETS['fig-3-28']!), $alpha: '0.3', $beta: '0.4' });
  await beta.press('End');
  await expect(page.locator('#fig-3-28-beta')).toHaveValue('0.6');
  await expect(beta).toBeFocused();
});
