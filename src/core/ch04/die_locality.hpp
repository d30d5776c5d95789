// Two dies in one package (§4.5.1): each holds a share of the weights in its
// own memory, and a link joins them.  A phase that reads every die's share
// can run where the reads are (each die reads its own memory, and only the
// inputs and results cross the link) or on one die (that die reads its own
// share and, at the same time, the other's through the link).
//   local read   V / B_local
//   remote read  V / min(B_local, B_link): the other die's memory feeds the link
//   gathered     max(local, remote): the two reads use different interfaces
//   exchange     X / B_link: what crosses when the work stays in place
// Units: V and X in bytes, bandwidths in GB/s (10^9 B/s), times in μs.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct DieLocality {
    Ratio local_read_us;
    Ratio remote_read_us;
    bool link_bound = false;  // the link is slower than the other die's memory
    Ratio gathered_us;        // the phase with all the work on one die
    Ratio exchange_us;        // inputs and results over the link, work in place
    Ratio link_over_local;    // B_link / B_local: below 1, keep the work where the weights are
};
// bytes_per_die > 0, exchange_bytes ≥ 0; bandwidths > 0.
DieLocality die_locality(const Ratio& bytes_per_die, const Ratio& exchange_bytes, const Ratio& local_gbps,
                         const Ratio& link_gbps);

}  // namespace tally::ch04
