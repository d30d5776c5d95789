// The one place the edition's language reaches the core: every request an
// engine sends carries `lang` (issue 20: the core composes its words —
// errors, labels, how-explanations, check_answer's feedback — in the
// request's language; numbers are the same in every language).
//
// The core rejects fields it does not know, so `lang` is sent only when the
// op schema lists it: web/scripts/editions.mjs reads the generated request
// types (web/src/runtime/generated/ops.ts) at build time and defines
// import.meta.env.TALLY_CORE_LANG. Until the core's `lang` lands the flag is
// false and requests stay as they were (the core answers in zh-Hant); once
// the schema is regenerated with it, the next build sends it everywhere.
import type { Engine, Fields, Op } from '../runtime/engine';
import { DEFAULT_LANG } from './editions';

export const CORE_TAKES_LANG: boolean = import.meta.env.TALLY_CORE_LANG === true;

/** The fields of a request in the edition's language (unchanged for zh-Hant, the core's default). */
export function requestFields(fields: Fields | undefined, lang: string, takesLang = CORE_TAKES_LANG): Fields | undefined {
  if (!takesLang || lang === DEFAULT_LANG) return fields;
  return { ...fields, lang };
}

/** An engine whose every request, typed or raw, carries the edition's language. */
export function withLang(engine: Engine, lang: string, takesLang = CORE_TAKES_LANG): Engine {
  if (!takesLang || lang === DEFAULT_LANG) return engine;
  const typed = <K extends Op>(op: K, fields?: Fields) => engine(op, requestFields(fields, lang, takesLang));
  return Object.assign(typed, { raw: (op: string, fields?: Fields) => engine.raw(op, requestFields(fields, lang, takesLang)) });
}
