// The data widgets' values as the core computes them (live tables, worked
// examples, pitfall checks' steps): what a page must show for given control
// values, and a reader's change of a widget's first control. Shared by the
// page tests of every edition (pages.spec.ts): the caller passes the
// edition's widget configs (their labels) and the core asked in the
// edition's language (its words: 億, 亿, billion).
import type { Locator, Page } from '@playwright/test';

import type { WidgetCfg } from './chapter';
import { allReady, expect, typeInto, type Core } from './fixtures';
import { DATA_KINDS, defaults, shownTexts, tableCell as tableCellOf } from '../content/shown-values.mjs';

export { DATA_KINDS, defaults };

export interface Change {
  key: string;
  label: string;
  value: string;
  kind: string;
}

/** A different valid value for the widget's first control (what a reader might try). */
export function changed(cfg: WidgetCfg): Change | null {
  const c = cfg.controls[0];
  if (!c) return null;
  const change = (value: string | undefined): Change | null => (value === undefined ? null : { key: c.key, label: c.label, value, kind: c.kind });
  if (c.kind === 'integer') {
    // Chapter 3's fields also take decimals ("76.5103"): twice the value, as a reader would type it.
    if (!/^\d+$/.test(c.default)) return change(String(Number(c.default) * 2));
    return change(String(Number(c.default) * 2 || 1));
  }
  if (c.choices) return change(c.choices.find((choice) => choice.value !== c.default)?.value);
  return change({ dtypes: 'fp8', models: 'qwen3-32b', gpus: 'h100-sxm' }[c.options as 'dtypes' | 'models' | 'gpus']);
}

/** Expected text of a core-table cell for the given control values. */
export function tableCell(core: Core, cfg: WidgetCfg, values: Record<string, string>, row: number, col: number): string {
  return tableCellOf((request) => core.ok(request as never), cfg, values, row, col);
}

/** The widget shows the core's values (tests/content/shown-values.mjs: a table's first and last cell, every step, Table 2-1's total, a figure's core values). */
export async function checkWidget(page: Page, core: Core, cfg: WidgetCfg, instance: string, values: Record<string, string>): Promise<void> {
  const w = page.locator(`[data-instance="${instance}"]`);
  for (const { testid, within, label, text } of shownTexts((request) => core.ok(request as never), cfg, instance, values)) {
    const element = w.getByTestId(testid);
    await expect(within ? element.locator(within) : element, label).toHaveText(text);
  }
}

/** Set a control the way a reader does, found by its label as the page words it. */
export async function setControl(w: Locator, change: Change): Promise<void> {
  const control = w.getByLabel(change.label, { exact: true });
  if (change.kind === 'select') await control.selectOption(change.value);
  else await typeInto(control, change.value);
}

/**
 * Check every data widget of the open page: the core's values at the
 * defaults, then after a change of its first control (and the widget marks
 * itself as differing from the book).
 */
export async function checkDataWidgets(page: Page, core: Core, widgets: Record<string, WidgetCfg>, instances: string[]): Promise<void> {
  for (const instance of instances) {
    const cfg = widgets[instance]!;
    const values = defaults(cfg);
    await checkWidget(page, core, cfg, instance, values);
    const change = changed(cfg);
    if (!change) continue;
    const w = page.locator(`[data-instance="${instance}"]`);
    await setControl(w, change);
    values[cfg.controls[0]!.field] = change.value;
    await checkWidget(page, core, cfg, instance, values);
    await expect(w).toHaveAttribute('data-differs', 'true');
  }
}

/** Open a page (`url` relative to the site) and check its data widgets, as checkDataWidgets does. */
export async function checkDataWidgetsOn(page: Page, url: string, core: Core, widgets: Record<string, WidgetCfg>, instances: string[]): Promise<void> {
  await page.goto(url);
  await allReady(page);
  await checkDataWidgets(page, core, widgets, instances);
}

/** The data widgets of each chapter page, by page file, in reading order. */
export function dataWidgetsByPage(instancePage: Record<string, string>, widgets: Record<string, WidgetCfg>): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  for (const [instance, file] of Object.entries(instancePage)) {
    if (!DATA_KINDS.has(widgets[instance]?.kind ?? '')) continue;
    byPage.set(file, [...(byPage.get(file) ?? []), instance]);
  }
  return byPage;
}
