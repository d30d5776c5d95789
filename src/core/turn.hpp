// One chat turn with a cache hit (exercise 2-2, 2-8): what reusing the first
// `cached` of the turn's input tokens saves against recomputing all of them.
#pragma once

#include "exact.hpp"

namespace tally {

// The prefill's share saved, the share still computed, and the share of
// rows skipped (as if FLOPs followed the rows alone), each in percent and
// exact, from the prefill's FLOPs without and with the reuse.
struct ReuseShares {
    Ratio saved_percent;
    Ratio kept_percent;
    Ratio rows_saved_percent;
};
ReuseShares reuse_shares(const Ratio& full_flops, const Ratio& flops, u128 cached, u128 total_input);

// The prefix still reusable when the input first changes at `edit_at`
// (1-based): only the positions before it.
u128 reusable_prefix(u128 cached, u128 edit_at);

}  // namespace tally
