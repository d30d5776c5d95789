// Vite builds the browser bundle (web/src/main.ts → dist/assets, hashed).
// The HTML pages are written by web/scripts/build-site.mjs, which runs this
// config and reads the manifest to link the hashed files.
import { defineConfig } from 'vite';

const EMBED_ONLY = /web[\\/]src[\\/](embed[\\/](element|frame|host|stores|imports|protocol|cores|status)|runtime[\\/]site-config)\.ts$/;

function inPageBundle(id: string): boolean {
  if (/node_modules[\\/](d3-|internmap)/.test(id)) return true;
  if (!/web[\\/]src[\\/]/.test(id) || EMBED_ONLY.test(id)) return false;
  return !/web[\\/]src[\\/](exercises[\\/]|[^\\/]+\.ts$)/.test(id); // lazy exercises; entries
}

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
      output: {
        // One chunk for the code every chapter page runs (runtime, widget
        // kinds, figures, the import dialog, d3; the site's own stylesheets
        // come with it as app.css): over HTTP/1.1 a browser opens 6
        // connections per host, and the 20 small per-kind chunks this
        // replaces arrived in four waves. Lazy code stays lazy (exercises) and
        // the embed entries' own modules (every widget config) stay out.
        codeSplitting: { groups: [{ name: 'app', test: inPageBundle }] },
      },
    },
  },
  preview: { host: '127.0.0.1' },
});
