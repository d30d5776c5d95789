#!/usr/bin/env node
// npm run build:site — writes the complete static site into dist/.
//
//   0. Every content file is checked against its JSON Schema
//      (content/schemas, web/scripts/content-schemas.mjs); a mismatch stops
//      the build with the file, the place in it and what is wrong.
//   1. Vite builds the browser bundle (hashed JS/CSS, KaTeX fonts) + manifest,
//      once per edition (editions.mjs: zh-Hant at the root, zh-Hans/ and en/
//      beside it), each with its edition's words bundled in.
//   2. Vite bundles web/src/site/build.ts for Node (same TypeScript widget
//      code the browser runs, so prerendered markup equals hydrated markup),
//      once per edition too.
//   3. The WASM glue (minified: Emscripten 3.1.6 leaves its names long) and
//      binary of the book's one browser module (tally_web: every chapter's
//      ops, so a reader downloads it once) are copied under content-hashed
//      names.
//   4. The Node build of the core (tally_node) computes every widget's default
//      result, and each page of every chapter content/book.json lists
//      (content/<chapter>/*.md) becomes a full HTML page at the site root
//      (zh-Hant) or in its edition's folder (zh-Hans/, en/).
//   5. Embeds and articles (embed-build.mjs).
//   6. Search: Pagefind indexes every edition's chapter pages, one index per
//      <html lang> (search-index.mjs).
//   7. Offline: Workbox writes one service worker per edition, each
//      precaching its edition (service-worker.mjs); it comes last, so it
//      lists every file.
//
// The core is looked up in build/wasm/ (override with TALLY_WASM_DIR); the
// lead's CMake wasm preset produces it.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { minifySync } from 'rolldown/utils';
import { build } from 'vite';

import { siteChapters } from './book-chapters.mjs';
import { checkContent, ContentError } from './content-schemas.mjs';
import { buildEmbeds, buildVersion, keepVersions, restoreVersions } from './embed-build.mjs';
import { bundleFiles, embedOnlyFiles, entryOf, modulesOf, stylesOf } from './manifest.mjs';
import { buildSearchIndex } from './search-index.mjs';
import { buildServiceWorkers, workerFile } from './service-worker.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wasmDir = path.resolve(root, process.env.TALLY_WASM_DIR ?? 'build/wasm');
const dist = path.join(root, 'dist');
const ssrOut = path.join(root, '.cache/site-ssr');

try {
  checkContent(root);
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`build:site: ${error.message}`);
  process.exit(1);
}
// The editions module (and the converters it loads) only once the content is known to be valid.
const { contentFor, DEFAULT_LANG, editionOf, editionPlugin, editionsToBuild, transformJson } = await import('./editions.mjs');
const chapterDirs = await bookChapterDirs();
// The browser's module and Node's: both serve every op of every chapter.
const BROWSER_CORE = 'tally_web';
const keptVersions = path.join(root, '.cache/kept-versions');

const need = ['tally_node.mjs', 'tally_node.wasm', `${BROWSER_CORE}.mjs`, `${BROWSER_CORE}.wasm`].map((f) => path.join(wasmDir, f));
const missing = need.filter((f) => !existsSync(f));
if (missing.length) {
  console.error(`build:site: the WASM core is missing:\n  ${missing.join('\n  ')}\nBuild it first (cmake --preset wasm && cmake --build --preset wasm).`);
  process.exit(1);
}

