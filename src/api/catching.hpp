// Every catch of the API lives in catching.cpp.  In the shipped WASM module
// only files that catch keep unwind cleanups (see CMakeLists.txt), so the
// catches are gathered in one small file and the ops stay lean.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "json_out.hpp"

namespace tally::api {

// Runs one request already parsed as JSON: {"ok":true,"result":…} or the
// error as data.  Defined in api.cpp; may throw.
Json dispatch(const Json& request);

// {"ok":false,"error":{"field":…,"message":…}}; an empty field is null.
Json error_json(const std::string& field, const std::string& message);

// Runs `body` for a part of a result that may fail on its own (one model's
// row of a comparison, an explicit expert list): the message of a field
// error, a missing datum (NotGiven) or an invalid argument it throws comes
// back as text; nullopt when it succeeded.  Other errors propagate.
std::optional<std::string> failure_of(const std::function<void()>& body);

}  // namespace tally::api
