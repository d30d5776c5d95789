// The whole JavaScript boundary.  JS sees one function, Module.evaluate(
// requestJson) → responseJson (src/wasm/evaluate.post.js); underneath,
// requests and responses cross as UTF-8 bytes in two module-owned buffers,
// so the browser's own TextEncoder/TextDecoder convert them instead of
// Embind's per-byte JavaScript loops (a chart's response is ~60 KB).
// Errors come back as {"ok":false,…} data; no C++ exception crosses into JS.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "api/api.hpp"
#include "request_arena.hpp"
#include "request_cycle.hpp"

namespace {

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

EMSCRIPTEN_BINDINGS(tally) {
    // Builds the catalog and the op table before the first request, outside
    // the arena: they live as long as the module.
    tally::api::prepare();
    emscripten::function("request_buffer", &request_buffer);
    emscripten::function("evaluate_request", &evaluate_request);
    emscripten::function("response_address", &response_address);
    emscripten::function("request_room_limit", &request_room_limit);
    // Bytes the request arena keeps between requests (tests/wasm/memory.test.mjs).
    emscripten::function("request_arena_reserved_bytes", &arena_reserved_bytes);
}