// 1. and 2. For each edition (editions.mjs): its browser bundle, its words
// bundled in (hashed names, so the editions' bundles sit side by side in
// dist/assets), and its page generator for Node. Earlier embed versions in
// dist/v/ are kept aside, see embed-build.mjs.
let editions;
try {
  editions = await editionsToBuild();
} catch (error) {
  console.error(`build:site: ${error.message}`);
  process.exit(1);
}
await keepVersions(dist, keptVersions);
const bundles = {};
for (const [i, lang] of editions.entries()) {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    plugins: [editionPlugin(lang)],
    build: { emptyOutDir: i === 0 },
  });
  const manifestPath = path.join(dist, '.vite/manifest.json');
  const manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8'));
  await fs.rm(path.dirname(manifestPath), { recursive: true, force: true }); // not part of the site
  const ssrDir = path.join(ssrOut, lang);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [editionPlugin(lang)],
    build: {
      ssr: 'web/src/site/build.ts',
      outDir: ssrDir,
      emptyOutDir: true,
      target: 'node20',
      rolldownOptions: { output: { entryFileNames: 'build.mjs' } },
    },
  });
  bundles[lang] = { manifest, ssrDir };
}
// 3. The browser core, content-hashed so a new core never mixes with a cached old one.
// It has no words compiled in: the catalogs sit next to it, in its hash.
const { browserCatalogs, writeBrowserCatalogs } = await import('../../scripts/i18n/catalogs.mjs');
const catalogs = browserCatalogs();
await fs.mkdir(path.join(dist, 'wasm'), { recursive: true });
const { wasmGlue, wasmBinary, hash } = await writeBrowserCore(BROWSER_CORE);
// The head's script that starts compiling the core and the core's worker (a
// classic script: Vite builds modules only), with the worker's script inlined,
// named by its content like every other asset.
const startCoreSource = await startCoreScript();
const startCore = `assets/start-core-${createHash('sha256').update(startCoreSource).digest('hex').slice(0, 8)}.js`;
await fs.writeFile(path.join(dist, startCore), startCoreSource);
// The head's first script: the reader's light/dark choice, applied before the first paint.
const themeSource = await fs.readFile(path.join(root, 'web/src/theme/theme.js'), 'utf8');
const theme = `assets/theme-${createHash('sha256').update(themeSource).digest('hex').slice(0, 8)}.js`;
await fs.writeFile(path.join(dist, theme), themeSource);

/**
 * content/<dir> of every published chapter of content/book.json, in book order. All
 * chapters' pages share the site root (URLs stay 2-1.html, not ch02/2-1.html),
 * so two chapters may not list a page of the same name.
 */
async function bookChapterDirs() {
  const chapters = siteChapters(root); // draft chapters are not built (book-chapters.mjs)
  // The book's own pages (web/src/site/build.ts, book-contents.ts) share the root with the chapters'.
  const owner = new Map([
    ['index', 'the front door (content/site/front.md)'],
    ['contents', 'the book contents page'],
  ]);
  for (const chapter of chapters) {
    const site = JSON.parse(await fs.readFile(path.join(root, 'content', chapter.content, 'site.json'), 'utf8'));
    // Its landing page is named by its id (web/src/runtime/book.ts landingPage): links across the book reach it by that name.
    if (site.pages[0] !== chapter.id)
      throw new Error(
        `content/${chapter.content}/site.json: the first page (the landing page) must be "${chapter.id}", the chapter's id; it is "${site.pages[0]}"`,
      );
    for (const page of site.pages) {
      if (owner.has(page))
        throw new Error(
          `content/book.json: ${owner.get(page)} and chapter ${chapter.id} both have a page "${page}" (site.json "pages"); every chapter writes to the site root`,
        );
      owner.set(page, `chapter ${chapter.id}`);
    }
  }
  return chapters.map((chapter) => path.join(root, 'content', chapter.content));
}

/** Copies one browser core (`core`.mjs / .wasm from build/wasm) into dist/wasm under its hash, with its catalogs. */
async function writeBrowserCore(core) {
  const [glueSource, binary] = await Promise.all([fs.readFile(path.join(wasmDir, `${core}.mjs`), 'utf8'), fs.readFile(path.join(wasmDir, `${core}.wasm`))]);
  const glue = minifiedGlue(glueSource);
  const coreHash = createHash('sha256').update(glue).update(binary).update(JSON.stringify(catalogs)).digest('hex').slice(0, 10);
  const files = { wasmGlue: `wasm/${core}.${coreHash}.mjs`, wasmBinary: `wasm/${core}.${coreHash}.wasm`, hash: coreHash };
  await fs.writeFile(path.join(dist, files.wasmGlue), glue);
  await fs.writeFile(path.join(dist, files.wasmBinary), binary);
  writeBrowserCatalogs(dist, files.wasmBinary, catalogs);
  return files;
}

