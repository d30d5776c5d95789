// The page head's one classic, parser-blocking script (copied to
// dist/assets/start-core-<hash>.js by web/scripts/build-site.mjs, which puts
// the text of web/src/runtime/core-worker.js in place of CORE_WORKER_SOURCE):
// it starts compiling the WASM core and starts the core's Web Worker while the
// rest of the page is still being parsed, and posts the compiled module to the
// worker as soon as it is ready. The page code is an async module, which
// Chromium runs only after the page's first layout and paint; by then the core
// is compiled and usually instantiated in the worker. embed.html runs it too.
// web/src/runtime/loader.ts takes the module and the worker from here, or does
// both itself if this did not run or failed.
(function () {
  var script = document.currentScript;
  var link = document.querySelector('link[data-tally="wasm"]');
  if (!link || typeof WebAssembly !== 'object' || typeof WebAssembly.compileStreaming !== 'function') return;
  var module = WebAssembly.compileStreaming(fetch(link.href));
  module.catch(function () {}); // the loader sees the failure and compiles without streaming
  var glue = script && script.getAttribute('data-glue');
  window.__tallyCore = { url: link.href, module: module, glue: glue ? new URL(glue, document.baseURI).href : undefined, worker: startWorker() };
  var catalog = startCatalog();
  // The worker takes its words as soon as they arrive, so the core is ready
  // to answer by the time the page code asks (the loader posts the same text
  // again, which the worker ignores).
  var early = window.__tallyCore.worker;
  if (early) {
    catalog.then(
      function (text) {
        early.worker.postMessage({ type: 'messages', text: text });
      },
      function () {},
    );
  }

  // The core's words for the page's language, fetched now beside the binary
  // (runtime/core-catalog.ts names the file the same way and takes this fetch).
  function startCatalog() {
    var tag = document.documentElement.lang || '';
    var lang = /^en(-|$)/i.test(tag) ? 'en' : /^zh-(Hans|CN|SG)\b/i.test(tag) ? 'zh-Hans' : 'zh-Hant';
    var url = new URL(link.href);
    url.pathname = url.pathname.replace(/[^/]*?(\.[0-9a-f]+)?\.wasm$/, function (_, hash) {
      return 'messages-' + lang + (hash || '') + '.json';
    });
    var text = fetch(url.href).then(function (r) {
      if (!r.ok) throw new Error('HTTP ' + r.status);
      return r.text();
    });
    text.catch(function () {}); // the loader fetches again and reports
    window.__tallyCatalog = { url: url.href, text: text };
    return text;
  }

  // The worker, and what it says before the page code takes it over.
  function startWorker() {
    var source = CORE_WORKER_SOURCE;
    if (!glue || typeof source !== 'string' || typeof Worker !== 'function') return null;
    var early = { worker: null, ready: false, failed: null };
    try {
      early.worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { name: 'tally-core' });
    } catch {
      return null; // a CSP without blob: workers: the loader decides what to do
    }
    early.worker.onmessage = function (e) {
      if (e.data.type === 'ready') early.ready = true;
      else if (e.data.type === 'failed') early.failed = e.data.message;
    };
    early.worker.onerror = function (e) {
      e.preventDefault();
      early.failed = e.message || 'the worker could not start';
    };
    early.worker.postMessage({ type: 'glue', url: new URL(glue, document.baseURI).href });
    module.then(
      function (m) {
        early.worker.postMessage({ type: 'module', module: m });
      },
      function () {},
    );
    return early;
  }
})();
