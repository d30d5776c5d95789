// Build-time check of what the widgets' JSON Schema cannot say about a
// control's slider: its scale must exist in the chapter's controls.json, its
// default must be digits (the thumb starts there), and its short name must
// not make a slider or button name that contains the field's label (tests
// and readers find the field by its label). Run by the site build; never
// bundled for the browser.

import { siteWidgets } from './site-config';
import { fill, sliderScale, sliderTexts } from './slider-scale';

export function checkSliders(): void {
  for (const [name, cfg] of Object.entries(siteWidgets.widgets)) {
    cfg.controls.forEach((ctl, i) => {
      const ref = ctl.slider;
      if (ref === undefined) return;
      const fail = (what: string): never => {
        throw new Error(`widgets*.json: ${name}.controls[${i}]: ${what}`);
      };
      if (ctl.kind !== 'integer') fail('"slider" is for integer controls');
      if (typeof ref.short !== 'string' || !ref.short) fail('"slider" needs "scale" and "short"');
      if (!sliderScale(ref.scale)) fail(`"slider.scale" "${ref.scale}" is not in controls.json`);
      if (!/^\d+$/.test(ctl.default)) fail('a control with a slider needs digits as "default"');
      for (const template of Object.values(sliderTexts)) {
        if (fill(template, { short: ref.short }).includes(ctl.label)) fail('"slider.short" makes a name that contains the label');
      }
    });
  }
}
