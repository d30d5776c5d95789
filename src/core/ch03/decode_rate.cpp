#include "decode_rate.hpp"

#include "core/forward.hpp"
#include "core/params.hpp"

namespace tally::ch03 {

DecodeStepBytes decode_step_bytes(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 batch,
                                  u128 context) {
    DecodeStepBytes b;
    b.shared_weights = shared_weight_read_bytes(m, weights);
    // The embedding table is what the shared read leaves out; each sequence
    // looks up one of its vocab rows for the token it feeds in.
    const Ratio table = weight_bytes(m, weights) - b.shared_weights;
    b.embedding_rows = table / Ratio(m.vocab) * Ratio(batch);
    const StateResult s = state(m, context, state_options);
    b.kv_read = s.decode_read_bytes * Ratio(batch);
    // The new position's entries (the per-token slope) plus any rows the
    // state marks as pure writes (window slots).
    b.kv_write = (s.per_token + s.decode_write_bytes) * Ratio(batch);
    b.total = b.shared_weights + b.embedding_rows + b.kv_read + b.kv_write;
    return b;
}

Ratio decode_resident_bytes(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options, u128 batch,
                            u128 context) {
    return weight_bytes(m, weights) + state(m, add(context, 1), state_options).total * Ratio(batch);
}

DecodeStepRate decode_step_rate(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecodeStepInput& in) {
    DecodeStepRate r;
    r.bytes = decode_step_bytes(m, weights, state_options, in.batch, in.context);
    // One new position per sequence, each attending its old positions.
    r.flops = forward(m, CallShape{in.batch, in.context, 1, in.batch}).total;
    r.memory_seconds = r.bytes.total / (in.bandwidth * in.efficiency);
    r.step_seconds = r.memory_seconds;
    if (in.flops_per_second) {
        r.compute_seconds = r.flops / *in.flops_per_second;
        r.compute_bound = r.memory_seconds <= *r.compute_seconds;
        if (r.compute_bound) r.step_seconds = *r.compute_seconds;
    }
    r.steps_per_second = Ratio(in.batch) / r.step_seconds;
    r.steps_per_second_all = r.steps_per_second * Ratio(in.cards);
    return r;
}

}  // namespace tally::ch03
