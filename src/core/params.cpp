#include "params.hpp"

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

WeightTensor matrix(std::string id, std::string label, ParamCategory c, u64 in, u64 out, u64 count) {
    WeightTensor t{std::move(id), std::move(label), c, in, out, count, true, false};
    return t;
}

WeightTensor vector_of(std::string id, std::string label, u64 width, u64 count) {
    WeightTensor t{std::move(id), std::move(label), ParamCategory::Other, 1, width, count, false, false};
    return t;
}

void add_group(std::vector<WeightTensor>& out, const ModelSpec& m, const LayerGroup& g) {
    const GqaAttention& a = g.attention;
    const u64 d = m.hidden, L = g.layers;
    const u64 q_width = a.q_heads * a.head_dim, kv_width = a.kv_heads * a.head_dim;
    const auto A = ParamCategory::Attention;
    out.push_back(matrix("q_proj", "Q 投影", A, d, q_width, L));
    out.push_back(matrix("k_proj", "K 投影", A, d, kv_width, L));
    out.push_back(matrix("v_proj", "V 投影", A, d, kv_width, L));
    out.push_back(matrix("o_proj", "輸出投影", A, q_width, d, L));
    if (a.qkv_bias) {
        out.push_back(vector_of("qkv_bias", "Q/K/V 偏置", q_width + 2 * kv_width, L));
    }
    if (a.qk_norm) out.push_back(vector_of("qk_norm", "Q/K 歸一化", 2 * a.head_dim, L));
    const auto F = ParamCategory::DenseSharedFfn;
    out.push_back(matrix("ffn_gate", "FFN gate", F, d, g.ffn.intermediate, L));
    out.push_back(matrix("ffn_up", "FFN up", F, d, g.ffn.intermediate, L));
    out.push_back(matrix("ffn_down", "FFN down", F, g.ffn.intermediate, d, L));
    out.push_back(vector_of("layer_norms", "層內歸一化", 2 * d, L));
}

}  // namespace

std::vector<WeightTensor> weight_tensors(const ModelSpec& m) {
    std::vector<WeightTensor> out;
    WeightTensor embed{"embedding", "詞嵌入", ParamCategory::EmbeddingHead, m.vocab, m.hidden, 1, false, true};
    out.push_back(embed);
    for (const auto& g : m.groups) add_group(out, m, g);
    out.push_back(vector_of("final_norm", "末端歸一化", m.hidden, 1));
    if (!m.tie_embeddings) {
        WeightTensor head{"lm_head", "詞表頭", ParamCategory::EmbeddingHead, m.hidden, m.vocab, 1, false, false};
        out.push_back(head);
    }
    return out;
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

Ratio bytes_per_param(const Dtype& d) {
    Ratio b(d.bits, 8);
    if (d.group_size != 0) b = b + Ratio(d.scale_bytes, d.group_size);
    return b;
}

}  // namespace tally
