// Choosing implementations by the shapes that arrive (§5.4.5, §5.5.3,
// Examples 5-9 and 5-12, Figures 5-25, 5-34 and 5-35, Experiments 5-6, 5-7).
//   shape mix: calls of several shapes, each with an old and a new time;
//     with two shapes, the share p of the first at which both versions take
//     as long.
//   buckets: each call runs at the smallest bucket that holds it.
//   strategies: a one-off preparation P and a time T per group of calls;
//     r groups cost P + r·T, and two strategies cross at r = ΔP / ΔT.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

struct ShapeCalls {
    u128 calls = 0;
    Ratio old_us, new_us;
};

struct ShapeMix {
    Ratio old_total_us, new_total_us;
    bool new_faster = false;
    Ratio ratio;  // old / new
    // Two shapes, the new version faster on one and slower on the other: the
    // first shape's share of calls where both totals are equal.
    std::optional<Ratio> breakeven_share;
    bool new_wins_above = false;  // the new version wins when the share exceeds it
};

ShapeMix shape_mix(const std::vector<ShapeCalls>& shapes);

struct BucketRows {
    u128 actual_rows = 0, executed_rows = 0;
    Ratio padding_share;  // (executed − actual) / actual
    bool fits = true;     // every call fits the largest bucket
};

// calls: {rows, count}; buckets ascending.
BucketRows bucket_rows(const std::vector<std::pair<u128, u128>>& calls, const std::vector<u128>& buckets);

struct Strategy {
    std::string id;
    Ratio prepare_ms, group_ms;
};

struct Crossing {
    std::string from, to;  // `to` (more preparation, faster groups) overtakes `from`
    Ratio groups;          // ΔP / ΔT
    u128 first_group = 0;  // the first whole r at which `to` is strictly cheaper
};

// Pairs where one strategy prepares longer but runs each group faster.
std::vector<Crossing> strategy_crossings(const std::vector<Strategy>& strategies);

// The cheapest strategy at r groups (ties: the earlier one).
std::size_t cheapest_at(const std::vector<Strategy>& strategies, u128 groups);

}  // namespace tally::ch05
