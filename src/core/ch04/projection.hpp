// One linear projection Y = X·W (§4.1.1, Table 4.1.1-a, §4.8.1, Table
// 4.8.1-a, Figure 4-35): X is [M, K], W is [K, N], every operand stored in
// the same format of b bytes per value and each read or written once.
//   F = 2·M·K·N FLOPs,   V = b·(K·N + M·K + M·N) bytes,   I = F / V.
// As M grows the weights are shared by more rows and I approaches
// I∞ = 2·K·N / (b·(K + N)).  On a device of peak P and bandwidth R the
// compute time F/P overtakes the memory time V/R from the ridge I* = P/R:
//   M* = I*·b·K·N / (2·K·N − I*·b·(K + N)),
// and never when I∞ ≤ I*.
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch04 {

struct ProjectionShape {
    u128 rows = 1;         // M
    u128 inputs = 1;       // K
    u128 outputs = 1;      // N
    Ratio value_bytes{2};  // b
};

struct ProjectionWork {
    u128 flops = 0;
    Ratio weight_bytes, input_bytes, output_bytes, bytes;
    Ratio intensity;        // F / V, FLOPs per byte
    Ratio intensity_limit;  // I∞ as M grows without bound
};
ProjectionWork projection_work(const ProjectionShape& s);

struct Roofline {
    Ratio compute_seconds;  // F / P
    Ratio memory_seconds;   // V / R
    bool compute_bound;     // F / P ≥ V / R
    Ratio ridge;            // I* = P / R
    // M* and the first whole number of rows at or past it; empty when the
    // projection never becomes compute-bound (I∞ ≤ I*).
    std::optional<Ratio> crossover_rows;
    std::optional<u128> first_compute_bound_rows;
};
// flops_per_second and bytes_per_second > 0.
Roofline roofline(const ProjectionShape& s, const ProjectionWork& w, const Ratio& flops_per_second,
                  const Ratio& bytes_per_second);

}  // namespace tally::ch04
