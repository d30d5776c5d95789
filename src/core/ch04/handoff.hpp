// Handing an attention tile's intermediate tensors between the matrix and
// the vector unit (§4.6.2, Fig. 4-31): the scores go from QK to softmax and
// the probabilities from softmax to PV, each a q × k tensor.  Through an
// outer interface (a shared cache) each hand-off is written and read back;
// over a direct Cube–Vector path (Ascend 950) it crosses once.  Done within
// the matrix unit's service time for the tile, each path needs bytes / time.
// 128 × 128 FP32 in 1.024 μs: 256 KiB and 256 GB/s outside, 128 KiB and
// 128 GB/s direct (64 GB/s in FP16); at 94 GB/s of cache a core, 2.79 μs.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct Handoff {
    Ratio tensor_bytes;         // q·k·b
    Ratio outer_bytes;          // hand-offs × 2 × tensor (write, then read)
    Ratio direct_bytes;         // hand-offs × tensor
    Ratio outer_gbps;           // outer / deadline
    Ratio direct_gbps;          // direct / deadline
    Ratio outer_us;             // outer at the port's bandwidth
    Ratio outer_over_deadline;  // how many deadlines the outer path takes at that port
};

// query_rows, key_rows, handoffs ≥ 1; value_bytes, deadline_us, port_gbps > 0.
Handoff handoff(u128 query_rows, u128 key_rows, const Ratio& value_bytes, u128 handoffs, const Ratio& deadline_us,
                const Ratio& port_gbps);

}  // namespace tally::ch04
