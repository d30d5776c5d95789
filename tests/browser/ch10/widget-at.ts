// Chapter 10's browser specs open a widget on its page and hold it to the
// Node core's answer at the book's defaults with some controls set: one
// helper for both specs (direct.spec.ts, timelines.spec.ts).
import type { Locator, Page } from '@playwright/test';

import { pageOfInstance } from '../chapter';
import { widgetsIn } from '../editions';
import { allReady, type Core } from '../fixtures';
import { checkWidget, defaults } from '../widget-values';

const INSTANCE_PAGE = pageOfInstance('ch10');
export const WIDGETS = widgetsIn('zh-Hant', 'ch10');

/** The widget `instance` on its zh-Hant page, hydrated. */
export async function open(page: Page, instance: string): Promise<Locator> {
  await page.goto(`./${INSTANCE_PAGE[instance]}#${instance}`);
  await allReady(page);
  return page.locator(`[data-instance="${instance}"]`);
}

/** The widget at the book's defaults with some controls set, showing the core's numbers for them. */
export async function expectAt(page: Page, core: Core, instance: string, set: Record<string, string>): Promise<void> {
  const cfg = WIDGETS[instance]!;
  const values = { ...defaults(cfg), ...Object.fromEntries(Object.entries(set).map(([k, v]) => [`$${k}`, v])) };
  await checkWidget(page, core, cfg, instance, values);
}
