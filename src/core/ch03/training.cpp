#include "training.hpp"

#include "core/forward.hpp"
#include "core/params.hpp"

namespace tally::ch03 {

TrainingWork training_work(const ModelSpec& m, const TrainingShape& s, const StateBytesPerParam& state) {
    TrainingWork w;
    w.rows = mul(s.batch, s.input);
    const u128 labels = s.labels == 0 ? s.input : s.labels;
    // Masking the loss alone leaves the head on every row; a compact head
    // gathers the labelled rows first, so it runs only on them.
    w.head_rows = s.head == HeadMode::Compact ? mul(s.batch, labels) : w.rows;
    const ForwardResult f = forward(m, CallShape{s.batch, 0, s.input, w.head_rows});
    w.forward = f.total;
    w.backward = f.total * Ratio(2);
    w.total = w.forward + w.backward;
    w.attention = f.interaction * Ratio(3);
    w.params = total_params(m);
    w.six_nd = Ratio(mul(6, w.params, w.rows));
    w.state_bytes_per_param = state.total();
    w.state_bytes = Ratio(mul(w.params, w.state_bytes_per_param));
    return w;
}

PackedAttention packed_attention(const ModelSpec& m, const std::vector<u128>& documents) {
    PackedAttention p;
    for (u128 length : documents) {
        // One document is one causal call of its own length: the mask hides
        // every other document's positions.
        const CallShape doc{1, 0, length, 1};
        p.pairs = add(p.pairs, causal_pairs(doc));
        p.forward = p.forward + forward(m, doc).interaction;
    }
    p.forward_per_layer = p.forward / Ratio(m.total_layers());
    return p;
}

UpdateTokens update_tokens(u128 accumulation, u128 micro_batch, u128 input, u128 labels) {
    return {mul(accumulation, micro_batch, input), mul(accumulation, micro_batch, labels)};
}

}  // namespace tally::ch03
