#include "deepseek_v4_sums.hpp"

namespace tally::mech::v4 {

namespace {
// n(n−1)/2 without a fraction: one of n, n−1 is even.
u128 pairs_below(u128 n) { return n < 2 ? 0 : (n % 2 == 0 ? mul(n / 2, n - 1) : mul(n, (n - 1) / 2)); }
}  // namespace

u128 triangle(u128 n) { return n % 2 == 0 ? mul(n / 2, add(n, 1)) : mul(n, add(n, 1) / 2); }

u128 sum_min(u128 n, u128 w) {
    if (n <= w) return triangle(n);
    return add(triangle(w), mul(w, n - w));
}

u128 sum_floor(u128 n, u128 r) {
    // ⌊t/r⌋ = k on the r values t = kr … kr+r−1 for each k < q, then q on
    // the n − qr + 1 values t = qr … n: r·q(q−1)/2 + q·(n − qr + 1).
    const u128 q = n / r;
    return add(mul(r, pairs_below(q)), mul(q, n - q * r + 1));
}

u128 sum_floor_cap(u128 n, u128 r, u128 c) {
    if (c == 0) return 0;
    // ⌊t/r⌋ < c exactly for t < c·r; from t = c·r on the term is c.
    const u128 first_capped = mul(c, r);
    if (n < first_capped) return sum_floor(n, r);
    return add(sum_floor(first_capped - 1, r), mul(c, n - first_capped + 1));
}

u128 run_min(u128 S, u128 T, u128 w) { return sub(sum_min(add(S, T), w), sum_min(S, w)); }
u128 run_floor(u128 S, u128 T, u128 r) { return sub(sum_floor(add(S, T), r), sum_floor(S, r)); }
u128 run_floor_cap(u128 S, u128 T, u128 r, u128 c) { return sub(sum_floor_cap(add(S, T), r, c), sum_floor_cap(S, r, c)); }

}  // namespace tally::mech::v4
