// One notation for a power of ten after a mantissa, for every front end
// (issue 39 item 13: "1.791×10^20" used to sit beside "2.048×10⁸").
#pragma once

#include <string>

namespace tally {

// Superscript digits: 20 -> "×10²⁰", -4 -> "×10⁻⁴".
std::string times_ten_to(int exponent);

}  // namespace tally
