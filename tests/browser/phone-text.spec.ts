// Chart text is readable on a 360 px phone (issue 39, item 6): every text of
// every figure and chart on the chapter pages is drawn at 11 px or more on
// screen (the 2-2 decode chart's ticks were 5.3 px: 12 units of a 640-unit
// chart in a 283 px column), in the zh-Hant edition and the English one;
// a label's sub- and superscripts (tspans, figures/notation.ts) too.
import { allReady, expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

const PAGES = ['2-1', '2-2', '2-3', '2-4', '2-5', '2-6', '3-1', '3-2', '3-3', '3-4', '3-5', '3-6'];

for (const dir of ['', 'en/']) {
  test(`${dir || 'zh-Hant '}every chart's text is at least 11 px at 360 px`, async ({ page }) => {
    test.setTimeout(240_000);
    const small: string[] = [];
    let seen = 0;
    for (const name of PAGES) {
      await page.goto(`./${dir}${name}.html`);
      await allReady(page);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        let n = 0;
        for (const t of document.querySelectorAll<SVGTextElement | SVGTSpanElement>('main svg text, main svg text tspan')) {
          const m = t.getScreenCTM();
          if (!m || !t.getClientRects().length || !t.textContent?.trim()) continue; // not drawn (a hidden layout)
          n++;
          const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
          if (px < 10.95)
            out.push(`${t.closest('[data-instance]')?.getAttribute('data-instance') ?? '?'} "${t.textContent.trim().slice(0, 20)}" ${px.toFixed(1)} px`);
        }
        return { out, n };
      });
      seen += found.n;
      small.push(...found.out.map((s) => `${name}: ${s}`));
    }
    expect(seen).toBeGreaterThan(500);
    expect(small).toEqual([]);
  });
}
