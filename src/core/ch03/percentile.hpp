// Nearest-rank percentiles (§3.1.2): sort the n observations and take rank
// ⌈p·n⌉; p95 of 4 observations is the largest, of 480 the 456th.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

// ⌈p·n⌉ for n ≥ 1 and 0 < p ≤ 1 (so the rank is 1 … n).
u128 nearest_rank(u128 n, const Ratio& p);

struct Percentile {
    u128 rank = 0;
    Ratio value;
    std::vector<Ratio> sorted;
};

// values non-empty.
Percentile nearest_rank_percentile(std::vector<Ratio> values, const Ratio& p);

}  // namespace tally::ch03
