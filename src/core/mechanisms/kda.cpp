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
        out.push_back(matrix("kda_qkv", "KDA Q、K、V 投影", A, d, k.key_width(), 3 * layers));
    } else {
        out.push_back(matrix("kda_qk", "KDA Q、K 投影", A, d, k.key_width(), 2 * layers));
        out.push_back(matrix("kda_v", "KDA V 投影", A, d, k.value_width(), layers));
    }
    out.push_back(matrix("kda_decay_a", "KDA 衰減低秩投影 a", A, d, k.decay_rank, layers));
    out.push_back(matrix("kda_decay_b", "KDA 衰減低秩投影 b", A, k.decay_rank, k.key_width(), layers));
    out.push_back(matrix("kda_beta", "KDA 更新門控", A, d, k.heads, layers));
    if (k.output_gate) out.push_back(matrix("kda_out_gate", "KDA 輸出門控", A, d, k.value_width(), layers));
    out.push_back(matrix("kda_o_proj", "KDA 輸出投影", A, k.value_width(), d, layers));
    // Depthwise kernels on the Q, K and V channels (their size follows the
    // conv slots: one slot per tap).
    out.push_back(vec("kda_conv", "KDA 短卷積核", k.conv_channels() * k.conv_kernel, layers));
    if (k.output_norm) out.push_back(vec("kda_out_norm", "KDA 輸出歸一化", k.value_dim, layers));
    if (k.decay_vectors) out.push_back(vec("kda_decay_vectors", "KDA 衰減向量 A_log、dt_bias", k.heads + k.key_width(), layers));
}

void add_forward(const KdaAttention& k, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    if (k.key_width() == k.value_width()) {
        out.push_back(projection("kda_qkv", "KDA：Q、K、V 投影", "linear", rows, d, k.key_width(), 3, layers));
    } else {
        out.push_back(projection("kda_qk", "KDA：Q、K 投影", "linear", rows, d, k.key_width(), 2, layers));
        out.push_back(projection("kda_v", "KDA：V 投影", "linear", rows, d, k.value_width(), 1, layers));
    }
    out.push_back(projection("kda_decay_a", "KDA：衰減低秩投影 a", "linear", rows, d, k.decay_rank, 1, layers));
    out.push_back(
        projection("kda_decay_b", "KDA：衰減低秩投影 b", "linear", rows, k.decay_rank, k.key_width(), 1, layers));
    out.push_back(projection("kda_beta", "KDA：更新門控", "linear", rows, d, k.heads, 1, layers));
    if (k.output_gate) {
        out.push_back(projection("kda_out_gate", "KDA：輸出門控", "linear", rows, d, k.value_width(), 1, layers));
    }

    LineItem conv = computed("kda_conv", "KDA：短卷積", "linear",
                             "0（按逐元素工作計，不計入矩陣 FLOPs；Qwen3.6 則計入有效抽頭）", "0", Ratio(0), layers);
    conv.weight = num(k.conv_channels()) + " 通道、核寬 " + num(k.conv_kernel);
    out.push_back(conv);

    if (c.input == 1) {
        // A one-position call runs the recurrent path (as decode does).
        LineItem rec =
            computed("kda_recurrence", "KDA：有限狀態更新（遞推）", "linear",
                     "0（遞推更新按純量工作計；Qwen3.6 的 decode 遞推則計為矩陣 FLOPs）", "0", Ratio(0), layers);
        rec.shape = num(k.heads) + " 個 " + num(k.key_dim) + "×" + num(k.value_dim) + " 狀態矩陣";
        out.push_back(rec);
    } else {
        const u128 full = c.input / k.chunk, tail = c.input % k.chunk;
        const u128 per_head = kda_prefill_flops_per_head(k, c.input);
        LineItem rec = computed(
            "kda_recurrence", "KDA：塊式計算（塊長 " + num(k.chunk) + "）", "linear",
            "B×heads×(⌊P/C⌋×f(C)+f(P mod C))，f(c)=2·lower·d_k+2·lower·(d_k+d_v)+6·c·d_k·d_v+2·causal·(d_k+d_v)",
            num(c.batch) + "×" + num(k.heads) + "×(" + num(full) + "×" + num(kda_chunk_flops(k, k.chunk)) + "+" +
                num(kda_chunk_flops(k, tail)) + ")",
            Ratio(mul(c.batch, k.heads, per_head)), layers);
        rec.shape = num(k.heads) + " 個 " + num(k.key_dim) + "×" + num(k.value_dim) + " 狀態矩陣；" + num(full) +
                    " 個完整塊" + (tail != 0 ? "＋長 " + num(tail) + " 的尾塊" : "");
        out.push_back(rec);
    }
    out.push_back(projection("kda_o_proj", "KDA：輸出投影", "linear", rows, k.value_width(), d, 1, layers));
}

void add_state(const KdaAttention& k, const ModelSpec&, u64 layers, u128 N, const StateOptions&, StateResult& out) {
    // Fixed per request: FP32 state matrices and BF16 conv slots (one per tap).
    const Ratio recurrent(mul(k.heads, k.key_dim, k.value_dim, 4));
    const std::string rf = "heads×d_k×d_v×4 B";
    const std::string rs = num(k.heads) + "×" + num(k.key_dim) + "×" + num(k.value_dim) + "×4";
    kimi_append_merged(out.items,
                       bytes_item("kda_recurrent", "KDA 遞推狀態（FP32）", "recurrent", rf, rs, recurrent, Count::fixed(), N, layers));
    const Ratio conv(mul(k.conv_channels(), k.conv_kernel, 2));
    kimi_append_merged(out.items, bytes_item("kda_conv", "KDA 短卷積槽位（BF16）", "conv", "Q、K、V 通道×核寬×2 B",
                                             num(k.conv_channels()) + "×" + num(k.conv_kernel) + "×2", conv, Count::fixed(), N, layers));
    // A decode step reads the state matrices and writes them back (828 MiB for
    // Kimi K3).  The conv slots are also updated; the chapter gives no size for
    // that traffic, so it is not a read row (as for Gated DeltaNet).
    kimi_append_merged(out.reads, bytes_item("kda_recurrent_rw", "KDA 遞推狀態讀＋寫", "recurrent", "2×" + rf,
                                             "2×" + rs, recurrent * Ratio(2), Count::fixed(), N, layers));
}

Ratio decode_growth(const KdaAttention&, const ModelSpec&, u128, u128, u128, u64) {
    // The recurrent step does not depend on the context length.
    return Ratio(0);
}

}  // namespace tally::mech
