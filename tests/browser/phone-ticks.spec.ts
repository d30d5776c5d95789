// Tick labels never run together on a 360 px phone (issue 39, item 6: Figs.
// 2-29, 2-31 and 2-36 drew "100 GFLOPs" over "200 GFLOPs"): on every chapter
// page of zh-Hant and English, the labels of each drawn horizontal axis are
// apart on screen; an axis with too little room leaves a label out and keeps
// its tick (figures/chart.ts spacedLabels). Nor does a rule's label run into
// the y axis's title (Example 2-2's "B* = 13" over "Read per step":
// figures/batch-curve.ts ruleLabelAttrs).
import { allReady, expect, test } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

const PAGES = ['2-2', '2-3', '2-4', '2-5', '2-6', 'figures', '3-1', '3-2', '3-3', '3-4', '3-5', '3-6'];

for (const dir of ['', 'en/']) {
  test(`${dir || 'zh-Hant '}no two tick labels of an axis overlap, nor a label the y axis's title, at 360 px`, async ({ page }) => {
    test.setTimeout(240_000);
    const crowded: string[] = [];
    let axes = 0;
    for (const name of PAGES) {
      await page.goto(`./${dir}${name}.html`);
      await allReady(page);
      const found = await page.evaluate(() => {
        const out: string[] = [];
        let n = 0;
        for (const axis of document.querySelectorAll<SVGGElement>('main svg .axis-x')) {
          const labels = [...axis.querySelectorAll<SVGTextElement>(':scope > .tick > text')].filter((t) => t.getClientRects().length);
          if (labels.length < 2) continue;
          n++;
          const boxes = labels.map((t) => ({ t: t.textContent ?? '', r: t.getBoundingClientRect() })).sort((a, b) => a.r.left - b.r.left);
          for (let i = 1; i < boxes.length; i++)
            if (boxes[i]!.r.left < boxes[i - 1]!.r.right + 1)
              out.push(`${axis.closest('[data-instance]')?.getAttribute('data-instance') ?? '?'}: "${boxes[i - 1]!.t}" / "${boxes[i]!.t}"`);
        }
        // No other label of a drawing over its y axis's title.
        for (const title of document.querySelectorAll<SVGTextElement>('main svg .axis-y > .axis-title')) {
          if (!title.getClientRects().length) continue;
          const a = title.getBoundingClientRect();
          for (const t of title.ownerSVGElement!.querySelectorAll<SVGTextElement>('text.label')) {
            const b = t.getBoundingClientRect();
            if (t.getClientRects().length && b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom)
              out.push(`${title.closest('[data-instance]')?.getAttribute('data-instance') ?? '?'}: "${t.textContent}" over "${title.textContent}"`);
          }
        }
        return { out, n };
      });
      axes += found.n;
      crowded.push(...found.out.map((s) => `${name}: ${s}`));
    }
    expect(axes).toBeGreaterThan(30);
    expect(crowded).toEqual([]);
  });
}
