// The catch an op needs for a part of its result that may fail on its own.
// In the shipped WASM module only the files CMakeLists.txt names as catching
// keep unwind cleanups, so the ops call this one small file instead of
// catching themselves.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "core/messages.hpp"
#include "json_out.hpp"

namespace tally::api {

// {"ok":false,"error":{"field":…,"code":…,"params":{…},"message":…}}; an
// empty field is null.  Defined in api.cpp.
Json error_json(const std::string& field, MessageId id, const MessageParams& params = {});

// Runs `body` for a part of a result that may fail on its own (one model's
// row of a comparison, an explicit expert list): the message of a field
// error, a missing datum (NotGiven) or an invalid argument it throws comes
// back as text; nullopt when it succeeded.  Other errors propagate.
std::optional<std::string> failure_of(const std::function<void()>& body);

// Runs `body`, which reads an object nested in the request at `prefix`
// (lifecycle_cost's "fit") with another op's readers: a field error it
// throws is thrown again with its field, and the message's {field}, under
// that prefix ("fit.points[2].loss").
void within_field(const std::string& prefix, const std::function<void()>& body);

}  // namespace tally::api
