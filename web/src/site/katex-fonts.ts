// Which KaTeX font files a page's formulas use, read from KaTeX's own
// stylesheet. The page preloads exactly those: KaTeX declares its faces with
// font-display: block, so a formula whose font is found only when the page is
// laid out (a \mathsf, a big operator, a tall parenthesis) stays invisible
// until that font arrives, and the page is laid out again.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Elements carrying all of `classes` are set in `font` (a file stem such as "KaTeX_Size2-Regular"). */
export interface FontRule {
  classes: string[];
  font: string;
}

const RULE = /([^{}]+)\{([^{}]*)\}/g;

function fontStem(declarations: string): string | null {
  const family = /font(?:-family)?:[^;]*?(KaTeX_\w+)/.exec(declarations)?.[1];
  if (!family) return null;
  const bold = /font-weight:(?:700|bold)/.test(declarations);
  const italic = /font-style:italic/.test(declarations);
  return `${family}-${bold && italic ? 'BoldItalic' : bold ? 'Bold' : italic ? 'Italic' : 'Regular'}`;
}

/** The rules of a KaTeX stylesheet that choose a font, keyed by the classes of the element they style. */
export function fontRules(css: string): FontRule[] {
  const rules: FontRule[] = [];
  for (const [, selectors, declarations] of css.matchAll(RULE)) {
    const font = fontStem(declarations!);
    if (!font || selectors!.trim().startsWith('@')) continue;
    for (const selector of selectors!.split(',')) {
      const last =
        selector
          .trim()
          .split(/[\s>]+/)
          .pop() ?? '';
      if (/[:[]/.test(last)) continue; // states and attributes say nothing about markup
      const classes = [...last.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!);
      if (classes.length) rules.push({ classes, font });
    }
  }
  return rules;
}

let katexRules: FontRule[] | undefined;

/** The font files (stems) that the formulas in `html` are set in, in KaTeX's rule order. */
export function katexFonts(html: string): string[] {
  katexRules ??= fontRules(readFileSync(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'), 'utf8'));
  if (!html.includes('class="katex')) return [];
  const elements = new Set([...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]!));
  const classSets = [...elements].map((c) => new Set(c.split(/\s+/)));
  const fonts = katexRules.filter((r) => classSets.some((set) => r.classes.every((c) => set.has(c)))).map((r) => r.font);
  return [...new Set(fonts)];
}
