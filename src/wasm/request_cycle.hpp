// One request of the WASM module, from request bytes to response bytes,
// with the request arena's whole cycle (request_arena.hpp): begin the arena,
// evaluate, copy the response out, destroy every object the arena holds,
// and only then reset it.
//
// Plain C++ with no Emscripten header, so the sanitizer build links it with
// request_arena.cpp into a native test (tests/arena/) and replays the
// requests that once trapped the module under ASan.
#pragma once

#include <cstddef>
#include <string>

namespace tally::wasm {

// Evaluates `request` and leaves the response in `response`, both allocated
// outside the arena (they outlive the request).  Never throws: even running
// out of memory comes back as an {"ok":false,…} response.
void evaluate_request_in_arena(const std::string& request, std::string& response);

// Room for a request in the module's request buffer: four bytes (one UTF-8
// character) more than the longest request evaluate() reads, so anything
// longer arrives long enough to be refused with the cap
// (api::kMaxRequestBytes) instead of being cut within it.
std::size_t request_room_limit();

}  // namespace tally::wasm
