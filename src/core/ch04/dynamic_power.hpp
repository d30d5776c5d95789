// Dynamic power P ≈ α·C·V²·f (§4.1.3, Figure 4-4): lowering the voltage
// from V0 to V1 scales power by (V1/V0)², and the clock by f1/f0 on top.
// A design that keeps a power ratio p on an area ratio a changes the power
// per unit area by p/a: the density rises only while a < p.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch04 {

struct DynamicPower {
    Ratio voltage_squared;              // (V1/V0)²
    std::optional<Ratio> with_clock;    // (V1/V0)² · f1/f0
    std::optional<Ratio> density;       // p / a
    std::optional<bool> density_rises;  // a < p
};

// Voltages > 0; the ratios optional, > 0.
DynamicPower dynamic_power(const Ratio& v_before, const Ratio& v_after, const std::optional<Ratio>& clock_ratio,
                           const std::optional<Ratio>& power_ratio, const std::optional<Ratio>& area_ratio);

}  // namespace tally::ch04
