// The one irrational step of chapter 10's closed forms: the square root in
// the Young/Daly save interval τ* = √(2c/λ).  It is kept as an exact decimal
// truncated at a fixed place (10^-6 s is far below any printed digit), so
// everything downstream stays a Ratio.
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

// ⌊√n⌋ for any 128-bit n.
u128 integer_sqrt(u128 n);

// ⌊√q · 10^places⌋ / 10^places.  Throws ArithmeticOverflow when q·10^(2·places)
// leaves 128 bits.
Ratio sqrt_truncated(const Ratio& q, unsigned places);

}  // namespace tally::ch10
