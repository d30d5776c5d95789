// Reading a measured, published or assumed value out of a chapter's dataset
// (content/<chapter>/data/<name>.json) for the ledger: the value exactly as
// the source wrote it (a JSON number, a decimal or "num/den" string), as an
// exact Ratio.
#pragma once

#include <string>

#include "json_out.hpp"

namespace tally::api {

// "reports[mode=uniform].ttft_p95_s", "rounds[0].measured_model_seconds",
// "runs[thinking=true].rounds": member names, an element by index, or the
// element whose field reads `value` (a string, number or boolean as written).
const Json& dataset_value_at(const Json& root, const std::string& path);

// A number as its source wrote it: 12, 3.5, 2.5e-05, 9.273e+20, "13875/256".
// Negative values and non-numbers are refused (a printed magnitude is never
// negative in the ledger).
Ratio dataset_ratio(const Json& value, const std::string& path);

}  // namespace tally::api
