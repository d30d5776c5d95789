// Display text for exact quantities.  The core formats numbers so that the
// CLI, the page and the embeds print the same characters.
#pragma once

#include <string>

#include "exact.hpp"

namespace tally {

// 8190735360 -> "8,190,735,360"
std::string group_thousands(u128 value);

// Round r to `places` decimals (ties to even) and print with thousands
// separators in the integer part: (3514.25, 1) -> "3,514.3".
std::string fixed(const Ratio& r, unsigned places);

// Same as fixed() but trailing zeros (and a bare point) removed.
std::string trimmed(const Ratio& r, unsigned max_places);

// Matrix FLOPs with a decimal prefix: "133.59 TFLOPs", "19.97 GFLOPs".
std::string flops_text(const Ratio& flops);

// Bytes with a binary prefix (KiB, MiB, GiB, TiB): "1.125 GiB", "144 KiB".
std::string bytes_binary_text(const Ratio& bytes);

// Bytes with a decimal prefix (kB, MB, GB, TB): "24 GB", "16.381 GB".
std::string bytes_decimal_text(const Ratio& bytes);

// A large count in 億 (10^8) or 萬 (10^4): "85.1 億".
std::string count_zh_text(const Ratio& count);

}  // namespace tally
