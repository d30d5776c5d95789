// Batch size against steps (§10.1.1), from the empirical trade-off
// (S/S_min − 1)(E/E_min − 1) = 1 with the critical batch B_crit = E_min/S_min
// taken as the gradient noise scale B_n.  A run of S steps at batch B then
// sits on the curve with
//   S_min = S · (B/B_n) / (1 + B/B_n),   E_min = S_min · B_n
// and k times the batch needs S(k) = S_min · (1 + B_n/(kB)) steps (weak
// scaling: the step time stays, the steps fall towards S_min).  Strong
// scaling keeps S and splits the step's compute over k times the cards.
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct CriticalBatch {
    Ratio min_steps;         // S_min
    Ratio min_tokens;        // E_min
    Ratio batch_over_noise;  // B / B_n
    Ratio step_cap;          // S / S_min: the most weak scaling can save
};

CriticalBatch critical_batch(const Ratio& steps, const Ratio& batch_tokens, const Ratio& noise_tokens);

// S(k) for k times the batch.
Ratio weak_steps(const CriticalBatch& c, const Ratio& batch_tokens, const Ratio& noise_tokens, const Ratio& multiple);

}  // namespace tally::ch10
