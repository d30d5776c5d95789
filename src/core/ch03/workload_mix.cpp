#include "core/ch03/workload_mix.hpp"

namespace tally::ch03 {

Ratio class_decode_context(const RequestShape& c) {
    if (c.output < 2) return Ratio(0);
    return Ratio(c.input) + Ratio(c.output - 2, 2);
}

StageDemand stage_demand(const std::vector<RequestShape>& classes, const std::vector<Ratio>& weights) {
    StageDemand d;
    Ratio context_steps;  // Σ w_c·(G_c − 1)·context_c
    for (size_t c = 0; c < classes.size(); ++c) {
        const Ratio& w = weights[c];
        const Ratio steps = w * Ratio(classes[c].output - 1);
        d.requests = d.requests + w;
        d.input_tokens = d.input_tokens + w * Ratio(classes[c].input);
        d.output_tokens = d.output_tokens + w * Ratio(classes[c].output);
        d.decode_steps = d.decode_steps + steps;
        context_steps = context_steps + steps * class_decode_context(classes[c]);
    }
    if (d.decode_steps != Ratio(0)) d.mean_context = context_steps / d.decode_steps;
    return d;
}

WorkloadMix workload_mix(const std::vector<RequestShape>& classes, const std::vector<MixWindow>& windows) {
    WorkloadMix mix;
    for (const RequestShape& c : classes) mix.class_context.push_back(class_decode_context(c));
    mix.class_requests.assign(classes.size(), Ratio(0));
    Ratio start;
    for (const MixWindow& w : windows) {
        WindowDemand d{start, w.seconds, {}, stage_demand(classes, w.rates)};
        for (size_t c = 0; c < classes.size(); ++c) {
            d.class_requests.push_back(w.rates[c] * w.seconds);
            mix.class_requests[c] = mix.class_requests[c] + d.class_requests.back();
        }
        mix.windows.push_back(d);
        start = start + w.seconds;
    }
    mix.total = stage_demand(classes, mix.class_requests);
    return mix;
}

}  // namespace tally::ch03
