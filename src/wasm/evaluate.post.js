// Module.evaluate(requestJson) → responseJson: the module's one function for
// JavaScript callers (src/wasm/bindings.cpp has the C++ side).  Appended to
// the Emscripten glue (--post-js), so HEAPU8 is the glue's current view of
// memory; it is read after each call because a call may grow the memory.
var tallyEncoder = new TextEncoder();
var tallyDecoder = new TextDecoder();
Module['evaluate'] = function (requestJson) {
  // A UTF-16 code unit takes at most 3 UTF-8 bytes.  The room is capped: a
  // request longer than the cap is cut there, still over the cap, and the core
  // refuses it by name (docs/api.md, "Limits").
  var room = Math.min(requestJson.length * 3, Module['_tally_request_room_limit']());
  var at = Module['_tally_request_buffer'](room);
  var written = tallyEncoder.encodeInto(requestJson, HEAPU8.subarray(at, at + room)).written;
  var length = Module['_tally_evaluate_request'](written);
  var from = Module['_tally_response_address']();
  return tallyDecoder.decode(HEAPU8.subarray(from, from + length));
};
// Module.setMessages(catalogJson) → true when taken: the browser's module has
// no catalog compiled in and gets its page's language once, before its first
// request (src/wasm/messages_loaded.cpp).  The Node module embeds all three
// and has nothing to load.
Module['setMessages'] = function (catalogJson) {
  if (!Module['_tally_load_messages']) return true;
  var bytes = tallyEncoder.encode(catalogJson);
  var at = Module['_tally_messages_buffer'](bytes.length); // may grow memory: read HEAPU8 after
  HEAPU8.set(bytes, at);
  return Module['_tally_load_messages'](bytes.length) !== 0;
};
// Bytes the request arena keeps between requests (tests/wasm/memory.test.mjs).
Module['request_arena_reserved_bytes'] = function () {
  return Module['_tally_request_arena_reserved_bytes']();
};
