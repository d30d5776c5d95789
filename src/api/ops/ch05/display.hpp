// Chapter 5's display texts: the units and places the chapter prints
// ("1.29 μs", "13.6 ms", "1.7×", "24 MiB"), so pages and answers show the
// book's figure beside the exact value instead of raw bytes or long decimals.
#pragma once

#include <string>

#include "core/exact.hpp"
#include "api/ops/unit_texts.hpp"
#include "core/format.hpp"

namespace tally::api::ch05_display {

using api::ms_text;
using api::percent_text;
using api::seconds_text;
using api::times_text;
using api::us_text;
// In the largest binary unit that keeps the value ≥ 1 ("24 MiB", "32 KiB", "32.1 MiB").
inline std::string bytes_text(u128 bytes) { return bytes_binary_text(Ratio(bytes)); }

}  // namespace tally::api::ch05_display