/** web/src/start-core.js with the text of the core's worker (web/src/runtime/core-worker.js) in place. */
async function startCoreScript() {
  const [script, worker] = await Promise.all(['web/src/start-core.js', 'web/src/runtime/core-worker.js'].map((f) => fs.readFile(path.join(root, f), 'utf8')));
  const slot = 'var source = CORE_WORKER_SOURCE;';
  if (!script.includes(slot)) throw new Error(`build:site: web/src/start-core.js has no "${slot}"`);
  return script.replace(slot, () => `var source = ${JSON.stringify(worker)};`);
}

// Emscripten's glue keeps readable local names (no Closure Compiler here);
// the same minifier Vite uses shortens them, a third off the gzip size.
function minifiedGlue(source) {
  const { code, errors } = minifySync('tally_web.mjs', source, { compress: true, mangle: { toplevel: true }, module: true });
  if (errors?.length) throw new Error(`build:site: minifying the WASM glue failed: ${errors.map((e) => e.message).join('; ')}`);
  return code;
}

// 4. Pages, with widgets prerendered by the Node build of the same core.
// Emscripten's Node glue would try fetch() on a file path, so hand it the bytes.
const createTally = (await import(pathToFileURL(need[0]).href)).default;
const module = await createTally({ wasmBinary: await fs.readFile(need[1]) });
const ssrOf = {};
for (const lang of editions) ssrOf[lang] = await import(pathToFileURL(path.join(bundles[lang].ssrDir, 'build.mjs')).href);
try {
  ssrOf[DEFAULT_LANG].checkExercises(); // what the exercise schema cannot say: references between givens, calls and texts
  ssrOf[DEFAULT_LANG].checkSliders(); // a slider's scale, default and name (runtime/slider-check.ts)
} catch (error) {
  console.error(`build:site: ${error.message}`);
  process.exit(1);
}
// One version for the whole build: the core and every edition's bundles.
const version = buildVersion(hash, Object.fromEntries(editions.flatMap((lang) => Object.entries(bundles[lang].manifest).map(([k, v]) => [`${lang}:${k}`, v]))));
// The editions a page links to (hreflang alternates, the language switch), each
// with its own words for the landing page's offer of it (written in the language it offers).
const siteWords = JSON.parse(await fs.readFile(path.join(root, 'content/site/ui.json'), 'utf8'));
const built = editions.map((lang) => ({ ...editionOf(lang), offer: transformJson('content/site/ui.json', siteWords, lang).lang }));

/**
 * The core's message catalog for an edition: the hook for the function that
 * writes messages.<lang>.<hash>.json (another part of issue 20). Until it
 * exists, pages name no catalog and the core answers in its built-in words.
 */
async function coreCatalog(lang) {
  const { writeCoreCatalog } = await import('../../scripts/messages-catalog.mjs');
  return typeof writeCoreCatalog === 'function' ? writeCoreCatalog(root, lang, dist) : undefined;
}

/** A site-relative path as seen from an edition's folder ("zh-Hans/" → "../assets/…"). */
const fromEdition = (dir) => (p) => (dir ? `../${p}` : p);

