// The whole JavaScript boundary: one function, strings in and out.  Errors
// come back as {"ok":false,…} data; no C++ exception crosses into JS.
#include <emscripten/bind.h>

#include <string>

#include "api/api.hpp"
#include "request_arena.hpp"

namespace {

// One request inside the request arena (request_arena.hpp).  The response is
// copied out before the arena is reset; Embind hands that copy to JS.
std::string evaluate(const std::string& request_json) {
    std::string response;
    {
        tally::wasm::begin_request_arena();
        const std::string in_arena = tally::api::evaluate(request_json);
        tally::wasm::leave_request_arena();
        response.assign(in_arena);
    }
    tally::wasm::reset_request_arena();
    return response;
}

}  // namespace

EMSCRIPTEN_BINDINGS(tally) {
    // Builds the catalog and the op table before the first request, outside
    // the arena: they live as long as the module.
    tally::api::prepare();
    emscripten::function("evaluate", &evaluate);
}
