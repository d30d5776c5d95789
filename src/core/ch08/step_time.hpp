// One engine iteration's time from Experiment 8-1's fitted model (§8.2.2,
// §8.2.3, Exercise 8-2): a fixed base per step, a cost per new position and
// a cost per causal attention pair,
//   T = base + per_token·Σ c_i + per_pair·Σ pairs_i.
// A part of the step adds c_i new positions after h_i already cached; its
// new positions attend to every cached one and causally to each other:
//   pairs_i = c_i·h_i + c_i(c_i + 1)/2.
// (One decode position after h cached ones: h + 1 pairs.)
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch08 {

struct StepPart {
    u128 new_positions = 0;  // c ≥ 1
    u128 history = 0;        // h
};

struct StepFit {
    Ratio base_ms;
    Ratio per_token_us;
    Ratio per_pair_ns;
};

struct StepTime {
    u128 new_positions = 0;
    u128 pairs = 0;
    Ratio base_ms;
    Ratio token_ms;
    Ratio pair_ms;
    Ratio total_ms;
};

u128 causal_pairs(const StepPart& p);
StepTime step_time(const std::vector<StepPart>& parts, const StepFit& fit);

}  // namespace tally::ch08
