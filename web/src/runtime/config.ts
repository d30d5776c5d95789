// Widget configuration lives in content/ch02/widgets.json (labels, defaults,
// which request fields the controls feed). This file types and checks it, so
// a typo in the content fails the site build instead of shipping a blank label.

import type { Fields, Json } from './engine';
import { sliderScale, sliderTexts, fill } from './slider-scale';

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
  /** range: a slider over integers (min/max/step); the core still validates the value. */
  kind: 'integer' | 'select' | 'range';
  label: string;
  hint?: string;
  /** Raw text, exactly what a reader would type or pick. */
  default: string;
  /** For selects: which catalog list fills the options, or "choices". */
  options?: OptionSource;
  /** For options "choices": the fixed list, from the content. */
  choices?: Choice[];
  /** For ranges: slider bounds (integers as text, like "default"). */
  min?: string;
  max?: string;
  step?: string;
  /**
   * For integers: a slider and −/+ steppers beside the field. `scale` names a
   * scale of content/ch02/controls.json (range, stops, landmarks); `short` is
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

function fail(path: string, what: string): never {
  throw new Error(`content/ch02/widgets*.json: ${path}: ${what}`);
}

function checkSlider(p: string, ctl: ControlConfig): void {
  const ref = ctl.slider;
  if (ctl.kind !== 'integer') fail(p, '"slider" is for integer controls');
  if (!ref || typeof ref.short !== 'string' || !ref.short) fail(p, '"slider" needs "scale" and "short"');
  if (!sliderScale(ref.scale)) fail(p, `"slider.scale" "${ref.scale}" is not in content/ch02/controls.json`);
  if (!/^\d+$/.test(ctl.default)) fail(p, 'a control with a slider needs digits as "default"');
  // The field is found by its label; the slider and buttons must not be found too.
  for (const name of Object.values(sliderTexts)) {
    if (fill(name, { short: ref.short }).includes(ctl.label)) fail(p, '"slider.short" makes a name that contains the label');
  }
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
      if (!['integer', 'select', 'range'].includes(ctl.kind)) fail(p, '"kind" must be integer, select or range');
      if (typeof ctl.label !== 'string') fail(p, 'missing "label"');
      if (typeof ctl.default !== 'string') fail(p, '"default" must be a string (raw input text)');
      if (ctl.kind === 'select' && !['models', 'gpus', 'dtypes', 'choices'].includes(ctl.options ?? '') && !Array.isArray(ctl.choices)) {
        fail(p, 'select needs "options" or "choices"');
      }
      if (ctl.choices !== undefined && !(Array.isArray(ctl.choices) && ctl.choices.every((c) => typeof c.value === 'string' && typeof c.label === 'string'))) {
        fail(p, '"choices" must be a list of {value, label}');
      }
      if (ctl.kind === 'range' && ![ctl.min, ctl.max, ctl.step].every((v) => typeof v === 'string' && /^\d+$/.test(v))) {
        fail(p, 'range needs integer "min", "max" and "step" (as text)');
      }
      if (ctl.slider !== undefined) checkSlider(p, ctl);
      if (ctl.profile !== undefined && !['model', 'gpu', 'precision', 'context'].includes(ctl.profile)) fail(p, 'bad "profile" slot');
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
