// embed.html: every widget prerendered into a <template>, picked by ?w= in
// the browser (web/src/embed/frame.ts). Written twice: at the site root (the
// latest build) and under v/<version>/ (the immutable copy old links use).

import { withLang } from '../i18n/core-lang';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { makeEngine, type TallyModule } from '../runtime/engine';
import { attrs, esc } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { prerenderWidget } from '../runtime/widget';
import { RESERVED_KEYS } from '../embed/protocol';
import { embedStatus } from '../embed/status';
import { widgetDef } from '../widgets/registry';
import { headAssets, headMeta, type PageAssets } from './page';
import { embedIndex } from './embed-index';
import { widgetHomes } from './widget-homes';
import type { WidgetHome } from '../embed/home';
import { ui } from '../i18n/ui';
import type { PageEdition } from './edition-links';

export interface EmbedBuildOptions {
  module: TallyModule;
  /** Every chapter's content/<chapter> (content/book.json): where each widget's home page is found. */
  contentDirs: string[];
  articlesDir: string;
  outDir: string;
  /** Assets of the embed entry (web/src/embed-frame.ts). */
  assets: PageAssets;
  version: string;
  /** The edition (web/scripts/editions.mjs): its embed.html goes to its folder; zh-Hant at the root when absent. */
  edition?: PageEdition;
}

export interface EmbedBuildResult {
  files: string[];
  /** instance → where its "see it in the chapter" link leads (embed/home.ts). */
  homes: Record<string, WidgetHome>;
}

async function mdFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort();
  } catch {
    return [];
  }
}

function shell(opts: EmbedBuildOptions, root: string, templates: string, index: string): string {
  const a = opts.assets;
  const e = opts.edition;
  // Which folder each built edition's embed.html is in, for ?lang= (embed/frame.ts).
  const editions = e ? JSON.stringify(Object.fromEntries(e.editions.map((x) => [x.lang, x.dir]))) : null;
  return `<!doctype html>
<html lang="${e?.lang ?? 'zh-Hant'}">
<head>
<meta charset="utf-8">
${headMeta(undefined)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${esc(ui.embed.page_title)}</title>
${headAssets(a)}
</head>
<body class="embed-page">
<main id="embed"${attrs({ 'data-version': opts.version, 'data-root': root, 'data-editions': editions })}>
<p id="embed-error" class="embed-error" role="alert" hidden></p>
<p id="embed-version-note" class="embed-note" hidden></p>
<div id="embed-slot"></div>
<p class="tally-embed-home" hidden><a id="embed-home" target="_blank" rel="noopener" data-testid="widget-home">${esc(ui.embed.home_link)}</a></p>
${index}
</main>
${templates}
</body>
</html>
`;
}

export async function buildEmbedPage(opts: EmbedBuildOptions): Promise<EmbedBuildResult> {
  const engine = withLang(makeEngine(opts.module), opts.edition?.lang ?? 'zh-Hant');
  const catalog = await engine('catalog');
  const homes = await widgetHomes(opts.contentDirs, opts.articlesDir, await mdFiles(opts.articlesDir));
  const parts: string[] = [];
  for (const [instance, cfg] of Object.entries(siteWidgets.widgets)) {
    const def = widgetDef(cfg.kind);
    if (!def) throw new Error(`embed: widget "${instance}" has unknown kind "${cfg.kind}"`);
    for (const c of cfg.controls) {
      if (RESERVED_KEYS.includes(c.key)) throw new Error(`embed: ${instance}.${c.key} is reserved by the embed URL (${RESERVED_KEYS.join(', ')})`);
    }
    const html = await prerenderWidget(def, { instance, cfg }, engine, catalog, siteWidgets.status.prerendered, embedStatus());
    const home = homes[instance];
    parts.push(`<template${attrs({ 'data-embed': instance, 'data-home': home?.href ?? 'index.html', 'data-home-label': home?.label })}>${html}</template>`);
  }
  const templates = parts.join('\n');
  // The index follows the reading order (homes are listed page by page), then the rest.
  const order = [...Object.keys(homes), ...Object.keys(siteWidgets.widgets)].filter((w, i, all) => all.indexOf(w) === i && siteWidgets.widgets[w]);
  const entries = order.map((instance) => ({ instance, title: siteWidgets.widgets[instance]!.title, home: homes[instance] }));
  const files: string[] = [];
  const dir0 = opts.edition?.dir ?? '';
  const up = dir0 ? '../' : '';
  for (const [dir, root] of [
    // The root the widgets' homes hang from is the edition's folder (its chapter pages).
    [path.join(opts.outDir, dir0), './'],
    [path.join(opts.outDir, 'v', opts.version, dir0), `../../${up}${dir0}`],
  ] as const) {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'embed.html');
    await writeFile(file, shell(opts, root, templates, embedIndex(entries, root)));
    files.push(file);
  }
  return { files, homes };
}
