// Sliders and −/+ steppers beside the integer fields (issue 16, item 1): the
// slider writes the same raw state as typing (field, core result, URL hash),
// follows what the reader typed through the core's reading ("32K"), snaps
// to the chapter's landmarks with PageUp/PageDown, and never clamps a typed
// value outside its range.
import AxeBuilder from '@axe-core/playwright';
import { builtVersion, startHost, type HostServer } from './embed-host';
import { DEFAULTS, expect, openChapter, settled, test, typeInto, widget } from './fixtures';

const P_LABEL = 'P（每請求本次輸入 token）';
const CTX_LABEL = '每請求上下文 token';

test('table 2-1: ArrowRight, PageUp and End on the P slider change the field, the total and the hash', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const field = w.getByLabel(P_LABEL);
  const slider = w.getByRole('slider', { name: 'P 滑桿' });
  const total = w.getByTestId('total');
  await expect(slider).toHaveAttribute('aria-valuetext', '8K（8,192）個 token');

  await slider.focus();
  await slider.press('PageUp'); // the next landmark after 8K is 32K
  await expect(field).toHaveValue('32768');
  await expect(slider).toHaveAttribute('aria-valuetext', '32K（32,768）個 token');
  await expect(total).toHaveText(core.ok({ ...DEFAULTS.forward, input: 32768 }).display as string);
  await expect(page).toHaveURL(/#table-2-1:P=32768$/);

  await slider.press('ArrowRight'); // one stop: a quarter of the way to 64K
  await expect(field).toHaveValue('40960');
  await expect(total).toHaveText(core.ok({ ...DEFAULTS.forward, input: 40960 }).display as string);
  await expect(page).toHaveURL(/#table-2-1:P=40960$/);

  await slider.press('End');
  await expect(field).toHaveValue('1048576');
  await expect(slider).toHaveAttribute('aria-valuetext', '1M（1,048,576）個 token');
  await expect(total).toHaveText(core.ok({ ...DEFAULTS.forward, input: 1048576 }).display as string);
  expect(await slider.inputValue()).toBe(await slider.getAttribute('max'));

  await slider.press('PageDown');
  await expect(field).toHaveValue('131072');
  await slider.press('Home'); // the range's start
  await expect(field).toHaveValue('1');
  expect(await slider.inputValue()).toBe('0');
  await expect(total).toHaveText(core.ok({ ...DEFAULTS.forward, input: 1 }).display as string);
  await expect(page).toHaveURL(/#table-2-1:P=1$/);
});

test('PageUp from 8,192 lands on 32,768; ArrowLeft and PageDown go back down', async ({ page }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const field = w.getByLabel(P_LABEL);
  const slider = w.getByRole('slider', { name: 'P 滑桿' });
  await slider.focus();
  await slider.press('PageUp');
  await expect(field).toHaveValue('32768');
  await slider.press('ArrowLeft');
  await expect(field).toHaveValue('28672');
  await slider.press('PageDown'); // from between landmarks: the one below
  await expect(field).toHaveValue('8192');
  await slider.press('PageDown');
  await expect(field).toHaveValue('4096');
});

test('capacity: a mouse drag on the slider sets the context; a typed "32K" moves the slider to 32,768', async ({ page, core }) => {
  test.setTimeout(120_000);
  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const field = w.getByLabel(CTX_LABEL);
  const slider = w.getByRole('slider', { name: '上下文 滑桿' });
  await slider.scrollIntoViewIfNeeded();
  const box = (await slider.boundingBox())!;
  const y = box.y + box.height / 2;
  // Grab the thumb where it sits (8K) and drag it most of the way to the right.
  const at = Number(await slider.inputValue()) / Number(await slider.getAttribute('max'));
  await page.mouse.move(box.x + 8 + at * (box.width - 16), y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 8 });
  await page.mouse.up();
  await expect(field).not.toHaveValue('8192');
  const dragged = await field.inputValue();
  expect(dragged).toMatch(/^\d+$/);
  expect(BigInt(dragged)).toBeGreaterThan(32768n);
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, context: Number(dragged) }).display as string);
  await expect(page).toHaveURL(new RegExp(`#capacity:ctx=${dragged}$`));
  // Dragged past the end: the range's end, 1M.
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 40, y, { steps: 4 });
  await page.mouse.up();
  await expect(field).toHaveValue('1048576');
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, context: 1048576 }).display as string);

  // Where 32,768 sits on the slider, found with the keyboard.
  await slider.focus();
  await slider.press('Home');
  for (const want of ['4096', '8192', '32768']) {
    await slider.press('PageUp');
    await expect(field).toHaveValue(want);
  }
  const at32k = await slider.inputValue();
  await slider.press('End');
  await expect(field).toHaveValue('1048576');

  await typeInto(field, '32K');
  await expect(slider).toHaveAttribute('aria-valuetext', '32K（32,768）個 token');
  expect(await slider.inputValue()).toBe(at32k);
  await expect(field).toHaveValue('32K'); // the reader's text stays as typed
  await expect(w.getByTestId('requests')).toHaveText(core.ok({ ...DEFAULTS.capacity, context: 32768 }).display as string);
});

