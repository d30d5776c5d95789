// Figure labels set as the prose sets its maths (issue 39, item 13): Fig.
// 3-6's "A_k = λ_k Δt" and "Q_(k+1) = …" and Fig. 3-2's "t_a" are drawn with
// real subscripts (tspans lowered by baseline-shift), never the underscore,
// in every edition. What every page draws is held by
// tests/content/notation.test.mjs; this checks that a browser lowers them,
// that step captions keep their <sub> as they change, and that a substituted
// formula's numbers are grouped.
import { notationRuns } from '../../web/src/figures/notation';
import { allReady, expect, test } from './fixtures';
import { BUILT, coreIn, contentJson, type Lang } from './editions';

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

// The words around a drawing and a worked example's steps set their scripts
// too, and a formula with the reader's numbers groups the core's digits
// (issue 39, item 13, what was left).
const stepCaptions = (lang: Lang): string[] =>
  contentJson<{ widgets: Record<string, { data: { diagram: { steps: string[] } } }> }>('content/ch03/widgets/w31.json', lang).widgets['fig-3-6']!.data.diagram
    .steps as string[];
/** A label's subscripts as notation.ts reads them ("Q_(k+1)" → "k+1"). */
const subscripts = (label: string): string[] =>
  notationRuns(label)
    .filter((r) => r.shift === 'sub')
    .map((r) => r.text);
const typeset = (label: string): string =>
  notationRuns(label)
    .map((r) => r.text)
    .join('');

for (const e of BUILT) {
  test(`${e.lang}: Fig. 3-6's step captions and the worked examples' steps set their subscripts as <sub>`, async ({ page }) => {
    const steps = stepCaptions(e.lang);
    expect(subscripts(steps[0]!)).toEqual(['k', 'k']); // λ_k … A_k: the content writes scripts, so the check is not empty
    await page.goto(`./${e.dir}3-1.html`);
    await allReady(page);
    const w = page.locator('[data-instance="fig-3-6"]');
    const caption = w.getByTestId('step-caption');
    for (const [i, step] of steps.entries()) {
      if (i > 0) await w.getByTestId('step-next').click();
      await expect(caption).toHaveText(typeset(step));
      expect(await caption.locator('sub').allTextContents()).toEqual(subscripts(step));
    }
    // Screen readers' list of every step, too.
    expect(await w.locator('[data-step-captions] li').allTextContents()).toEqual(steps.map(typeset));

    // Example 2-2's steps (2-2.html): "R_W", "c_KV·H", "n_d" as the prose writes them.
    await page.goto(`./${e.dir}2-2.html`);
    await allReady(page);
    const texts = page.locator('.step-text');
    expect(await texts.count()).toBeGreaterThan(5);
    for (const t of await texts.allTextContents()) expect(t, t).not.toMatch(/(?:^|[^\p{L}\p{N}_]|Σ)\p{L}_[\p{L}\p{N}(]/u);
    expect(await page.locator('.step-text sub').allTextContents()).toEqual(expect.arrayContaining(['W', 'KV', 'd']));
  });

  test(`${e.lang}: a substituted formula groups the core's digits (Table 2-1's attention core), on screen and in its "how"`, async ({ page, core }) => {
    const expected = coreIn(core, e.lang).ok({ op: 'forward', model: 'qwen3-8b', batch: 4, context: 4096, input: 1024, head_tokens: 4, explain: true }) as {
      items: Array<{ id: string; substituted: string }>;
    };
    const raw = expected.items.find((i) => i.id === 'attn_core')!.substituted;
    expect(raw).toBe('4×32×128×18876416'); // the core's string, ungrouped
    await page.goto(`./${e.dir}2-1.html#table-2-1:B=4&S=4096&P=1024&m=4`);
    await allReady(page);
    const row = page.locator('[data-instance="table-2-1"]').getByTestId('row-attn_core');
    await expect(row.locator('code.substituted')).toHaveText('4×32×128×18,876,416');
    // The same grouping where the core's strings are explained: the popover of a value.
    const button = page.locator('[data-instance="table-2-1"] .how-button').first();
    await button.click();
    const pop = page.locator(`[id="${await button.getAttribute('popovertarget')}"]`);
    await expect(pop).toBeVisible();
    const shown = await pop.locator('.how-substituted').innerText();
    expect(shown).not.toMatch(/(?<![\d,.])\d{4,}/); // no run of four digits or more left ungrouped
    expect(shown).toMatch(/\d,\d{3}/);
  });
}
