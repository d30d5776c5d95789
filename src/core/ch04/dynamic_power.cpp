#include "core/ch04/dynamic_power.hpp"

namespace tally::ch04 {

DynamicPower dynamic_power(const Ratio& v_before, const Ratio& v_after, const std::optional<Ratio>& clock_ratio,
                           const std::optional<Ratio>& power_ratio, const std::optional<Ratio>& area_ratio) {
    DynamicPower d;
    const Ratio v = v_after / v_before;
    d.voltage_squared = v * v;
    if (clock_ratio) d.with_clock = d.voltage_squared * *clock_ratio;
    if (power_ratio && area_ratio) {
        d.density = *power_ratio / *area_ratio;
        d.density_rises = *area_ratio < *power_ratio;
    }
    return d;
}

}  // namespace tally::ch04
