// Encoding exact values into JSON: integers up to 2^53 − 1 are numbers,
// larger ones decimal strings (so JavaScript never rounds them), and
// non-integers exact decimal strings ("3514.25") or "num/den".
#pragma once

#include "core/exact.hpp"
#include "json.hpp"

namespace tally::api {

using Json = tally::json::Value;

inline Json exact_json(u128 v) {
    if (v <= kMaxSafeInteger) return Json(static_cast<std::uint64_t>(v));
    return Json(to_decimal(v));
}

inline Json exact_json(const Ratio& r) {
    if (r.is_integer()) return exact_json(r.num());
    return Json(to_exact_text(r));
}

}  // namespace tally::api
