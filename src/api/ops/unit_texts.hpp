// A value with its unit at the places a page prints it ("1.29 μs", "13.6 ms",
// "1.7×", "62%"): one definition for every chapter's op handlers.
#pragma once

#include <string>

#include "core/exact.hpp"
#include "core/format.hpp"

namespace tally::api {

inline std::string us_text(const Ratio& us, unsigned places) { return fixed(us, places) + " μs"; }
inline std::string ms_text(const Ratio& ms, unsigned places) { return fixed(ms, places) + " ms"; }
inline std::string seconds_text(const Ratio& s, unsigned places) { return fixed(s, places) + " s"; }
inline std::string times_text(const Ratio& r, unsigned places) { return fixed(r, places) + "×"; }
inline std::string percent_text(const Ratio& percent, unsigned places) { return fixed(percent, places) + "%"; }

}  // namespace tally::api
