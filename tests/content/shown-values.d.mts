// Types of shown-values.mjs for the browser tests (TypeScript).
import type { WidgetCfg } from '../browser/chapter';

type Fields = Record<string, unknown>;
type Values = Record<string, string>;
/** The core's result for a request (a refusal throws). */
export type Answer = (request: Fields & { op: string }) => Record<string, any>;
export interface Shown {
  testid: string;
  within?: string;
  label: string;
  text: string;
}

export const FIGURE_KINDS: Set<string>;
export const DATA_KINDS: Set<string>;
export function defaults(cfg: WidgetCfg): Values;
export function asInteger(raw: string): unknown;
export function cellRequest(op: string, values: Values, ...layers: Array<Fields | undefined>): Fields & { op: string };
export function at(value: unknown, p: string): unknown;
export function shown(v: unknown): string;
export function tableCell(answer: Answer, cfg: WidgetCfg, values: Values, row: number, col: number): string;
export function shownTexts(answer: Answer, cfg: WidgetCfg, instance: string, values: Values): Shown[];
