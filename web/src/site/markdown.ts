// Build-time Markdown: markdown-it + KaTeX rendered to static HTML (no math
// JavaScript in the browser), explicit heading ids for deep links, and the
// widget directive.
//
// Syntax added on top of CommonMark:
//   $…$            inline math          $$…$$ (own lines)  display math
//   ## Title {#id} heading with a fixed id (stable deep links such as #sec-2-6-2)
//   Text … {#id}   the same at the end of a paragraph: the paragraph gets the
//                  id (figure, table and exercise anchors: #fig-2-18, #exercise-2-5)
//   [[N_pair]]     a glossary term (content/ch02/glossary.json): the symbol,
//                  focusable, with its meaning in a tooltip (hover and focus);
//                  an unknown symbol fails the build
//   ```widget capacity```  (a fenced block whose info is "widget <instance>")
//                  → the prerendered widget markup for that instance; a
//                  widget of kind "sentence" (content/ch02/widgets/sentences.json)
//                  is a live sentence of the prose: "{P}" in its text is a
//                  scrubbable given, "{kv}" a number the core computes, and it
//                  is prerendered with the book's values as a plain paragraph
//   ```exercise 2-5```     → the prerendered exercise (content/ch02/exercises/2-5.json);
//   ```exercise progress``` → the chapter's exercise progress summary
//   ```pages``` / ```profile``` / ```glossary``` / ```storage``` / ```chapters```
//                  (a fenced block whose info is one of these words) → a block
//                  the build renders: the list of the chapter's pages, the
//                  reader-profile form, the glossary, the offline storage panel,
//                  the book's chapters (the front door's, site/book-contents.ts)
//   <!-- figure fig-2-N -->  placeholder for a figure not yet drawn, kept as it is

import { fill as fillUi, ui } from '../i18n/ui';
import katex from 'katex';
import markdownIt from 'markdown-it';
import type { MarkdownIt, StateBlock, StateInline, Token } from 'markdown-it';

import { esc } from '../runtime/html';
import { groupTexDigits, groupWrittenDigits } from '../runtime/format';

export interface GlossaryTerm {
  /** TeX of the symbol, e.g. "N_{\\mathrm{pair}}". */
  tex: string;
  /** What it stands for (zh-Hant). */
  name: string;
  /** One or two sentences: how the chapter uses it. */
  desc: string;
}
export type Glossary = Record<string, GlossaryTerm>;

/** Fenced blocks the build renders (```pages``` …). */
export const BLOCKS = ['pages', 'profile', 'glossary', 'storage', 'chapters'] as const;
export type BlockName = (typeof BLOCKS)[number];

export interface RenderEnv extends Record<PropertyKey, unknown> {
  /** instance → prerendered widget HTML, filled in before rendering. */
  widgets: Map<string, string>;
  /** exercise id (or "progress") → prerendered exercise HTML. */
  exercises: Map<string, string>;
  /** h2 headings with ids, collected for the table of contents. */
  toc: Array<{ id: string; title: string }>;
  glossary: Glossary;
  /** Rendered blocks by name (only those the page uses need to be present). */
  blocks: Partial<Record<BlockName, string>>;
  /** Counts glossary terms on the page, so each tooltip id is unique. */
  termCount?: number;
}

function tex(src: string, displayMode: boolean): string {
  // throwOnError: a typo in the chapter's TeX must fail the build, not ship red text.
  // Numbers written in the formula are grouped as the core's are ("5{,}591.33").
  return katex.renderToString(groupTexDigits(src), { displayMode, throwOnError: true, output: 'htmlAndMathml', strict: 'error' });
}

/** $…$ — opening $ not followed by a space, closing $ not preceded by one (Pandoc's rule). */
function inlineMath(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x24 /* $ */) return false;
  const display = src.charCodeAt(pos + 1) === 0x24;
  const open = display ? 2 : 1;
  if (/\s/.test(src.charAt(pos + open))) return false;
  let end = pos + open;
  for (;;) {
    end = src.indexOf(display ? '$$' : '$', end);
    if (end < 0 || end >= posMax) return false;
    if (src.charCodeAt(end - 1) === 0x5c /* \ */) {
      end += 1;
      continue;
    }
    if (/\s/.test(src.charAt(end - 1))) return false;
    break;
  }
  if (end === pos + open) return false;
  // Closing punctuation right after a formula stays on its line: the browser
  // would otherwise break between KaTeX's boxes and a following ")" or ","
  // (seen in English, "(read volume, R" | ")?").
  const trail = display ? '' : (CLOSING_PUNCTUATION.exec(src.slice(end + open, posMax))?.[0] ?? '');
  if (!silent) {
    const token = state.push(display ? 'math_display_inline' : 'math_inline', 'math', 0);
    token.content = src.slice(pos + open, end);
    token.meta = { trail };
  }
  state.pos = end + open + trail.length;
  return true;
}

