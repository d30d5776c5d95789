// One message over a link (§4.5.3): T = α + V/R.  α is the fixed start-up
// cost of a transfer, R the link's bandwidth in one direction.  The message
// size at which both terms are equal, V* = α·R, splits small messages (α
// dominates: sending less barely helps) from large ones (bytes dominate).
// Units: α in μs, R in GB/s (10^9 B/s), V in bytes, so V/R in μs is
// V / (1000·R).
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct LinkTime {
    Ratio transfer_us;     // V / R
    Ratio time_us;         // α + V / R
    Ratio crossover;       // V* = α·R, bytes
    bool bandwidth_bound;  // V / R > α
};
// bytes ≥ 0; alpha_us, gbps > 0.
LinkTime link_time(const Ratio& bytes, const Ratio& alpha_us, const Ratio& gbps);

// Rows of row_bytes each: V*/row_bytes, and the first whole number of rows
// whose transfer takes longer than α (⌊V*/row_bytes⌋ + 1).
struct LinkRows {
    Ratio crossover_rows;
    u128 first_bandwidth_bound_rows = 0;
};
LinkRows link_rows(const Ratio& crossover_bytes, const Ratio& row_bytes);

}  // namespace tally::ch04
