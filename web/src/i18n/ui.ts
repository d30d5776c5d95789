// The site's own words (content/site/ui.json), in the edition this bundle was
// built for: web/scripts/editions.mjs loads every content JSON file of a
// zh-Hans or English bundle from that edition's content, so this import is
// the edition's words with no fetch at run time and no word in TypeScript.
import text from '../../../content/site/ui.json';

export const ui: Omit<typeof text, '$comment'> = text;

/** "{name}" placeholders filled with values (a missing value is left visible, never dropped silently). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
