// Widget configuration lives in content/<chapter>/widgets*.json (labels,
// defaults, which request fields the controls feed). This file types it; the
// site build checks it against content/schemas/widgets.schema.json
// (web/scripts/content-schemas.mjs), so a typo in the content fails the
// build instead of shipping a blank label, and no checker ships to browsers.

import type { Fields, Json } from './engine';

export type CatalogList = 'models' | 'gpus' | 'dtypes';
/** Where a select's options come from: a catalog list, or the control's own "choices". */
export type OptionSource = CatalogList | 'choices';

export interface Choice {
  value: string;
  label: string;
}

export interface ControlConfig {
  /** Short key used in the URL hash and in element ids ("P", "gpu"). */
  key: string;
  /** Request field the core validates; its errors name this field. */
  field: string;
  /** range: a slider (min/max/step, integers or decimals); the core still validates the value. */
  kind: 'integer' | 'select' | 'range';
  label: string;
  hint?: string;
  /** Raw text, exactly what a reader would type or pick. */
  default: string;
  /** For selects: which catalog list fills the options, or "choices". */
  options?: OptionSource;
  /** For options "choices": the fixed list, from the content. */
  choices?: Choice[];
  /** For ranges: slider bounds and step, as text like "default" ("0", "1", "0.05"). */
  min?: string;
  max?: string;
  step?: string;
  /**
   * For integers: a slider and −/+ steppers beside the field. `scale` names a
   * scale of content/controls.json (range, stops, landmarks); `short` is
   * the control's name in the slider's and buttons' labels ("P").
   */
  slider?: SliderRef;
  /** Reader-profile slot whose value replaces "default" (runtime/profile.ts). */
  profile?: 'model' | 'gpu' | 'precision' | 'context';
}

export interface SliderRef {
  scale: string;
  short: string;
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
  status: {
    prerendered: string;
    ready: string;
    failed: string;
    /** Shown when the widget's inputs differ from the book's (profile or edits). */
    differs?: string;
    /** The button that puts the book's values back. */
    reset?: string;
  };
  widgets: WidgetConfigs;
}

/**
 * Parsed widget files → configs as widgets use them ("fixed" and "text"
 * default to empty). The site build checked the files against
 * content/schemas/widgets.schema.json first, so this only types them.
 */
export function withDefaults(raw: { status: unknown; widgets: Record<string, unknown> }): SiteWidgets {
  const widgets: WidgetConfigs = {};
  for (const [name, cfg] of Object.entries(raw.widgets)) widgets[name] = { fixed: {}, text: {}, ...(cfg as object) } as WidgetConfig;
  return { status: raw.status as SiteWidgets['status'], widgets };
}

/** A widget string from the content; missing keys are a content bug. */
export function text(cfg: WidgetConfig, key: string): string {
  const v = cfg.text[key];
  if (v === undefined) throw new Error(`widgets*.json: ${cfg.kind}.text.${key} is missing`);
  return v;
}
