// Phones and wide screens (issue 15): at 360 px the contents menu opens and
// closes by pointer and keyboard, and closes again on a chosen link (that no
// page scrolls sideways and the contents are folded is chapters.spec.ts's); at 1280 px the contents are a
// sidebar that marks the section being read; wide tables scroll in their own
// box with a sticky first column and a cue, and Tables 2-A and 2-B are not
// clipped at 1280 px. Console errors fail any test (fixtures.ts).
import type { Locator, Page } from '@playwright/test';

import { PAGES } from './chapter';
import { allReady, expect, test } from './fixtures';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const fold = (page: Page) => page.locator('nav.toc details[data-toc-fold]');
const toggle = (page: Page) => page.locator('nav.toc summary.toc-toggle');
const list = (page: Page) => page.locator('nav.toc .site-toc');

test.describe('at 360 px', () => {
  test.use({ viewport: PHONE });

  // Every page of every chapter and edition fits 360 px with its contents folded and its title on the first
  // screen: the page sweep of tests/browser/chapters.spec.ts.

  test('the menu opens on a tap, shows every page, and closes when a section is chosen', async ({ page }) => {
    await page.goto('./2-6.html');
    await allReady(page);
    await toggle(page).click();
    await expect(fold(page)).toHaveAttribute('open', '');
    await expect(list(page)).toBeVisible();
    await expect(page.locator('nav.toc .site-toc > li > a')).toHaveCount(PAGES.length);
    const link = page.locator('nav.toc a[href="#sec-2-6-2"]');
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/#sec-2-6-2$/);
    await expect(fold(page)).not.toHaveAttribute('open', '');
    await expect(list(page)).toBeHidden();
    // The heading jumped to is not hidden under the contents bar.
    const bar = await page.locator('nav.toc').boundingBox();
    const heading = await page.locator('#sec-2-6-2').boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1);
  });

  test('the menu works from the keyboard: Enter opens it, Escape closes it and returns focus', async ({ page }) => {
    await page.goto('./2-3.html');
    await allReady(page);
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await expect(list(page)).toBeVisible();
    await page.keyboard.press('Tab');
    // The menu's first link: the book's contents page, above the chapter's own.
    await expect(page.locator('nav.toc a').first()).toHaveAttribute('href', 'contents.html');
    await expect(page.locator('nav.toc a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('a tap outside the open menu closes it', async ({ page }) => {
    await page.goto('./2-1.html');
    await allReady(page);
    await toggle(page).click();
    await expect(list(page)).toBeVisible();
    await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
    await expect(list(page)).toBeHidden();
  });

  test('a wide table scrolls in its own box, with its first column in place and a cue only while more is hidden', async ({ page }) => {
    await page.goto('./2-6.html');
    await allReady(page);
    const wrap = page.locator('#w-tab-2-A .tally-table-wrap');
    await wrap.scrollIntoViewIfNeeded();
    const box = await wrap.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(box.scroll).toBeGreaterThan(box.client); // it does scroll here
    await expect(wrap).toHaveAttribute('tabindex', '0'); // keyboard-scrollable
    await expect(wrap).toHaveAttribute('aria-label', /表 2-A/);
    expect(await cueShown(wrap)).toBe(true); // more to the right

    const firstCell = page.locator('#w-tab-2-A tbody tr:first-child > th');
    const before = await firstCell.boundingBox();
    await wrap.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => cueShown(wrap)).toBe(false); // nothing more to the right
    const after = await firstCell.boundingBox();
    expect(after!.x).toBeCloseTo(before!.x, 0); // the row names stay put
    // The scrolled columns slide under the row names, whose cue now shows.
    const leftCue = await firstCell.evaluate((el) => getComputedStyle(el, '::after').opacity);
    expect(Number(leftCue)).toBe(1);
  });
});

