// The import dialog's strings (content/ch02/import.json), bundled for both the
// page build (markup) and the browser (messages). Placeholders are {name}.
import raw from '../../../content/ch02/import.json';

export type ImportText = typeof raw;
export const importText: ImportText = raw;

/** "已匯入「{name}」" + {name: "X"} → "已匯入「X」". Unknown placeholders stay visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
