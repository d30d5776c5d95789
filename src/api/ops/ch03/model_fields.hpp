// Readers the chapter-3 model-accounting ops share: exact decimals (a rate
// "1792", an efficiency "0.4"), a choice among named values, and a list of
// positive integers (packed document lengths).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::ch03_fields {

// A positive decimal string or integer, read exactly; `fallback` (decimal
// text) when the field is absent.
Ratio decimal_or(const RequestFields& f, const std::string& name, const char* fallback);
// A required positive decimal.
Ratio decimal(const RequestFields& f, const std::string& name);
// The same, also refusing values above `max` (an efficiency above 1).
Ratio decimal_at_most(const RequestFields& f, const std::string& name, const char* fallback, const Ratio& max,
                      const char* max_text);

// The field's text, which must be one of `accepted`.
std::string choice_or(const RequestFields& f, const std::string& name, std::initializer_list<const char*> accepted);

// A non-empty JSON array of positive integers (at most `max_items`).
std::vector<u128> positive_integers(const Json& req, const std::string& name, std::size_t max_items);

}  // namespace tally::api::ch03_fields
