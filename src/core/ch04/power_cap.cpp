#include "core/ch04/power_cap.hpp"
#include "core/ch04/picojoules.hpp"

namespace tally::ch04 {

Ratio cube_root_floor_micro(const Ratio& x) {
    // The largest k ≤ 10^6 with (k / 10^6)^3 ≤ x, by bisection on integers.
    const u128 scale = 1000000;
    u128 lo = 0, hi = scale;
    while (lo < hi) {
        const u128 mid = (lo + hi + 1) / 2;
        if (Ratio(mul(mid, mid, mid), mul(scale, scale, scale)) <= x) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return Ratio(lo, scale);
}

PowerCap power_cap(const Ratio& tdp_watts, const Ratio& bytes_per_second, const Ratio& flops_per_second, const Ratio& pj_per_byte,
                   const Ratio& e_over_b) {
    PowerCap p;
    p.memory_watts = bytes_per_second * pj_per_byte * kJoulesPerPicojoule;
    if (p.memory_watts < tdp_watts) {
        p.compute_watts = tdp_watts - p.memory_watts;
        p.pj_per_flop = *p.compute_watts / flops_per_second / kJoulesPerPicojoule;
    }
    const Ratio share = e_over_b <= Ratio(1) ? Ratio(1) : Ratio(1) / e_over_b;
    p.fixed_voltage_share = share;
    p.scaled_voltage_share = cube_root_floor_micro(share);
    return p;
}

}  // namespace tally::ch04
