// The fluid backlog of §3.1.3 (Example 3-1, Figure 3-7, Exercise 3-2):
// work arrives evenly inside each window and is served at a fixed rate, so
// the backlog moves in straight lines and is clamped at zero,
//   Q_{k+1} = max(0, Q_k + (A_k − μ_k)·Δt_k),  Q_0 = 0.
// Rates are exact ratios (7471.2 steps/s), so every boundary is exact too.
#pragma once

#include <optional>
#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct FluidWindow {
    Ratio seconds;  // Δt_k > 0
    Ratio arrival;  // A_k, work per second
    Ratio service;  // μ_k, work per second
};

// One corner of the backlog's polyline: at `time` the queue holds `backlog`.
struct BacklogPoint {
    Ratio time;
    Ratio backlog;
};

struct FluidBacklog {
    std::vector<Ratio> times;            // window boundaries, from 0
    std::vector<Ratio> series;           // backlog at each boundary, from Q_0 = 0
    std::vector<BacklogPoint> curve;     // every corner, including where a queue empties inside a window and the drain's end
    Ratio peak;                          // the largest backlog (a line's maximum is at a boundary)
    Ratio peak_time;                     // the first boundary where it is reached
    Ratio end;                           // backlog when the last window ends
    std::optional<Ratio> drain_seconds;  // end / μ_last after arrivals stop; none when μ_last = 0 and end > 0
};

// windows non-empty, every seconds > 0 (the op checks; this assumes).
FluidBacklog fluid_backlog(const std::vector<FluidWindow>& windows);

}  // namespace tally::ch03
