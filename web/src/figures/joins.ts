// How widgets and figures put the core's values and content's words together
// ("label：value", "value（other form）", "name・name", lists). The joining
// punctuation is each edition's own (content/site/ui.json "widgets"; English
// in content/i18n/en/site/ui.json), so no page shows another language's
// punctuation and no code carries any.

import { fill, ui } from '../i18n/ui';
import { esc } from '../runtime/html';

const words = ui.widgets;

/** A label and its value: "權重：15 GiB" / "Weights: 15 GiB". */
export function labelled(label: string, value: string): string {
  return fill(words.labelled, { label, value });
}

/** A value with another form of it in brackets: "8 GB（7.45 GiB）" / "8 GB (7.45 GiB)". */
export function aside(value: string, other: string): string {
  return fill(words.aside, { value, aside: other });
}

/** Two names read as one (a row and a column, a series and its point): "a・b" / "a · b". */
export function joined(a: string, b: string): string {
  return fill(words.joined, { a, b });
}

/** A sum of two shown values: "a＋b" / "a + b". */
export function plus(a: string, b: string): string {
  return fill(words.plus, { a, b });
}

/** Items of one list: "a、b" / "a, b". */
export function listOf(items: readonly string[]): string {
  return items.join(words.list_separator);
}

/** Separate remarks or clauses: "a；b" / "a; b". */
export function clauses(items: readonly string[]): string {
  return items.join(words.clause_separator);
}

/** A label and its value in markup: the template is escaped, the label and value are markup already. */
export function labelledHtml(labelHtml: string, valueHtml: string): string {
  return fill(esc(words.labelled), { label: labelHtml, value: valueHtml });
}
