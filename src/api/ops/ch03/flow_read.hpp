// Readers for the chapter-3 closed-form ops (flow_*.cpp): decimal rates
// sent as strings ("7471.2") read exactly, lists of small objects, and the
// errors that name the field as the request spells it ("windows[1].arrival")
// with what it means in the reader's words (content/messages/*/ch03/flow.json).
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>

#include "api/fields.hpp"
#include "core/exact.hpp"

namespace tally::api::flow {

// What a value may be: rates and sizes may be 0; durations and divisors may
// not; a probability lies in (0, 1], a share of requests in [0, 1].
enum class Range { NonNegative, Positive, Fraction, Share };

// The list `name` of the request: an array of 1 … max_items entries.
const Json& list_field(const Json& req, const std::string& name, std::size_t max_items);
// The list `key` inside an object at parent_path ("stages[0].seconds").
const Json& list_at(const Json& parent, const std::string& key, const std::string& parent_path, std::size_t max_items);

// Entry i of a list that holds objects with only `keys`; its path is
// "name[i]".
const Json& object_at(const Json& list, const std::string& name, std::size_t i, std::initializer_list<const char*> keys);

// The decimal `key` of an object (path "parent.key") or of the request
// (parent_path empty): a decimal string ("7471.2", "2/3") or a JSON integer,
// read exactly.  A float is refused, as it would not be exact.
Ratio decimal_at(const Json& parent, const std::string& key, const std::string& parent_path, Range range);
// decimal_at, and at most `max`: for values a double carries further on.
Ratio decimal_at_most(const Json& parent, const std::string& key, const std::string& parent_path, Range range, const Ratio& max);
// The same for a value that is itself an entry of a list.
Ratio decimal_value(const Json& value, const std::string& path, const std::string& meaning_key, Range range);

// A whole number min … max (token counts): a JSON integer or a digit string.
u128 count_at(const Json& parent, const std::string& key, const std::string& parent_path, u128 max, u128 min = 1);
u128 count_value(const Json& value, const std::string& path, const std::string& meaning_key, u128 max, u128 min = 1);

// "windows[2]" and "windows[2].arrival".
std::string item_path(const std::string& name, std::size_t i);
std::string member_path(const std::string& parent, const std::string& key);

}  // namespace tally::api::flow
