// RL training as a flow of stages (§10.5.2, §10.5.3):
//   rates      generation r_g, verification r_v, learning r_l (trajectories
//              per second) with a share q of trajectories kept:
//              r_eff = min(r_l, q · min(r_g, r_v))
//   cycles     generation g, learning l and weight sync s seconds per
//              batch: in turn g + l + s; overlapped (one version stale)
//              max(g, l) + s, of which only the share q stays usable, so
//              the overlap pays when q > (max(g, l) + s) / (g + l + s)
#pragma once

#include "core/exact.hpp"

namespace tally::ch10 {

struct StageRates {
    Ratio effective;
    Ratio verified;               // kept share × the slower of generation and verification: what reaches learning
    const char* bottleneck = "";  // "generation", "verification" or "learning"
};
StageRates stage_rates(const Ratio& generation, const Ratio& verification, const Ratio& learning, const Ratio& keep);

struct RlCycles {
    Ratio in_turn_seconds;
    Ratio overlapped_seconds;
    Ratio keep_threshold;           // share
    Ratio in_turn_rate;             // batches per second
    Ratio overlapped_rate;          // q batches per overlapped cycle
    Ratio overlapped_over_in_turn;  // ratio of the two rates
};
RlCycles rl_cycles(const Ratio& generation, const Ratio& learning, const Ratio& sync, const Ratio& keep);

}  // namespace tally::ch10
