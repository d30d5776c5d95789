// One prefix family per chart: a byte axis ticks in the family its own value
// labels use. The core writes sizes the chapter gives in GiB/MiB in binary
// units and others (weights in GB) in decimal ones; an axis ticking "1.2 GB"
// under a bar labelled "1.125 GiB" would put the bar's end at the wrong
// number, in the chapter that teaches the two differ.
//
// Tick values are round numbers *of one unit of that family* (0.2 GiB steps,
// 256 MiB is not needed): d3-scale picks them in unit space, so they are
// as readable as decimal ticks and the labels only spell them out.

import { format as d3format } from 'd3-format';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { tickLabel } from './chart';

export type ByteFamily = 'binary' | 'decimal';

const BINARY_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** The family of the chart's own labels (the core's displays): binary if any says KiB…PiB. */
export function byteFamily(displays: string[]): ByteFamily {
  return displays.some((d) => /\d\s*[KMGTP]iB\b/.test(d)) ? 'binary' : 'decimal';
}

export interface ByteAxis {
  scale: ScaleLinear<number, number>;
  ticks: Array<[number, string]>;
}

/** The largest power of 1024 not above `hi` (at least 1), and its unit name. */
function binaryUnit(hi: number): [number, string] {
  let k = 0;
  while (k + 1 < BINARY_UNITS.length && 1024 ** (k + 1) <= hi) k++;
  return [1024 ** k, BINARY_UNITS[k]!];
}

/** A linear scale from 0 to at least `hi` bytes over `range`, ticked in `family`. */
export function byteAxis(hi: number, range: [number, number], family: ByteFamily, count: number): ByteAxis {
  if (family === 'decimal') {
    const scale = scaleLinear().domain([0, hi]).nice(count).range(range);
    const label = tickLabel('si', 'B');
    return { scale, ticks: scale.ticks(count).map((v) => [v, label(v)]) };
  }
  const [unit, name] = binaryUnit(hi);
  const inUnits = scaleLinear()
    .domain([0, hi / unit])
    .nice(count);
  const scale = scaleLinear()
    .domain(inUnits.domain().map((v) => v * unit))
    .range(range);
  const f = d3format('~r');
  return { scale, ticks: inUnits.ticks(count).map((t) => [t * unit, t === 0 ? '0' : `${f(t)} ${name}`]) };
}

/**
 * A linear byte axis over [lo, hi] whose ticks are round in one binary unit
 * (0, 0.5 GiB, 1 GiB …), so their labels can state the true value; `nice`
 * rounds its ends outwards in that unit.
 */
export function binaryLinearScale(lo: number, hi: number, range: [number, number], nice: boolean): ScaleLinear<number, number> {
  const [unit] = binaryUnit(Math.max(Math.abs(lo), Math.abs(hi)));
  const inUnits = scaleLinear().domain([lo / unit, hi / unit]);
  if (nice) inUnits.nice();
  const scale = scaleLinear()
    .domain(inUnits.domain().map((v) => v * unit))
    .range(range);
  // The axis asks scale.ticks(count): round numbers of the unit, not of bytes.
  scale.ticks = (count?: number) => inUnits.ticks(count).map((t) => t * unit);
  return scale;
}

/** A byte count as its true value in the largest binary unit it reaches: 0 → "0 B", 1.5 × 2^30 → "1.5 GiB". */
export function binaryBytesLabel(v: number): string {
  if (v === 0) return '0 B';
  const [unit, name] = binaryUnit(Math.abs(v));
  return `${d3format(',.3~r')(v / unit)} ${name}`;
}
