#include "request_cycle.hpp"

#include <new>

#include "api/api.hpp"
#include "api/catching.hpp"
#include "core/messages.hpp"
#include "request_arena.hpp"

namespace tally::wasm {

namespace {

// The reply when even the arena cannot grow (the module's memory is
// exhausted), in the module's language (the page's: the request's own is
// not read yet).  Built outside the arena, before the cycle, and built
// again only when its words change (the page loaded its catalog).
const std::string& out_of_memory_reply() {
    static std::string reply;
    static const char* made_from = nullptr;  // the template `reply` was rendered from
    const char* words = message_text(msg::out_of_memory).message;
    if (words != made_from) {
        reply = api::error_json("", msg::out_of_memory).dump();
        made_from = words;
    }
    return reply;
}

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
    const std::string& out_of_memory = out_of_memory_reply();
    try {
        evaluate_and_copy_out(request, response);
    } catch (const std::bad_alloc&) {
        // evaluate() answers its own errors; only allocation can escape it,
        // from inside its catch or from the copy above.
        leave_request_arena();
        response.assign(out_of_memory);
    }
    // Every arena object is gone by now; the blocks can be reset.
    reset_request_arena();
}

// Four bytes past the cap, not one: TextEncoder.encodeInto writes whole
// characters only, so with one byte of room a request whose last character
// straddled the cap arrived cut to within it, and was answered (issue 37).
// With the longest UTF-8 character's room, a longer request always arrives
// longer than the cap.
std::size_t request_room_limit() { return api::kMaxRequestBytes + 4; }

}  // namespace tally::wasm
