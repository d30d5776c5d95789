// Figure 4-6 follows its card menu: the package drawing places as many die
// and HBM-stack boxes as the core's hbm_stack counts for the card chosen, and
// every number it labels is that card's, on the wide and the phone drawing.
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { allReady, expect, test, type Core } from '../fixtures';

const ID = 'fig-4-6';
const PAGE = pageOfInstance('ch04')[ID];
type Obj = Record<string, any>;

async function open(page: Page, hash = ''): Promise<Locator> {
  await page.goto(`./${PAGE}#${ID}${hash}`);
  await allReady(page);
  return page.locator(`[data-instance="${ID}"]`);
}

/** The drawing's boxes whose label starts with `word`, and all of its texts, in one of the two drawings. */
async function drawn(w: Locator, drawing: 'is-wide' | 'is-narrow', word: string): Promise<{ boxes: number; texts: string }> {
  return w.locator(`svg.${drawing}`).evaluate(
    (svg, word) => ({
      boxes: [...svg.querySelectorAll('g.shape')].filter((g) => g.querySelector('rect.box') && (g.querySelector('text')?.textContent ?? '').startsWith(word))
        .length,
      texts: [...svg.querySelectorAll('text')].map((t) => t.textContent).join(' | '),
    }),
    word,
  );
}

async function expectCard(w: Locator, core: Core, gpu: string, drawing: 'is-wide' | 'is-narrow'): Promise<void> {
  const r = core.ok({ op: 'hbm_stack', gpu }) as Obj;
  await expect.poll(async () => (await drawn(w, drawing, 'HBM 疊')).boxes).toBe(Number(r.stacks));
  expect((await drawn(w, drawing, '晶粒')).boxes).toBe(Number(r.dies));
  const { texts } = await drawn(w, drawing, '');
  for (const shown of [r.stack_display, r.stack_bandwidth_display]) expect(texts).toContain(shown);
  if (drawing === 'is-wide') for (const shown of [r.built_display, r.memory_display, r.pin_display, r.total_bandwidth_display]) expect(texts).toContain(shown);
}

test('figure 4-6: the B200 loads first (two dies, eight stacks); each card of the menu redraws its own dies, stacks and numbers', async ({ page, core }) => {
  const w = await open(page);
  const menu = w.locator(`#${ID}-gpu`);
  await expect(menu).toHaveValue('b200');
  expect(await menu.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['a100-80g', 'h100-sxm', 'h200', 'b200']);
  await expectCard(w, core, 'b200', 'is-wide');
  expect((core.ok({ op: 'hbm_stack', gpu: 'b200' }) as Obj).dies).toBe(2);
  for (const gpu of ['h100-sxm', 'h200', 'a100-80g']) {
    await menu.selectOption(gpu);
    await expectCard(w, core, gpu, 'is-wide');
    // The data table under the drawing reads the same card.
    await expect(w.locator('table')).toContainText((core.ok({ op: 'hbm_stack', gpu }) as Obj).name);
  }
  await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toContain(`${ID}:gpu=a100-80g`);
});

test('figure 4-6 at 360 px: the phone drawing follows the card too', async ({ page, core }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const w = await open(page, ':gpu=h200');
  await expect(w.locator(`#${ID}-gpu`)).toHaveValue('h200');
  await expectCard(w, core, 'h200', 'is-narrow');
});
