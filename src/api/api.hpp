// The one operation surface: a JSON request in, a JSON response out.
// The CLI, the WASM module, the tests and docs/api.md all speak this.
#pragma once

#include <cstddef>
#include <string>

namespace tally::api {

// The longest request evaluate() reads, in UTF-8 bytes (docs/api.md,
// "Limits"): room for a 1 MiB config.json sent as an escaped string.
constexpr std::size_t kMaxRequestBytes = std::size_t{4} << 20;

// Never throws.  Returns {"ok":true,"result":{…}} or
// {"ok":false,"error":{"field":…,"message":…}} as compact JSON.
std::string evaluate(const std::string& request_json);

// Builds what every request shares (the catalog of models and GPUs, the op
// table) now rather than on first use.  The WASM module calls it at start-up,
// so nothing long-lived is allocated inside a request (wasm/request_arena.hpp).
void prepare();

}  // namespace tally::api
