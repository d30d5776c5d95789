// Quantities against the batch B, for the charts on which the reader drags
// B (issue 16): the crossover of Example 2-2, where the context one decode
// step reads overtakes the weights it reads once, and Figure 2-23's routed
// experts touched.  The batches a chart samples are chosen here, so every
// point the page draws is one of these exact values.
#pragma once

#include <vector>

#include "capacity.hpp"
#include "routing.hpp"

namespace tally {

// The axis end: the smallest power of two that is ≥ `least` and ≥ every
// batch of `must` (so the reader's B and a crossover lie on the axis).
u128 batch_axis_end(u128 least, const std::vector<u128>& must);

// The batches a chart samples on a log axis 1 … end: every power of two and
// 1.5 × 2^k (the stops a dragged marker takes), `end`, and each of `extra`
// inside [1, end]; ascending, each once.
std::vector<u128> batch_samples(u128 end, const std::vector<u128>& extra);

// One decode step of B requests at H positions: the shared weights are read
// once for the whole batch (R_W, flat in B) and each request reads its own
// state (B × c_KV·H, rising).
struct BatchReads {
    u128 batch = 0;
    Ratio weight_read_bytes;
    Ratio kv_read_bytes;
    Ratio total_read_bytes;
};

BatchReads batch_reads(const CrossoverResult& c, u128 batch);

struct CrossoverCurve {
    CrossoverResult crossover;  // B* and the two per-step volumes it compares
    u128 axis_end = 0;
    std::vector<BatchReads> points;
};

// The reads at the sampled batches of an axis that reaches at least
// `least_end`, 2·B* and the reader's batch; B* and the reader's batch are
// among the samples.
CrossoverCurve crossover_curve(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 context,
                               u128 least_end, u128 reader_batch);

// The smallest batch at which uniform dispatch touches every routed expert:
// ⌈E ÷ k_top⌉ (B·k_top assignments spread over min(E, B·k_top) experts).
u128 saturation_batch(u128 experts, u128 top_k);

// Figure 2-23 against B: `base` routed at each batch under each dispatch
// (uniform, concentrated or random; an explicit list belongs to one batch).
// by_dispatch[d][i] is dispatch d at batches[i].
struct RoutingCurve {
    std::vector<u128> batches;
    std::vector<std::vector<RoutingResult>> by_dispatch;
};

RoutingCurve routing_curve(const RoutingInput& base, const std::vector<Dispatch>& dispatches, const std::vector<u128>& batches);

}  // namespace tally
