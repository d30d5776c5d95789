// Training bookkeeping that needs no model (§3.6.2, §3.6.3, Table 3.6.2-a,
// Figure 3-31, Exercise 3-10): 6ND and tokens per parameter, calendar days
// from GPU-hours on a fleet, GPU-hours of one card in another's by the ratio
// of their peaks, and the break-even volume Q* = ΔC0/Δc at which extra
// training pays for itself.
#pragma once

#include "core/exact.hpp"

namespace tally::ch03 {

struct TrainingBudget {
    Ratio six_nd;            // 6·N·D FLOPs
    Ratio tokens_per_param;  // D/N
};
TrainingBudget training_budget(const Ratio& params, const Ratio& tokens);

struct Calendar {
    Ratio hours;  // GPU-hours / GPUs
    Ratio days;   // hours / 24
};
Calendar calendar_days(const Ratio& gpu_hours, u128 gpus);

// peak_from / peak_to: how many `to` GPU-hours one `from` GPU-hour matches.
Ratio gpu_hour_factor(const Ratio& peak_from, const Ratio& peak_to);

// Extra training ΔC0 (in GPU-hours, counted in GPU-seconds) against a saving
// Δc GPU-seconds per task: Q* = ΔC0/Δc.  At `tasks` the cheaper side saves
// |ΔC0 − tasks·Δc| GPU-seconds.
struct BreakEven {
    Ratio extra_seconds;  // ΔC0 in GPU-seconds
    Ratio tasks;          // Q*
};
BreakEven break_even(const Ratio& extra_gpu_hours, const Ratio& saving_seconds);

}  // namespace tally::ch03
