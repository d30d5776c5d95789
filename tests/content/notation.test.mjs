// One notation on every built page (issue 39, item 13), over dist/ with no
// browser, every edition:
//   - powers of ten in superscript digits (×10²⁰), never "×10^20";
//   - numbers written in the prose (and the formulas in it) and in the
//     widgets' introductions grouped as the core groups its own ("5,591.33",
//     not "5591.33"): five integer digits or more, or four with decimals,
//     outside code and a formula's TeX source. What the widgets show is the
//     core's text and is held by its own tests;
//   - a drawn label's scripts set as tspans, never "A_k" or "N^α" as text,
//     and a step's words (worked examples, diagrams' step-through captions)
//     with <sub>/<sup>;
//   - English pages with no full-width quotes or brackets (「」『』＂).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseHTML } from 'linkedom';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'dist');
const built = existsSync(path.join(dist, 'index.html'));

/** The chapter pages and articles of every edition (relative to dist/). */
function pages(dir = '') {
  return readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return ['zh-Hans', 'en', 'articles', 'zh-Hans/articles', 'en/articles'].includes(rel) ? pages(rel) : [];
    return entry.name.endsWith('.html') && entry.name !== 'embed.html' ? [rel] : [];
  });
}

/** Text nodes a reader sees in the page's article, with whether they sit in a drawing; code and TeX sources left out. */
function readerTexts(rel) {
  const { document } = parseHTML(readFileSync(path.join(dist, rel), 'utf8'));
  const out = [];
  const skip = new Set(['SCRIPT', 'STYLE', 'CODE', 'PRE', 'KBD', 'SAMP', 'TEXTAREA', 'ANNOTATION', 'TEMPLATE']);
  const walk = (node, inSvg, prose) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 3) {
        if (child.textContent.trim()) out.push({ text: child.textContent, inSvg, prose, parent: child.parentNode });
      } else if (child.nodeType === 1 && !skip.has(child.tagName.toUpperCase()) && !child.classList?.contains('katex-mathml')) {
        const widget = child.hasAttribute('data-widget') || child.hasAttribute('data-exercise') || child.tagName.toLowerCase() === 'form';
        walk(child, inSvg || child.tagName.toLowerCase() === 'svg', (prose && !widget) || child.classList?.contains('tally-intro'));
      }
    }
  };
  walk(document.querySelector('main') ?? document.body, false, true);
  return out;
}

const UNGROUPED = /(?<![-\p{L}\p{N}_.,/#@:])(\d{5,}|\d{4}\.\d+)(?![\p{L}\p{N}_])/u;
// A script written as text: "λ_k", "Q_(k", "Σt_e" (Σ is the sum's sign, not a word), "N^α"; not "workspace_bytes".
const SCRIPT_AS_TEXT = /(?:^|[^\p{L}\p{N}_]|Σ)\p{L}_(\(|[\p{L}\p{N}])|\^[-−(]?[\p{L}\p{N}]/u;
/** A step's words: a worked example's steps and a diagram's step-through captions (shown, and listed for screen readers). */
const STEP_TEXT = '.step-text, .fig-step-caption, .fig-step-list';

test('every page writes powers of ten as superscripts, groups written numbers and draws scripts as scripts', { skip: !built && 'dist/ not built' }, () => {
  const problems = [];
  const all = pages();
  assert.ok(all.length > 40, `pages found: ${all.length}`);
  for (const rel of all) {
    for (const { text, inSvg, prose, parent } of readerTexts(rel)) {
      if (/×\s*10\^/.test(text)) problems.push(`${rel}: "×10^" in "${text.trim().slice(0, 60)}"`);
      const number = prose && UNGROUPED.exec(text);
      if (number) problems.push(`${rel}: ungrouped ${number[1]} in "${text.trim().slice(0, 60)}"`);
      if (inSvg && parent.tagName.toLowerCase() !== 'title' && parent.tagName.toLowerCase() !== 'desc' && SCRIPT_AS_TEXT.test(text))
        problems.push(`${rel}: drawn "${text.trim().slice(0, 40)}" writes a script as text`);
      if (parent.closest?.('.tally-intro') && SCRIPT_AS_TEXT.test(text)) problems.push(`${rel}: introduction "${text.trim().slice(0, 40)}" writes a script as text`);
      if (parent.closest?.(STEP_TEXT) && SCRIPT_AS_TEXT.test(text)) problems.push(`${rel}: step "${text.trim().slice(0, 40)}" writes a script as text`);
    }
  }
  assert.deepEqual(problems, []);
});

test('English pages use English quotes, not full-width ones', { skip: !built && 'dist/ not built' }, () => {
  const problems = [];
  for (const rel of pages().filter((p) => p.startsWith('en/'))) {
    for (const { text } of readerTexts(rel)) {
      const m = /.{0,20}[「」『』＂＇].{0,20}/u.exec(text);
      if (m) problems.push(`${rel}: "${m[0]}"`);
    }
  }
  assert.deepEqual(problems, []);
});
