#include "square_root.hpp"

#include "core/format.hpp"

namespace tally::ch10 {

u128 integer_sqrt(u128 n) {
    // Bit by bit from the top: the root has at most 64 bits.
    u128 root = 0;
    for (int bit = 63; bit >= 0; --bit) {
        const u128 candidate = root | (u128{1} << bit);
        if (candidate * candidate <= n) root = candidate;
    }
    return root;
}

Ratio sqrt_truncated(const Ratio& q, unsigned places) {
    const u128 scale = pow10(places);
    const u128 scaled = mul(q.num(), scale, scale) / q.den();
    return Ratio(integer_sqrt(scaled), scale);
}

}  // namespace tally::ch10
