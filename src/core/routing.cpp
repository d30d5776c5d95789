#include "routing.hpp"

#include "core/messages.hpp"

#include <algorithm>
#include <stdexcept>

namespace tally {

namespace {

// E·(1 − (1 − k/E)^B) in fixed point with 30 decimal digits: the exact
// rational would need E^B in its denominator.
Ratio expected_distinct(u128 E, u128 k, u128 B) {
    const u128 scale = mul(mul(u128{1000000000000000ULL}, u128{1000000000000000ULL}), 1);  // 10^30
    u128 miss = scale;  // probability an expert is missed by every token, × 10^30
    for (u128 i = 0; i < B && miss != 0; ++i) miss = mul(miss / E, E - k) + (miss % E) * (E - k) / E;
    return Ratio(mul(E, scale - miss), scale);
}

}  // namespace

RoutingResult route(const RoutingInput& in) {
    RoutingResult r;
    r.assignments = mul(in.batch, in.top_k);
    switch (in.dispatch) {
        case Dispatch::Uniform: {
            // Spread B·k assignments as evenly as possible over the experts.
            const u128 used = std::min(in.experts, r.assignments);
            r.distinct_experts = Ratio(used);
            r.max_tokens_per_expert = ceil_div(r.assignments, used);
            r.min_tokens_per_active_expert = r.assignments / used;
            break;
        }
        case Dispatch::Concentrated:
            // Every token picks the same k experts.
            r.distinct_experts = Ratio(in.top_k);
            r.max_tokens_per_expert = in.batch;
            r.min_tokens_per_active_expert = in.batch;
            break;
        case Dispatch::RandomExpectation:
            r.distinct_experts = expected_distinct(in.experts, in.top_k, in.batch);
            r.approximate = true;
            break;
        case Dispatch::Explicit: {
            if (in.tokens_per_expert.size() > in.experts) {
                throw MessageError(msg::routing_too_many_experts, {});
            }
            u128 sum = 0, used = 0, hi = 0, lo = 0;
            for (u128 t : in.tokens_per_expert) {
                sum = add(sum, t);
                if (t == 0) continue;
                ++used;
                hi = std::max(hi, t);
                lo = lo == 0 ? t : std::min(lo, t);
                if (t > in.batch) throw MessageError(msg::routing_expert_over_batch, {});
            }
            if (sum != r.assignments) throw MessageError(msg::routing_sum_mismatch, {});
            r.distinct_experts = Ratio(used);
            r.max_tokens_per_expert = hi;
            r.min_tokens_per_active_expert = lo;
            break;
        }
    }
    r.flops = Ratio(mul(2, in.expert_params, r.assignments));
    r.bytes_read = in.bytes_per_param * Ratio(in.expert_params) * r.distinct_experts;
    return r;
}

Ratio all_layer_bytes(const RoutingResult& rr, u128 moe_layers) { return rr.bytes_read * Ratio(moe_layers); }

Ratio reported_bytes(const RoutingResult& rr, const Ratio& bytes) { return rr.approximate ? Ratio(bytes.floor()) : bytes; }

}  // namespace tally
