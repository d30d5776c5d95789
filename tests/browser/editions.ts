// The site's editions as the page tests see them (issue 20): which editions
// this build wrote and where, and each edition's words for what the tests
// read from content/ (widget configs, site words), made by the same
// transformJson() the site build uses (web/scripts/editions.mjs), so a label
// the test looks for is the label the edition's page shows.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { widgetFiles, type WidgetCfg } from './chapter';
import type { Core } from './fixtures';
// @ts-expect-error: a plain ES module of the site build (no types)
import { EDITIONS as ALL_EDITIONS, transformJson as transformJsonUntyped } from '../../web/scripts/editions.mjs';

export type Lang = 'zh-Hant' | 'zh-Hans' | 'en';
export interface Edition {
  lang: Lang;
  /** Folder under the site root: '' for zh-Hant, 'zh-Hans/', 'en/'. */
  dir: string;
  /** The edition's name in the language switch. */
  label: string;
}

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'dist');
const transformJson = transformJsonUntyped as (file: string, value: unknown, lang: Lang) => unknown;

export const DEFAULT_LANG: Lang = 'zh-Hant';
/** Every edition, zh-Hant first. */
export const EDITIONS: Edition[] = (ALL_EDITIONS as Edition[]).map(({ lang, dir, label }) => ({ lang, dir, label }));
/** The editions this build wrote (dist/<dir>index.html exists). */
export const BUILT: Edition[] = EDITIONS.filter((e) => existsSync(path.join(dist, e.dir, 'index.html')));
/** The built editions other than zh-Hant (whose pages the existing specs test page by page). */
export const OTHER_EDITIONS: Edition[] = BUILT.filter((e) => e.lang !== DEFAULT_LANG);

/** A content JSON file ("content/ch02/widgets.json") in the edition's words. */
export function contentJson<T = Record<string, unknown>>(file: string, lang: Lang): T {
  return transformJson(file, JSON.parse(readFileSync(path.join(root, file), 'utf8')), lang) as T;
}

/** Every widget configuration of a chapter in the edition's words, by instance (as chapter.ts chapterWidgets). */
export function widgetsIn(lang: Lang, chapter = 'ch02'): Record<string, WidgetCfg> {
  return Object.assign({}, ...widgetFiles(chapter).map((f) => contentJson<{ widgets: Record<string, WidgetCfg> }>(f, lang).widgets));
}

/** The site's UI words (content/site/ui.json) in the edition's words. */
export function uiIn(lang: Lang): Record<string, Record<string, string>> {
  return contentJson('content/site/ui.json', lang);
}

/** The Node core asked in the edition's language, as that edition's pages ask it. */
export function coreIn(core: Core, lang: Lang): Core {
  const withLang = <T>(request: T): T => ({ ...request, lang }) as T;
  return {
    evaluate: (request) => core.evaluate(withLang(request)),
    ok: (request) => core.ok(withLang(request)),
    error: (request) => core.error(withLang(request)),
  };
}

/** A served path in the edition ("en/2-1.html"). */
export const inEdition = (e: Edition, file: string): string => `${e.dir}${file}`;
