#include "core/ch08/step_time.hpp"

namespace tally::ch08 {

u128 causal_pairs(const StepPart& p) {
    const u128 c = p.new_positions;
    // c(c+1)/2: one of c, c+1 is even, so halve it before multiplying.
    const u128 triangle = c % 2 == 0 ? mul(c / 2, c + 1) : mul(c, (c + 1) / 2);
    return add(mul(c, p.history), triangle);
}

StepTime step_time(const std::vector<StepPart>& parts, const StepFit& fit) {
    StepTime t;
    for (const StepPart& p : parts) {
        t.new_positions = add(t.new_positions, p.new_positions);
        t.pairs = add(t.pairs, causal_pairs(p));
    }
    t.base_ms = fit.base_ms;
    t.token_ms = fit.per_token_us * Ratio(t.new_positions) / Ratio(1000);
    t.pair_ms = fit.per_pair_ns * Ratio(t.pairs) / Ratio(1000000);
    t.total_ms = t.base_ms + t.token_ms + t.pair_ms;
    return t;
}

}  // namespace tally::ch08
