#pragma once
// 2^e as an exact ratio: the binary formats of chapter 5 (FP32 sums, E4M3
// scales) place every value on a power-of-two grid.
#include "core/exact.hpp"

namespace tally::ch05 {

inline Ratio power_of_two(int e) { return e >= 0 ? Ratio(u128{1} << e) : Ratio(1, u128{1} << -e); }

}  // namespace tally::ch05
