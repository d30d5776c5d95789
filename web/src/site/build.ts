// Build-time page generation (bundled by Vite for Node, run by
// web/scripts/build-site.mjs), one chapter per call (content/book.json lists
// them). Each content/<chapter>/*.md becomes one HTML page
// whose widgets are already rendered with the core's default results, so the
// page is complete before any JavaScript or WASM runs.
//
// The chapter's page order, and so its table of contents and the
// previous/next links, is content/<chapter>/site.json "pages"; every page has
// front matter "title", "nav" (short name in the contents) and "description".

import { withLang } from '../i18n/core-lang';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { makeEngine, type TallyModule } from '../runtime/engine';
import { esc } from '../runtime/html';
import { siteWidgets } from '../runtime/site-config';
import { prerenderWidget } from '../runtime/widget';
import { widgetDef } from '../widgets/registry';
import { prerenderExercise } from '../exercises/prerender';
import { glossaryBlock, pagesBlock, siteToc, pager, type PageLink } from './chapter-nav';
import { CONTENTS_PAGE, chaptersBlock, contentsBody, contentsToc, type ChapterContents } from './book-contents';
import { bookCredit } from './book-source';
import { exercisePagesOf } from './exercise-pages';
import { katexFonts } from './katex-fonts';
import { createMarkdown, exerciseIds, splitFrontMatter, widgetInstances, type Glossary, type RenderEnv } from './markdown';
import { renderPage, type PageAssets } from './page';
import { profileForm, type ProfileText } from './profile-form';
import { importButton, importDialog, importProblemSlot } from '../import/markup';
import { searchButton, searchDialog } from '../search/markup';
import { searchNames, writeSearchNames } from '../search/names-build';
import { ui } from '../i18n/ui';
import type { SearchText } from '../search/text';
import { storagePanel, updateBanner } from '../offline/markup';
import { writeAppManifest } from '../offline/manifest-build';
import type { OfflineText } from '../offline/text';
import { fallbackPage } from '../offline/fallback-page';
import { alternateLinks, langOffer, langSwitch, type PageEdition } from './edition-links';

export interface BuildOptions {
  /** Instantiated tally_node module (the same core the browser loads). */
  module: TallyModule;
  contentDir: string;
  outDir: string;
  assets: PageAssets;
  /** Build version and site root for the "嵌入" snippets (docs/embed.md). */
  version?: string;
  /** The offline copy's icons (content/site/icons). */
  iconsDir: string;
  /**
   * The site root (dist/): the edition's pages go to outDir (dist/ or dist/en/ …),
   * the shared files (assets/, the service worker, the search index) stay here.
   */
  siteDir?: string;
  /** The edition these pages are (web/scripts/editions.mjs); zh-Hant alone when absent. */
  edition?: PageEdition;
  /**
   * Every chapter's pages (site/book-contents.ts): given to the first chapter
   * per edition, which writes the book's pages too: contents.html and the
   * front door, index.html (whose old links it forwards: it was once its landing page).
   */
  contents?: ChapterContents[];
  /** The edition's offline worker at the site root (web/scripts/service-worker.mjs workerFile); sw.js when absent. */
  serviceWorker?: string;
  /** Every chapter's content folder, in book order: the progress table links each chapter's exercises to their pages. */
  chapterDirs?: string[];
}

/** The front door's words (content/site/front.md) and its file (index.html in each edition's folder: the site's root). */
const FRONT_SOURCE = 'front.md';
export const FRONT_PAGE = 'index';

interface SiteMeta {
  name: string;
  footer: string;
  /** Page files (without .md) in reading order. */
  pages: string[];
  /** Markdown files beside the pages that are notes for editors, not pages (e.g. "widgets-plan"). */
  notes?: string[];
  nav_label: string;
  pager_label: string;
}

