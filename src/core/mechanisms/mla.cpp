// Multi-head latent attention (Kimi K3's Gated MLA, DeepSeek-V3), on the
// compact path (cache the latent, absorb the up-projections into the query and
// the aggregated output) or the expanded path (up-project every new position's
// latent to all heads' K and V and cache those).  §2.3.2, Tables 2-3 and 2-5.
#include "kimi.hpp"

namespace tally::mech {

namespace {

bool compact(const MlaAttention& a) { return a.path == MlaPath::Compact; }

// Width a query–key score reads and width the aggregation reads, per head.
u64 score_width(const MlaAttention& a) { return compact(a) ? a.latent_width() : a.qk_head_dim(); }
u64 value_width(const MlaAttention& a) { return compact(a) ? a.kv_lora_rank : a.v_head_dim; }

std::string kv_down_label(const MlaAttention& a) {
    return a.rope ? render(msg::row_mla_kv_down_rope) : render(msg::row_mla_kv_down_nope);
}

// "2×96×(576+512)"
std::string pair_coefficient(const MlaAttention& a) {
    return "2×" + num(a.heads) + "×(" + num(score_width(a)) + "+" + num(value_width(a)) + ")";
}

}  // namespace

u128 mla_pair_flops(const MlaAttention& a) { return mul(2, a.heads, add(score_width(a), value_width(a))); }

u64 mla_cached_values(const MlaAttention& a) {
    return compact(a) ? a.latent_width() : a.heads * (a.qk_head_dim() + a.v_head_dim);
}

void add_tensors(const MlaAttention& a, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden;
    const auto A = ParamCategory::Attention;
    if (a.q_lora_rank != 0) {
        out.push_back(matrix("mla_q_down", render(msg::label_mla_q_down), A, d, a.q_lora_rank, layers));
        out.push_back(matrix("mla_q_up", render(msg::label_mla_q_up), A, a.q_lora_rank, a.q_width(), layers));
    } else {
        out.push_back(matrix("mla_q_proj", render(msg::label_mla_q_proj), A, d, a.q_width(), layers));
    }
    out.push_back(matrix("mla_kv_down", a.rope ? render(msg::label_mla_kv_down_rope) : render(msg::label_mla_kv_down_nope), A, d,
                         a.latent_width(), layers));
    // The same up-projection weights, stored per head (compact) or as one
    // matrix (expanded): heads·d_nope·c + heads·c·d_v parameters either way.
    if (compact(a)) {
        out.push_back(
            matrix("mla_k_absorb", render(msg::label_mla_k_absorb), A, a.qk_nope_dim, a.kv_lora_rank, layers * a.heads));
        out.push_back(matrix("mla_v_up", render(msg::label_mla_v_up), A, a.kv_lora_rank, a.v_head_dim, layers * a.heads));
    } else {
        out.push_back(matrix("mla_kv_up", render(msg::label_mla_kv_up), A, a.kv_lora_rank,
                             a.heads * (a.qk_nope_dim + a.v_head_dim), layers));
    }
    if (a.output_gate) out.push_back(matrix("mla_out_gate", render(msg::label_mla_out_gate), A, d, a.v_width(), layers));
    out.push_back(matrix("mla_o_proj", render(msg::label_mla_o_proj), A, a.v_width(), d, layers));
    if (a.latent_norms) {
        out.push_back(vec("mla_latent_norms", render(msg::label_mla_latent_norms), a.q_lora_rank + a.kv_lora_rank, layers));
    }
}

void add_forward(const MlaAttention& a, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    if (a.q_lora_rank != 0) {
        out.push_back(projection("mla_q_down", render(msg::row_mla_q_down), "attention", rows, d, a.q_lora_rank, 1, layers));
        out.push_back(projection("mla_q_up", render(msg::row_mla_q_up, {{"heads", num(a.heads)}}), "attention", rows,
                                 a.q_lora_rank, a.q_width(), 1, layers));
    } else {
        out.push_back(projection("mla_q_proj", render(msg::row_mla_q_proj), "attention", rows, d, a.q_width(), 1, layers));
    }
    out.push_back(projection("mla_kv_down", kv_down_label(a), "attention", rows, d, a.latent_width(), 1, layers));

    // QKᵀ and PV over the valid causal pairs: per head, a score over the
    // score width and an aggregation over the value width.
    const u128 pairs = causal_pairs(c);
    const std::string k = pair_coefficient(a);
    LineItem core = computed("mla_attn", compact(a) ? render(msg::row_mla_attn_compact) : render(msg::row_mla_attn_expanded),
                             "attention", k + "×N_pair", k + "×" + num(pairs), Ratio(mul(mla_pair_flops(a), pairs)), layers);
    core.shape = render(compact(a) ? msg::shape_mla_compact : msg::shape_mla_expanded,
                        {{"heads", num(a.heads)}, {"score", num(score_width(a))}, {"value", num(value_width(a))}});
    core.weight = compact(a) ? render(msg::weight_mla_compact) : render(msg::weight_mla_expanded);
    core.interaction = true;

    if (compact(a)) {
        // The key up-projection is applied to each head's query (W_UKᵀ absorbed),
        // the value up-projection to each head's aggregated latent.
        out.push_back(projection("mla_k_absorb", render(msg::row_mla_k_absorb), "attention", rows, a.qk_nope_dim, a.kv_lora_rank,
                                 a.heads, layers));
        out.push_back(core);
        out.push_back(
            projection("mla_v_up", render(msg::row_mla_v_up), "attention", rows, a.kv_lora_rank, a.v_head_dim, a.heads, layers));
    } else {
        // Only the new positions are up-projected: the cache keeps the result.
        out.push_back(projection("mla_kv_up", render(msg::row_mla_kv_up), "attention", rows, a.kv_lora_rank,
                                 a.heads * (a.qk_nope_dim + a.v_head_dim), 1, layers));
        out.push_back(core);
    }
    if (a.output_gate) {
        out.push_back(projection("mla_out_gate", render(msg::row_mla_out_gate), "attention", rows, d, a.v_width(), 1, layers));
    }
    out.push_back(projection("mla_o_proj", render(msg::row_mla_o_proj), "attention", rows, a.v_width(), d, 1, layers));
}

void add_state(const MlaAttention& a, const ModelSpec&, u64 layers, u128 tokens, const StateOptions& o, StateResult& out) {
    const u64 values = mla_cached_values(a);
    const Ratio per_token_layer(mul(values, o.history.bits), 8);
    const std::string b = to_exact_text(Ratio(o.history.bits, 8));
    std::string formula, substituted, id, label, read_label;
    if (compact(a)) {
        formula = "(d_c+d_r)×b×N";
        substituted = "(" + num(a.kv_lora_rank) + "+" + num(a.rope_dim) + ")×" + b + "×" + num(tokens);
        id = "mla_latent";
        label = render(msg::state_mla_latent);
        read_label = render(msg::state_mla_latent_read);
    } else {
        formula = "heads×(d_nope+d_r+d_v)×b×N";
        substituted = num(a.heads) + "×(" + num(a.qk_nope_dim) + "+" + num(a.rope_dim) + "+" + num(a.v_head_dim) + ")×" + b +
                      "×" + num(tokens);
        id = "mla_kv";
        label = render(msg::state_mla_kv);
        read_label = render(msg::state_mla_kv_read);
    }
    kimi_append_merged(out.items,
                       bytes_item(id, label, "history", formula, substituted, per_token_layer, Count::tokens(), tokens, layers));
    // One decode step reads every stored position once, shared by all heads.
    kimi_append_merged(out.reads, bytes_item(id + "_read", read_label, "history", formula, substituted, per_token_layer,
                                             Count::tokens(), tokens, layers));
    out.per_token = out.per_token + per_token_layer * Ratio(layers);
}

Ratio decode_growth(const MlaAttention& a, const ModelSpec&, u128 batch, u128, u128 n, u64 layers) {
    // Step j attends j more positions than step 0: Σ j = n(n−1)/2.
    const u128 steps = n == 0 ? 0 : (n % 2 == 0 ? mul(n / 2, n - 1) : mul(n, (n - 1) / 2));
    return Ratio(mul(mla_pair_flops(a), batch, steps, layers));
}

}  // namespace tally::mech
