// An activation before or after the sum (§5.4.3, Figure 5-22): one output's
// two partial sums a and −a give SiLU(a + (−a)) = SiLU(0) = 0 when added
// first, but SiLU(a) + SiLU(−a) = a·(σ(a) − σ(−a)) when each is activated
// first (about 0.4621 for a = 1). SiLU is not rational, so the two values
// are doubles rounded to `places` decimals, as chapter 3 rounds its powers.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct ActivationOrder {
    Ratio sum_then_silu;  // SiLU(a − a), exactly 0
    Ratio silu_then_sum;  // SiLU(a) + SiLU(−a), rounded
};

// a ≥ 0 (at most 10^9); places ≤ 12.
ActivationOrder activation_order(const Ratio& a, unsigned places);

}  // namespace tally::ch05
