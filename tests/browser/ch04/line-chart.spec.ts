// Figure 4-7 (widgets/line-chart): the reader's e/b is a marker on the two
// power-cap curves. A drag, the arrow keys or typing set the e/b control, and
// the readings, the readout above the chart and the slider's value text
// follow; hovering a sampled point reads the core's values there. Every
// number checked is the Node core's `power_cap` at the e/b the page ended on.
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { dragMarker, markerX } from '../drag-marker';
import { allReady, expect, test, type Core } from '../fixtures';

const ID = 'fig-4-7';
const PAGE = pageOfInstance('ch04')[ID];
type Obj = Record<string, any>;

async function open(page: Page): Promise<Locator> {
  await page.goto(`./${PAGE}#${ID}`);
  await allReady(page);
  return page.locator(`[data-instance="${ID}"]`);
}

/** The core's two shares at e/b, as the figure writes them. */
function readAt(core: Core, eb: string): { fixed: string; scaled: string; line: string } {
  const r = core.ok({ op: 'power_cap', gpu: 'h100-sxm', e_over_b: eb }) as Obj;
  const fixed = String(r.fixed_voltage_share_display);
  const scaled = String(r.scaled_voltage_share_display);
  return { fixed, scaled, line: `e/b = ${eb}：電壓固定 ${fixed}，電壓跟著降 ${scaled}` };
}

async function expectAt(w: Locator, core: Core, eb: string): Promise<void> {
  const want = readAt(core, eb);
  await expect(w.locator(`#${ID}-eb`)).toHaveValue(eb);
  await expect(w.getByTestId('at-fixed')).toHaveText(want.fixed);
  await expect(w.getByTestId('at-scaled')).toHaveText(want.scaled);
  await expect(w.getByTestId('drag-readout')).toHaveText(want.line);
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await expect(marker).toHaveAttribute('aria-valuenow', eb);
  await expect(marker).toHaveAttribute('aria-valuetext', want.line);
}

test('figure 4-7: the book’s e/b = 1.5 reads 0.67 and 0.87; a drag, the keys and typing move e/b and the core’s shares follow', async ({ page, core }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const w = await open(page);
  expect(readAt(core, '1.5')).toMatchObject({ fixed: '0.67', scaled: '0.87' });
  await expectAt(w, core, '1.5');

  // Drag the handle to e/b = 2.5.
  const marker = w.locator('svg.is-wide').getByRole('slider');
  await dragMarker(page, marker, 2.5, 0);
  await expectAt(w, core, '2.5');
  expect(readAt(core, '2.5')).toMatchObject({ fixed: '0.40', scaled: '0.74' });

  // The keys step by the content's 0.1; Home goes to the axis's start, where the clock holds its peak.
  await marker.focus();
  await page.keyboard.press('ArrowLeft');
  await expectAt(w, core, '2.4');
  await page.keyboard.press('Home');
  await expectAt(w, core, '0.5');
  expect(readAt(core, '0.5')).toMatchObject({ fixed: '1.00', scaled: '1.00' });

  // Typing a value between the samples asks the core there.
  await w.locator(`#${ID}-eb`).fill('1.23');
  await expectAt(w, core, '1.23');
});

test('figure 4-7: hovering the plot reads the nearest sampled e/b’s shares, then the reader’s again', async ({ page, core }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const w = await open(page);
  const plot = w.locator('svg.is-wide .drag-plot');
  await plot.scrollIntoViewIfNeeded();
  const x = await markerX(w.locator('svg.is-wide').getByRole('slider'), 2);
  const box = (await plot.boundingBox())!;
  await page.mouse.move(x, box.y + box.height / 3);
  await expect(w.getByTestId('drag-readout')).toHaveText(readAt(core, '2').line);
  await expect(w.locator('svg.is-wide .drag-ghost')).toHaveAttribute('data-on', '');
  await page.mouse.move(0, 0);
  await expect(w.getByTestId('drag-readout')).toHaveText(readAt(core, '1.5').line);
});
