#include "core/ch04/hbm_stack.hpp"

namespace tally::ch04 {

Ratio stack_bandwidth(u128 pins, const Ratio& pin_gbps) { return Ratio(pins) * pin_gbps / Ratio(8); }

StackShare stack_share(const Ratio& bandwidth_gbps, u128 stacks, u128 pins) {
    StackShare s;
    s.gb_per_second = bandwidth_gbps / Ratio(stacks);
    s.pin_gbps = s.gb_per_second * Ratio(8) / Ratio(pins);
    return s;
}

}  // namespace tally::ch04
