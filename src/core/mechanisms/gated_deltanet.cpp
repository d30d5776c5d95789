#include "gated_deltanet.hpp"

namespace tally::mech {

u128 valid_conv_taps(u128 context, u128 input, u64 kernel) {
    // Positions S+1 … S+P see min(position, K) inputs: those below K ramp up.
    u128 taps = 0;
    const u128 first = add(context, 1);
    if (first < kernel) {
        const u128 ramp_end = std::min<u128>(add(context, input), kernel - 1);  // last position below K
        // Σ_{p=first}^{ramp_end} p
        if (ramp_end >= first) taps = (ramp_end * (ramp_end + 1) - (first - 1) * first) / 2;
        const u128 ramp_count = ramp_end >= first ? ramp_end - first + 1 : 0;
        taps = add(taps, mul(input - ramp_count, kernel));
    } else {
        taps = mul(input, kernel);
    }
    return taps;
}

void add_tensors(const GatedDeltaNet& g, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden, v_width = g.v_heads * g.value_dim;
    const auto A = ParamCategory::Attention;
    out.push_back(matrix("lin_qkv", render(msg::label_lin_qkv), A, d, g.qkv_width(), layers));
    out.push_back(matrix("lin_z", render(msg::label_lin_z), A, d, v_width, layers));
    out.push_back(matrix("lin_ab", render(msg::label_lin_ab), A, d, 2 * g.v_heads, layers));
    out.push_back(matrix("lin_out", render(msg::label_lin_out), A, v_width, d, layers));
    out.push_back(vec("lin_conv", render(msg::label_conv_kernel), g.qkv_width() * g.conv_kernel, layers));
    out.push_back(vec("lin_decay", render(msg::label_lin_decay), 2 * g.v_heads, layers));
    out.push_back(vec("lin_norm", render(msg::label_lin_norm), g.value_dim, layers));
}

// The state-update (recurrent) path needs a cached state to update: one new
// token after S > 0 cached positions.  A prompt from an empty state, even one
// token long, runs the chunked path in one padded chunk (the book's
// calculator, calculations/src/infra_calc; BOOK-FACTS.md "One-token prompts").
namespace {
bool takes_recurrent_path(const CallShape& c) { return c.context > 0 && c.input == 1; }

// One padded chunk of C positions per v-head: 2(2C²K + 2CKV + C²V + KCV).
u128 chunk_flops(const GatedDeltaNet& g) {
    const u64 K = g.key_dim, V = g.value_dim, C = g.chunk;
    return mul(2, add(add(mul(2, C, C, K), mul(2, C, K, V)), add(mul(C, C, V), mul(K, C, V))));
}

// One recurrent step per v-head: three state products (read, delta write, query).
u128 step_flops(const GatedDeltaNet& g) { return mul(6, g.key_dim, g.value_dim); }
}  // namespace

void add_forward(const GatedDeltaNet& g, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden, v_width = g.v_heads * g.value_dim;
    const u128 rows = c.rows();
    out.push_back(projection("lin_qkv", render(msg::row_lin_qkv), "linear", rows, d, g.qkv_width(), 1, layers));
    out.push_back(projection("lin_z", render(msg::row_lin_z), "linear", rows, d, v_width, 1, layers));
    out.push_back(projection("lin_ab", render(msg::row_lin_ab), "linear", rows, d, g.v_heads, 2, layers));

    // Depthwise convolution: its valid taps count as matrix work.
    const u128 taps = valid_conv_taps(c.context, c.input, g.conv_kernel);
    LineItem conv =
        computed("lin_conv", render(msg::row_lin_conv), "linear", render(msg::formula_conv_taps),
                 "2×" + num(g.qkv_width()) + "×" + num(mul(c.batch, taps)), Ratio(mul(2, g.qkv_width(), c.batch, taps)), layers);
    conv.weight = render(msg::weight_conv_channels, {{"channels", num(g.qkv_width())}, {"kernel", num(g.conv_kernel)}});
    out.push_back(conv);

    const u64 K = g.key_dim, V = g.value_dim, C = g.chunk;
    if (takes_recurrent_path(c)) {
        // Decode: three state products per head (read, delta write, query).
        LineItem rec = computed("lin_recurrence", render(msg::row_lin_recurrence_step), "linear", "3×2×B×v_heads×d_k×d_v",
                                "3×2×" + num(c.batch) + "×" + num(g.v_heads) + "×" + num(K) + "×" + num(V),
                                Ratio(mul(c.batch, g.v_heads, step_flops(g))), layers);
        rec.interaction = false;
        out.push_back(rec);
    } else {
        // Chunked prefill: six dense products per padded chunk of C positions.
        const u128 per_chunk = chunk_flops(g);
        const u128 chunks = ceil_div(c.input, C);
        LineItem rec =
            computed("lin_recurrence", render(msg::row_lin_recurrence_chunked), "linear", "B×v_heads×⌈P/C⌉×2(2C²K+2CKV+C²V+KCV)",
                     num(c.batch) + "×" + num(g.v_heads) + "×" + num(chunks) + "×" + num(per_chunk),
                     Ratio(mul(c.batch, g.v_heads, chunks, per_chunk)), layers);
        out.push_back(rec);
    }
    out.push_back(projection("lin_out", render(msg::row_lin_out), "linear", rows, v_width, d, 1, layers));
}

void add_state(const GatedDeltaNet& g, const ModelSpec&, u64 layers, u128 N, const StateOptions&, StateResult& out) {
    // Fixed per request: FP32 recurrent matrices and BF16 convolution slots.
    const Ratio recurrent(mul(g.v_heads, g.key_dim, g.value_dim, 4));
    const std::string rf = "v_heads×d_k×d_v×4 B";
    const std::string rs = num(g.v_heads) + "×" + num(g.key_dim) + "×" + num(g.value_dim) + "×4";
    out.items.push_back(
        bytes_item("recurrent", render(msg::state_recurrent), "recurrent", rf, rs, recurrent, Count::fixed(), N, layers));
    const Ratio conv(mul(g.qkv_width(), g.conv_kernel, 2));
    out.items.push_back(bytes_item("conv", render(msg::state_conv_slots), "conv", render(msg::formula_conv_slots),
                                   num(g.qkv_width()) + "×" + num(g.conv_kernel) + "×2", conv, Count::fixed(), N, layers));
    // A decode step reads the state and writes it back.
    out.reads.push_back(bytes_item("recurrent_rw", render(msg::state_recurrent_rw), "recurrent", "2×" + rf, "2×" + rs,
                                   recurrent * Ratio(2), Count::fixed(), N, layers));
}

Ratio decode_growth(const GatedDeltaNet& g, const ModelSpec&, u128 batch, u128 H, u128 n, u64 layers) {
    // Only the convolution grows, and only while fewer than K inputs exist.
    const u128 taps = valid_conv_taps(H, n, g.conv_kernel);
    const u128 first = mul(n, valid_conv_taps(H, 1, g.conv_kernel));
    return Ratio(mul(2, g.qkv_width(), batch, sub(taps, first), layers));
}

Ratio decode_shrink(const GatedDeltaNet& g, const ModelSpec&, u128 batch, u128 H, u128 n, u64 layers) {
    // Decode from an empty state: the first step (H = 0) runs one padded
    // chunk, every later step the cheaper recurrent update.
    if (H != 0 || n < 2) return Ratio(0);
    const u128 saved = sub(chunk_flops(g), step_flops(g));
    return Ratio(mul(n - 1, batch, g.v_heads, saved, layers));
}

}  // namespace tally::mech
