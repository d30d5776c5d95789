// The whole JavaScript boundary.  JS sees one function, Module.evaluate(
// requestJson) → responseJson (src/wasm/evaluate.post.js); underneath,
// requests and responses cross as UTF-8 bytes in two module-owned buffers,
// so the browser's own TextEncoder/TextDecoder convert them instead of
// Embind's per-byte JavaScript loops (a chart's response is ~60 KB).
// Errors come back as {"ok":false,…} data; no C++ exception crosses into JS.
// Plain C exports, not Embind: five integer functions need no type registry,
// and Embind's runtime was about a tenth of the module and of its glue.
#include <emscripten/emscripten.h>

#include <cstdint>
#include <string>

#include "api/api.hpp"
#include "request_arena.hpp"
#include "request_cycle.hpp"

namespace {

// The catalog and the op table are built on the first request, outside the
// arena (request_cycle.cpp), not by a static initializer here: one would run
// before other files' dynamically initialized constants (core/units.hpp's
// kGiB, still zero: "division by zero") whenever the linker orders it first.

// Both outlive every request, so they are allocated outside the arena.
std::string request_bytes;
std::string response_bytes;

// Room for a request of `bytes` UTF-8 bytes; JS writes it there.  Never
// more than request_room_limit(): a longer request is refused by its cap.
std::uintptr_t request_buffer(std::uint32_t bytes) {
    request_bytes.resize(bytes < tally::wasm::request_room_limit() ? bytes : tally::wasm::request_room_limit());
    return reinterpret_cast<std::uintptr_t>(request_bytes.data());
}

std::uint32_t request_room_limit() { return static_cast<std::uint32_t>(tally::wasm::request_room_limit()); }

// Evaluates the first `bytes` bytes of the request buffer through the
// request cycle (request_cycle.hpp).  Returns the response's length;
// response_address() says where it is.
std::uint32_t evaluate_request(std::uint32_t bytes) {
    request_bytes.resize(bytes);
    tally::wasm::evaluate_request_in_arena(request_bytes, response_bytes);
    return static_cast<std::uint32_t>(response_bytes.size());
}

std::uint32_t arena_reserved_bytes() { return static_cast<std::uint32_t>(tally::wasm::request_arena_reserved_bytes()); }

std::uintptr_t response_address() { return reinterpret_cast<std::uintptr_t>(response_bytes.data()); }

}  // namespace

// The glue exposes each as Module._<name> (src/wasm/evaluate.post.js wraps them).
extern "C" {
EMSCRIPTEN_KEEPALIVE std::uintptr_t tally_request_buffer(std::uint32_t bytes) { return request_buffer(bytes); }
EMSCRIPTEN_KEEPALIVE std::uint32_t tally_evaluate_request(std::uint32_t bytes) { return evaluate_request(bytes); }
EMSCRIPTEN_KEEPALIVE std::uintptr_t tally_response_address() { return response_address(); }
EMSCRIPTEN_KEEPALIVE std::uint32_t tally_request_room_limit() { return request_room_limit(); }
// Bytes the request arena keeps between requests (tests/wasm/memory.test.mjs).
EMSCRIPTEN_KEEPALIVE std::uint32_t tally_request_arena_reserved_bytes() { return arena_reserved_bytes(); }
}
