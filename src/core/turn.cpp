#include "turn.hpp"

#include <algorithm>

namespace tally {

ReuseShares reuse_shares(const Ratio& full_flops, const Ratio& flops, u128 cached, u128 total_input) {
    const Ratio hundred(100);
    return {(full_flops - flops) / full_flops * hundred, flops / full_flops * hundred,
            Ratio(cached) / Ratio(total_input) * hundred};
}

u128 reusable_prefix(u128 cached, u128 edit_at) { return std::min(cached, edit_at - 1); }

}  // namespace tally
