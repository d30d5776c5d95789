// The energy of one decode step (§4.1.3, Figure 4-5, Experiment 4-8): the
// bytes it reads and the FLOPs it does, each times an energy per unit.
// The weights are read once for the whole batch; each sequence reads its
// own KV and does its own FLOPs.  Per token:
//   E = W·e_w / B + K·e_kv + F·e_f
// so batching shrinks only the weight term, which falls below the compute
// term once B > W·e_w / (F·e_f).  Energies in pJ (per byte, per FLOP);
// the bytes and FLOPs come from chapter 2's accounting (the caller's).
#pragma once

#include <optional>

#include "core/exact.hpp"

namespace tally::ch04 {

struct StepWork {
    Ratio weight_bytes;  // read once per step (the shared weights and one embedding row)
    Ratio kv_bytes;      // one sequence's KV read
    Ratio flops;         // one sequence's FLOPs for its new token
};

struct EnergyPrices {
    Ratio weight_pj_per_byte;
    Ratio kv_pj_per_byte;
    Ratio pj_per_flop;
};

struct EnergyLedger {
    // Joules per token at the batch.
    Ratio weights_j, kv_j, compute_j, total_j;
    Ratio weight_share;                  // weights_j / total_j
    Ratio single_total_j;                // the same at batch 1
    Ratio breakeven_batch;               // W·e_w / (F·e_f): the weight term equals the compute term
    u128 first_batch_below_compute = 0;  // the smallest batch whose weight term is below it
    // With a bandwidth: the step's read time and the average power.
    std::optional<Ratio> step_seconds, watts;
};

// batch ≥ 1; prices > 0; bytes_per_second > 0 when given.
EnergyLedger energy_ledger(const StepWork& w, const EnergyPrices& e, u128 batch, const std::optional<Ratio>& bytes_per_second);

}  // namespace tally::ch04
