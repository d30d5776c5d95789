// The data widgets' values as the core computes them (live tables, worked
// examples, pitfall checks' steps): what a page must show for given control
// values, and a reader's change of a widget's first control. Shared by the
// page tests of every edition (pages.spec.ts): the caller passes the
// edition's widget configs (their labels) and the core asked in the
// edition's language (its words: 億, 亿, billion).
import type { Locator, Page } from '@playwright/test';

import { at, cellRequest, shown, type WidgetCfg } from './chapter';
import { checkFigure, FIGURE_KINDS } from './figure-values';
import { allReady, expect, typeInto, type Core } from './fixtures';

/** The widget kinds whose values the test recomputes from the config alone. */
export const DATA_KINDS = new Set(['core-table', 'steps', 'crossover-curve', 'table-2-1', ...FIGURE_KINDS]);

export function defaults(cfg: WidgetCfg): Record<string, string> {
  return Object.fromEntries(cfg.controls.map((c) => [c.field, c.default]));
}

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
  const t = cfg.table!;
  const c = t.columns[col]!;
  if (t.list) {
    const r = core.ok(cellRequest(t.list.op, values, t.fields, t.list.fields) as never);
    return shown(at((at(r, t.list.path) as unknown[])[row], c.path!));
  }
  const r = t.rows![row]!;
  return shown(at(core.ok(cellRequest(c.op!, values, t.fields, r.fields, c.fields) as never), (r.path ?? c.path)!));
}

/** Every step's value, as the core computes it for `values`. */
async function checkSteps(w: Locator, core: Core, cfg: WidgetCfg, instance: string, values: Record<string, string>): Promise<void> {
  for (const [i, s] of cfg.steps!.entries()) {
    await expect(w.getByTestId(`${instance}-s${i}`), `${instance} step ${i}`).toHaveText(
      shown(at(core.ok(cellRequest(s.op, values, cfg.fields, s.fields) as never), s.path)),
    );
  }
}

/** The widget shows the core's values: a table's first and last cell, every step, Table 2-1's total, a figure's core values (figure-values.ts). */
export async function checkWidget(page: Page, core: Core, cfg: WidgetCfg, instance: string, values: Record<string, string>): Promise<void> {
  const w = page.locator(`[data-instance="${instance}"]`);
  if (cfg.kind === 'core-table') {
    const t = cfg.table!;
    const rows = t.rows?.length ?? (at(core.ok(cellRequest(t.list!.op, values, t.fields, t.list!.fields) as never), t.list!.path) as unknown[]).length;
    for (const [r, c] of [
      [0, 0],
      [rows - 1, t.columns.length - 1],
    ] as const) {
      await expect(w.getByTestId(`${instance}-r${r}-c${c}`).locator('.cell-value'), `${instance} r${r} c${c}`).toHaveText(tableCell(core, cfg, values, r, c));
    }
  } else if (cfg.kind === 'steps' || cfg.kind === 'crossover-curve') {
    await checkSteps(w, core, cfg, instance, values);
  } else if (FIGURE_KINDS.has(cfg.kind)) {
    // The worked example's steps come first when the figure has any (Example 3-1).
    if (cfg.steps) await checkSteps(w, core, cfg, instance, values);
    await checkFigure(w, core, cfg, values);
  } else if (cfg.kind === 'table-2-1') {
    const req = { op: 'forward', ...cfg.fixed, ...Object.fromEntries(cfg.controls.map((c) => [c.field, Number(values[c.field] ?? c.default)])) };
    await expect(w.getByTestId('total'), instance).toHaveText(core.ok(req as never).display as string);
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
