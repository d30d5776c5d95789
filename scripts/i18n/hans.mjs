// Simplified Chinese from the Traditional text people edit: the reviewed
// glossary (content/i18n/zh-Hans/glossary.json: the book's own words for
// this field's terms) first, then OpenCC's Taiwan→Mainland phrase
// conversion (opencc-js, twp→cn) for everything else. Glossary hits are
// held out of OpenCC's way by placeholders so it cannot re-convert them.
// Last, the quotation marks: Taiwan quotes with corner brackets 「」『』,
// the book's Simplified original with curly quotes “”‘’ (OpenCC leaves
// punctuation alone).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as OpenCC from 'opencc-js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const reviewed = JSON.parse(readFileSync(path.join(root, 'content/i18n/zh-Hans/glossary.json'), 'utf8'));
// The lists are applied alike; they differ only in how they are reviewed (glossary.json's $comment).
const attested = Object.fromEntries(Object.entries(reviewed.attested ?? {}).map(([hant, a]) => [hant, a.hans]));
const glossary = { ...reviewed.terms, ...reviewed.standard, ...reviewed.titles, ...attested };
// Longest first; between terms of one length a shield (an identity entry such
// as 列出) goes first, so that in 逐一列出 the shield holds 列出 before the row
// term 一列 can take its first character.
const isShield = (term) => glossary[term] === term;
const taiwanTerms = Object.keys(glossary).sort((a, b) => b.length - a.length || isShield(b) - isShield(a));
const openccTwToCn = OpenCC.Converter({ from: 'twp', to: 'cn' });
const openccTradToSimp = OpenCC.Converter({ from: 't', to: 'cn' });

// Private-use code points: never in content, never touched by OpenCC.
const HOLD = 0xe000;

/** The Simplified edition of a Traditional (Taiwan) text. */
export function toHans(text) {
  const held = [];
  let marked = text;
  for (const term of taiwanTerms) {
    if (!marked.includes(term)) continue;
    const mark = String.fromCodePoint(HOLD + held.length);
    held.push(glossary[term]);
    marked = marked.split(term).join(mark);
  }
  let out = openccTwToCn(marked);
  held.forEach((hans, i) => {
    out = out.split(String.fromCodePoint(HOLD + i)).join(hans);
  });
  return mainlandQuotes(out);
}

const MAINLAND_QUOTE = { '「': '“', '」': '”', '『': '‘', '』': '’' };

/** Corner-bracket quotes as the Simplified original writes them: 「…『…』…」 → “…‘…’…”. */
export function mainlandQuotes(text) {
  return text.replace(/[「」『』]/g, (mark) => MAINLAND_QUOTE[mark]);
}

/** Characters of a text that only Traditional Chinese writes (a zh-Hans page must have none). */
export function traditionalOnlyCharacters(text) {
  const found = new Set();
  for (const ch of text) {
    if (ch.codePointAt(0) < 0x2e80) continue;
    if (openccTradToSimp(ch) !== ch) found.add(ch);
  }
  return [...found];
}

/** The glossary's Taiwanese forms that appear in a text (a zh-Hans page must have none). */
export function taiwaneseTermsIn(text) {
  // An identity entry (核心 → 核心) only shields a word from OpenCC: it is no
  // Taiwanese form, and what it holds is none either (的 before 列表 is no 的列).
  // In toHans' order, so a shield holds its word before a term of its length.
  const found = [];
  let rest = text;
  for (const term of taiwanTerms) {
    if (isShield(term)) rest = rest.split(term).join('\u0000');
    else if (rest.includes(term)) found.push(term);
  }
  return found;
}
