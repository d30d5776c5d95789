// Sentences with live numbers: "一條請求輸入 {P} 個 token，運算量是 {flops}。"
// A placeholder naming one of the widget's controls is a *given*: a number
// the reader drags or steps (role="slider", runtime/scrub.ts), bound to that
// control, so a scrub goes through the widget's usual path (URL hash, core,
// every bound number). Any other placeholder is a *value*: a cell the core
// computes (runtime/cells.ts). Used by a worked example's statement
// (widgets/steps) and by the prose's live sentences (widgets/sentence).
//
// Content (content/ch02/widgets/*.json):
//   "statement": { "text": "…{S}…", "givens": { "S": { "min": "0", "max": "1048576", "says": "{n} 個 token" } } }
// "min"/"max" bound the scrub (typed values outside them still go to the
// core, which decides); "says" is the slider's value as read aloud. The
// file's "text" gives "scrub.name", the slider's name around "{short}" (the
// control's slider short name, or its key).

import { attrs, esc } from './html';
import { EngineError, type Engine, type Fields, type Json } from './engine';
import { controlId, quantityKind } from './controls';
import { groupDigits } from './format';
import type { View } from './bind';
import { text, type WidgetConfig } from './config';
import type { ScrubScale } from './scrub-values';

export interface GivenSpec {
  min: string;
  max: string;
  /** aria-valuetext with "{n}" for the digit-grouped value, e.g. "{n} 個 token". */
  says: string;
}

export interface Statement {
  text: string;
  givens: Record<string, GivenSpec>;
}

export type Part = { text: string } | { given: string } | { value: string };

const PLACEHOLDER = /\{([A-Za-z][\w-]*)\}/g;

/** Split a template into text, givens (the widget's control keys) and values. */
export function templateParts(text: string, cfg: WidgetConfig): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    const name = m[1]!;
    parts.push(cfg.controls.some((c) => c.key === name) ? { given: name } : { value: name });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** Check a statement against its widget once (build and browser): a typo fails the build. */
export function checkStatement(s: Statement | undefined, cfg: WidgetConfig, values: readonly string[] = []): Statement | undefined {
  if (s === undefined) return undefined;
  const where = `content/ch02/widgets*.json: ${cfg.title}: statement`;
  if (typeof s.text !== 'string' || typeof s.givens !== 'object' || s.givens === null) throw new Error(`${where} needs "text" and "givens"`);
  for (const p of templateParts(s.text, cfg)) {
    if ('value' in p && !values.includes(p.value)) throw new Error(`${where}: {${p.value}} is neither a control nor a value`);
    if (!('given' in p)) continue;
    const g = s.givens[p.given];
    if (!g || !/^\d+$/.test(g.min) || !/^\d+$/.test(g.max) || typeof g.says !== 'string' || !g.says.includes('{n}')) {
      throw new Error(`${where}: given {${p.given}} needs integer "min", "max" (as text) and "says" with {n}`);
    }
  }
  return s;
}

/** What a given shows: the reader's value as an integer (null if the core cannot read it) and its text. */
export interface GivenValue {
  now: string | null;
  display: string;
}

function scaleOf(cfg: WidgetConfig, key: string): ScrubScale {
  const c = cfg.controls.find((x) => x.key === key)!;
  return quantityKind(cfg, c) === 'tokens' ? 'tokens' : 'count';
}

/**
 * The givens' current values. Digits are taken as they are; text such as
 * "32K" is read by the core (read_quantity), as the typed fields are. Text
 * the core cannot read stays as typed: the widget's own requests then carry
 * the core's message about it, under its control.
 */
export async function readGivens(engine: Engine, cfg: WidgetConfig, vars: Fields, s: Statement | undefined): Promise<Record<string, GivenValue>> {
  const out: Record<string, GivenValue> = {};
  if (!s) return out;
  for (const p of templateParts(s.text, cfg)) {
    if (!('given' in p)) continue;
    const c = cfg.controls.find((x) => x.key === p.given)!;
    const raw: Json | undefined = vars[c.field];
    let now: string | null = typeof raw === 'number' ? String(raw) : typeof raw === 'string' && /^\d+$/.test(raw) ? raw : null;
    if (now === null && typeof raw === 'string') {
      try {
        const read = await engine.raw('read_quantity', { text: raw, kind: scaleOf(cfg, p.given) });
        if (typeof read.value === 'string' || typeof read.value === 'number') now = String(read.value);
      } catch (err) {
        if (!(err instanceof EngineError)) throw err;
      }
    }
    out[p.given] = { now, display: now === null ? String(raw ?? '') : groupDigits(BigInt(now)) };
  }
  return out;
}

/** View keys of the givens: g.K (text), g.K@now, g.K@text (the slider's ARIA values). */
export function givensView(view: View, givens: Record<string, GivenValue>, s: Statement | undefined): void {
  if (!s) return;
  for (const [key, g] of Object.entries(givens)) {
    view[`g.${key}`] = g.display;
    view[`g.${key}@now`] = g.now;
    view[`g.${key}@text`] = s.givens[key]!.says.replace('{n}', g.display);
  }
}

function givenMarkup(key: string, s: Statement, view: View, cfg: WidgetConfig, instance: string): string {
  const c = cfg.controls.find((x) => x.key === key)!;
  const spec = s.givens[key]!;
  const now = view[`g.${key}@now`] ?? null;
  const valueText = view[`g.${key}@text`] ?? null;
  return (
    `<span${attrs({
      class: 'scrub',
      role: 'slider',
      tabindex: '0',
      // Named by the control's short name, never its label: both are on the
      // page, and a reader (or getByLabel, which matches parts of names)
      // must find the field by its label alone.
      'aria-label': text(cfg, 'scrub.name').replace('{short}', c.slider?.short ?? c.key),
      'aria-valuemin': spec.min,
      'aria-valuemax': spec.max,
      'aria-valuenow': now,
      'aria-valuetext': valueText,
      'aria-orientation': 'horizontal',
      'data-scrub': controlId(instance, key),
      'data-scale': scaleOf(cfg, key),
      'data-testid': `${instance}-scrub-${key}`,
    })} data-a="aria-valuenow:g.${esc(key)}@now aria-valuetext:g.${esc(key)}@text" data-b="g.${esc(key)}">` + `${esc(view[`g.${key}`] ?? '')}</span>`
  );
}

/** The sentence's inner HTML: text, scrubbable givens, and bound values (view key "v.name"). */
export function templateMarkup(s: Statement, view: View, cfg: WidgetConfig, instance: string): string {
  return templateParts(s.text, cfg)
    .map((p) => {
      if ('text' in p) return esc(p.text);
      if ('given' in p) return givenMarkup(p.given, s, view, cfg, instance);
      return `<strong class="num scrub-value" data-b="v.${esc(p.value)}" data-testid="${esc(instance)}-v-${esc(p.value)}">${esc(view[`v.${p.value}`] ?? '')}</strong>`;
    })
    .join('');
}
