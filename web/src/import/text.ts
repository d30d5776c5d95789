// The import dialog's strings (the file content/book.json "strings.import"
// names), bundled for both the page build (markup) and the browser
// (messages). Placeholders are {name}.
import { bookFile, bookStrings } from '../runtime/book';
import type chapterText from '../../../content/ch02/import.json';

const files = import.meta.glob<unknown>('../../../content/*/import.json', { eager: true, import: 'default' });

// The shape is the first chapter's file (content/schemas checks every one at build time).
export type ImportText = typeof chapterText;
export const importText = bookFile(files, bookStrings.import) as ImportText;

/** "已匯入「{name}」" + {name: "X"} → "已匯入「X」". Unknown placeholders stay visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
