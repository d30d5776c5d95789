// Figure labels set as the prose sets its maths (issue 39, item 13): Fig.
// 3-6's "A_k = λ_k Δt" and "Q_(k+1) = …" and Fig. 3-2's "t_a" are drawn with
// real subscripts (tspans lowered by baseline-shift), never the underscore,
// in every edition. What every page draws is held by
// tests/content/notation.test.mjs; this checks that a browser lowers them.
import { allReady, expect, test } from './fixtures';
import { BUILT } from './editions';

for (const e of BUILT) {
  test(`${e.lang}: Figs. 3-2 and 3-6 draw their subscripts lowered, with no underscore`, async ({ page }) => {
    await page.goto(`./${e.dir}3-1.html`);
    await allReady(page);
    const drawn = await page.evaluate(() => {
      const out: { text: string; lowered: boolean; shift: string }[] = [];
      for (const id of ['fig-3-2', 'fig-3-6']) {
        const svg = [...document.querySelectorAll<SVGSVGElement>(`#${id} svg`)].find((s) => s.getClientRects().length)!;
        for (const t of svg.querySelectorAll('text')) {
          const sub = t.querySelector<SVGTSpanElement>('tspan.script-sub');
          if (!sub) continue;
          const before = sub.previousElementSibling as SVGTSpanElement;
          out.push({ text: t.textContent ?? '', shift: getComputedStyle(sub).baselineShift, lowered: sub.getBBox().y > before.getBBox().y });
        }
      }
      return out;
    });
    const texts = drawn.map((d) => d.text);
    expect(texts).toContain('Ak = λk Δt');
    expect(texts.some((t) => t.startsWith('Qk+1 = max(0, Qk + Ak − μk Δt)'))).toBe(true);
    expect(texts.some((t) => t.endsWith(' ta') || t.includes(' ta '))).toBe(true);
    for (const d of drawn) {
      expect(d.text, d.text).not.toMatch(/_/);
      expect(d.shift, d.text).toBe('sub');
      expect(d.lowered, d.text).toBe(true);
    }
  });
}
