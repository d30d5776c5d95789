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

// exact_json(v).dump() appended to `out`, without building a value: long
// columns (state_curve) are written this way.  Same encoding; a test checks.
template <typename Exact>
void append_exact_json(std::string& out, const Exact& v) {
    const Ratio r(v);
    if (r.is_integer() && r.num() <= kMaxSafeInteger) {
        json::append_unsigned(out, static_cast<std::uint64_t>(r.num()));
    } else {
        out += exact_json(r).dump();
    }
}

}  // namespace tally::api
