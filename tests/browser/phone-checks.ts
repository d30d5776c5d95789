// What a 360 px phone must show of every chart (issue 39, item 6), measured
// on a page the chapter suite (chapters.spec.ts) has already loaded at that
// width, so a new chapter's pages are checked without a new spec and no page
// is loaded twice for it:
// - no two tick labels of a drawn horizontal axis run together (Figs. 2-29,
//   2-31 and 2-36 drew "100 GFLOPs" over "200 GFLOPs"; an axis with too
//   little room leaves a label out and keeps its tick, figures/chart.ts
//   spacedLabels), nor does a rule's label run into the y axis's title or
//   tick labels (Example 2-2's "B* = 13" over "Read per step", Fig. 2-23's
//   saturation label over "256": figures/batch-curve.ts ruleLabelAttrs);
// - every text of every chart is drawn at 11 px or more on screen (the 2-2
//   decode chart's ticks were 5.3 px: 12 units of a 640-unit chart in a
//   283 px column).
import type { Page } from '@playwright/test';

export interface PhoneFindings {
  /** Charts' texts measured (drawn and not empty). */
  texts: number;
  /** Horizontal axes with two or more drawn labels. */
  axes: number;
  /** Each problem as "widget: what", empty when the page reads well. */
  problems: string[];
}

export function phoneFindings(page: Page): Promise<PhoneFindings> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const where = (el: Element) => el.closest('[data-instance]')?.getAttribute('data-instance') ?? '?';
    const drawn = (el: Element) => el.getClientRects().length > 0;
    let axes = 0;
    for (const axis of document.querySelectorAll<SVGGElement>('main svg .axis-x')) {
      const labels = [...axis.querySelectorAll<SVGTextElement>(':scope > .tick > text')].filter(drawn);
      if (labels.length < 2) continue;
      axes++;
      const boxes = labels.map((t) => ({ t: t.textContent ?? '', r: t.getBoundingClientRect() })).sort((a, b) => a.r.left - b.r.left);
      for (let i = 1; i < boxes.length; i++)
        if (boxes[i]!.r.left < boxes[i - 1]!.r.right + 1) problems.push(`${where(axis)}: ticks "${boxes[i - 1]!.t}" / "${boxes[i]!.t}" overlap`);
    }
    // Nor a label over a y axis's title or tick labels (Fig. 2-23's rule label reached back over "256").
    for (const axisText of document.querySelectorAll<SVGTextElement>('main svg .axis-y > .axis-title, main svg .axis-y > .tick > text')) {
      if (!drawn(axisText)) continue;
      const a = axisText.getBoundingClientRect();
      for (const t of axisText.ownerSVGElement!.querySelectorAll<SVGTextElement>('text.label')) {
        const b = t.getBoundingClientRect();
        if (drawn(t) && b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom)
          problems.push(`${where(axisText)}: "${t.textContent}" over the y axis's "${axisText.textContent}"`);
      }
    }
    let texts = 0;
    // A label's sub- and superscripts (tspans, figures/notation.ts) are text too.
    for (const t of document.querySelectorAll<SVGTextElement | SVGTSpanElement>('main svg text, main svg text tspan')) {
      const m = t.getScreenCTM();
      if (!m || !drawn(t) || !t.textContent?.trim()) continue; // not drawn (a hidden layout)
      texts++;
      const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px < 10.95) problems.push(`${where(t)}: "${t.textContent.trim().slice(0, 20)}" is ${px.toFixed(1)} px`);
    }
    return { texts, axes, problems };
  });
}
