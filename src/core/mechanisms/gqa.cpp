#include "gqa.hpp"

#include <algorithm>

#include "deepseek_v4_sums.hpp"

namespace tally::mech {

namespace {
u64 q_out_width(const GqaAttention& a) { return a.q_heads * a.head_dim * (a.output_gate ? 2 : 1); }

// Heads that score and aggregate: every query head (the KV-head count only
// for the 2-4(c) mistake value).
u64 score_heads(const GqaAttention& a) { return a.scores_per_kv_head ? a.kv_heads : a.q_heads; }

// Causal pairs of a call when each query sees at most `window` positions:
// B·Σ_{t=S+1}^{S+P} min(t, W).
u128 window_pairs(const GqaAttention& a, const CallShape& c) { return mul(c.batch, v4::run_min(c.context, c.input, a.window)); }
}  // namespace

u128 rectangle_pairs(const CallShape& c) { return mul(c.batch, c.input, add(c.context, c.input)); }

void add_tensors(const GqaAttention& a, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden, q_width = a.q_heads * a.head_dim, kv_width = a.kv_heads * a.head_dim;
    const auto A = ParamCategory::Attention;
    out.push_back(matrix("q_proj", a.output_gate ? render(msg::label_q_gate_proj) : render(msg::label_q_proj), A, d,
                         q_out_width(a), layers));
    out.push_back(matrix("k_proj", render(msg::label_k_proj), A, d, kv_width, layers));
    out.push_back(matrix("v_proj", render(msg::label_v_proj), A, d, kv_width, layers));
    out.push_back(matrix("o_proj", render(msg::label_o_proj), A, q_width, d, layers));
    if (a.qkv_bias) out.push_back(vec("qkv_bias", render(msg::label_qkv_bias), q_width + 2 * kv_width, layers));
    if (a.o_bias) out.push_back(vec("o_bias", render(msg::label_o_bias), d, layers));
    if (a.qk_norm) out.push_back(vec("qk_norm", render(msg::label_qk_norm), 2 * a.head_dim, layers));
}

void add_forward(const GqaAttention& a, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden, q_width = a.q_heads * a.head_dim, kv_width = a.kv_heads * a.head_dim;
    const u128 rows = c.rows();
    out.push_back(projection("q_proj", a.output_gate ? render(msg::row_q_gate_proj) : render(msg::row_q_proj), "attention", rows,
                             d, q_out_width(a), 1, layers));
    out.push_back(projection("kv_proj", render(msg::row_kv_proj), "attention", rows, d, kv_width, 2, layers));

    // QKᵀ and AV: 2·d_h FLOPs each per query head and query–key pair.  The
    // eager path multiplies the full rectangle, masked slots included.
    // A sliding window caps what each query sees (the parser forbids it on
    // the eager path).
    const u128 pairs = a.eager_rectangle ? rectangle_pairs(c) : a.window != 0 ? window_pairs(a, c) : causal_pairs(c);
    const u64 heads = score_heads(a);
    const std::string k = "4×" + num(heads) + "×" + num(a.head_dim) + "×";
    const std::string pair_symbol = a.eager_rectangle ? render(msg::formula_pairs_rectangle)
                                    : a.window != 0   ? render(msg::formula_pairs_window, {{"window", num(a.window)}})
                                                      : "N_pair";
    LineItem core = computed(a.window != 0 ? "attn_core_window" : "attn_core",
                             a.window != 0 ? render(msg::row_attn_core_window) : render(msg::row_attn_core), "attention",
                             k + pair_symbol, k + num(pairs), Ratio(mul(4, heads, a.head_dim, pairs)), layers);
    core.shape = render(a.scores_per_kv_head ? msg::shape_kv_heads : msg::shape_query_heads,
                        {{"heads", num(heads)}, {"width", num(a.head_dim)}});
    core.weight = render(msg::weight_no_new_projection);
    core.interaction = true;
    out.push_back(core);

    out.push_back(projection("o_proj", render(msg::row_o_proj), "attention", rows, q_width, d, 1, layers));
}

void add_state(const GqaAttention& a, const ModelSpec&, u64 layers, u128 tokens, const StateOptions& o, StateResult& out) {
    // c_KV = 2·L·n_KV·d_h·b: the first 2 is K and V.
    const Ratio per_token_layer(mul(2, a.kv_heads, a.head_dim, o.history.bits), 8);
    if (a.window != 0) {
        // The cache keeps the last W positions.  Like DeepSeek V4's windows,
        // these rows are not part of the per-token slope (which describes an
        // unbounded history); kv and request add them explicitly.
        const Count window = Count::window(a.window);
        const u128 held = window.at(tokens);
        const std::string formula = "2×n_KV×d_h×b×min(N, " + num(a.window) + ")";
        const std::string substituted =
            "2×" + num(a.kv_heads) + "×" + num(a.head_dim) + "×" + to_exact_text(Ratio(o.history.bits, 8)) + "×" + num(held);
        const std::string label = render(msg::state_kv_window, {{"window", num(a.window)}});
        merge_item(out.items,
                   bytes_item(kWindowKvId, label, "window", formula, substituted, per_token_layer, window, tokens, layers),
                   "@w" + num(a.window));
        merge_item(out.reads,
                   bytes_item(std::string(kWindowKvId) + "_read", render(msg::state_kv_window_read), "window", formula,
                              substituted, per_token_layer, window, tokens, layers),
                   "@w" + num(a.window));
        return;
    }
    const std::string formula = "2×n_KV×d_h×b×N";
    const std::string substituted =
        "2×" + num(a.kv_heads) + "×" + num(a.head_dim) + "×" + to_exact_text(Ratio(o.history.bits, 8)) + "×" + num(tokens);
    out.items.push_back(bytes_item("kv", render(msg::state_kv), "history", formula, substituted, per_token_layer, Count::tokens(),
                                   tokens, layers));
    // One decode step reads every stored position's K and V once.
    out.reads.push_back(bytes_item("kv_read", render(msg::state_kv_read), "history", formula, substituted, per_token_layer,
                                   Count::tokens(), tokens, layers));
    out.per_token = out.per_token + per_token_layer * Ratio(layers);
}

Ratio decode_growth(const GqaAttention& a, const ModelSpec&, u128 batch, u128 H, u128 n, u64 layers) {
    if (a.window != 0) {
        // Step j's query sits at t = H+1+j and sees min(t, W) positions.
        const u128 seen = sub(v4::run_min(H, n, a.window), mul(n, std::min<u128>(add(H, 1), a.window)));
        return Ratio(mul(4, score_heads(a), a.head_dim, batch, seen, layers));
    }
    // Step j attends one more cached position than step 0: Σ j = n(n−1)/2.
    const u128 steps = n == 0 ? 0 : (n % 2 == 0 ? mul(n / 2, n - 1) : mul(n, (n - 1) / 2));
    return Ratio(mul(4, score_heads(a), a.head_dim, batch, steps, layers));
}

std::vector<WindowedKv> windowed_kv(const ModelSpec& m, const Dtype& d) {
    std::vector<WindowedKv> out;
    for (const auto& g : m.groups) {
        const auto* a = std::get_if<GqaAttention>(&g.attention);
        if (a == nullptr || a->window == 0) continue;
        out.push_back({a->window, Ratio(mul(2, a->kv_heads, a->head_dim, d.bits, g.layers), 8)});
    }
    return out;
}

}  // namespace tally::mech