const pages = [];
const chapterPages = [];
/** Each edition's pages, relative to dist/. */
const pagesOfEdition = new Map();
const embedFiles = [];
/** Each edition's offline page, relative to dist/. */
const offlinePages = new Map();
let site;
for (const lang of editions) {
  const edition = editionOf(lang);
  const up = fromEdition(edition.dir);
  const { manifest: own } = bundles[lang];
  const main = entryOf(own, 'web/src/main.ts');
  const ssr = ssrOf[lang];
  const contentRoot = await contentFor(lang);
  const contentDirs = chapterDirs.map((d) => path.join(contentRoot, path.relative(path.join(root, 'content'), d)));
  const catalog = await coreCatalog(lang);
  const editionPages = [];
  // The book's contents page (contents.html) is written with the first chapter's pages.
  const contents = await ssr.bookContents(contentDirs);
  for (const [c, contentDir] of contentDirs.entries()) {
    editionPages.push(
      ...(await ssr.buildPages({
        module,
        contentDir,
        outDir: path.join(dist, edition.dir),
        siteDir: dist,
        assets: {
          script: up(main.file),
          startCore: up(startCore),
          theme: up(theme),
          modules: modulesOf(own, 'web/src/main.ts').map(up),
          styles: stylesOf(own, 'web/src/main.ts').map(up),
          fonts: (main.assets ?? []).map(up),
          wasmGlue: up(wasmGlue),
          wasmBinary: up(wasmBinary),
          catalog: catalog && up(catalog),
        },
        version,
        iconsDir: path.join(root, 'content/site/icons'),
        edition: { lang, dir: edition.dir, editions: built },
        contents: c === 0 ? contents : undefined,
        serviceWorker: workerFile(edition),
        chapterDirs: contentDirs,
      })),
    );
  }
  // The page a worker shows offline for a page it has not stored (offline/fallback-page.ts).
  const offlinePage = await ssr.buildOfflinePage({
    contentDir: contentDirs[0],
    outDir: path.join(dist, edition.dir),
    lang,
    assets: { styles: stylesOf(own, 'web/src/main.ts').map(up), theme: up(theme) },
  });
  offlinePages.set(lang, path.relative(dist, offlinePage));
  pages.push(...editionPages);
  pagesOfEdition.set(
    lang,
    editionPages.map((p) => path.relative(dist, p)),
  );
  chapterPages.push(...pagesOfEdition.get(lang));

  // 5. Embeds (embed.html, embed.js, v/<version>/, per edition) and the
  // articles built from them; articles carry the site name and footer of the
  // book's first chapter.
  const editionSite = JSON.parse(await fs.readFile(path.join(contentDirs[0], 'site.json'), 'utf8'));
  site ??= editionSite;
  const articlesIn = path.join(contentRoot, 'articles');
  const files = await buildEmbeds({
    ssr,
    module,
    manifest: own,
    dist,
    contentDirs,
    articlesDir: articlesIn,
    wasmGlue,
    wasmBinary,
    startCore,
    theme,
    version,
    site: editionSite,
    edition: { lang, dir: edition.dir, editions: built },
  });
  embedFiles.push(...files);
}
pages.push(...embedFiles);
const kept = await restoreVersions(dist, keptVersions, version);

// 6. and 7. Search index, then the offline copies' service workers over everything.
// The front door (index.html) is the way in, not a place a search lands: its
// examples of labels ("表 2-1", "練習 3-2") would compete with the labels' own pages.
const searchBytes = await buildSearchIndex(
  dist,
  chapterPages.filter((p) => path.basename(p) !== 'index.html'),
);
const embedOnly = editions.flatMap((lang) => embedOnlyFiles(bundles[lang].manifest, 'web/src/main.ts'));
// One offline copy per edition: its pages and what they load.
const copies = await buildServiceWorkers(
  dist,
  editions.map((lang) => ({
    ...editionOf(lang),
    pages: pagesOfEdition.get(lang),
    offlinePage: offlinePages.get(lang),
    bundle: bundleFiles(bundles[lang].manifest, 'web/src/main.ts'),
  })),
  version,
  embedOnly,
);
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const perEdition = copies.map((c) => `${c.lang} ${pagesOfEdition.get(c.lang).length} pages, offline copy ${c.files} files, ${mb(c.bytes)}`).join('; ');
console.log(`build:site: search index ${mb(searchBytes)}; ${perEdition}`);
console.log(
  `build:site: wrote ${pages.map((p) => path.relative(root, p)).join(', ')} (core ${hash}, version ${version}${kept.length ? `; kept ${kept.join(', ')}` : ''})`,
);
