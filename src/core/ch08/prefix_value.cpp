#include "core/ch08/prefix_value.hpp"

namespace tally::ch08 {

PrefixValue prefix_value(const PrefixInput& in) {
    PrefixValue v;
    v.recompute_ms = in.flops / (in.flops_per_second * in.efficiency) * Ratio(1000);
    v.fetch_ms = in.bytes / in.link_bytes_per_second * Ratio(1000);
    v.swap_out_ms = v.fetch_ms;
    // Ratios are non-negative: add up what a hit saves and what keeping
    // costs separately, then say which side is larger.
    Ratio saved;
    Ratio spent = v.swap_out_ms;
    if (v.fetch_ms < v.recompute_ms) {
        saved = in.hit * (v.recompute_ms - v.fetch_ms);
    } else {
        spent = spent + in.hit * (v.fetch_ms - v.recompute_ms);
    }
    if (spent <= saved) {
        v.gain_ms = saved - spent;
    } else {
        v.loss_ms = spent - saved;
    }
    return v;
}

std::optional<Ratio> break_even_hit(const PrefixValue& v, const Ratio& rival_gain_ms) {
    if (v.recompute_ms <= v.fetch_ms) return std::nullopt;
    return (rival_gain_ms + v.swap_out_ms) / (v.recompute_ms - v.fetch_ms);
}

}  // namespace tally::ch08
