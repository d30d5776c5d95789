// Where a scrubbable number goes when the reader drags it or presses a key.
// Pure arithmetic on the reader's *input* (a length, a count): no figure the
// page shows is computed here; the widget sends the new input to the core.
//
// Drag: the number sits on a scale that is linear for small values and
// logarithmic for large ones (K·asinh(v/c)), so one drag moves 1 → 8 as
// gently as 8K → 64K. Lengths snap to the chapter's landmarks and round to
// eight steps per doubling (9,216 rather than 9,137).

import { steppedValue } from './controls';

/** How a given is read: token lengths (log scale, landmarks) or plain counts. */
export type ScrubScale = 'tokens' | 'count';

export interface ScrubRange {
  min: number;
  max: number;
  scale: ScrubScale;
}

/** The chapter's landmark lengths: 4K, 8K, 32K, 128K, 1M. */
export const LANDMARKS: readonly number[] = [4096, 8192, 32768, 131072, 1048576];

/** Pixels per unit of asinh and the value where the scale turns logarithmic. */
const SHAPE: Record<ScrubScale, { px: number; knee: number }> = {
  tokens: { px: 58, knee: 16 }, // ≈ 40 px per doubling
  count: { px: 48, knee: 8 }, // ≈ 6 px per step below 8
};
/** A drag this close (px) to a landmark lands on it. */
const SNAP_PX = 6;

export function clampTo(v: number, r: ScrubRange): number {
  return Math.min(r.max, Math.max(r.min, v));
}

function position(v: number, scale: ScrubScale): number {
  const s = SHAPE[scale];
  return s.px * Math.asinh(v / s.knee);
}

function valueAt(p: number, scale: ScrubScale): number {
  const s = SHAPE[scale];
  return s.knee * Math.sinh(p / s.px);
}

/** A length rounded to eight steps per doubling (3 significant bits). */
function roundLength(v: number): number {
  if (v < 16) return Math.round(v);
  const unit = 2 ** (Math.floor(Math.log2(v)) - 3);
  return Math.round(v / unit) * unit;
}

/** The value after dragging `dx` CSS pixels from `start`. */
export function draggedValue(start: number, dx: number, r: ScrubRange): number {
  const p = position(start, r.scale) + dx;
  if (r.scale === 'tokens') {
    const near = LANDMARKS.find((l) => l >= r.min && l <= r.max && Math.abs(position(l, 'tokens') - p) < SNAP_PX);
    if (near !== undefined) return near;
    return clampTo(roundLength(valueAt(p, 'tokens')), r);
  }
  return clampTo(Math.round(valueAt(p, 'count')), r);
}

/** Keys a slider answers (WAI-ARIA slider pattern). */
export type ScrubKey = 'ArrowRight' | 'ArrowUp' | 'ArrowLeft' | 'ArrowDown' | 'PageUp' | 'PageDown' | 'Home' | 'End';
export const SCRUB_KEYS: ReadonlySet<string> = new Set<ScrubKey>(['ArrowRight', 'ArrowUp', 'ArrowLeft', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']);

/** Counts jump this far with PageUp/PageDown. */
const COUNT_PAGE = 10;

/** The next landmark above (or below) v; the range's end when there is none. */
function nextLandmark(v: number, up: boolean, r: ScrubRange): number {
  const inRange = LANDMARKS.filter((l) => l >= r.min && l <= r.max);
  const found = up ? inRange.find((l) => l > v) : [...inRange].reverse().find((l) => l < v);
  return found ?? (up ? r.max : r.min);
}

/**
 * The value a key gives. Arrows step as the typed fields do (a length to
 * the next power of two, a count by one; Shift for a fine step), PageUp and
 * PageDown jump a landmark (lengths) or ten (counts), Home/End go to the ends.
 */
export function keyedValue(v: number, key: ScrubKey, fine: boolean, r: ScrubRange): number {
  switch (key) {
    case 'Home':
      return r.min;
    case 'End':
      return r.max;
    case 'PageUp':
    case 'PageDown': {
      const up = key === 'PageUp';
      if (r.scale === 'tokens') return nextLandmark(v, up, r);
      return clampTo(v + (up ? COUNT_PAGE : -COUNT_PAGE), r);
    }
    default: {
      const up = key === 'ArrowRight' || key === 'ArrowUp';
      return clampTo(Number(steppedValue(BigInt(Math.round(v)), r.scale, up, fine)), r);
    }
  }
}
