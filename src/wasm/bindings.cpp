// The whole JavaScript boundary: one function, strings in and out.  Errors
// come back as {"ok":false,…} data; no C++ exception crosses into JS.
#include <emscripten/bind.h>

#include "api/api.hpp"

EMSCRIPTEN_BINDINGS(tally) {
    emscripten::function("evaluate", &tally::api::evaluate);
}
