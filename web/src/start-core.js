// The page head's one classic, parser-blocking script (copied to
// dist/assets/start-core-<hash>.js by web/scripts/build-site.mjs): it starts
// compiling the WASM core while the rest of the page is still being parsed.
// The page code is an async module, which Chromium runs only after the page's
// first layout and paint; by then the core is compiled.
// web/src/runtime/loader.ts takes the module from here, or compiles the core
// itself if this did not run or failed.
(function () {
  var link = document.querySelector('link[data-tally="wasm"]');
  if (!link || typeof WebAssembly !== 'object' || typeof WebAssembly.compileStreaming !== 'function') return;
  var module = WebAssembly.compileStreaming(fetch(link.href));
  module.catch(function () {}); // the loader sees the failure and compiles without streaming
  window.__tallyCore = { url: link.href, module: module };
})();
