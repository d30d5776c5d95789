// Presentation-only helpers. They never compute a quantity: they lay out
// integers the core returned, or turn two core integers into a pixel ratio.

/** 33558528n → "33,558,528" (digit grouping only; locale-independent). */
export function groupDigits(n: bigint): string {
  const s = (n < 0n ? -n : n).toString();
  const grouped = s.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0n ? `-${grouped}` : grouped;
}

/**
 * Numbers written by hand in the prose, grouped as the core groups its own
 * (issue 39 item 13: "5591.33" beside the core's "5,591.33"): an integer part
 * of five digits or more, or of four with decimals; a four-digit integer
 * (a year, 1024, 4096) is left as written, as are digits inside a word, a
 * name or a path (Qwen3-8B, H100, v1.2, tally_web.3671242c4a.wasm). `sep` is
 * what goes between groups ("{,}" in TeX, where a bare comma adds a space).
 */
export function groupWrittenDigits(text: string, sep = ','): string {
  return text.replace(WRITTEN_NUMBER, (whole: string, int: string, fraction: string | undefined) =>
    int.length >= 5 || fraction ? `${int.replace(/\B(?=(\d{3})+(?!\d))/g, sep)}${fraction ?? ''}` : whole,
  );
}
/**
 * A string the core wrote with its numbers ungrouped (a substituted formula:
 * "4×32×128×18876416", "5591.33 × 60"), grouped as the core groups the
 * numbers it displays: every integer part of four digits or more
 * ("18,876,416", "5,591.33", "4,096"), digits inside a name left as they are
 * (H200, Qwen3-8B). Layout only: the digits are the core's. The group
 * separator is the comma in every edition, as in the core's own displays.
 */
export function groupCoreDigits(text: string): string {
  return text.replace(
    WRITTEN_NUMBER,
    (_whole: string, int: string, fraction: string | undefined) => `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ?? ''}`,
  );
}
/** Not after a letter, digit, point, comma, slash, hyphen or the like; not before a letter, digit or another decimal part. */
const WRITTEN_NUMBER = /(?<![-\p{L}\p{N}_.,/#@:])(\d{4,})(\.\d+)?(?![\p{L}\p{N}_]|\.\d)/gu;

/** The same in TeX source, where a number may follow a command (\\times12288) or a list's comma ([400,10240]) or precede a letter (12288m), and a group separator is "{,}". */
export function groupTexDigits(src: string): string {
  return src.replace(TEX_NUMBER, (whole: string, int: string, fraction: string | undefined) =>
    int.length >= 5 || fraction ? `${int.replace(/\B(?=(\d{3})+(?!\d))/g, '{,}')}${fraction ?? ''}` : whole,
  );
}
const TEX_NUMBER = /(?<![\p{N}_.])(?<!(?<!\\\p{L}*)\p{L})(\d{4,})(\.\d+)?(?![\p{N}_]|\.\d)/gu;

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
