#include "core/ch08/speculative.hpp"

namespace tally::ch08 {

Speculative speculative(const SpeculativeInput& in) {
    Speculative s;
    // Each term is the chance that the round returns at least j + 1 tokens.
    Ratio reach(1);
    s.expected_outputs = Ratio(1);
    for (const Ratio& a : in.acceptances) {
        reach = reach * a;
        s.expected_outputs = s.expected_outputs + reach;
    }
    const u128 m = in.acceptances.size();
    s.charged_positions = m == 0 ? 0 : mul(ceil_div(m, in.group), in.group);
    const Ratio draft_ms = in.per_draft_ms * Ratio(s.charged_positions);
    s.round_ms = in.round_ms + draft_ms + in.query_ms;
    s.ms_per_token = s.round_ms / s.expected_outputs;
    // Plain decoding returns one token per round_ms; the speculative round
    // returns E[N] for round + draft + query.
    const Ratio room = in.round_ms * s.expected_outputs;
    const Ratio spent = in.round_ms + draft_ms;
    if (spent <= room) s.break_even_query_ms = room - spent;
    return s;
}

Marginal marginal(const Speculative& shorter, const Speculative& longer) {
    Marginal g;
    // Ratios are non-negative: a longer draft never costs less or returns less.
    g.added_ms = longer.round_ms - shorter.round_ms;
    g.added_outputs = longer.expected_outputs - shorter.expected_outputs;
    if (g.added_outputs != Ratio(0)) {
        g.ms_per_added_token = g.added_ms / g.added_outputs;
        g.worth_it = *g.ms_per_added_token < shorter.ms_per_token;
    }
    return g;
}

}  // namespace tally::ch08
