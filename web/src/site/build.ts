// Build-time page generation (bundled by Vite for Node, run by
// web/scripts/build-site.mjs). Each content/ch02/*.md becomes one HTML page
// whose widgets are already rendered with the core's default results, so the
// page is complete before any JavaScript or WASM runs.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { makeEngine, type TallyModule } from '../runtime/engine';
import { esc } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { prerenderWidget } from '../runtime/widget';
import { widgets } from '../widgets/registry';
import { createMarkdown, splitFrontMatter, widgetInstances, type RenderEnv } from './markdown';
import { renderPage, type PageAssets } from './page';

export interface BuildOptions {
  /** Instantiated tally_node module (the same core the browser loads). */
  module: TallyModule;
  contentDir: string;
  outDir: string;
  assets: PageAssets;
  /** Build version and site root for the "嵌入" snippets (docs/embed.md). */
  version?: string;
}

interface SiteMeta {
  name: string;
  footer: string;
  /** Fonts visible in the first screen: preloading them avoids a reflow when they arrive. */
  preload_fonts?: string[];
}

/** Render every page; returns the written file paths. */
export async function buildPages(opts: BuildOptions): Promise<string[]> {
  const engine = makeEngine(opts.module);
  const catalog = await engine('catalog');
  const { status, widgets: configs } = siteWidgets;
  const site = JSON.parse(await readFile(path.join(opts.contentDir, 'site.json'), 'utf8')) as SiteMeta;
  const md = createMarkdown();

  const written: string[] = [];
  const sources = (await readdir(opts.contentDir)).filter((f) => f.endsWith('.md') && !f.startsWith('_')).sort();
  for (const file of sources) {
    const { meta, body } = splitFrontMatter(await readFile(path.join(opts.contentDir, file), 'utf8'));
    const env: RenderEnv = { widgets: new Map(), toc: [] };
    const tokens = md.parse(body, env);

    // Prerender each widget with its default state through the real core.
    for (const instance of widgetInstances(tokens)) {
      const cfg = configs[instance];
      const def = cfg && widgets[cfg.kind];
      if (!cfg || !def) throw new Error(`${file}: unknown widget "${instance}"`);
      env.widgets.set(instance, await prerenderWidget(def, { instance, cfg }, engine, catalog, status.prerendered));
    }

    const bodyHtml = md.renderer.render(tokens, md.options, env);
    const tocHtml = env.toc.length
      ? `<ol>${env.toc.map((h) => `<li><a href="#${esc(h.id)}">${md.renderInline(h.title, env)}</a></li>`).join('')}</ol>`
      : '';
    const title = meta.title ?? site.name;
    const html = renderPage({
      title,
      description: meta.description ?? '',
      siteName: site.name,
      bodyHtml,
      tocHtml,
      footerHtml: esc(site.footer),
      assets: opts.assets,
      preloadFonts: site.preload_fonts ?? [],
      embed: opts.version ? { root: './', version: opts.version } : undefined,
    });
    const out = path.join(opts.outDir, file.replace(/\.md$/, '.html'));
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
    written.push(out);
  }
  return written;
}

export { buildEmbedPage } from './embed-page';
export { buildArticles } from './articles';