/** Punctuation that closes a phrase (ASCII and full-width); not ] or }, which may close a link's or attribute's text. */
const CLOSING_PUNCTUATION = /^[).,;:?!）」』】，。；：？！、]+/u;

/** A block that starts with a line "$$" (or "$$ tex") and ends with a line ending in "$$". */
function blockMath(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (n: number) => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]!);
  const first = lineText(startLine);
  if (!first.startsWith('$$')) return false;
  if (silent) return true;
  let body = first.slice(2);
  let line = startLine;
  // Single-line form: $$ … $$
  if (body.trimEnd().endsWith('$$') && body.trim().length >= 2) {
    body = body.trimEnd().slice(0, -2);
  } else {
    const parts = [body];
    for (line = startLine + 1; line < endLine; line++) {
      const t = lineText(line);
      if (t.trimEnd().endsWith('$$')) {
        parts.push(t.trimEnd().slice(0, -2));
        break;
      }
      parts.push(t);
    }
    if (line >= endLine) return false; // unterminated: leave it as text
    body = parts.join('\n');
  }
  const token = state.push('math_block', 'math', 0);
  token.content = body;
  token.map = [startLine, line + 1];
  token.block = true;
  state.line = line + 1;
  return true;
}

/** "[[sym]]" → a glossary term: focusable symbol + tooltip described by it. */
function glossaryTerm(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (!src.startsWith('[[', pos)) return false;
  const end = src.indexOf(']]', pos + 2);
  if (end < 0) return false;
  const key = src.slice(pos + 2, end);
  if (!/^[A-Za-z][\w*]*$/.test(key)) return false;
  if (!silent) state.push('glossary_term', '', 0).content = key;
  state.pos = end + 2;
  return true;
}

function renderTerm(key: string, env: RenderEnv): string {
  const term = env.glossary[key];
  if (!term) throw new Error(`markdown: [[${key}]] is not in content/ch02/glossary.json`);
  env.termCount = (env.termCount ?? 0) + 1;
  const id = `gloss-${env.termCount}`;
  return (
    // The visible symbol is KaTeX; the button's name is the symbol as typed
    // (e.g. "N_pair"), its description the meaning.
    `<span class="gloss"><button type="button" class="gloss-term" aria-label="${esc(key)}" aria-describedby="${id}">${tex(term.tex, false)}</button>` +
    `<span class="gloss-tip" role="tooltip" id="${id}">${esc(fillUi(ui.page.label_value, { label: term.name, value: term.desc }))}</span></span>`
  );
}

