// Kimi Delta Attention (Table 2-5, §2.3.4): eight projections per layer, a
// fixed FP32 state of heads × d_k × d_v, BF16 short-convolution slots, chunked
// for prefill and recurrent for decode.
//
// Counting (COUNTING.md, fixed by the printed 1863.46 / 5465.40 / 27.16):
//   * the recurrent decode update is scalar work, not matrix FLOPs;
//   * the short convolution is scalar work too.
// Both differ from Qwen3.6's Gated DeltaNet, whose decode recurrence and valid
// conv taps are matrix work; the items say so instead of hiding it.
#include "kimi.hpp"

namespace tally::mech {

namespace {

// c(c−1)/2 and c(c+1)/2 are exact: one of two consecutive integers is even.
u128 half_product(u128 a, u128 b) { return a % 2 == 0 ? mul(a / 2, b) : mul(a, b / 2); }

}  // namespace

u128 kda_chunk_flops(const KdaAttention& k, u128 c) {
    if (c == 0) return 0;
    const u128 lower = half_product(c, c - 1), causal = half_product(c, c + 1);
    const u128 dk = k.key_dim, dv = k.value_dim;
    // K·Kᵀ (strictly lower), the triangular transform applied to k and v,
    // three chunk × state products, causal Q·Kᵀ and its product with values.
    return add(add(mul(2, lower, dk), mul(2, lower, add(dk, dv))), add(mul(6, c, dk, dv), mul(2, causal, add(dk, dv))));
}

u128 kda_prefill_flops_per_head(const KdaAttention& k, u128 input) {
    return add(mul(input / k.chunk, kda_chunk_flops(k, k.chunk)), kda_chunk_flops(k, input % k.chunk));
}

void add_tensors(const KdaAttention& k, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden;
    const auto A = ParamCategory::Attention;
    if (k.key_width() == k.value_width()) {
        out.push_back(matrix("kda_qkv", render(msg::label_kda_qkv), A, d, k.key_width(), 3 * layers));
    } else {
        out.push_back(matrix("kda_qk", render(msg::label_kda_qk), A, d, k.key_width(), 2 * layers));
        out.push_back(matrix("kda_v", render(msg::label_kda_v), A, d, k.value_width(), layers));
    }
    out.push_back(matrix("kda_decay_a", render(msg::label_kda_decay_a), A, d, k.decay_rank, layers));
    out.push_back(matrix("kda_decay_b", render(msg::label_kda_decay_b), A, k.decay_rank, k.key_width(), layers));
    out.push_back(matrix("kda_beta", render(msg::label_kda_beta), A, d, k.heads, layers));
    if (k.output_gate) out.push_back(matrix("kda_out_gate", render(msg::label_kda_out_gate), A, d, k.value_width(), layers));
    out.push_back(matrix("kda_o_proj", render(msg::label_kda_o_proj), A, k.value_width(), d, layers));
    // Depthwise kernels on the Q, K and V channels (their size follows the
    // conv slots: one slot per tap).
    out.push_back(vec("kda_conv", render(msg::label_kda_conv), k.conv_channels() * k.conv_kernel, layers));
    if (k.output_norm) out.push_back(vec("kda_out_norm", render(msg::label_kda_out_norm), k.value_dim, layers));
    if (k.decay_vectors)
        out.push_back(vec("kda_decay_vectors", render(msg::label_kda_decay_vectors), k.heads + k.key_width(), layers));
}

void add_forward(const KdaAttention& k, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    if (k.key_width() == k.value_width()) {
        out.push_back(projection("kda_qkv", render(msg::row_kda_qkv), "linear", rows, d, k.key_width(), 3, layers));
    } else {
        out.push_back(projection("kda_qk", render(msg::row_kda_qk), "linear", rows, d, k.key_width(), 2, layers));
        out.push_back(projection("kda_v", render(msg::row_kda_v), "linear", rows, d, k.value_width(), 1, layers));
    }
    out.push_back(projection("kda_decay_a", render(msg::row_kda_decay_a), "linear", rows, d, k.decay_rank, 1, layers));
    out.push_back(
        projection("kda_decay_b", render(msg::row_kda_decay_b), "linear", rows, k.decay_rank, k.key_width(), 1, layers));
    out.push_back(projection("kda_beta", render(msg::row_kda_beta), "linear", rows, d, k.heads, 1, layers));
    if (k.output_gate) {
        out.push_back(projection("kda_out_gate", render(msg::row_kda_out_gate), "linear", rows, d, k.value_width(), 1, layers));
    }

    LineItem conv =
        computed("kda_conv", render(msg::row_kda_conv), "linear", render(msg::formula_kda_conv), "0", Ratio(0), layers);
    conv.weight = render(msg::weight_conv_channels, {{"channels", num(k.conv_channels())}, {"kernel", num(k.conv_kernel)}});
    out.push_back(conv);

    if (c.input == 1) {
        // A one-position call runs the recurrent path (as decode does).
        LineItem rec = computed("kda_recurrence", render(msg::row_kda_recurrence_step), "linear",
                                render(msg::formula_kda_recurrence_step), "0", Ratio(0), layers);
        rec.shape = render(msg::shape_kda_state, {{"heads", num(k.heads)}, {"key", num(k.key_dim)}, {"value", num(k.value_dim)}});
        out.push_back(rec);
    } else {
        const u128 full = c.input / k.chunk, tail = c.input % k.chunk;
        const u128 per_head = kda_prefill_flops_per_head(k, c.input);
        LineItem rec = computed("kda_recurrence", render(msg::row_kda_chunked, {{"chunk", num(k.chunk)}}), "linear",
                                render(msg::formula_kda_chunked),
                                num(c.batch) + "×" + num(k.heads) + "×(" + num(full) + "×" + num(kda_chunk_flops(k, k.chunk)) +
                                    "+" + num(kda_chunk_flops(k, tail)) + ")",
                                Ratio(mul(c.batch, k.heads, per_head)), layers);
        rec.shape = render(tail != 0 ? msg::shape_kda_chunks_tail : msg::shape_kda_chunks, {{"heads", num(k.heads)},
                                                                                            {"key", num(k.key_dim)},
                                                                                            {"value", num(k.value_dim)},
                                                                                            {"full", num(full)},
                                                                                            {"tail", num(tail)}});
        out.push_back(rec);
    }
    out.push_back(projection("kda_o_proj", render(msg::row_kda_o_proj), "linear", rows, k.value_width(), d, 1, layers));
}

void add_state(const KdaAttention& k, const ModelSpec&, u64 layers, u128 N, const StateOptions&, StateResult& out) {
    // Fixed per request: FP32 state matrices and BF16 conv slots (one per tap).
    const Ratio recurrent(mul(k.heads, k.key_dim, k.value_dim, 4));
    const std::string rf = "heads×d_k×d_v×4 B";
    const std::string rs = num(k.heads) + "×" + num(k.key_dim) + "×" + num(k.value_dim) + "×4";
    kimi_append_merged(out.items, bytes_item("kda_recurrent", render(msg::state_kda_recurrent), "recurrent", rf, rs, recurrent,
                                             Count::fixed(), N, layers));
    const Ratio conv(mul(k.conv_channels(), k.conv_kernel, 2));
    kimi_append_merged(out.items,
                       bytes_item("kda_conv", render(msg::state_kda_conv), "conv", render(msg::formula_kda_conv_slots),
                                  num(k.conv_channels()) + "×" + num(k.conv_kernel) + "×2", conv, Count::fixed(), N, layers));
    // A decode step reads the state matrices and writes them back (828 MiB for
    // Kimi K3).  The conv slots are also updated; the chapter gives no size for
    // that traffic, so it is not a read row (as for Gated DeltaNet).
    kimi_append_merged(out.reads, bytes_item("kda_recurrent_rw", render(msg::state_kda_recurrent_rw), "recurrent", "2×" + rf,
                                             "2×" + rs, recurrent * Ratio(2), Count::fixed(), N, layers));
}

Ratio decode_growth(const KdaAttention&, const ModelSpec&, u128, u128, u128, u64) {
    // The recurrent step does not depend on the context length.
    return Ratio(0);
}

}  // namespace tally::mech
