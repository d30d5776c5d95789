// Readers for chapter 4's request fields: positive exact decimals (a
// bandwidth "1008", a latency "0.5"), sent as strings or JSON integers and
// refused with a message that names the field and says what it means in the
// reader's words (content/messages/*/ch04/accelerator.json).  Integers go
// through RequestFields as in every op.
#pragma once

#include <string>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch04_fields {

// "bandwidth（記憶體頻寬，GB/s）": the field and what it means.
std::string label(const std::string& name);

// A required positive decimal, at most 10^9 with at most six decimals.
Ratio positive(const RequestFields& f, const std::string& name);
// The same, `fallback` (decimal text, the declared default) when absent.
Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback);

// Bytes per value of the format named by `dtype` (bf16: 2).  A format with
// per-group scales (int8, int4) is refused: its bytes depend on how the
// groups fall along each matrix, which these closed forms do not model.
Ratio value_bytes(const RequestFields& f);

}  // namespace tally::api::ch04_fields

namespace tally::api {

// The largest matrix side chapter 4's layout and format ops take (2^24).
inline constexpr u128 kMaxSide = u128{1} << 24;

}  // namespace tally::api
