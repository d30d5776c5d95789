#include "batch_curves.hpp"

#include "core/messages.hpp"

#include <algorithm>
#include <stdexcept>

namespace tally {

u128 batch_axis_end(u128 least, const std::vector<u128>& must) {
    u128 need = std::max<u128>(least, 1);
    for (u128 b : must) need = std::max(need, b);
    u128 end = 1;
    while (end < need) end = mul(end, 2);  // checked: an end past 2^127 is refused, never wrapped
    return end;
}

std::vector<u128> batch_samples(u128 end, const std::vector<u128>& extra) {
    std::vector<u128> out;
    for (u128 p = 1; p <= end; p = mul(p, 2)) {
        out.push_back(p);
        if (p >= 2 && p + p / 2 <= end) out.push_back(p + p / 2);  // 1.5·2^k: 3, 6, 12, …
        if (p > end / 2) break;
    }
    if (out.back() != end) out.push_back(end);  // a power-of-two end is there already
    // The grid is sorted and has no repeats up to `end`; each extra batch
    // goes in its place.  A handful of values: a linear insert, not a
    // std::sort of u128 (which cost the WASM module 1.7 KB).
    for (u128 b : extra) {
        if (b < 1 || b > end) continue;
        auto at = out.begin();
        while (at != out.end() && *at < b) ++at;
        if (at == out.end() || *at != b) out.insert(at, b);
    }
    return out;
}

BatchReads batch_reads(const CrossoverResult& c, u128 batch) {
    BatchReads r;
    r.batch = batch;
    r.weight_read_bytes = c.weight_read_bytes;
    r.kv_read_bytes = c.kv_bytes_per_request * Ratio(batch);
    r.total_read_bytes = r.weight_read_bytes + r.kv_read_bytes;
    return r;
}

CrossoverCurve crossover_curve(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 context,
                               u128 least_end, u128 reader_batch) {
    CrossoverCurve curve;
    curve.crossover = crossover(m, weights, state_options, context);
    const u128 b_star = curve.crossover.batch;
    // Twice B*: the rising line is seen to pass the flat one, not stop on it.
    curve.axis_end = batch_axis_end(least_end, {mul(b_star, 2), reader_batch});
    for (u128 b : batch_samples(curve.axis_end, {b_star, reader_batch})) curve.points.push_back(batch_reads(curve.crossover, b));
    return curve;
}

u128 saturation_batch(u128 experts, u128 top_k) {
    if (top_k == 0) throw MessageError(msg::curve_top_k_zero, {});
    return std::max<u128>(1, ceil_div(experts, top_k));
}

RoutingCurve routing_curve(const RoutingInput& base, const std::vector<Dispatch>& dispatches, const std::vector<u128>& batches) {
    RoutingCurve curve;
    curve.batches = batches;
    for (Dispatch d : dispatches) {
        if (d == Dispatch::Explicit) throw MessageError(msg::curve_explicit_dispatch, {});
        std::vector<RoutingResult> column;
        column.reserve(batches.size());
        for (u128 b : batches) {
            RoutingInput in = base;
            in.batch = b;
            in.dispatch = d;
            column.push_back(route(in));
        }
        curve.by_dispatch.push_back(std::move(column));
    }
    return curve;
}

}  // namespace tally
