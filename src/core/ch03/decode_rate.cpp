#include "decode_rate.hpp"

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

DecodeStepRate decode_step_rate(const ModelSpec& m, const Dtype& weights, const StateOptions& state_options,
                                const DecodeStepInput& in) {
    DecodeStepRate r;
    r.bytes = decode_step_bytes(m, weights, state_options, in.batch, in.context);
    r.step_seconds = r.bytes.total / (in.bandwidth * in.efficiency);
    r.steps_per_second = Ratio(in.batch) / r.step_seconds;
    r.steps_per_second_all = r.steps_per_second * Ratio(in.cards);
    return r;
}

}  // namespace tally::ch03
