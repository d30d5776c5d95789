#include "deepseek_v41_sums.hpp"

#include <algorithm>

namespace tally::mech::v41 {

u128 triangle(u128 n) {
    // One of n, n+1 is even, so the halving is exact.
    return n % 2 == 0 ? mul(n / 2, add(n, 1)) : mul(n, add(n, 1) / 2);
}

u128 sum_min(u128 n, u128 c) {
    if (n <= c) return triangle(n);
    return add(triangle(c), mul(c, n - c));
}

u128 sum_floor(u128 n, u128 r) {
    // Blocks v = qr … qr+r−1 hold ⌊v/r⌋ = q: whole blocks q = 1 … Q−1 give
    // r·Q(Q−1)/2, the last block (v = Qr … n) gives Q·(n − Qr + 1).
    const u128 q = n / r;
    if (q == 0) return 0;
    return add(mul(r, triangle(q - 1)), mul(q, n - mul(q, r) + 1));
}

u128 sum_floor_cap(u128 n, u128 r, u128 c) {
    if (c == 0) return 0;
    const u128 edge = mul(c, r);  // first v with ⌊v/r⌋ = c
    if (n < edge) return sum_floor(n, r);
    return add(mul(r, triangle(c - 1)), mul(c, n - edge + 1));
}

u128 range_min(u128 a, u128 b, u128 c) { return b < a ? 0 : sub(sum_min(b, c), sum_min(a - 1, c)); }

u128 range_floor(u128 a, u128 b, u128 r) { return b < a ? 0 : sub(sum_floor(b, r), sum_floor(a - 1, r)); }

u128 range_floor_cap(u128 a, u128 b, u128 r, u128 c) {
    return b < a ? 0 : sub(sum_floor_cap(b, r, c), sum_floor_cap(a - 1, r, c));
}

u128 multiples(u128 a, u128 b, u128 r) { return b < a ? 0 : b / r - (a - 1) / r; }

}  // namespace tally::mech::v41
