#include "core/ch05/runtime.hpp"

#include <algorithm>

namespace tally::ch05 {

HostPipeline host_pipeline(u128 segments, const Ratio& host_us, const Ratio& device_us) {
    HostPipeline p;
    const Ratio n(segments);
    const Ratio slow = std::max(host_us, device_us), fast = std::min(host_us, device_us);
    p.serial_us = n * (host_us + device_us);
    p.pipelined_us = n * slow + fast;
    p.saved_us = p.serial_us - p.pipelined_us;
    p.speedup = p.serial_us / p.pipelined_us;
    p.device_bound = host_us <= device_us;
    p.device_busy_share = n * device_us / p.pipelined_us;
    return p;
}

GraphReplay graph_replay(const Ratio& compute_us, const Ratio& host_wait_us, const Ratio& graph_prep_us, const Ratio& input_bytes,
                         const Ratio& bandwidth_gbps) {
    GraphReplay g;
    const Ratio bytes_per_us = bandwidth_gbps * Ratio(1000);
    g.copy_us = Ratio(2) * input_bytes / bytes_per_us;
    g.plain_us = compute_us + host_wait_us;
    g.graph_us = graph_prep_us + compute_us + g.copy_us;
    g.graph_faster = g.graph_us < g.plain_us;
    g.difference_us = g.graph_faster ? g.plain_us - g.graph_us : g.graph_us - g.plain_us;
    if (graph_prep_us < host_wait_us) g.breakeven_bytes = (host_wait_us - graph_prep_us) * bytes_per_us / Ratio(2);
    return g;
}

Amortized amortize(const Ratio& prepare_ms, const Ratio& run_ms, u128 calls) {
    Amortized a;
    a.total_ms = prepare_ms + Ratio(calls) * run_ms;
    a.average_ms = a.total_ms / Ratio(calls);
    a.prepare_share = a.total_ms == Ratio(0) ? Ratio(0) : prepare_ms / a.total_ms;
    return a;
}

}  // namespace tally::ch05
