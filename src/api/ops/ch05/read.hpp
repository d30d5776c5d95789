// Readers for chapter 5's request fields: exact decimals (a time "2.5", a
// bandwidth "1792"), sent as strings or JSON integers, and lists of them,
// refused with a message that names the field and says what it means in the
// reader's words (content/messages/*/ch05/operators.json).  Integers go
// through RequestFields as in every op.
#pragma once

#include <string>
#include <vector>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch05_fields {

// "host_us（主機準備一段的時間，μs）": the field and what it means.
std::string label(const std::string& name);

// A required positive decimal, at most 10^9 with at most six decimals.
Ratio positive(const RequestFields& f, const std::string& name);
// The same, `fallback` (decimal text, the declared default) when absent.
Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback);
// A required decimal ≥ 0 (a wait that may be absent).
Ratio non_negative(const RequestFields& f, const std::string& name);
// As positive_or, but 0 is accepted too (a wait that may be absent).
Ratio non_negative_or(const RequestFields& f, const std::string& name, const char* fallback);

// A list of 1 … max_items decimals under `name` (positive, or ≥ 0 when
// zero_allowed); an item is refused under "name[i]".
std::vector<Ratio> decimal_list(const RequestFields& f, const std::string& name, std::size_t max_items, bool zero_allowed);

// A list of 1 … max_items integers in [lo, hi].
std::vector<u128> integer_list(const RequestFields& f, const std::string& name, std::size_t max_items, u128 lo, u128 hi);

}  // namespace tally::api::ch05_fields

namespace tally::api {

// The largest GEMM dimension chapter 5's tile and compiler ops take (2^24).
inline constexpr u128 kMaxDim = u128{1} << 24;

}  // namespace tally::api
