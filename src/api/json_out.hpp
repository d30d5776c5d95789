// Encoding exact values into JSON: integers up to 2^53 − 1 are numbers,
// larger ones decimal strings (so JavaScript never rounds them), and
// non-integers exact decimal strings ("3514.25") or "num/den".
#pragma once

#include <nlohmann/json.hpp>

#include "core/exact.hpp"

namespace tally::api {

using Json = nlohmann::ordered_json;

inline Json exact_json(u128 v) {
    if (v <= kMaxSafeInteger) return Json(static_cast<std::uint64_t>(v));
    return Json(to_decimal(v));
}

inline Json exact_json(const Ratio& r) {
    if (r.is_integer()) return exact_json(r.num());
    return Json(to_exact_text(r));
}

}  // namespace tally::api
