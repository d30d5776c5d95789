// Little's law for memory bandwidth (§4.3.3, Example 4-2, Figure 4-15).  A
// memory system answers a request of s bytes after a latency L; with N_o
// requests in flight it delivers at most N_o·s/L, and never more than its
// interface R_if:
//   R_eff = min(R_if, N_o·s/L),   N_o ≥ ⌈R_if·L/s⌉ to reach the interface.
// Units: R in GB/s and L in ns, so N_o·s/L is in B/ns = GB/s and R·L in bytes.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

// ⌈R·L/s⌉: transactions that must be in flight to keep the interface busy.
u128 in_flight_needed(const Ratio& gbps, const Ratio& latency_ns, const Ratio& transaction_bytes);

struct LittleRate {
    Ratio little_gbps;     // N_o·s / L
    Ratio effective_gbps;  // min(R_if, N_o·s / L)
    bool latency_bound;    // N_o·s / L < R_if
};
LittleRate little_rate(const Ratio& gbps, const Ratio& latency_ns, const Ratio& transaction_bytes, u128 in_flight);

// Milliseconds to read `bytes` at `gbps`: bytes / (10^6·gbps).
Ratio read_ms(const Ratio& bytes, const Ratio& gbps);

}  // namespace tally::ch04
