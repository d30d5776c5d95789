// Where a slider can stop, and how it says its value. The scales (ranges,
// landmarks, words) are content (content/controls.json); this file only
// turns them into a list of stops. Values are exact integers (BigInt): the
// slider never rounds what it writes, and never decides what a field accepts
// (a typed value outside the range stays as typed; the core judges it).

import raw from '../../../content/controls.json';

export interface ShortUnit {
  /** Exact divisor, as digits ("1024"). */
  unit: string;
  /** What follows the quotient ("K", " GiB"). */
  suffix: string;
}

export interface SliderScale {
  scale: 'log' | 'linear';
  /** Range ends as digits. */
  min: string;
  max: string;
  /** log: stops per doubling (4 gives 8K, 10K, 12K, 14K, 16K). */
  per_octave?: number;
  /** linear: distance between stops. */
  step?: string;
  /** A drag this many stops from a landmark lands on it. */
  snap?: number;
  /** PageUp/PageDown: the next of these; without any, `page` stops. */
  landmarks?: string[];
  page?: number;
  /** Short forms for aria-valuetext, largest unit first ("32K"). */
  short?: ShortUnit[];
  /** Templates with {short} and {value} (digit-grouped). */
  valuetext?: string;
  valuetext_plain: string;
}

export interface SliderTexts {
  slider: string;
  down: string;
  up: string;
}

interface ControlsContent {
  text: SliderTexts;
  scales: Record<string, SliderScale>;
}

const content = raw as ControlsContent;
export const sliderTexts: SliderTexts = content.text;

/** The scale named in a control's "slider", or undefined when content lacks it. */
export function sliderScale(name: string): SliderScale | undefined {
  return Object.hasOwn(content.scales, name) ? content.scales[name] : undefined;
}

/** "{short} 滑桿" with the control's short name. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

function logStops(min: bigint, max: bigint, perOctave: bigint): bigint[] {
  const out: bigint[] = [];
  if (min === 0n) out.push(0n);
  for (let base = 1n; base <= max; base <<= 1n) {
    // base × (1, 1 + 1/n, …): whole numbers, so small octaves repeat and are dropped below.
    for (let i = 0n; i < perOctave; i++) out.push((base * (perOctave + i)) / perOctave);
  }
  return out.filter((v) => v >= min && v <= max);
}

function linearStops(min: bigint, max: bigint, step: bigint): bigint[] {
  const out: bigint[] = [];
  for (let v = min; v <= max; v += step) out.push(v);
  return out;
}

/**
 * Every value the slider can stop at, ascending: the scale's stops, its
 * ends, its landmarks and the control's own default (the book's value is
 * always one drag away).
 */
export function stopsOf(s: SliderScale, def: string): bigint[] {
  const min = BigInt(s.min);
  const max = BigInt(s.max);
  const base = s.scale === 'log' ? logStops(min, max, BigInt(s.per_octave ?? 4)) : linearStops(min, max, BigInt(s.step ?? '1'));
  const extra = [min, max, ...(s.landmarks ?? []).map(BigInt)];
  if (/^\d+$/.test(def)) extra.push(BigInt(def));
  const inRange = [...base, ...extra].filter((v) => v >= min && v <= max);
  return [...new Set(inRange)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Slider position of a value: the last stop not above it, pinned to the ends. */
export function positionOf(stops: bigint[], value: bigint): number {
  let pos = 0;
  for (let i = 0; i < stops.length; i++) if ((stops[i] as bigint) <= value) pos = i;
  return pos;
}

/** A dragged position, pulled onto a landmark within `snap` stops of it. */
export function snapped(s: SliderScale, stops: bigint[], pos: number): number {
  const reach = s.snap ?? 0;
  let best = pos;
  let bestDistance = reach + 1;
  for (const mark of s.landmarks ?? []) {
    const at = stops.indexOf(BigInt(mark));
    const distance = Math.abs(at - pos);
    if (at >= 0 && distance < bestDistance) {
      best = at;
      bestDistance = distance;
    }
  }
  return best;
}

export type SliderKey = 'ArrowUp' | 'ArrowRight' | 'ArrowDown' | 'ArrowLeft' | 'PageUp' | 'PageDown' | 'Home' | 'End';
export const SLIDER_KEYS: ReadonlySet<string> = new Set<SliderKey>(['ArrowUp', 'ArrowRight', 'ArrowDown', 'ArrowLeft', 'PageUp', 'PageDown', 'Home', 'End']);

/**
 * The value a key moves to from `value` (which may lie between stops or
 * outside the range), or undefined when it cannot move further.
 */
export function keyedValue(s: SliderScale, stops: bigint[], value: bigint, key: SliderKey): bigint | undefined {
  const above = stops.filter((v) => v > value);
  const below = stops.filter((v) => v < value);
  const marks = (s.landmarks ?? []).map(BigInt).filter((v) => stops.includes(v));
  const page = s.page ?? s.per_octave ?? 4;
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return above[0];
    case 'ArrowDown':
    case 'ArrowLeft':
      return below.at(-1);
    case 'PageUp':
      return marks.length ? marks.find((v) => v > value) : above[Math.min(page, above.length) - 1];
    case 'PageDown':
      return marks.length ? marks.filter((v) => v < value).at(-1) : below[Math.max(below.length - page, 0)];
    case 'Home':
      return stops[0] === value ? undefined : stops[0];
    case 'End':
      return stops.at(-1) === value ? undefined : stops.at(-1);
  }
}

/** Digits grouped by thousands ("32,768"): how the page writes every integer. */
export function grouped(value: bigint): string {
  return value.toLocaleString('en-US');
}

/** aria-valuetext in the reader's words: "32K（32,768）個 token", "2 GiB（2,147,483,648 位元組）". */
export function valueText(s: SliderScale, value: bigint): string {
  const unit = (s.short ?? []).find((u) => {
    const d = BigInt(u.unit);
    return value >= d && value % d === 0n;
  });
  if (unit && s.valuetext) return fill(s.valuetext, { short: `${value / BigInt(unit.unit)}${unit.suffix}`, value: grouped(value) });
  return fill(s.valuetext_plain, { value: grouped(value) });
}
