// HBM stacks (§4.1.3, Table 4.1.3-b, Figure 4-6).  One stack has `pins`
// data pins (1,024 for HBM3/HBM3E), each carrying r Gb/s:
//   R_stack = pins · r / 8  (GB/s),   C_stack = layers × bytes per layer.
// Read backwards from a device's stated bandwidth and stack count, the
// same formula gives each stack's share and the pin rate it implies.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

// GB/s of one stack at `pin_gbps` per pin.
Ratio stack_bandwidth(u128 pins, const Ratio& pin_gbps);

struct StackShare {
    Ratio gb_per_second;  // bandwidth / stacks
    Ratio pin_gbps;       // its pin rate: 8 · share / pins
};
// bandwidth in GB/s; stacks, pins ≥ 1.
StackShare stack_share(const Ratio& bandwidth_gbps, u128 stacks, u128 pins);

}  // namespace tally::ch04
