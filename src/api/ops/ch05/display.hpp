// Chapter 5's display texts: the units and places the chapter prints
// ("1.29 μs", "13.6 ms", "1.7×", "24 MiB"), so pages and answers show the
// book's figure beside the exact value instead of raw bytes or long decimals.
#pragma once

#include <string>

#include "core/exact.hpp"
#include "core/format.hpp"

namespace tally::api::ch05_display {

inline std::string us_text(const Ratio& us, unsigned places) { return fixed(us, places) + " μs"; }
inline std::string ms_text(const Ratio& ms, unsigned places) { return fixed(ms, places) + " ms"; }
inline std::string seconds_text(const Ratio& s, unsigned places) { return fixed(s, places) + " s"; }
inline std::string times_text(const Ratio& r, unsigned places) { return fixed(r, places) + "×"; }
inline std::string percent_text(const Ratio& percent, unsigned places) { return fixed(percent, places) + "%"; }
// In the largest binary unit that keeps the value ≥ 1 ("24 MiB", "32 KiB", "32.1 MiB").
inline std::string bytes_text(u128 bytes) { return bytes_binary_text(Ratio(bytes)); }

}  // namespace tally::api::ch05_display
