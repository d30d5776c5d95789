// Articles (content/articles/*.md → articles/<name>.html): prose around
// widgets that are embedded exactly as a third-party page would embed them,
// with embed.js and <tally-widget> elements. Syntax on top of the chapter's
// Markdown:
//   ```embed <instance> [state]```   e.g.  ```embed kv-concurrency requests=200&ctx=131072```
// The state is the widget's query string; the core validates it in the browser.
//
// Unlike a third-party page, an article is not a dead end: the site name in
// its header leads to the chapter, each widget links to its place in the
// chapter (or the passage it builds on, site/widget-homes.ts), each element
// keeps its state in the URL hash (`hash-state`), and each carries its
// default result prerendered by the core, which is what a reader without
// JavaScript sees and what embed.js moves into the element's shadow root.

import { withLang } from '../i18n/core-lang';
import { chapters, landingPage } from '../runtime/book';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Token } from 'markdown-it';

import { embedStatus } from '../embed/status';
import { makeEngine, type TallyModule } from '../runtime/engine';
import { attrs, esc } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { prerenderWidget } from '../runtime/widget';
import { widgetDef } from '../widgets/registry';
import type { WidgetHome } from '../embed/home';
import { widgetHomes } from './widget-homes';
import { katexFonts } from './katex-fonts';
import { createMarkdown, splitFrontMatter, type RenderEnv } from './markdown';
import { renderPage, type PageAssets } from './page';
import { alternateLinks, type PageEdition } from './edition-links';
import { ui } from '../i18n/ui';

export interface EmbedRef {
  instance: string;
  state: string;
}

const EMBED = /^embed\s+(\S+)(?:\s+(\S+))?\s*$/;

/** ```embed …``` blocks, in page order. */
export function embedInstances(tokens: Token[]): EmbedRef[] {
  return tokens
    .filter((t) => t.type === 'fence' && EMBED.test(t.info))
    .map((t) => {
      const m = EMBED.exec(t.info)!;
      return { instance: m[1]!, state: m[2] ?? '' };
    });
}

export interface ArticleBuildOptions {
  /** Instantiated tally_node module: prerenders each widget's default result. */
  module: TallyModule;
  /** content/<chapter> of every chapter (content/book.json): where each widget's place in the book is found. */
  contentDirs: string[];
  articlesDir: string;
  outDir: string;
  /** Site name and footer (the first chapter's site.json). */
  siteName: string;
  footer: string;
  /** Page assets, paths relative to the site root; the article's script is embed.js. */
  assets: PageAssets;
  version: string;
  /** The edition (web/scripts/editions.mjs); zh-Hant at the root when absent. */
  edition?: PageEdition;
}

export async function buildArticles(opts: ArticleBuildOptions): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(opts.articlesDir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort();
  } catch {
    return [];
  }
  const engine = withLang(makeEngine(opts.module), opts.edition?.lang ?? 'zh-Hant');
  const catalog = await engine('catalog');
  const homes = await widgetHomes(opts.contentDirs, opts.articlesDir, files);
  const md = createMarkdown();
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, i, options, env, self) => {
    const m = EMBED.exec(tokens[i]!.info);
    if (!m) return fence(tokens, i, options, env, self);
    const instance = m[1]!;
    const prerendered = (env as RenderEnv).widgets.get(instance);
    if (prerendered === undefined) throw new Error(`article: widget "${instance}" was not prerendered`);
    return (
      `<figure class="article-embed"${attrs({ id: `embed-${instance}` })}>` +
      `<tally-widget${attrs({ widget: instance, state: m[2] ?? '', 'hash-state': '' })}>${prerendered}${noScriptHome(homes[instance])}</tally-widget>` +
      `</figure>\n`
    );
  };
  /** Each embedded widget's markup with its default result, from the core. */
  const prerender = async (tokens: Token[], into: Map<string, string>): Promise<void> => {
    for (const { instance } of embedInstances(tokens)) {
      const cfg = siteWidgets.widgets[instance];
      const def = cfg && widgetDef(cfg.kind);
      if (!cfg || !def) throw new Error(`article: unknown widget "${instance}"`);
      into.set(instance, await prerenderWidget(def, { instance, cfg }, engine, catalog, siteWidgets.status.prerendered, embedStatus()));
    }
  };
  // Articles live one level down: every site-relative path gains "../".
  const up = (p: string) => `../${p}`;
  const assets: PageAssets = {
    script: up(opts.assets.script),
    theme: opts.assets.theme && up(opts.assets.theme),
    modules: opts.assets.modules?.map(up),
    styles: opts.assets.styles.map(up),
    fonts: opts.assets.fonts.map(up),
    wasmGlue: up(opts.assets.wasmGlue),
    wasmBinary: up(opts.assets.wasmBinary),
  };
  const written: string[] = [];
  for (const file of files) {
    const { meta, body } = splitFrontMatter(await readFile(path.join(opts.articlesDir, file), 'utf8'));
    const env: RenderEnv = { widgets: new Map(), exercises: new Map(), toc: [], glossary: {}, blocks: {} };
    const tokens = md.parse(body, env);
    await prerender(tokens, env.widgets);
    const bodyHtml = crumbs() + md.renderer.render(tokens, md.options, env);
    const tocHtml = env.toc.length ? `<ol>${env.toc.map((h) => `<li><a href="#${esc(h.id)}">${md.renderInline(h.title, env)}</a></li>`).join('')}</ol>` : '';
    const html = renderPage({
      title: meta.title ?? opts.siteName,
      description: meta.description ?? '',
      siteName: opts.siteName,
      bodyHtml,
      tocHtml,
      tocLabel: ui.article.toc_label,
      lang: opts.edition?.lang,
      alternates: opts.edition ? alternateLinks(opts.edition, `articles/${file.replace(/\.md$/, '.html')}`, 1) : undefined,
      footerHtml: esc(opts.footer),
      assets,
      preloadFonts: katexFonts(bodyHtml),
      embed: { root: opts.edition?.dir ? '../../' : '../', version: opts.version }, // the site root
      siteHref: '../index.html',
    });
    const out = path.join(opts.outDir, 'articles', file.replace(/\.md$/, '.html'));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
    written.push(out);
  }
  return written;
}

/**
 * The widget's link into the chapter, for readers without JavaScript (with
 * it, embed.js draws the same link in the element's shadow root).
 */
function noScriptHome(home: WidgetHome | undefined): string {
  if (!home) return '';
  return `<p class="tally-embed-home"><a${attrs({ href: `../${home.href}`, 'data-testid': 'widget-home' })}>${esc(home.label)}</a></p>`;
}

/** Where the article sits: the chapter it accompanies (the first chapter's landing page), at the top of the text. */
function crumbs(): string {
  return `<nav class="article-crumbs"${attrs({ 'aria-label': ui.article.crumbs_label })}><a href="../${esc(landingPage(chapters[0]!))}">${esc(ui.article.crumbs_chapter)}</a> › ${esc(ui.article.crumbs_here)}</nav>\n`;
}
