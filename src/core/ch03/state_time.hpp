// State held over time (§3.1.2, Figure 3-3, Exercise 3-2): the area under
// the occupied bytes, A_M = Σ M_i·Δt_i in byte·s (1 GiB for 10 s is
// 10 GiB·s), and Little's law for tasks that keep arriving: at λ tasks/s,
// each waiting τ s and holding M0 bytes, about λτ tasks and λ·M0·τ bytes are
// waiting at any moment once the flow is steady.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct StateSegment {
    Ratio bytes;
    Ratio seconds;
};

struct StateTime {
    Ratio area;     // byte·s
    Ratio seconds;  // Σ Δt
    Ratio peak;     // the largest M_i
};
StateTime state_time(const std::vector<StateSegment>& segments);

struct SteadyState {
    Ratio tasks;  // λ·τ
    Ratio bytes;  // λ·M0·τ
};
SteadyState steady_state(const Ratio& rate, const Ratio& wait_seconds, const Ratio& bytes_each);

}  // namespace tally::ch03
