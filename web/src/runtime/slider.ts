// A slider and −/+ steppers beside an integer field. The text field stays the
// control the widget reads: the slider only writes digits into it (and
// announces them as typing does), and follows what the reader typed by
// asking the core how it reads the text ("32K" → 32,768; op read_quantity).
// A value outside the slider's range is never clamped: the slider sits at
// its end, the field keeps the reader's text, the core says what it thinks.

import type { ControlConfig } from './config';
import { EngineError, type Engine } from './engine';
import { attrs } from './html';
import {
  fill,
  keyedValue,
  positionOf,
  SLIDER_KEYS,
  sliderScale,
  sliderTexts,
  snapped,
  stopsOf,
  valueText,
  type SliderKey,
  type SliderScale,
} from './slider-scale';

import type { QuantityKind } from './controls';

/** The scale of a control with a "slider" entry (checked by config.ts). */
function scaleOf(c: ControlConfig): SliderScale | undefined {
  return c.slider ? sliderScale(c.slider.scale) : undefined;
}

export function sliderId(fieldId: string): string {
  return `${fieldId}-slider`;
}

/** Stepper buttons: a click steps like ArrowUp/ArrowDown in the field. */
function stepperButton(fieldId: string, c: ControlConfig, dir: 'down' | 'up', short: string): string {
  // tabindex -1: the field itself steps with the arrow keys, so keyboard
  // readers are not made to tab through two more stops per control.
  return (
    `<button${attrs({ type: 'button', class: 'tally-stepper', 'data-stepper': dir, 'data-for': c.key, 'aria-controls': fieldId, 'aria-label': fill(sliderTexts[dir], { short }), tabindex: '-1' })}>` +
    `<span aria-hidden="true">${dir === 'down' ? '−' : '+'}</span></button>`
  );
}

/**
 * The text field wrapped with its steppers, then the slider, positioned at
 * `value` (digits at build time; other text sits at the start until the core
 * has read it in the browser).
 */
export function renderWithSlider(fieldId: string, c: ControlConfig, field: string, value: string): string {
  const s = scaleOf(c);
  if (!s || !c.slider) return field;
  const short = c.slider.short;
  const stops = stopsOf(s, c.default);
  const known = /^\d+$/.test(value) ? BigInt(value) : undefined;
  const pos = known === undefined ? 0 : positionOf(stops, known);
  const slider = `<input${attrs({
    type: 'range',
    class: 'tally-slider',
    id: sliderId(fieldId),
    min: '0',
    max: String(stops.length - 1),
    step: '1',
    value: String(pos),
    'aria-label': fill(sliderTexts.slider, { short }),
    'aria-valuetext': known === undefined ? value : valueText(s, known),
    'aria-controls': fieldId,
    'aria-keyshortcuts': 'PageUp PageDown Home End',
    'data-slider-for': c.key,
    'data-synced': value,
  })}>`;
  return `<span class="tally-spin">${stepperButton(fieldId, c, 'down', short)}${field}${stepperButton(fieldId, c, 'up', short)}</span>` + slider;
}

/** How the widget reads a control's text, and how it steps it. */
export interface SliderHost {
  engine: Promise<Engine>;
  kindOf(c: ControlConfig): QuantityKind;
}

/** The core's reading of a field's text, or undefined when it cannot read it (its message shows elsewhere). */
export async function readQuantity(engine: Promise<Engine>, text: string, kind: QuantityKind): Promise<bigint | undefined> {
  // Plain digits mean themselves in every kind: no round trip to the core,
  // which a drag would otherwise pay per step (and which would queue ahead
  // of the widget's own request on a busy worker).
  if (/^\d{1,16}$/.test(text)) return BigInt(text);
  try {
    const read = await (await engine).raw('read_quantity', { text, kind });
    return typeof read.value === 'string' || typeof read.value === 'number' ? BigInt(read.value) : undefined;
  } catch (err) {
    if (err instanceof EngineError) return undefined;
    throw err;
  }
}

/** One slider bound to its text field. */
class BoundSlider {
  private readonly stops: bigint[];
  /** The field text the slider last showed, and its value as the core read it. */
  private syncedText: string;
  private value: bigint | undefined;
  private seq = 0;

  constructor(
    private readonly range: HTMLInputElement,
    private readonly field: HTMLInputElement,
    private readonly scale: SliderScale,
    c: ControlConfig,
    private readonly read: (text: string) => Promise<bigint | undefined>,
  ) {
    this.stops = stopsOf(scale, c.default);
    this.syncedText = range.dataset.synced ?? '';
    this.value = /^\d+$/.test(this.syncedText) ? BigInt(this.syncedText) : undefined;
    range.addEventListener('input', (e) => this.onDrag(e));
    range.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** Show `value` without writing the field (it already says this). */
  private place(value: bigint): void {
    this.value = value;
    const pos = String(positionOf(this.stops, value));
    if (this.range.value !== pos) this.range.value = pos;
    this.range.setAttribute('aria-valuetext', valueText(this.scale, value));
  }

  /** Follow the field after it changed by typing, a link, the profile or a stepper. */
  async follow(): Promise<void> {
    const text = this.field.value;
    if (text === this.syncedText) return;
    const mine = ++this.seq;
    const value = await this.read(text);
    if (mine !== this.seq || this.field.value !== text) return; // superseded
    this.syncedText = text;
    if (value === undefined) {
      this.range.setAttribute('aria-valuetext', text); // what the field says; the core's message explains it
      return;
    }
    this.place(value);
  }

  /** Write a value as the reader's own input: digits in the field, an input event for the widget. */
  private write(value: bigint): void {
    this.seq++; // any pending read of older text is stale now
    const text = value.toString();
    this.syncedText = text;
    this.place(value);
    if (this.field.value === text) return;
    this.field.value = text;
    this.field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  private onDrag(e: Event): void {
    // The field's input event recomputes the widget; the slider's own would do it twice.
    e.stopPropagation();
    const pos = snapped(this.scale, this.stops, Number(this.range.value));
    const value = this.stops[pos];
    if (value !== undefined) this.write(value);
  }

  private onKey(e: KeyboardEvent): void {
    if (!SLIDER_KEYS.has(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault(); // stops and landmarks are ours, not the browser's even steps
    void this.stepFrom(e.key as SliderKey);
  }

  private async stepFrom(key: SliderKey): Promise<void> {
    if (this.field.value !== this.syncedText) await this.follow();
    const from = this.value ?? this.stops[0];
    if (from === undefined) return;
    const next = keyedValue(this.scale, this.stops, from, key);
    if (next !== undefined) this.write(next);
  }
}

/** Bind every slider of a widget's form; the returned function re-reads the fields (call after any update). */
export function wireSliders(form: HTMLFormElement, controls: ControlConfig[], host: SliderHost): () => void {
  const bound: BoundSlider[] = [];
  for (const c of controls) {
    const scale = scaleOf(c);
    const range = form.querySelector<HTMLInputElement>(`input[data-slider-for="${CSS.escape(c.key)}"]`);
    const field = form.querySelector<HTMLInputElement>(`input[type="text"][data-key="${CSS.escape(c.key)}"]`);
    if (!scale || !range || !field) continue;
    const kind = host.kindOf(c);
    const slider = new BoundSlider(range, field, scale, c, (text) => readQuantity(host.engine, text, kind));
    field.addEventListener('input', () => void slider.follow());
    bound.push(slider);
  }
  const followAll = (): void => {
    for (const s of bound) void s.follow();
  };
  followAll(); // a link or the profile may have filled the fields before this ran
  return followAll;
}
