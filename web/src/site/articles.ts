// Articles (content/articles/*.md → articles/<name>.html): prose around
// widgets that are embedded exactly as a third-party page would embed them,
// with embed.js and <tally-widget> elements. Syntax on top of the chapter's
// Markdown:
//   ```embed <instance> [state]```   e.g.  ```embed kv-concurrency requests=200&ctx=131072```
// The state is the widget's query string; the core validates it in the browser.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Token } from 'markdown-it';

import { attrs, esc } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { katexFonts } from './katex-fonts';
import { createMarkdown, splitFrontMatter, type RenderEnv } from './markdown';
import { renderPage, type PageAssets } from './page';

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
  articlesDir: string;
  outDir: string;
  /** Site name and footer (content/ch02/site.json). */
  siteName: string;
  footer: string;
  /** Page assets, paths relative to the site root; the article's script is embed.js. */
  assets: PageAssets;
  version: string;
}

export async function buildArticles(opts: ArticleBuildOptions): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(opts.articlesDir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort();
  } catch {
    return [];
  }
  const md = createMarkdown();
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (tokens, i, options, env, self) => {
    const m = EMBED.exec(tokens[i]!.info);
    if (!m) return fence(tokens, i, options, env, self);
    const instance = m[1]!;
    const cfg = siteWidgets.widgets[instance];
    if (!cfg) throw new Error(`article: unknown widget "${instance}"`);
    // The title stays readable before embed.js upgrades the element.
    return (
      `<figure class="article-embed"${attrs({ id: `embed-${instance}` })}>` +
      `<tally-widget${attrs({ widget: instance, state: m[2] ?? '' })}><p class="tally-status">${esc(cfg.title)}</p></tally-widget>` +
      `</figure>\n`
    );
  };
  // Articles live one level down: every site-relative path gains "../".
  const up = (p: string) => `../${p}`;
  const assets: PageAssets = {
    script: up(opts.assets.script),
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
    const bodyHtml = md.render(body, env);
    const tocHtml = env.toc.length ? `<ol>${env.toc.map((h) => `<li><a href="#${esc(h.id)}">${md.renderInline(h.title, env)}</a></li>`).join('')}</ol>` : '';
    const html = renderPage({
      title: meta.title ?? opts.siteName,
      description: meta.description ?? '',
      siteName: opts.siteName,
      bodyHtml,
      tocHtml,
      tocLabel: '本文目錄',
      footerHtml: esc(opts.footer),
      assets,
      preloadFonts: katexFonts(bodyHtml),
      embed: { root: '../', version: opts.version },
    });
    const out = path.join(opts.outDir, 'articles', file.replace(/\.md$/, '.html'));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
    written.push(out);
  }
  return written;
}
