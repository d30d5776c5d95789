// The chapter's running design case (§10.1, §10.2.4, §10.3.3, §10.4,
// §10.6.1–10.6.2): a dense model trained on a fixed token count by p cards,
// ZeRO-3 over all of them, one sequence per micro-batch.  Every line of
// Table 10-j is a closed form of these inputs:
//   compute per step   F_step / (p · peak · efficiency)
//   link per step      3m · (p−1)/p · 2N bytes over the card's link
//                      (two weight all-gathers and one gradient
//                      reduce-scatter per micro-batch)
//   exposed            the step's first all-gather and last reduce-scatter of
//                      the embedding: 2 · (p−1)/p · 2E bytes
//   step               compute + exposed + input wait
//   overhead L         c/τ + λτ/2 + λr (checkpoint_interval.hpp)
//   finish             reserve + ⌈D/b⌉ · step · (1 + L)
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct DesignInputs {
    u128 params = 0;            // N
    u128 embedding_params = 0;  // E, the unit whose collectives stay exposed
    Ratio flops_per_step;       // training matrix FLOPs of one optimizer step
    u128 tokens = 0;            // D, effective tokens
    u128 step_tokens = 0;       // b, tokens per optimizer step
    u128 step_sequences = 0;    // sequences per step
    u128 cards = 0;             // p
    u128 cards_per_host = 8;
    Ratio peak_flops;  // per card, FLOP/s
    Ratio efficiency;  // share of the peak, 0 < η ≤ 1
    Ratio link_bytes_per_second;
    Ratio input_wait_seconds;
    Ratio usable_bytes;  // per card
    Ratio live_bytes;    // activations, full-module weights and workspace alive at once
    u128 state_bytes_per_param = 16;
    Ratio checkpoint_bytes;
    Ratio checkpoint_bytes_per_second;
    Ratio interval_seconds;  // τ
    Ratio rate_per_second;   // λ of this job
    Ratio recovery_seconds;  // r
    Ratio deadline_days;
    Ratio reserve_days;
};

struct DesignCase {
    u128 hosts = 0;             // ⌈p / cards per host⌉
    u128 steps = 0;             // ⌈D/b⌉
    u128 micro_batches = 0;     // per card: ⌈sequences / p⌉
    Ratio resident_bytes;       // 16N/p
    Ratio peak_bytes;           // resident + live
    Ratio memory_margin_bytes;  // usable − peak (0 and `fits` false when over)
    bool fits = false;
    Ratio compute_seconds;
    Ratio compute_per_micro_batch;
    Ratio collective_bytes;  // one collective, per card
    Ratio link_bytes;        // per step, per card
    Ratio link_seconds;
    Ratio link_per_micro_batch;
    Ratio exposed_seconds;
    Ratio step_seconds;                                            // compute + exposed + input wait
    Ratio unhidden_step_seconds;                                   // compute + all link time + input wait
    Ratio checkpoint_seconds;                                      // c
    Ratio save_share, redo_share, recovery_share, overhead_share;  // L and its parts
    Ratio base_days;                                               // steps · step
    Ratio training_days;                                           // base · (1 + L)
    Ratio finish_days;                                             // reserve + training
    bool on_time = false;
    Ratio spare_days;               // deadline − finish when on time
    Ratio late_days;                // finish − deadline when late
    Ratio step_budget_seconds;      // (deadline − reserve) / (steps · (1 + L))
    Ratio raw_step_budget_seconds;  // (deadline − reserve) / steps
    Ratio deadline_step_seconds;    // deadline / steps
    bool budget_met = false;
    Ratio step_margin_seconds;              // budget − step (when met)
    Ratio communication_budget_seconds;     // budget − compute − input wait (when ≥ 0)
    Ratio compute_budget_seconds;           // budget − exposed − input wait (when ≥ 0)
    Ratio minimum_efficiency;               // efficiency · compute / compute budget
    Ratio tokens_per_second_deadline;       // D / deadline
    Ratio tokens_per_second_after_reserve;  // D / (deadline − reserve)
    Ratio card_hours;                       // p · training days · 24
    Ratio card_hours_with_reserve;          // p · finish days · 24
};

// The caller checks every count ≥ 1, 0 < efficiency ≤ 1 and reserve < deadline.
DesignCase design_case(const DesignInputs& in);

}  // namespace tally::ch10
