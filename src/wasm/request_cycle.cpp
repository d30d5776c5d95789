#include "request_cycle.hpp"

#include <new>

#include "api/api.hpp"
#include "request_arena.hpp"

namespace tally::wasm {

namespace {

// Built outside the arena, before the cycle: the reply when even the arena
// cannot grow (the module's memory is exhausted).
const char kOutOfMemory[] =
    R"({"ok":false,"error":{"field":null,"message":"記憶體不足：這個請求需要的工作記憶體超過瀏覽器給的上限"}})";

// The arena part.  The string that holds the response inside the arena is
// destroyed at the end of this function, while its block is still live, so
// its operator delete finds the pointer inside the arena and does nothing.
// (Issue 18: it used to be destroyed after the reset had freed the block,
// and its delete then handed an interior pointer of freed memory to free().)
void evaluate_and_copy_out(const std::string& request, std::string& response) {
    begin_request_arena();
    const std::string in_arena = api::evaluate(request);
    leave_request_arena();
    response.assign(in_arena);  // grows with malloc: the arena is left
}

}  // namespace

void evaluate_request_in_arena(const std::string& request, std::string& response) {
    // What lives as long as the module (the catalog, the op table) is built
    // before the first arena opens, whoever calls first: built inside one, it
    // would be reset away under the next request.
    static const bool prepared = (api::prepare(), true);
    (void)prepared;
    try {
        evaluate_and_copy_out(request, response);
    } catch (const std::bad_alloc&) {
        // evaluate() answers its own errors; only allocation can escape it,
        // from inside its catch or from the copy above.
        leave_request_arena();
        response.assign(kOutOfMemory);
    }
    // Every arena object is gone by now; the blocks can be reset.
    reset_request_arena();
}

std::size_t request_room_limit() { return api::kMaxRequestBytes + 1; }

}  // namespace tally::wasm
