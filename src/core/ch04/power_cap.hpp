// The power ceiling (§4.1.3, Figure 4-7, Experiment 4-8 (c)): at full
// bandwidth memory draws P_mem = R·e_byte, which leaves TDP − P_mem for the
// matrix units; at peak rate that allows b = (TDP − P_mem) / F_peak per FLOP.
// A design that spends e per FLOP can sustain only part of the peak: b/e of
// the clock with the voltage fixed, (b/e)^(1/3) if the voltage falls with
// the clock (P ∝ V²f with V ∝ f).  Cube roots are not exact: they are given
// rounded down to six decimals, the only approximation in this file.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch04 {

struct PowerCap {
    Ratio memory_watts;                  // R · e_byte
    std::optional<Ratio> compute_watts;  // TDP − P_mem; empty when memory alone exceeds the TDP
    std::optional<Ratio> pj_per_flop;    // b
    // For e = e_over_b · b: the clock share sustained, 1 when e ≤ b.
    Ratio fixed_voltage_share;
    Ratio scaled_voltage_share;  // rounded down to 10^-6
};

// tdp_watts, bytes_per_second, flops_per_second, pj_per_byte, e_over_b > 0.
PowerCap power_cap(const Ratio& tdp_watts, const Ratio& bytes_per_second, const Ratio& flops_per_second, const Ratio& pj_per_byte,
                   const Ratio& e_over_b);

// ⌊x^(1/3) · 10^6⌋ / 10^6 for 0 < x ≤ 1.
Ratio cube_root_floor_micro(const Ratio& x);

}  // namespace tally::ch04
