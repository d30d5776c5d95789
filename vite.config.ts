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
    rolldownOptions: {
      // The chapter pages, embed.html (one widget in an iframe), embed.js
      // (<tally-widget> on a host page) and embed-host.js (iframe resizing).
      input: {
        main: 'web/src/main.ts',
        'embed-frame': 'web/src/embed-frame.ts',
        'embed-element': 'web/src/embed-element.ts',
        'embed-host': 'web/src/embed-host.ts',
      },
      // embed-element exports defineTallyWidget for the generated embed.js stub.
      preserveEntrySignatures: 'exports-only',
    },
  },
  preview: { host: '127.0.0.1' },
});
