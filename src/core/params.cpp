#include "params.hpp"
#include "messages.hpp"

#include "mechanisms/dispatch.hpp"

namespace tally {

const char* category_key(ParamCategory c) {
    switch (c) {
        case ParamCategory::EmbeddingHead: return "embedding_head";
        case ParamCategory::Attention: return "attention";
        case ParamCategory::DenseSharedFfn: return "dense_shared_ffn";
        case ParamCategory::RoutedExperts: return "routed_experts";
        case ParamCategory::Engram: return "engram";
        case ParamCategory::Other: return "other";
    }
    return "other";
}

namespace {

// Tensors with the same id and shape across groups are one row with more copies.
void append_merged(std::vector<WeightTensor>& all, const WeightTensor& t) {
    for (auto& existing : all) {
        if (existing.id == t.id && existing.in == t.in && existing.out == t.out && existing.category == t.category) {
            existing.count += t.count;
            return;
        }
    }
    all.push_back(t);
}

}  // namespace

std::vector<WeightTensor> weight_tensors(const ModelSpec& m) {
    if (!m.partial.empty()) throw NotGiven(m.partial);
    std::vector<WeightTensor> all;
    all.push_back(
        WeightTensor{"embedding", render(msg::label_embedding), ParamCategory::EmbeddingHead, m.vocab, m.hidden, 1, false, true});
    for (const auto& g : m.groups) {
        std::vector<WeightTensor> group;
        mech::for_each_mechanism(g, [&](const auto& mechanism) { mech::add_tensors(mechanism, m, g.layers, group); });
        // Pre-attention and pre-FFN RMSNorm scales (and post-sublayer ones).
        group.push_back(mech::vec("layer_norms", render(msg::label_layer_norms), (g.post_norms ? 4 : 2) * m.hidden, g.layers));
        for (const auto& t : group) append_merged(all, t);
    }
    {
        std::vector<WeightTensor> parts;
        mech::for_each_part(m, [&](const auto& part) { mech::add_tensors(part, m, 1, parts); });
        for (const auto& t : parts) append_merged(all, t);
    }
    all.push_back(mech::vec("final_norm", render(msg::label_final_norm), m.hidden, 1));
    if (m.checkpoint_vectors != 0) {
        all.push_back(mech::vec("checkpoint_vectors", m.checkpoint_vectors_label, m.checkpoint_vectors, 1));
    }
    if (!m.tie_embeddings) {
        all.push_back(WeightTensor{"lm_head", render(msg::label_lm_head), ParamCategory::EmbeddingHead, m.hidden, m.vocab, 1,
                                   false, false});
    }
    return all;
}

u128 total_params(const ModelSpec& m) {
    u128 n = 0;
    for (const auto& t : weight_tensors(m)) n = add(n, t.params());
    return n;
}

Ratio tensor_bytes(const WeightTensor& t, const Dtype& d) {
    const bool stays_bf16 = d.linear_only && !t.quantizable;
    if (stays_bf16) return Ratio(mul(t.params(), 2));
    if (d.group_size == 0) return Ratio(mul(t.params(), d.bits), 8);
    // Groups run along the input dimension; the tail group is padded.
    u128 groups_per_column = ceil_div(t.in, d.group_size);
    u128 groups = mul(groups_per_column, t.out, t.count);
    Ratio values(mul(groups, d.group_size, d.bits), 8);
    return values + Ratio(mul(groups, d.scale_bytes));
}

Ratio weight_bytes(const ModelSpec& m, const Dtype& d) {
    Ratio total;
    for (const auto& t : weight_tensors(m)) total = total + tensor_bytes(t, d);
    return total;
}

Ratio shared_weight_read_bytes(const ModelSpec& m, const Dtype& d) {
    Ratio total;
    for (const auto& t : weight_tensors(m)) {
        if (!t.embedding_table || m.tie_embeddings) total = total + tensor_bytes(t, d);
    }
    return total;
}

const MoeFfn* first_moe(const ModelSpec& m) {
    for (const auto& g : m.groups) {
        if (const auto* moe = std::get_if<MoeFfn>(&g.ffn)) return moe;
    }
    return nullptr;
}

u128 moe_layer_count(const ModelSpec& m) {
    u128 n = 0;
    for (const auto& g : m.groups) {
        if (std::holds_alternative<MoeFfn>(g.ffn)) n = add(n, g.layers);
    }
    return n;
}

u128 selected_expert_params(const ModelSpec& m) {
    u128 n = 0;
    for (const auto& g : m.groups) {
        if (const auto* moe = std::get_if<MoeFfn>(&g.ffn)) {
            n = add(n, mul(g.layers, moe->top_k, mech::expert_params(*moe, m)));
        }
    }
    return n;
}

Ratio bytes_per_param(const Dtype& d) {
    Ratio b(d.bits, 8);
    if (d.group_size != 0) b = b + Ratio(d.scale_bytes, d.group_size);
    return b;
}

}  // namespace tally
