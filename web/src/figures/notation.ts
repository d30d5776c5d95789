// Figure labels set as the prose sets its maths (issue 39, item 13). Labels
// are plain text in content ("A_k = λ_k Δt", "Q_(k+1)", "t_a", "N^α",
// "2×10^9"); a drawn <text> gets real sub- and superscripts from them as
// <tspan>s (figures/marks.ts), never the underscore and caret.
//
// What counts as a script, so that prose and field names stay as written:
//   - a subscript follows a single letter that does not end a longer word
//     ("t_a", "λ_k", "M_device", "Σt_e": Σ is the sum's sign, not part of a
//     word; not "workspace_bytes"): a run of letters and
//     digits, or a group in parentheses, which are dropped ("Q_(k+1)" → Q with k+1);
//   - a superscript follows "^": an optionally signed run of letters and
//     digits, or a parenthesised group ("10^20", "N^α", "2^(−4)").

import { esc } from '../runtime/html';

export interface Run {
  text: string;
  /** A script's position; plain text has none. */
  shift?: 'sub' | 'super';
}

const SCRIPT = /(?<=^|[^\p{L}\p{N}_]|Σ)(\p{L})_(\([^()]+\)|[\p{L}\p{N}]+)|\^(\([^()]+\)|[-−+]?[\p{L}\p{N}]+)/gu;

const unwrap = (group: string): string => (group.startsWith('(') ? group.slice(1, -1) : group);

/** The label as runs of plain text and scripts (one plain run when it has none). */
export function notationRuns(label: string): Run[] {
  const runs: Run[] = [];
  let plain = '';
  let last = 0;
  for (const m of label.matchAll(SCRIPT)) {
    plain += label.slice(last, m.index);
    if (m[1] !== undefined) {
      runs.push({ text: plain + m[1] }, { text: unwrap(m[2]!), shift: 'sub' });
    } else {
      if (plain) runs.push({ text: plain });
      runs.push({ text: unwrap(m[3]!), shift: 'super' });
    }
    plain = '';
    last = m.index + m[0].length;
  }
  plain += label.slice(last);
  if (plain || !runs.length) runs.push({ text: plain });
  return runs;
}

/** The same label as HTML (escaped text, scripts as <sub> and <sup>), for a widget's words outside its drawing. */
export function notationHtml(label: string): string {
  return notationRuns(label)
    .map((r) => (r.shift === 'sub' ? `<sub>${esc(r.text)}</sub>` : r.shift === 'super' ? `<sup>${esc(r.text)}</sup>` : esc(r.text)))
    .join('');
}
