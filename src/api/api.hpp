// The one operation surface: a JSON request in, a JSON response out.
// The CLI, the WASM module, the tests and docs/api.md all speak this.
#pragma once

#include <string>

namespace tally::api {

// Never throws.  Returns {"ok":true,"result":{…}} or
// {"ok":false,"error":{"field":…,"message":…}} as compact JSON.
std::string evaluate(const std::string& request_json);

}  // namespace tally::api
