// A model's life cycle in GPU time (§3.6.1, Figure 3-29): training 6·N·D
// once, then 2·N·[P + (G − 1)] per call, both at the same delivered rate
// (peak × MFU), so each model's cumulative cost is a line whose intercept is
// training and whose slope is one call.  Two lines cross where the extra
// training of one is paid back by what it saves per call; the delivered rate
// cancels there, so the crossing does not depend on MFU.
//
// And the compute-optimal split of §3.6.1: with L(N, D) = E + A/N^α + B/D^β
// and C = 6ND, N_opt ∝ C^{β/(α+β)} and D_opt ∝ C^{α/(α+β)}; a budget k times
// larger multiplies them by k^{β/(α+β)} and k^{α/(α+β)}.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch03 {

struct LifecycleModel {
    Ratio params;  // N
    Ratio tokens;  // D (from the scaling fit; the core does not fit)
};

struct LifecycleRow {
    Ratio training_flops;        // 6·N·D
    Ratio training_gpu_seconds;  // training_flops / rate
    Ratio training_gpu_hours;    // … / 3600
    Ratio per_call_flops;        // 2·N·[P + (G − 1)]
    Ratio per_call_gpu_seconds;  // per_call_flops / rate
};

// Between two models `a` and `b`: which is cheaper with no calls yet (the one
// that trains for less; on a tie the cheaper call), and, when the other one
// is cheaper per call, the number of calls at which their lines cross.
struct LifecycleCrossover {
    bool crosses = false;
    bool a_cheaper_first = true;        // a's line starts lower (or equal and rises slower)
    Ratio calls;                        // where they cross (0 when they do not)
    Ratio extra_training_gpu_seconds;   // |ΔC0|
    Ratio saving_per_call_gpu_seconds;  // |Δc|
};

struct Lifecycle {
    Ratio rate;  // delivered FLOP per GPU-second: peak × 10^12 × MFU
    std::vector<LifecycleRow> rows;
    std::vector<LifecycleCrossover> crossovers;  // consecutive pairs: (0,1), (1,2), …
};

// peak_tflops in TFLOP/s, mfu a fraction in (0, 1]; prompt ≥ 1, output ≥ 1.
Lifecycle lifecycle_cost(const std::vector<LifecycleModel>& models, u128 prompt, u128 output, const Ratio& peak_tflops,
                         const Ratio& mfu);

// GPU-hours a model has cost after `calls` calls: its line at x = calls
// (training, then calls × one call's GPU time).  Figure 3-29 draws each row
// from 0 to the reader's number of calls.
Ratio lifecycle_gpu_hours_at(const LifecycleRow& row, const Ratio& calls);

// The two exponents of the compute-optimal split.
struct AllocationExponents {
    Ratio params;  // β/(α+β)
    Ratio tokens;  // α/(α+β)
};
AllocationExponents allocation_exponents(const Ratio& alpha, const Ratio& beta);

// k^e for k > 0 and 0 < e < 1: exact when it is rational (k = r/s reduced,
// e = p/q reduced, r and s perfect q-th powers), else approximate (double).
struct Power {
    bool exact = false;
    Ratio value;           // when exact
    double approximate{};  // always: the double value (finite, > 0)
};
Power rational_power(const Ratio& base, const Ratio& exponent);

}  // namespace tally::ch03
