// Presentation-only helpers. They never compute a quantity: they lay out
// integers the core returned, or turn two core integers into a pixel ratio.

/** 33558528n → "33,558,528" (digit grouping only; locale-independent). */
export function groupDigits(n: bigint): string {
  const s = (n < 0n ? -n : n).toString();
  const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0n ? `-${grouped}` : grouped;
}

/**
 * part/whole as a float in [0, 1] for drawing. bigint → Number only here, for
 * pixel proportions; 1e-6 resolution is far below one pixel.
 */
export function ratio(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  const r = Number((part * 1_000_000n) / whole) / 1_000_000;
  return Math.min(1, Math.max(0, r));
}

/** Fixed-precision coordinate so Node and browser print identical SVG. */
export function coord(x: number): string {
  return (Math.round(x * 100) / 100).toFixed(2);
}
