// The import dialog's strings (content/site/import.json, the book's), bundled
// for both the page build (markup) and the browser (messages). Placeholders
// are {name}.
import text from '../../../content/site/import.json';

export type ImportText = typeof text;
export const importText: ImportText = text;

/** "已匯入「{name}」" + {name: "X"} → "已匯入「X」". Unknown placeholders stay visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
