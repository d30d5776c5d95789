// Readers for chapter 10's request fields: exact decimals (a bandwidth "32",
// an efficiency "40" percent, a delay "0.5") sent as strings or JSON
// integers, and short lists of them, refused with a message that names the
// field and says what it means in the reader's words
// (content/messages/*/ch10/training.json).
#pragma once

#include <string>
#include <vector>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch10_fields {

// "efficiency（單卡計算效率，峰值的百分比）": the field and what it means.
std::string label(const std::string& name);

// A positive decimal, at most 10^12 with at most six decimals; `fallback`
// (decimal text, the declared default) when absent.
Ratio positive_or(const RequestFields& f, const std::string& name, const char* fallback);
// The same, 0 allowed.
Ratio non_negative_or(const RequestFields& f, const std::string& name, const char* fallback);
// A percentage above 0 and at most 100, as a share (40 → 2/5).
Ratio percent_share_or(const RequestFields& f, const std::string& name, const char* fallback);
// A list of 1 … `most` positive decimals; `fallback` (decimal texts) when absent.
std::vector<Ratio> positive_list_or(const RequestFields& f, const std::string& name, std::size_t most,
                                    const std::vector<const char*>& fallback);
// A row's id for a ledger path: the value's exact text with "_" for the
// decimal point, since paths split at dots (1.25 → "1_25").
std::string row_id(const Ratio& value);

// A choice among `allowed`, `fallback` when absent.
std::string choice_or(const RequestFields& f, const std::string& name, const std::vector<std::string>& allowed,
                      const char* fallback);

}  // namespace tally::api::ch10_fields