/** Render every page; returns the written file paths. */
export async function buildPages(opts: BuildOptions): Promise<string[]> {
  const { status, widgets: configs } = siteWidgets;
  const read = async (file: string) => readFile(path.join(opts.contentDir, file), 'utf8');
  const site = JSON.parse(await read('site.json')) as SiteMeta;
  const glossary = (JSON.parse(await read('glossary.json')) as { terms: Glossary }).terms;
  // The book's own words (profile, search, offline): content/site/, beside the chapters' folders.
  const readSite = async (file: string) => JSON.parse(await readFile(path.join(opts.contentDir, '..', 'site', file), 'utf8')) as unknown;
  const profileText = (await readSite('profile.json')) as ProfileText;
  const searchText = (await readSite('search.json')) as SearchText;
  const offlineText = (await readSite('offline.json')) as OfflineText;
  const edition: PageEdition = opts.edition ?? { lang: 'zh-Hant', dir: '', editions: [] };
  const engine = withLang(makeEngine(opts.module), edition.lang);
  const catalog = await engine('catalog');
  // Paths to the site root's shared files, from the edition's folder.
  const up = (p: string) => (edition.dir ? `../${p}` : p);
  const siteDir = opts.siteDir ?? opts.outDir;
  const manifestAssets = await writeAppManifest(opts.outDir, opts.iconsDir, offlineText, edition.lang);
  const offline = { ...manifestAssets, serviceWorker: up(opts.serviceWorker ?? manifestAssets.serviceWorker) };
  const md = createMarkdown();
  // Where errors point: "content/ch02".
  const where = path.relative(process.cwd(), opts.contentDir) || opts.contentDir;

  const sources = (await readdir(opts.contentDir)).filter((f) => f.endsWith('.md') && !f.startsWith('_'));
  const listed = [...site.pages, ...(site.notes ?? [])];
  const unlisted = sources.filter((f) => !listed.includes(f.replace(/\.md$/, '')));
  if (unlisted.length) throw new Error(`${where}/site.json "pages" does not list ${unlisted.join(', ')}`);

  // First pass: front matter of every page, for the contents and the pager.
  const pages = await Promise.all(
    site.pages.map(async (name) => {
      const { meta, body } = splitFrontMatter(await read(`${name}.md`));
      for (const key of ['title', 'nav', 'description']) {
        if (!meta[key]) throw new Error(`${where}/${name}.md: front matter needs "${key}"`);
      }
      return { name, meta, body, link: { href: `${name}.html`, nav: meta.nav!, description: meta.description! } as PageLink };
    }),
  );
  const links = pages.map((p) => p.link);
  // Old links (runtime/old-links.ts). The landing page forwards links made
  // when every widget was on it (index.html#table-2-1:B=4 → 2-1.html#…); a
  // page whose content moved to other pages ("moved: lookup" in its front
  // matter) forwards links to those pages' widgets and headings.
  const widgetsOf = (p: (typeof pages)[number]) => [...p.body.matchAll(/^```widget\s+(\S+)/gm)].map((m) => m[1]!);
  const anchorsOf = (p: (typeof pages)[number]) => [...p.body.matchAll(/\{#([\w-]+)\}/g)].map((m) => m[1]!);
  const widgetPages = Object.fromEntries(pages.flatMap((p) => widgetsOf(p).map((w) => [w, p.link.href])));
  const oldLinks = (page: (typeof pages)[number], index: number): Record<string, string> | undefined => {
    if (index === 0) return widgetPages;
    const moved = (page.meta.moved ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (!moved.length) return undefined;
    return Object.fromEntries(
      moved.flatMap((name) => {
        const to = pages.find((p) => p.name === name);
        if (!to) throw new Error(`${where}/${page.name}.md: "moved" names ${name}, which site.json does not list`);
        // A widget is named by its instance, or by its element id (w-<instance>) in embeds' home links.
        return [...widgetsOf(to).flatMap((w) => [w, `w-${w}`]), ...anchorsOf(to)].map((id) => [id, to.link.href]);
      }),
    );
  };
  // Which page holds each exercise: the progress summary links across pages and chapters.
  const exercisePages = await exercisePagesOf(opts.chapterDirs ?? [opts.contentDir]);
  // Search: the catalog's model and GPU names, each preset in a widget (search/names-build.ts).
  // A chapter whose pages lack the preset widget names another chapter's page that has it ("preset_page").
  const presetPage = (searchText as SearchText & { preset_page?: string }).preset_page;
  const presetPages = presetPage ? { [searchText.preset_widget]: presetPage, ...widgetPages } : widgetPages;
  const names = await writeSearchNames(opts.outDir, searchNames(catalog, searchText, presetPages));
  const searchTools = { header: searchButton(searchText), dialog: searchDialog(searchText, { base: up('pagefind/'), names }) };

  const written: string[] = [];
  const tools = {
    header: searchTools.header + importButton(),
    dialogs: importDialog() + searchTools.dialog,
  };
  for (const [index, page] of pages.entries()) {
    const env: RenderEnv = {
      widgets: new Map(),
      exercises: new Map(),
      toc: [],
      glossary,
      blocks: {
        pages: pagesBlock(links),
        profile: profileForm(catalog, profileText),
        glossary: glossaryBlock(glossary, md),
        storage: storagePanel(offlineText.storage),
      },
    };
    const tokens = md.parse(page.body, env);

    // Prerender each widget with its default state through the real core.
    const own: typeof configs = {};
    for (const instance of widgetInstances(tokens)) {
      const cfg = configs[instance];
      const def = cfg && widgetDef(cfg.kind);
      if (!cfg || !def) throw new Error(`${page.name}.md: unknown widget "${instance}"`);
      own[instance] = cfg;
      env.widgets.set(instance, await prerenderWidget(def, { instance, cfg }, engine, catalog, status.prerendered, status));
    }
    const widgetConfig = Object.keys(own).length ? up(await writePageWidgets(siteDir, page.name, { status, widgets: own })) : undefined;

    for (const id of exerciseIds(tokens)) env.exercises.set(id, await prerenderExercise(id, engine, catalog, exercisePages));

    const bodyHtml = md.renderer.render(tokens, md.options, env);
    const headings = env.toc.map((h) => ({ id: h.id, html: md.renderInline(h.title, env) }));
    const html = renderPage({
      title: page.meta.title!,
      description: page.meta.description!,
      siteName: site.name,
      bodyHtml: bodyHtml + pager(links, index, site.pager_label),
      tocHtml: siteToc(links, index, headings),
      tocLabel: site.nav_label,
      tocCurrent: page.link.nav,
      footerHtml: `<p>${esc(site.footer)}</p>${bookCredit(path.basename(opts.contentDir), edition.lang)}`,
      siteHref: `${FRONT_PAGE}.html`, // the header's site name leads to the book's front door
      assets: opts.assets,
      preloadFonts: katexFonts(bodyHtml),
      widgetConfig,
      oldLinks: oldLinks(page, index),
      embed: opts.version ? { root: up('./'), version: opts.version } : undefined,
      tools: {
        ...tools,
        notices: importProblemSlot() + updateBanner(offlineText) + (index === 0 ? langOffer(edition, page.link.href) : ''),
      },
      offline,
      lang: edition.lang,
      alternates: alternateLinks(edition, page.link.href),
      langSwitch: langSwitch(edition, page.link.href),
    });
    const out = path.join(opts.outDir, `${page.name}.html`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, html);
    written.push(out);
  }
  if (opts.contents) {
    // The front door: content/site/front.md in the edition's words, its ```chapters``` the book's chapters.
    const front = splitFrontMatter(await readFile(path.join(opts.contentDir, '..', 'site', FRONT_SOURCE), 'utf8'));
    const env: RenderEnv = { widgets: new Map(), exercises: new Map(), toc: [], glossary, blocks: { chapters: chaptersBlock(opts.contents, edition.lang) } };
    const frontHtml = md.render(front.body, env);
    const href = `${FRONT_PAGE}.html`;
    const landing = pages[0]!;
    const out = path.join(opts.outDir, href);
    await writeFile(
      out,
      renderPage({
        title: front.meta.title ?? ui.book.site_name,
        description: front.meta.description ?? '',
        siteName: ui.book.site_name,
        bodyHtml: frontHtml,
        tocHtml: siteToc(
          [{ href, nav: ui.book.front_nav, description: '' }],
          0,
          env.toc.map((h) => ({ id: h.id, html: md.renderInline(h.title, env) })),
        ),
        tocLabel: site.nav_label,
        tocCurrent: ui.book.front_nav,
        footerHtml: bookFooter(edition.lang),
        assets: opts.assets,
        preloadFonts: [],
        // The root was this chapter's landing page: links to its sections, its glossary's symbols and its widgets still land.
        oldLinks: {
          ...oldLinks(landing, 0),
          ...Object.fromEntries([...anchorsOf(landing), ...Object.keys(glossary).map((key) => `sym-${key}`)].map((id) => [id, landing.link.href])),
        },
        embed: opts.version ? { root: up('./'), version: opts.version } : undefined,
        tools: { ...tools, notices: importProblemSlot() + updateBanner(offlineText) + langOffer(edition, href) },
        offline,
        lang: edition.lang,
        alternates: alternateLinks(edition, href),
        langSwitch: langSwitch(edition, href),
      }),
    );
    written.push(out);
  }
  if (opts.contents) {
    const href = `${CONTENTS_PAGE}.html`;
    const out = path.join(opts.outDir, href);
    await writeFile(
      out,
      renderPage({
        title: ui.book.contents_title,
        siteHref: `${FRONT_PAGE}.html`,
        description: ui.book.contents_description,
        siteName: ui.book.site_name,
        bodyHtml: contentsBody(opts.contents, edition.lang),
        tocHtml: contentsToc(opts.contents),
        tocLabel: site.nav_label,
        tocCurrent: ui.book.contents_nav,
        footerHtml: bookFooter(edition.lang),
        assets: opts.assets,
        preloadFonts: [],
        embed: opts.version ? { root: up('./'), version: opts.version } : undefined,
        tools: { ...tools, notices: importProblemSlot() + updateBanner(offlineText) },
        offline,
        lang: edition.lang,
        alternates: alternateLinks(edition, href),
        langSwitch: langSwitch(edition, href),
      }),
    );
    written.push(out);
  }
  return written;
}

/** The footer of the book's own pages (the front door, the contents): no chapter's line, the book credited. */
function bookFooter(lang: string): string {
  return `<p>${esc(ui.book.footer)}</p>${bookCredit(undefined, lang)}`;
}

/**
 * The configs of one page's widgets, for the browser (runtime/page-widgets.ts):
 * content-hashed, so a changed config never meets a cached page.
 */
async function writePageWidgets(outDir: string, name: string, configs: unknown): Promise<string> {
  const body = JSON.stringify(configs);
  const file = `assets/widgets-${name}.${createHash('sha256').update(body).digest('hex').slice(0, 10)}.json`;
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  await writeFile(path.join(outDir, file), body);
  return file;
}

/**
 * The edition's offline page (offline/fallback-page.ts) in `outDir`, in the
 * words of content/site/offline.json beside the chapters' `contentDir`; `assets` relative
 * to the edition's folder. Returns the written file.
 */
export async function buildOfflinePage(opts: {
  contentDir: string;
  outDir: string;
  lang: string;
  assets: Pick<PageAssets, 'styles' | 'theme'>;
}): Promise<string> {
  const text = JSON.parse(await readFile(path.join(opts.contentDir, '..', 'site', 'offline.json'), 'utf8')) as OfflineText;
  const out = path.join(opts.outDir, 'offline.html');
  // The book's name (the installed app's), not a chapter's: the page is the whole edition's.
  await writeFile(out, fallbackPage({ lang: opts.lang, siteName: text.app_name, text: text.fallback, styles: opts.assets.styles, theme: opts.assets.theme }));
  return out;
}

export { buildEmbedPage } from './embed-page';
export { bookContents } from './book-contents';
export { checkExercises } from '../exercises/check';
export { checkSliders } from '../runtime/slider-check';
export { buildArticles } from './articles';

/**
 * One widget config prerendered as a page prerenders it, in an edition's
 * language: for the Node tests of the kinds configured wholly in content
 * (tests/content/widget-kinds.test.mjs), which draw configs of their own.
 */
export async function prerenderConfig(module: TallyModule, instance: string, raw: Record<string, unknown>, lang = 'zh-Hant'): Promise<string> {
  const cfg = { fixed: {}, text: {}, ...raw } as unknown as Parameters<typeof prerenderWidget>[1]['cfg'];
  const def = widgetDef(cfg.kind);
  if (!def) throw new Error(`no widget kind ${cfg.kind}`);
  const engine = withLang(makeEngine(module), lang);
  return prerenderWidget(def, { instance, cfg }, engine, await engine('catalog'), siteWidgets.status.prerendered);
}
