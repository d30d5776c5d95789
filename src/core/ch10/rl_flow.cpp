#include "rl_flow.hpp"

namespace tally::ch10 {

StageRates stage_rates(const Ratio& generation, const Ratio& verification, const Ratio& learning, const Ratio& keep) {
    const bool generation_slower = generation <= verification;
    const Ratio fed = keep * (generation_slower ? generation : verification);
    StageRates s;
    s.verified = fed;
    if (learning < fed) {
        s.effective = learning;
        s.bottleneck = "learning";
    } else {
        s.effective = fed;
        s.bottleneck = generation_slower ? "generation" : "verification";
    }
    return s;
}

RlCycles rl_cycles(const Ratio& generation, const Ratio& learning, const Ratio& sync, const Ratio& keep) {
    RlCycles c;
    c.in_turn_seconds = generation + learning + sync;
    c.overlapped_seconds = (generation < learning ? learning : generation) + sync;
    c.keep_threshold = c.overlapped_seconds / c.in_turn_seconds;
    c.in_turn_rate = Ratio(1) / c.in_turn_seconds;
    c.overlapped_rate = keep / c.overlapped_seconds;
    c.overlapped_over_in_turn = c.overlapped_rate / c.in_turn_rate;
    return c;
}

}  // namespace tally::ch10
