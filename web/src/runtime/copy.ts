// "Copy as CSV / Markdown" for live tables. The text is built in a widget's
// view() from the same core response as the cells on screen and kept in the
// View (not in the page: a page of twelve tables would carry every table
// three times); one delegated click handler reads it from the widget's
// current View (runtime/views.ts) and writes it to the clipboard. Other
// copy buttons (share links) carry their text in data-copy-text.

import type { View } from './bind';
import { esc } from './html';
import { viewOf } from './views';

/**
 * RFC 4180 quoting (a field with a comma, quote or line break is quoted).
 * Lines end in \n, not \r\n: the text travels in an HTML attribute, where
 * the parser would turn a prerendered \r\n into \n and hydration would then
 * differ from the prerendered page.
 */
function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function tableCsv(headers: string[], rows: string[][]): string {
  return [headers, ...rows].map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

function mdCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function tableMarkdown(headers: string[], rows: string[][]): string {
  const line = (r: string[]) => `| ${r.map(mdCell).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n') + '\n';
}

/** A cell to copy: the text on screen and, when the core sent one, its exact value. */
export interface CopyCell {
  text: string;
  /** The core's exact number as digits (see rawNumber); no separators, no unit. */
  raw?: string;
}

/** A column to copy; `unit` goes into the CSV header, so its cells can be bare numbers. */
export interface CopyColumn {
  header: string;
  unit?: string;
}

/**
 * The core's exact value of a result field as CSV text: integers as digits
 * (the core sends those above 2^53 as digit strings) and the exact decimals
 * it sends as strings ("3514.25" bytes per token). Anything else (a display
 * string, a missing field) has no raw form.
 */
export function rawNumber(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return value;
  return undefined;
}

/** CSV header: the unit in parentheses, e.g. "KV 快取 (bytes)". */
function csvHeader(c: CopyColumn): string {
  return c.unit ? `${c.header} (${c.unit})` : c.header;
}

/**
 * View keys copy.csv / copy.md for a table. CSV carries the core's raw
 * numbers (a spreadsheet can compute with them) with units in the header;
 * Markdown keeps the text as displayed, for pasting into prose.
 */
export function copyView(columns: Array<CopyColumn | string>, rows: Array<Array<CopyCell | string>>): View {
  const cols = columns.map((c) => (typeof c === 'string' ? { header: c } : c));
  const cells = rows.map((r) => r.map((c) => (typeof c === 'string' ? { text: c } : c)));
  return {
    'copy.csv': tableCsv(
      cols.map(csvHeader),
      cells.map((r) => r.map((c) => c.raw ?? c.text)),
    ),
    'copy.md': tableMarkdown(
      cols.map((c) => c.header),
      cells.map((r) => r.map((c) => c.text)),
    ),
  };
}

/** The two buttons; site.css hides them until main.ts marks <html class="js"> (without JS they could do nothing). */
export function copyButtons(labels: { csv: string; md: string; done: string }): string {
  const button = (kind: 'csv' | 'md', label: string) =>
    `<button type="button" class="tally-copy" data-copy="${kind}" data-copy-done="${esc(labels.done)}">${esc(label)}</button>`;
  return `<div class="tally-copy-bar">${button('csv', labels.csv)}${button('md', labels.md)}<span class="tally-copy-status" role="status"></span></div>`;
}

/** Handle every copy button's click on the page (buttons re-rendered later included). */
export function installCopyHandler(doc: Document): void {
  doc.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest<HTMLButtonElement>('button.tally-copy');
    if (button) void copy(doc, button);
  });
}

async function copy(doc: Document, button: HTMLButtonElement): Promise<void> {
  const status = button.parentElement?.querySelector('.tally-copy-status');
  const text = await copyText(button);
  try {
    await navigator.clipboard.writeText(text);
    if (status) status.textContent = button.dataset.copyDone ?? '';
  } catch {
    // No clipboard permission: select the text in a box the reader can copy by hand.
    if (!status) return;
    status.textContent = '';
    const box = doc.createElement('textarea');
    box.readOnly = true;
    box.value = text;
    box.className = 'tally-copy-fallback';
    box.setAttribute('aria-label', button.textContent ?? '');
    status.appendChild(box);
    box.select();
  }
}

/** A share link's own text, or the table's CSV / Markdown from its widget's View. */
async function copyText(button: HTMLButtonElement): Promise<string> {
  const own = button.getAttribute('data-copy-text');
  if (own !== null) return own;
  return (await viewOf(button))?.[`copy.${button.dataset.copy ?? ''}`] ?? '';
}
