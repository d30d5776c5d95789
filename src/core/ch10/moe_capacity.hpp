// Expert capacity (§10.3.4): with D dispatches (tokens × k) over E experts
// and capacity factor c, each expert takes at most ⌊c·D/E⌋ tokens.  Tokens
// past an expert's capacity are dropped; slots it does not fill are padding.
//   dropped share  Σ max(0, load − cap) / D
//   padding share  Σ max(0, cap − load) / (E · cap)
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

// `experts` experts each receiving `load` dispatches.
struct LoadGroup {
    u128 experts = 0;
    u128 load = 0;
};

struct Capacity {
    u128 dispatches = 0;
    u128 experts = 0;
    u128 capacity = 0;
    u128 dropped = 0;
    u128 padding = 0;
    Ratio dropped_share;
    Ratio padding_share;  // 0 when the capacity is 0
};

// The caller checks at least one expert.
Capacity moe_capacity(const std::vector<LoadGroup>& groups, const Ratio& capacity_factor);

}  // namespace tally::ch10
