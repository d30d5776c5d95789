// The script of the Web Worker that runs the WASM core. It is never loaded by
// URL: the page makes a blob: URL of this text (web/src/start-core.js, with the
// text inlined by web/scripts/build-site.mjs, starts it from the page head;
// web/src/runtime/worker-core.ts starts one where the head did not, e.g. for
// <tally-widget> on a third-party page), so the worker is same-origin with any
// page that starts it. Plain JavaScript, self-contained: it is used as text.
//
// Protocol (page → worker):
//   { type: 'glue', url }          import the Emscripten glue (absolute URL)
//   { type: 'module', module }     the compiled WebAssembly.Module (the first one counts)
//   { type: 'messages', text }     the core's catalog of words for the page (before any request;
//                                  the same text again is ignored)
//   { id, request }                one request JSON
// (worker → page):
//   { type: 'ready' }              instantiated: requests may come
//   { type: 'failed', message }    could not start (the page falls back to its main thread)
//   { id, response }               the core's response JSON
//   { id, trap }                   the WASM trapped (a core bug): the page replaces this worker
(function () {
  var glue; // Promise of the glue module
  var compiled; // WebAssembly.Module
  var core; // the instantiated core, once ready
  var starting = false;
  var early = []; // requests that came before the core was ready (the page waits; a safeguard)
  var catalog; // the catalog's text, until the core can take it
  var given; // the catalog's text the core took (the page head and the loader may both post it)

  // The browser's core has no words compiled in: it takes its page's catalog once.
  function giveCatalog() {
    if (!core || catalog === undefined) return;
    if (catalog !== given && core.setMessages && !core.setMessages(catalog)) console.warn('Tally: the core refused its catalog of words');
    given = catalog;
    catalog = undefined;
  }

  function fail(error) {
    self.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }

  function answer(id, request) {
    try {
      self.postMessage({ id: id, response: core.evaluate(request) });
    } catch (error) {
      self.postMessage({ id: id, trap: error instanceof Error ? error.name + ': ' + error.message : String(error) });
    }
  }

  // Emscripten's hook for bringing your own instance: the module the page compiled.
  function instantiate(factory, module) {
    return new Promise(function (resolve, reject) {
      var instantiateWasm = function (imports, receive) {
        WebAssembly.instantiate(module, imports).then(function (instance) {
          receive(instance, module);
        }, reject);
        return {};
      };
      factory({ instantiateWasm: instantiateWasm }).then(resolve, reject);
    });
  }

  function start() {
    if (starting || !glue || !compiled) return;
    starting = true;
    glue
      .then(function (g) {
        return instantiate(g.default, compiled);
      })
      .then(function (ready) {
        core = ready;
        giveCatalog();
        self.postMessage({ type: 'ready' });
        // The first call pays for lazy compilation and for parsing the
        // embedded catalog: pay it now, before the first real request.
        core.evaluate('{"op":"catalog"}');
        early.splice(0).forEach(function (m) {
          answer(m.id, m.request);
        });
      }, fail);
  }

  self.onmessage = function (e) {
    var m = e.data;
    if (m.type === 'glue') {
      if (glue) return;
      glue = import(m.url);
      glue.catch(function () {}); // reported once, by start()
      start();
    } else if (m.type === 'messages') {
      catalog = m.text;
      giveCatalog();
    } else if (m.type === 'module') {
      if (compiled) return;
      compiled = m.module;
      start();
    } else if (core) answer(m.id, m.request);
    else early.push(m);
  };
})();