/** "Title {#id}" → id on the heading or paragraph; h2 titles go into the table of contents. */
function headingIds(md: MarkdownIt): void {
  md.core.ruler.push('heading_ids', (state) => {
    const env = state.env as RenderEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const open = tokens[i]!;
      const inline = tokens[i + 1];
      if ((open.type !== 'heading_open' && open.type !== 'paragraph_open') || !inline) continue;
      const m = /\s*\{#([A-Za-z][\w-]*)\}\s*$/.exec(inline.content);
      if (!m) continue;
      const id = m[1]!;
      inline.content = inline.content.slice(0, m.index);
      const last = inline.children?.[inline.children.length - 1];
      if (last?.type === 'text') last.content = last.content.replace(/\s*\{#[A-Za-z][\w-]*\}\s*$/, '');
      open.attrSet('id', id);
      if (open.tag === 'h2') env.toc.push({ id, title: inline.content });
    }
  });
}

/**
 * Wrap each h2 and what follows it in <section>, so CSS can let the browser
 * skip layout of off-screen sections (content-visibility) on this long,
 * math-heavy page.
 */
function sections(md: MarkdownIt): void {
  md.core.ruler.push('sections', (state) => {
    const out: Token[] = [];
    let open = false;
    for (const token of state.tokens) {
      if (token.type === 'heading_open' && token.tag === 'h2') {
        if (open) out.push(new state.Token('section_close', 'section', -1));
        const sec = new state.Token('section_open', 'section', 1);
        sec.attrSet('class', 'chapter-section');
        out.push(sec);
        open = true;
      }
      out.push(token);
    }
    if (open) out.push(new state.Token('section_close', 'section', -1));
    state.tokens = out;
  });
}

/** Instance names referenced by ```widget …``` blocks, in page order. */
export function widgetInstances(tokens: Token[]): string[] {
  return tokens.filter((t) => t.type === 'fence' && /^widget\s/.test(t.info)).map((t) => t.info.replace(/^widget\s+/, '').trim());
}

/** Exercise ids referenced by ```exercise …``` blocks, in page order. */
export function exerciseIds(tokens: Token[]): string[] {
  return tokens.filter((t) => t.type === 'fence' && /^exercise\s/.test(t.info)).map((t) => t.info.replace(/^exercise\s+/, '').trim());
}

export function createMarkdown(): MarkdownIt {
  const md = markdownIt({ html: true, linkify: false, typographer: false });
  md.inline.ruler.before('escape', 'math_inline', inlineMath);
  md.inline.ruler.before('link', 'glossary_term', glossaryTerm);
  md.renderer.rules.glossary_term = (tokens, i, _o, env) => renderTerm(tokens[i]!.content, env as RenderEnv);
  md.block.ruler.before('fence', 'math_block', blockMath, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, i) => {
    const trail = (tokens[i]!.meta as { trail?: string } | null)?.trail ?? '';
    const math = tex(tokens[i]!.content, false);
    return trail ? `<span class="math-nobr">${math}${md.utils.escapeHtml(trail)}</span>` : math;
  };
  md.renderer.rules.math_display_inline = (tokens, i) => tex(tokens[i]!.content, true);
  // A long formula scrolls sideways on a phone: keyboard readers reach it as a named region (as tables do).
  md.renderer.rules.math_block = (tokens, i) =>
    `<div class="math-display" tabindex="0" role="region" aria-label="${esc(ui.page.formula_label)}">${tex(tokens[i]!.content, true)}</div>\n`;
  headingIds(md);
  sections(md);
  // Numbers written in the prose are grouped as the core groups its own (issue 39 item 13).
  md.core.ruler.push('written_digits', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'inline') continue;
      for (const child of token.children ?? []) if (child.type === 'text') child.content = groupWrittenDigits(child.content);
    }
  });

  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, i, options, env, self) => {
    const token = tokens[i]!;
    if (/^exercise\s/.test(token.info)) {
      const id = token.info.replace(/^exercise\s+/, '').trim();
      const html = (env as RenderEnv).exercises.get(id);
      if (html === undefined) throw new Error(`markdown: no prerendered exercise "${id}"`);
      return `${html}\n`;
    }
    const info = token.info.trim();
    if ((BLOCKS as readonly string[]).includes(info)) {
      const html = (env as RenderEnv).blocks[info as BlockName];
      if (html === undefined) throw new Error(`markdown: block "${info}" was not rendered`);
      return `${html}\n`;
    }
    if (!/^widget\s/.test(token.info)) return fence(tokens, i, options, env, self);
    const instance = token.info.replace(/^widget\s+/, '').trim();
    const html = (env as RenderEnv).widgets.get(instance);
    if (html === undefined) throw new Error(`markdown: no prerendered widget "${instance}"`);
    return `${html}\n`;
  };

  // Tables in the prose scroll sideways on narrow screens instead of
  // overflowing: their box is focusable (keyboard scrolling) and named by
  // the table's column headers.
  md.renderer.rules.table_open = (tokens, i) => `<div class="table-wrap" tabindex="0" role="region" aria-label="${esc(headerNames(tokens, i))}"><table>\n`;
  md.renderer.rules.table_close = () => '</table></div>\n';
  return md;
}

/** A Markdown table's column headers as plain text ("設定、符號、Qwen3-8B"). */
function headerNames(tokens: Token[], open: number): string {
  const names: string[] = [];
  for (let j = open + 1; j < tokens.length && tokens[j]!.type !== 'thead_close'; j++) {
    if (tokens[j]!.type === 'inline') names.push(tokens[j]!.content.replace(/\[\[|\]\]|\$/g, '').trim());
  }
  return names.filter(Boolean).join(ui.page.list_separator);
}

/** Minimal front matter: "key: value" lines between --- fences. */
export function splitFrontMatter(src: string): { meta: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(src);
  if (!m) return { meta: {}, body: src };
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  return { meta, body: src.slice(m[0].length) };
}
