// embed.html: every widget prerendered into a <template>, picked by ?w= in
// the browser (web/src/embed/frame.ts). Written twice: at the site root (the
// latest build) and under v/<version>/ (the immutable copy old links use).

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { makeEngine, type TallyModule } from '../runtime/engine';
import { attrs } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { prerenderWidget } from '../runtime/widget';
import { RESERVED_KEYS } from '../embed/protocol';
import { widgetDef } from '../widgets/registry';
import { createMarkdown, splitFrontMatter, widgetInstances } from './markdown';
import { headAssets, headMeta, type PageAssets } from './page';
import { embedInstances } from './articles';

export interface EmbedBuildOptions {
  module: TallyModule;
  /** content/ch02 and content/articles: where each widget's home page is found. */
  contentDir: string;
  articlesDir: string;
  outDir: string;
  /** Assets of the embed entry (web/src/embed-frame.ts). */
  assets: PageAssets;
  version: string;
}

export interface EmbedBuildResult {
  files: string[];
  /** instance → "page.html#anchor" relative to the site root. */
  homes: Record<string, string>;
}

async function mdFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort();
  } catch {
    return [];
  }
}

/** Where each widget lives: its chapter page, else the article that embeds it. */
async function widgetHomes(opts: EmbedBuildOptions): Promise<Record<string, string>> {
  const md = createMarkdown();
  const homes: Record<string, string> = {};
  for (const file of await mdFiles(opts.contentDir)) {
    const { body } = splitFrontMatter(await readFile(path.join(opts.contentDir, file), 'utf8'));
    const tokens = md.parse(body, { widgets: new Map(), toc: [] });
    for (const instance of widgetInstances(tokens)) homes[instance] ??= `${file.replace(/\.md$/, '.html')}#w-${instance}`;
  }
  for (const file of await mdFiles(opts.articlesDir)) {
    const { body } = splitFrontMatter(await readFile(path.join(opts.articlesDir, file), 'utf8'));
    const tokens = md.parse(body, { widgets: new Map(), toc: [] });
    for (const { instance } of embedInstances(tokens)) homes[instance] ??= `articles/${file.replace(/\.md$/, '.html')}#embed-${instance}`;
  }
  return homes;
}

function shell(opts: EmbedBuildOptions, root: string, templates: string): string {
  const a = opts.assets;
  return `<!doctype html>
<html lang="zh-Hant">
<head>
<meta charset="utf-8">
${headMeta(undefined)}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>Tally 小工具</title>
${headAssets(a)}
</head>
<body class="embed-page">
<main id="embed"${attrs({ 'data-version': opts.version, 'data-root': root })}>
<p id="embed-error" class="embed-error" role="alert" hidden></p>
<p id="embed-version-note" class="embed-note" hidden></p>
<div id="embed-slot"></div>
<p class="tally-embed-home"><a id="embed-home" target="_blank" rel="noopener">在 Tally 章節中查看這個小工具</a></p>
</main>
${templates}
</body>
</html>
`;
}

export async function buildEmbedPage(opts: EmbedBuildOptions): Promise<EmbedBuildResult> {
  const engine = makeEngine(opts.module);
  const catalog = await engine('catalog');
  const homes = await widgetHomes(opts);
  const parts: string[] = [];
  for (const [instance, cfg] of Object.entries(siteWidgets.widgets)) {
    const def = widgetDef(cfg.kind);
    if (!def) throw new Error(`embed: widget "${instance}" has unknown kind "${cfg.kind}"`);
    for (const c of cfg.controls) {
      if (RESERVED_KEYS.includes(c.key)) throw new Error(`embed: ${instance}.${c.key} is reserved by the embed URL (${RESERVED_KEYS.join(', ')})`);
    }
    const html = await prerenderWidget(def, { instance, cfg }, engine, catalog, siteWidgets.status.prerendered);
    parts.push(`<template${attrs({ 'data-embed': instance, 'data-home': homes[instance] ?? 'index.html' })}>${html}</template>`);
  }
  const templates = parts.join('\n');
  const files: string[] = [];
  for (const [dir, root] of [
    [opts.outDir, './'],
    [path.join(opts.outDir, 'v', opts.version), '../../'],
  ] as const) {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, 'embed.html');
    await writeFile(file, shell(opts, root, templates));
    files.push(file);
  }
  return { files, homes };
}