test('a prose table scrolls in a focusable box named by its column headers', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('./2-1.html');
  const box = page.locator('.chapter-section > .table-wrap');
  await expect(box).toHaveCount(1);
  await expect(box).toHaveAttribute('tabindex', '0');
  await expect(box).toHaveRole('region');
  await expect(box).toHaveAccessibleName('設定、符號、Qwen3-8B');
});

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('the contents are a sidebar that marks the section being read', async ({ page }) => {
    await page.goto('./2-6.html');
    await allReady(page);
    await expect(toggle(page)).toBeHidden();
    await expect(list(page)).toBeVisible();
    const links = ['#sec-2-6-1', '#sec-2-6-2', '#sec-2-6-3'].map((id) => page.locator(`nav.toc a[href="${id}"]`));
    for (const id of ['sec-2-6-2', 'sec-2-6-3', 'sec-2-6-1']) {
      await page.locator(`#${id}`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const current = page.locator(`nav.toc a[href="#${id}"]`);
      await expect(current).toHaveAttribute('aria-current', 'true');
      for (const link of links) if ((await link.getAttribute('href')) !== `#${id}`) await expect(link).not.toHaveAttribute('aria-current', /.+/);
    }
    // Jumps from the middle of one section to the middle of another (no
    // heading passes through the top third on the way) move the mark too.
    const middleOf = (id: string) =>
      page.evaluate((id) => {
        const section = document.getElementById(id)!.closest('section')!;
        window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY + section.offsetHeight / 2);
      }, id);
    for (const id of ['sec-2-6-1', 'sec-2-6-3', 'sec-2-6-1']) {
      await middleOf(id);
      await expect(page.locator(`nav.toc a[href="#${id}"]`)).toHaveAttribute('aria-current', 'true');
    }
  });

  test('Tables 2-A and 2-B are not clipped, and 2-A keeps room for words in its text column', async ({ page }) => {
    await page.goto('./2-6.html');
    await allReady(page);
    for (const id of ['tab-2-A', 'tab-2-B']) {
      const wrap = page.locator(`#w-${id} .tally-table-wrap`);
      const m = await wrap.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        table: el.querySelector('table')!.getBoundingClientRect().width,
      }));
      expect(m.scroll, id).toBeLessThanOrEqual(m.client);
      expect(m.table, id).toBeLessThanOrEqual(m.client);
      expect(await cueShown(wrap), id).toBe(false); // no cue when nothing is hidden
    }
    // 第一組層: each cell is at least three CJK characters wide.
    const col = await page.locator('#w-tab-2-A thead th').evaluateAll((ths) => ths.findIndex((th) => th.textContent === '第一組層'));
    expect(col).toBeGreaterThan(0);
    const cells = page.locator(`#w-tab-2-A tbody tr > :nth-child(${col + 1})`);
    await expect(cells).toHaveCount(5);
    for (const w of await cells.evaluateAll((tds) =>
      tds.map((td) => {
        const s = getComputedStyle(td);
        return (td.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / parseFloat(s.fontSize);
      }),
    )) {
      expect(w).toBeGreaterThanOrEqual(3);
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('the KV-levels table of the V4.1 article keeps its headers readable (a few characters per line)', async ({ page }) => {
    await page.goto('./articles/v41-kv-ratios.html');
    const table = page.locator('table.kv-levels');
    await expect(table).toHaveCount(1);
    await table.scrollIntoViewIfNeeded();
    const heads = await table.locator('thead th').evaluateAll((ths) =>
      ths.map((th) => {
        const s = getComputedStyle(th);
        return { text: th.textContent, em: (th.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / parseFloat(s.fontSize) };
      }),
    );
    expect(heads.length).toBeGreaterThan(2);
    for (const h of heads) expect(h.em, h.text ?? '').toBeGreaterThanOrEqual(4);
    // Each value stays on one line (its text's line boxes share one top).
    const lines = await table.locator('tbody td.num').evaluateAll((tds) =>
      tds.map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      }),
    );
    expect(lines.length).toBeGreaterThan(8);
    expect(lines.filter((n) => n !== 1)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contents still fold on a phone and still show as a sidebar on a wide screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('./2-6.html');
    await expect(list(page)).toBeHidden();
    await toggle(page).click();
    await expect(list(page)).toBeVisible();
    await page.locator('nav.toc a[href="#sec-2-6-3"]').click();
    await expect(page).toHaveURL(/#sec-2-6-3$/);
    await page.setViewportSize(DESKTOP);
    await page.goto('./2-5.html');
    await expect(toggle(page)).toBeHidden();
    await expect(list(page)).toBeVisible();
    await expect(page.locator('nav.toc .site-toc > li > a')).toHaveCount(PAGES.length);
  });
});

/** Whether a scroll box shows its right-edge cue: a box-shadow whose colour is not fully transparent. */
async function cueShown(wrap: Locator): Promise<boolean> {
  const shadow = await wrap.evaluate((el) => getComputedStyle(el).boxShadow);
  if (shadow === 'none') return false;
  const alpha = /^rgba\([^)]*,\s*([\d.]+)\)/.exec(shadow);
  return !alpha || Number(alpha[1]) > 0;
}
