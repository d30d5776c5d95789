// Vite builds the browser bundle (web/src/main.ts → dist/assets, hashed).
// The HTML pages are written by web/scripts/build-site.mjs, which runs this
// config and reads the manifest to link the hashed files.
import { defineConfig } from 'vite';

export default defineConfig({
  root: '.',
  // Relative URLs everywhere (including KaTeX font URLs in the CSS), so the
  // site works from any static host or sub-directory.
  base: './',
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // The only external module is the Emscripten glue, loaded at runtime by URL.
    modulePreload: false,
    rolldownOptions: { input: 'web/src/main.ts' },
  },
  preview: { host: '127.0.0.1' },
});
