// The request arena of the shipped WASM module.
//
// While a request runs, every C++ allocation (operator new) is carved from
// a few large blocks, and `delete` inside them does nothing; when the request
// ends, the blocks are handed back whole.  Two reasons:
//
//  * Size. The core and API are compiled with -fignore-exceptions (see
//    CMakeLists.txt): their frames carry no unwind cleanups, which is about a
//    fifth of the module.  An error thrown through them to the catch in
//    api::evaluate() skips their destructors, but whatever those would have
//    freed lives in the arena, and the arena is reset after every request.
//  * Speed. A request allocates thousands of small strings and JSON nodes;
//    bumping a pointer beats malloc/free.
//
// The rule this imposes: nothing allocated during a request may outlive it.
// The response is copied out before the reset (bindings.cpp); the catalog and
// every table of the core are built before the first request (a function-
// local static that allocates must not be first touched inside a request).
// Reset overwrites the used bytes, so a breach shows up as garbage in the
// WASM-vs-native parity tests instead of as a rare wrong number.
#pragma once

#include <cstddef>

namespace tally::wasm {

// Allocations go to the arena from begin() to leave(); reset() reclaims them
// (after leave(): whatever must survive has been copied out by then).
void begin_request_arena();
void leave_request_arena();
void reset_request_arena();

// Bytes the arena holds in reserve between requests (for tests and bench).
std::size_t request_arena_reserved_bytes();

}  // namespace tally::wasm
