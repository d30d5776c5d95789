// Compute lower bounds (§10.1.3, §10.6.4): F training FLOPs on cards of peak
// P at efficiency η in T seconds need p ≥ ⌈F / (P η T)⌉ cards, and p cards
// take F / (p P η) seconds.
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct ComputeFloor {
    Ratio cards_exact;  // F / (P η T)
    u128 cards = 0;     // its ceiling
    Ratio seconds_on_cards;
};

// All inputs positive.
ComputeFloor compute_floor(const Ratio& flops, const Ratio& peak, const Ratio& efficiency, const Ratio& seconds, u128 cards);

}  // namespace tally::ch10
