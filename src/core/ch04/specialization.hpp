// Whether a specialised accelerator pays back (§4.8.4, Example 4-3,
// Experiment 4-7).  A one-off cost F0 is recovered by a saving of Δc per
// token, so the break-even volume is V* = F0 / Δc.  A fleet of D machines
// of q tokens/s at utilisation u over a life of L seconds makes D·u·q·L
// tokens; the fleet that reaches V* within L has ⌈V* / (u·q·L)⌉ machines.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct SpecializationInput {
    Ratio fixed_cost;         // F0, currency units
    Ratio saving_per_token;   // Δc, currency units per token
    u128 machines = 1;        // D
    Ratio tokens_per_second;  // q, per machine
    Ratio utilisation;        // u, in (0, 1]
    Ratio life_seconds;       // L
};

struct Specialization {
    Ratio breakeven_tokens;           // V*
    Ratio life_tokens;                // D·u·q·L
    Ratio life_share;                 // life_tokens / V*
    Ratio machines_needed;            // V* / (u·q·L)
    u128 machines_to_break_even = 0;  // ⌈machines_needed⌉
    Ratio saving_per_year;            // D·u·q·(one year)·Δc
    Ratio years_to_break_even;        // F0 / saving_per_year
};

// All inputs positive; one year is 365 days.
Specialization specialization(const SpecializationInput& in);

}  // namespace tally::ch04
