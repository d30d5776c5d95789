// Reading Vite's manifest: which files an entry needs, so a page can link
// them all from its head instead of discovering them one import at a time.

/** The manifest record of an entry (web/src/main.ts …); a missing one is a build bug. */
export function entryOf(manifest, src) {
  const e = manifest[src];
  if (!e) throw new Error(`build:site: ${src} missing from the Vite manifest`);
  return e;
}

/** An entry's chunk and every chunk it imports statically (and lazily, with `dynamic`), the entry first. */
function chunkClosure(manifest, src, { dynamic = false } = {}) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of [...(manifest[key].imports ?? []), ...(dynamic ? (manifest[key].dynamicImports ?? []) : [])]) visit(dep);
  };
  entryOf(manifest, src);
  visit(src);
  return [...seen].map((key) => manifest[key]);
}

/** The chunks an entry imports statically, so a page can preload them all at once. */
export function modulesOf(manifest, src) {
  return chunkClosure(manifest, src)
    .slice(1)
    .map((chunk) => chunk.file);
}

/**
 * Stylesheets an entry needs: its own, then those of the chunks it imports
 * statically (vite.config.ts bundles the styles shared by the chapter pages
 * and the embeds with the shared code chunk).
 */
export function stylesOf(manifest, src) {
  return [...new Set(chunkClosure(manifest, src).flatMap((chunk) => chunk.css ?? []))];
}

/** Every file an entry may load: its chunks, static and lazy, their styles and assets. */
function filesOf(manifest, src) {
  return new Set(chunkClosure(manifest, src, { dynamic: true }).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]));
}

/** Every file an entry's bundle may load (static and lazy chunks, styles, fonts): what a page of its edition may need offline. */
export function bundleFiles(manifest, src) {
  return [...filesOf(manifest, src)];
}

/**
 * The files only the embed entries load (`pageEntry` never does): the
 * offline copy of the chapter pages leaves them out (every widget config,
 * read by <tally-widget> and embed.html, is one of them).
 */
export function embedOnlyFiles(manifest, pageEntry) {
  const page = filesOf(manifest, pageEntry);
  const others = Object.entries(manifest)
    .filter(([src, chunk]) => chunk.isEntry && src !== pageEntry)
    .flatMap(([src]) => [...filesOf(manifest, src)]);
  return [...new Set(others)].filter((file) => !page.has(file));
}
