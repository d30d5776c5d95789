// Reading and validating the fields of one API request.  Every message names
// the field, what it means, what was received and what is accepted.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "core/answer_quantity.hpp"
#include "core/exact.hpp"
#include "json_out.hpp"

namespace tally::api {

class RequestFields {
public:
    // Rejects unknown fields up front: a typo ("imput") must not silently
    // fall back to a default.
    RequestFields(const Json& request, const std::vector<std::string>& allowed);

    bool has(const std::string& name) const { return j_.contains(name); }
    const Json& raw(const std::string& name) const { return j_.at(name); }
    std::string text(const std::string& name) const;
    std::string text_or(const std::string& name, const std::string& fallback) const;
    // A JSON number, a digit string, or text a reader typed ("32K",
    // "32,768", "1e6", "2 GiB"), read by the answer checker's reader.
    u128 integer(const std::string& name, u128 lo, u128 hi) const;
    u128 integer_or(const std::string& name, u128 fallback, u128 lo, u128 hi) const;
    // true or false; anything else is refused (no "truthy" strings).
    bool flag_or(const std::string& name, bool fallback) const;

private:
    const Json& j_;
};

// How a field reads a reader's text ("32K", "2 GiB"): token lengths,
// byte sizes, or plain counts (docs/api.md, "Fields").
QuantityKind field_quantity_kind(const std::string& name);

// What a field means, for messages: "input（本次輸入 P）".
std::string describe_field(const std::string& name);

// Lengths and counts accepted from readers: 2^53 − 1, the largest integer a
// JavaScript number holds exactly.
constexpr u128 kMaxCount = kMaxSafeInteger;

}  // namespace tally::api
