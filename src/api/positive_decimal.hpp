// A request field that holds a positive exact decimal: "7471.2", or a JSON
// integer. Every chapter's ops read their rates, sizes and times this way;
// each passes the field's label as the reader sees it (with the chapter's
// meaning of the field where it has one).
#pragma once

#include <string>

#include "api/json_out.hpp"
#include "core/exact.hpp"

namespace tally::api {

// The value of `v`, exact; a float (1.5 rather than "1.5"), text that is not
// a decimal, or zero is refused as field_not_decimal under `name`, quoting
// what was sent (at most 40 bytes, never cut inside a character).
Ratio positive_decimal(const std::string& name, const Json& v, const std::string& label);

// What was sent, as the refusals quote it.
std::string received_text(const Json& v);

}  // namespace tally::api
