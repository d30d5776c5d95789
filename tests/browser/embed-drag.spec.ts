// Embeds keep the drag (issue 16, item 7): a marker dragged with the mouse
// inside embed.html's iframe on another origin, and inside a <tally-widget>'s
// shadow root, sets the widget's H and the values at it to the Node core's.
import type { Locator, Page } from '@playwright/test';
import { dragMarker } from './drag-marker';
import { expect, test, type Core } from './fixtures';
import { builtVersion, startHost, type HostServer } from './embed-host';

type Obj = Record<string, any>;

let host: HostServer;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(() => host?.stop());

async function openHost(page: Page, baseURL: string, extra: Record<string, string>): Promise<void> {
  const q = new URLSearchParams({ tally: new URL(baseURL).origin, ver: builtVersion(), ...extra });
  await page.goto(`${host.origin}/index.html?${q.toString()}`);
}

/** The 4-request bar of Fig. 2-8 at length h, as the core computes it. */
const kv4 = (core: Core, h: number): string =>
  core.ok({ op: 'request', model: 'qwen3-8b', input: h, context: 0, generated: 2, batch: 4 }).kv_read_display as string;

/** Fig. 2-18's first curve (DeepSeek V4.1-Flash) at length h. */
const state18 = (core: Core, h: number): string =>
  (core.ok({ op: 'state_curve', model: 'deepseek-v4.1-flash', lengths: [h], kv_dtype: 'bf16', layout: 'reference' }).total_display as string[])[0]!;

/** Drag the shown drawing's marker to length v. */
const dragTo = (page: Page, w: Locator, v: number): Promise<void> => dragMarker(page, w.locator('svg.fig-svg:visible .drag-marker'), v);

test('an iframe embed on another origin: dragging the context marker sets H and the bars', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!, { frame0: 'w=fig-2-8' });
  const frame = page.frameLocator('[data-testid="frame-0"]').locator('[data-widget]');
  await expect(frame).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(frame.getByTestId('bar-kv-4')).toHaveText(kv4(core, 8192));
  await dragTo(page, frame, 131072);
  await expect(frame.locator('input[data-key="H"]')).toHaveValue('131072');
  await expect(frame.locator('svg.fig-svg:visible').getByRole('slider')).toHaveAttribute('aria-valuenow', '131072');
  await expect(frame.getByTestId('bar-kv-4')).toHaveText(kv4(core, 131072));
});

test('a <tally-widget>: dragging the curve marker inside its shadow root sets H and the values at H', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!, { element0: 'fig-2-18|' });
  const w = page.getByTestId('element-0').locator('[data-widget]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await dragTo(page, w, 131072);
  await expect(w.locator('input[data-key="H"]')).toHaveValue('131072');
  await expect(w.locator('svg.fig-svg:visible').getByRole('slider')).toHaveAttribute('aria-valuenow', '131072');
  await expect(w.getByTestId('cell-131072-1')).toHaveText(state18(core, 131072));
});

test('a <tally-widget>: the context strip of a bar figure drags too, and the keys step it', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!, { element0: 'fig-2-8|' });
  const w = page.getByTestId('element-0').locator('[data-widget]');
  await expect(w).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await dragTo(page, w, 32768);
  await expect(w.locator('input[data-key="H"]')).toHaveValue('32768');
  await expect(w.getByTestId('bar-kv-4')).toHaveText(kv4(core, 32768));
  const marker = w.locator('svg.fig-svg:visible').getByRole('slider');
  await expect(marker).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(w.locator('input[data-key="H"]')).toHaveValue('131072');
  await expect(w.getByTestId('bar-kv-4')).toHaveText(kv4(core, 131072));
});

test('the iframe embed of Fig. 2-7: the G handle drags a row in', async ({ page, baseURL, core }) => {
  await openHost(page, baseURL!, { frame0: 'w=fig-2-7' });
  const frame = page.frameLocator('[data-testid="frame-0"]').locator('[data-widget]');
  await expect(frame).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  const pill = frame.locator('svg.fig-svg:visible .row-pill');
  await pill.scrollIntoViewIfNeeded();
  const b = (await pill.boundingBox())!;
  const rowPx = await frame.locator('svg.fig-svg:visible').evaluate((svg: SVGSVGElement) => {
    const h = Number(svg.querySelector('.row-handle')!.getAttribute('data-row-h'));
    return (h * svg.getBoundingClientRect().width) / svg.viewBox.baseVal.width;
  });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 + rowPx, { steps: 4 });
  await page.mouse.up();
  await expect(frame.locator('input[data-key="G"]')).toHaveValue('6');
  const r: Obj = core.ok({ op: 'request', model: 'qwen3-8b', context: 0, input: 4, generated: 6 });
  await expect(frame.getByTestId('decode-steps')).toHaveText(String(r.decode_steps));
});
