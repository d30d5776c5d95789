// Where a readout box goes: beside its mark, never over it. Above first (a
// finger or pointer comes from below), then below, right and left; each
// place slides along the mark's edge to stay inside the figure. Kept apart
// from readout.ts so the geometry is plain arithmetic on boxes.

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const GAP = 6;

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(v, hi));

/** Top-left corner of a w×h box next to `mark`, inside `within` where any place fits. */
export function placeBeside(mark: Box, w: number, h: number, within: Box): { left: number; top: number } {
  const midX = (mark.left + mark.right) / 2;
  const midY = (mark.top + mark.bottom) / 2;
  const x = clamp(midX - w / 2, within.left, within.right - w);
  const y = clamp(midY - h / 2, within.top, within.bottom - h);
  const places = [
    { left: x, top: mark.top - GAP - h },
    { left: x, top: mark.bottom + GAP },
    { left: mark.right + GAP, top: y },
    { left: mark.left - GAP - w, top: y },
  ];
  const fits = (p: { left: number; top: number }) =>
    p.left >= within.left - 0.5 && p.top >= within.top - 0.5 && p.left + w <= within.right + 0.5 && p.top + h <= within.bottom + 0.5;
  // None fits (a mark as large as the figure): above it, even if that leaves the figure.
  return places.find(fits) ?? places[0]!;
}
