// Widget configuration lives in content/ch02/widgets.json (labels, defaults,
// which request fields the controls feed). This file types and checks it, so
// a typo in the content fails the site build instead of shipping a blank label.

import type { Fields, Json } from './engine';

export type CatalogList = 'models' | 'gpus' | 'dtypes';

export interface ControlConfig {
  /** Short key used in the URL hash and in element ids ("P", "gpu"). */
  key: string;
  /** Request field the core validates; its errors name this field. */
  field: string;
  kind: 'integer' | 'select';
  label: string;
  hint?: string;
  /** Raw text, exactly what a reader would type or pick. */
  default: string;
  /** For selects: which catalog list fills the options. */
  options?: CatalogList;
  /** For selects whose values are not a catalog list (dispatch, layout, MLA path). */
  choices?: Array<{ value: string; label: string }>;
}

export interface WidgetConfig {
  kind: string;
  title: string;
  intro?: string;
  /** Request fields that are not controls (e.g. the table's model). */
  fixed: Fields;
  controls: ControlConfig[];
  /** Widget-specific strings, looked up with text(). */
  text: Record<string, string>;
  /** Kind-specific content (series, variants, diagram shapes); each kind checks its own. */
  data?: Json;
}

export type WidgetConfigs = Record<string, WidgetConfig>;

export interface SiteWidgets {
  /** Status line under each widget: before and after the WASM core takes over. */
  status: { prerendered: string; ready: string; failed: string };
  widgets: WidgetConfigs;
}

function fail(path: string, what: string): never {
  throw new Error(`content/ch02/widgets*.json: ${path}: ${what}`);
}

/** Validate the parsed JSON once at startup (build and browser). */
export function checkConfigs(raw: unknown): SiteWidgets {
  const top = raw as Partial<SiteWidgets> | null;
  if (typeof top !== 'object' || top === null) fail('$', 'expected an object');
  const st = top.status;
  if (!st || typeof st.prerendered !== 'string' || typeof st.ready !== 'string' || typeof st.failed !== 'string') {
    fail('status', 'needs "prerendered", "ready" and "failed"');
  }
  if (typeof top.widgets !== 'object' || top.widgets === null) fail('widgets', 'expected an object');
  const out: WidgetConfigs = {};
  for (const [name, value] of Object.entries(top.widgets as Record<string, unknown>)) {
    const c = value as Partial<WidgetConfig>;
    if (typeof c.kind !== 'string') fail(name, 'missing "kind"');
    if (typeof c.title !== 'string') fail(name, 'missing "title"');
    if (!Array.isArray(c.controls)) fail(name, 'missing "controls"');
    for (const [i, ctl] of c.controls.entries()) {
      const p = `${name}.controls[${i}]`;
      if (typeof ctl.key !== 'string' || !/^[A-Za-z][\w-]*$/.test(ctl.key)) fail(p, 'bad "key"');
      if (typeof ctl.field !== 'string') fail(p, 'missing "field"');
      if (ctl.kind !== 'integer' && ctl.kind !== 'select') fail(p, '"kind" must be integer or select');
      if (typeof ctl.label !== 'string') fail(p, 'missing "label"');
      if (typeof ctl.default !== 'string') fail(p, '"default" must be a string (raw input text)');
      if (ctl.kind === 'select' && !['models', 'gpus', 'dtypes'].includes(ctl.options ?? '') && !Array.isArray(ctl.choices)) {
        fail(p, 'select needs "options" or "choices"');
      }
    }
    out[name] = { fixed: {}, text: {}, ...c } as WidgetConfig;
  }
  return { status: st, widgets: out };
}

/** A widget string from the content; missing keys are a content bug. */
export function text(cfg: WidgetConfig, key: string): string {
  const v = cfg.text[key];
  if (v === undefined) throw new Error(`content/ch02/widgets*.json: ${cfg.kind}.text.${key} is missing`);
  return v;
}
