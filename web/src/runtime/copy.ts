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

/** View keys copy.csv / copy.md for a table. */
export function copyView(headers: string[], rows: string[][]): View {
  return { 'copy.csv': tableCsv(headers, rows), 'copy.md': tableMarkdown(headers, rows) };
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