test('a typed value outside the slider’s range is kept: the core answers or refuses it, the slider sits at its end', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const t = widget(page, 'table-2-1');
  const p = t.getByLabel(P_LABEL);
  const pSlider = t.getByRole('slider', { name: 'P 滑桿' });
  await typeInto(p, '4M');
  await expect(pSlider).toHaveAttribute('aria-valuetext', '4M（4,194,304）個 token');
  expect(await pSlider.inputValue()).toBe(await pSlider.getAttribute('max'));
  await expect(p).toHaveValue('4M');
  await expect(t.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 4194304 }).display as string);
  await expect(page).toHaveURL(/#table-2-1:P=4M$/);
  // From beyond the end, ArrowLeft comes back to the range's last stop.
  await pSlider.focus();
  await pSlider.press('ArrowLeft');
  await expect(p).toHaveValue('1048576');

  await openChapter(page, 'capacity');
  const w = widget(page, 'capacity');
  const ctx = w.getByLabel(CTX_LABEL);
  const slider = w.getByRole('slider', { name: '上下文 滑桿' });
  await typeInto(ctx, '0');
  const err = core.error({ ...DEFAULTS.capacity, context: 0 });
  await expect(w.getByTestId('error')).toHaveText(`${CTX_LABEL}：${err.detail}`);
  await expect(slider).toHaveAttribute('aria-valuetext', '0 個 token');
  expect(await slider.inputValue()).toBe('0');
  await expect(ctx).toHaveValue('0');
  await expect(w).toHaveAttribute('data-state', 'error');
});

test('−/+ buttons step the field like ArrowDown/ArrowUp, and the slider follows', async ({ page, core }) => {
  await openChapter(page, 'table-2-1');
  const w = widget(page, 'table-2-1');
  const p = w.getByLabel(P_LABEL);
  await w.getByRole('button', { name: '增加 P', exact: true }).click();
  await expect(p).toHaveValue('16384');
  await expect(w.getByRole('slider', { name: 'P 滑桿' })).toHaveAttribute('aria-valuetext', '16K（16,384）個 token');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 16384 }).display as string);
  await w.getByRole('button', { name: '減少 P', exact: true }).click();
  await w.getByRole('button', { name: '減少 P', exact: true }).click();
  await expect(p).toHaveValue('4096');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, input: 4096 }).display as string);
  const b = w.getByLabel('B（請求數）');
  await w.getByRole('button', { name: '增加 B', exact: true }).click();
  await expect(b).toHaveValue('2');
  await expect(w.getByRole('slider', { name: 'B 滑桿' })).toHaveAttribute('aria-valuetext', '2 個請求');
  await expect(w.getByTestId('total')).toHaveText(core.ok({ ...DEFAULTS.forward, batch: 2, input: 4096 }).display as string);
  for (const name of ['增加 P', '減少 P']) {
    const size = (await w.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(24);
  }
});

test('a link’s value positions the slider when the page opens', async ({ page }) => {
  await openChapter(page, 'table-2-1', '#table-2-1:P=128K');
  const slider = widget(page, 'table-2-1').getByRole('slider', { name: 'P 滑桿' });
  await expect(slider).toHaveAttribute('aria-valuetext', '128K（131,072）個 token');
  await expect(widget(page, 'table-2-1').getByLabel(P_LABEL)).toHaveValue('128K');
});

test('axe passes on the controls of a page with sliders', async ({ page }) => {
  test.setTimeout(180_000);
  await openChapter(page, 'table-2-1');
  await settled(page);
  const axe = await new AxeBuilder({ page }).include('.tally-controls').analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
});

test.describe('in embeds', () => {
  let host: HostServer;
  test.beforeAll(async () => {
    host = await startHost();
  });
  test.afterAll(() => host?.stop());

  test('the slider works in embed.html and inside <tally-widget>, styled there too', async ({ page, baseURL, core }) => {
    await page.goto(`${host.origin}/index.html?tally=${encodeURIComponent(new URL(baseURL!).origin)}&ver=${builtVersion()}`);
    const scopes = [
      { scope: page.frameLocator('[data-testid="frame-0"]').locator('[data-widget]'), request: { ...DEFAULTS.capacity, model: 'qwen3-32b' } },
      { scope: page.locator('[data-testid="element-0"] [data-widget]'), request: { ...DEFAULTS.capacity, gpu: 'h100-sxm' } },
    ];
    for (const { scope, request } of scopes) {
      await expect(scope).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
      const slider = scope.getByRole('slider', { name: '上下文 滑桿' });
      await slider.focus();
      await slider.press('PageUp');
      await expect(scope.getByLabel(CTX_LABEL)).toHaveValue('32768');
      await expect(scope.getByTestId('requests')).toHaveText(core.ok({ ...request, context: 32768 }).display as string);
      const plus = (await scope.getByRole('button', { name: '增加 上下文', exact: true }).boundingBox())!;
      expect(plus.height).toBeGreaterThanOrEqual(24); // controls.css reached this document or shadow root
    }
  });
});
