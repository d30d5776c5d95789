#include "deepseek_v4.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "ffn.hpp"

namespace tally::mech {

// ---------------------------------------------------------------------------
// Counting helpers
// ---------------------------------------------------------------------------
namespace v4 {

Count window_count(const V4Attention& x) { return Count::window(x.window); }

Count selected_count(const V4Attention& x) {
    return x.top_k == 0 ? Count::entries(x.ratio) : Count::capped_entries(x.ratio, x.top_k);
}

Count stored_count(const V4Attention& x) { return Count::entries(x.ratio); }

u128 window_positions(const V4Attention& x, u128 t) { return window_count(x).at(t); }

u128 selected_entries(const V4Attention& x, u128 t) { return x.compressed() ? selected_count(x).at(t) : 0; }

u128 stored_entries(const V4Attention& x, u128 tokens) { return x.compressed() ? stored_count(x).at(tokens) : 0; }

u128 window_pairs(const V4Attention& x, u128 S, u128 T) { return run_min(S, T, x.window); }

u128 selected_pairs(const V4Attention& x, u128 S, u128 T) {
    if (!x.compressed()) return 0;
    return x.top_k == 0 ? run_floor(S, T, x.ratio) : run_floor_cap(S, T, x.ratio, x.top_k);
}

u128 index_scan_pairs(const V4Attention& x, u128 S, u128 T) {
    if (!x.indexed()) return 0;
    return mul(T, add(S, T) / x.ratio);
}

Ratio main_entry_bytes(const V4Attention& x, const StateOptions& o) {
    if (o.layout == "production") return Ratio(x.production_entry_bytes);
    return Ratio(mul(x.head_dim, o.history.bits), 8);
}

Ratio index_entry_bytes(const V4Attention& x, const StateOptions& o) {
    if (!x.indexed()) return Ratio(0);
    if (o.layout == "production") {
        // Block format: bits per value plus one scale per group (MXFP4: 128/2 + 128/32 = 68 B).
        Ratio values(mul(x.index_head_dim, x.production_index_bits), 8);
        if (x.production_index_group == 0) return values;
        return values + Ratio(mul(ceil_div(x.index_head_dim, x.production_index_group), x.production_index_scale_bytes));
    }
    return Ratio(mul(x.index_head_dim, o.history.bits), 8);
}

u128 buffer_bytes(const V4Attention& x) {
    if (!x.compressed()) return 0;
    // Two FP32 buffers (kv and score) of (coff·r) rows × (coff·dim) values.
    const u128 rows = mul(x.overlap, x.ratio);
    u128 bytes = mul(2, rows, mul(x.overlap, x.head_dim), 4);
    if (x.indexed()) bytes = add(bytes, mul(2, rows, mul(x.overlap, x.index_head_dim), 4));
    return bytes;
}

}  // namespace v4

namespace {

using v4::index_scan_pairs;
using v4::selected_pairs;
using v4::window_pairs;

const char* kind_key(const V4Attention& x) {
    switch (x.kind) {
        case V4Attention::Kind::Csa: return "csa";
        case V4Attention::Kind::Hca: return "hca";
        case V4Attention::Kind::Window: break;
    }
    return "window";
}

std::string kind_name(const V4Attention& x) {
    switch (x.kind) {
        case V4Attention::Kind::Csa: return "CSA";
        case V4Attention::Kind::Hca: return "HCA";
        case V4Attention::Kind::Window: break;
    }
    return render(msg::kind_window);
}

u64 q_width(const V4Attention& x) { return x.heads * x.head_dim; }

// FLOPs per attended position: QKᵀ and PV over heads × head_dim.
u128 pair_flops(const V4Attention& x) { return mul(4, x.heads, x.head_dim); }
// FLOPs per scanned index entry: one dot product per index head.
u128 index_flops(const V4Attention& x) { return mul(2, x.index_heads, x.index_head_dim); }

std::string pair_factor(const V4Attention& x) { return "4×" + num(x.heads) + "×" + num(x.head_dim) + "×"; }
std::string index_factor(const V4Attention& x) { return "2×" + num(x.index_heads) + "×" + num(x.index_head_dim) + "×"; }

std::string selected_rule(const V4Attention& x) {
    const std::string entries = "⌊t/" + num(x.ratio) + "⌋";
    return x.top_k == 0 ? entries : "min(" + entries + ", " + num(x.top_k) + ")";
}

LineItem state_row(std::string id, std::string label, std::string section, const std::string& count_formula, const Count& count,
                   u128 tokens, const Ratio& entry, u64 layers) {
    return bytes_item(std::move(id), std::move(label), std::move(section), count_formula + "×e",
                      num(count.at(tokens)) + "×" + to_exact_text(entry), entry, count, tokens, layers);
}

}  // namespace

// ---------------------------------------------------------------------------
// Window / CSA / HCA attention
// ---------------------------------------------------------------------------

void add_tensors(const V4Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const u64 d = m.hidden;
    const auto A = ParamCategory::Attention;
    out.push_back(matrix("q_down", render(msg::label_q_down), A, d, x.q_latent, layers));
    out.push_back(matrix("q_up", render(msg::label_q_up), A, x.q_latent, q_width(x), layers));
    out.push_back(matrix("kv", render(msg::label_v4_kv), A, d, x.head_dim, layers));
    out.push_back(
        matrix("out_group", render(msg::label_v4_out_group), A, q_width(x) / x.out_groups, x.out_rank, layers * x.out_groups));
    out.push_back(matrix("out_proj", render(msg::label_v4_out_proj), A, x.out_groups * x.out_rank, d, layers));
    // Vectors of the reference implementation (Table 2-B "other").
    out.push_back(vec("q_norm", render(msg::label_q_norm), x.q_latent, layers));
    out.push_back(vec("kv_norm", render(msg::label_kv_norm), x.head_dim, layers));
    out.push_back(vec("attn_sink", render(msg::label_attn_sink), x.heads, layers));
    if (x.compressed()) {
        // A compressor: content and gate projections to coff·dim, a learned
        // per-position weight for each of the ratio × coff·dim slots (§2.3.3
        // "逐通道權重"), and an RMSNorm on the finished entry.
        const std::string k = kind_key(x), name = kind_name(x);
        const u64 width = x.overlap * x.head_dim;
        out.push_back(matrix(k + "_compress_kv", render(msg::label_compress_kv, {{"kind", name}}), A, d, width, layers));
        out.push_back(matrix(k + "_compress_gate", render(msg::label_compress_gate, {{"kind", name}}), A, d, width, layers));
        out.push_back(vec(k + "_compress_ape", render(msg::label_compress_ape, {{"kind", name}}), x.ratio * width, layers));
        out.push_back(vec(k + "_compress_norm", render(msg::label_compress_norm, {{"kind", name}}), x.head_dim, layers));
    }
    if (x.indexed()) {
        const u64 width = x.overlap * x.index_head_dim;
        out.push_back(matrix("index_q", render(msg::label_index_q), A, x.q_latent, x.index_heads * x.index_head_dim, layers));
        out.push_back(matrix("index_weights", render(msg::label_index_weights), A, d, x.index_heads, layers));
        out.push_back(matrix("index_compress_kv", render(msg::label_index_compress_kv), A, d, width, layers));
        out.push_back(matrix("index_compress_gate", render(msg::label_index_compress_gate), A, d, width, layers));
        out.push_back(vec("index_compress_ape", render(msg::label_index_compress_ape), x.ratio * width, layers));
        out.push_back(vec("index_compress_norm", render(msg::label_index_compress_norm), x.index_head_dim, layers));
    }
}

void add_forward(const V4Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    out.push_back(projection("q_down", render(msg::row_v4_q_down), "attention", rows, d, x.q_latent, 1, layers));
    out.push_back(projection("q_up", render(msg::row_v4_q_up), "attention", rows, x.q_latent, q_width(x), 1, layers));
    out.push_back(projection("kv", render(msg::row_v4_kv), "attention", rows, d, x.head_dim, 1, layers));

    // Main attention over the window: Σ_t min(t, w) for t = S+1 … S+P.
    const std::string shape = render(msg::shape_heads_width, {{"heads", num(x.heads)}, {"width", num(x.head_dim)}});
    {
        const u128 pairs = mul(c.batch, window_pairs(x, c.context, c.input));
        LineItem core = computed("attn_core_window", render(msg::row_v4_attn_window), "attention",
                                 render(msg::formula_v4_window_pairs, {{"factor", pair_factor(x)}, {"window", num(x.window)}}),
                                 pair_factor(x) + num(pairs), Ratio(mul(pair_flops(x), pairs)), layers);
        core.shape = shape;
        core.weight = render(msg::weight_none_new);
        core.interaction = true;
        out.push_back(core);
    }
    if (x.compressed()) {
        const std::string k = kind_key(x);
        const u128 pairs = mul(c.batch, selected_pairs(x, c.context, c.input));
        LineItem core =
            computed("attn_core_" + k,
                     render(x.top_k == 0 ? msg::row_v4_attn_all_entries : msg::row_v4_attn_selected, {{"kind", kind_name(x)}}),
                     "attention",
                     render(msg::formula_v4_selected_pairs, {{"factor", pair_factor(x)}, {"key", k}, {"rule", selected_rule(x)}}),
                     pair_factor(x) + num(pairs), Ratio(mul(pair_flops(x), pairs)), layers);
        core.shape = shape;
        core.weight = render(msg::weight_none_new);
        core.interaction = true;
        out.push_back(core);
    }
    out.push_back(projection("out_group", render(msg::row_v4_out_group), "attention", rows, q_width(x) / x.out_groups, x.out_rank,
                             x.out_groups, layers));
    out.push_back(
        projection("out_proj", render(msg::row_v4_out_proj), "attention", rows, x.out_groups * x.out_rank, d, 1, layers));
    if (x.compressed()) {
        const std::string k = kind_key(x);
        out.push_back(projection(k + "_compress", render(msg::row_v4_compress, {{"kind", kind_name(x)}}), "attention", rows, d,
                                 x.overlap * x.head_dim, 2, layers));
    }
    if (x.indexed()) {
        const std::string name = kind_name(x);
        out.push_back(projection("index_q", render(msg::row_v4_index_q, {{"kind", name}}), "attention", rows, x.q_latent,
                                 x.index_heads * x.index_head_dim, 1, layers));
        out.push_back(projection("index_weights", render(msg::row_v4_index_weights, {{"kind", name}}), "attention", rows, d,
                                 x.index_heads, 1, layers));
        out.push_back(projection("index_compress", render(msg::row_v4_index_compress, {{"kind", name}}), "attention", rows, d,
                                 x.overlap * x.index_head_dim, 2, layers));
        // Scored over the rectangle before masking: B·T·⌊(S+T)/r⌋ entries.
        const u128 scanned = mul(c.batch, index_scan_pairs(x, c.context, c.input));
        LineItem scan = computed("index_scan", render(msg::row_v4_index_scan, {{"kind", name}}), "attention",
                                 render(msg::formula_v4_index_scan, {{"factor", index_factor(x)}, {"ratio", num(x.ratio)}}),
                                 index_factor(x) + num(scanned), Ratio(mul(index_flops(x), scanned)), layers);
        scan.shape = render(msg::shape_index_heads, {{"heads", num(x.index_heads)}, {"width", num(x.index_head_dim)}});
        scan.weight = render(msg::weight_v4_index_scan);
        scan.interaction = true;
        out.push_back(scan);
    }
}

void add_state(const V4Attention& x, const ModelSpec&, u64 layers, u128 tokens, const StateOptions& o, StateResult& out) {
    const Ratio e = v4::main_entry_bytes(x, o);
    const std::string k = kind_key(x), name = kind_name(x);
    const std::string window_rule = "min(N, " + num(x.window) + ")";
    const std::string entries_rule = "⌊N/" + num(x.ratio) + "⌋";
    const Count window = v4::window_count(x);
    const Count stored = v4::stored_count(x);  // rows that use it exist only for compressed kinds

    // Stored: the window (every kind), completed entries, index entries, and
    // the FP32 buffers of blocks still being compressed (present at any N).
    merge_into(out.items, state_row("window", render(msg::state_v4_window, {{"window", num(x.window)}}), "window", window_rule,
                                    window, tokens, e, layers));
    if (x.compressed()) {
        merge_into(out.items, state_row(k + "_main", render(msg::state_v4_main, {{"kind", name}}), "compressed", entries_rule,
                                        stored, tokens, e, layers));
    }
    if (x.indexed()) {
        merge_into(out.items, state_row(k + "_index", render(msg::state_v4_index, {{"kind", name}}), "index", entries_rule,
                                        stored, tokens, v4::index_entry_bytes(x, o), layers));
    }
    if (x.compressed()) {
        const u128 rows = mul(x.overlap, x.ratio);
        std::string formula = "2×" + num(rows) + "×" + num(x.overlap * x.head_dim) + "×4";
        if (x.indexed()) {
            formula = render(msg::formula_plus,
                             {{"a", formula}, {"b", "2×" + num(rows) + "×" + num(x.overlap * x.index_head_dim) + "×4"}});
        }
        merge_into(out.items, bytes_item(k + "_buffer", render(msg::state_v4_buffer, {{"kind", name}}), "buffer",
                                         render(x.indexed() ? msg::formula_v4_buffer_indexed : msg::formula_v4_buffer), formula,
                                         Ratio(v4::buffer_bytes(x)), Count::fixed(), tokens, layers));
    }

    // One decode query at t = N: the window (its own entry included), the
    // selected or all completed entries, and a scan of every index entry.
    merge_into(out.reads,
               state_row("window_read", render(msg::state_v4_window_read), "window", window_rule, window, tokens, e, layers));
    if (x.compressed()) {
        const Count selected = v4::selected_count(x);
        merge_into(out.reads,
                   state_row(k + "_entries_read",
                             render(x.top_k == 0 ? msg::state_v4_read_all : msg::state_v4_read_selected, {{"kind", name}}),
                             "compressed", x.top_k == 0 ? entries_rule : "min(" + entries_rule + ", " + num(x.top_k) + ")",
                             selected, tokens, e, layers));
    }
    if (x.indexed()) {
        merge_into(out.reads, state_row(k + "_index_read", render(msg::state_v4_index_scan, {{"kind", name}}), "index",
                                        entries_rule, stored, tokens, v4::index_entry_bytes(x, o), layers));
    }

    // Average growth of the global history: entries complete every r positions.
    if (x.compressed()) {
        const Ratio entry_bytes = e + v4::index_entry_bytes(x, o);
        out.per_token = out.per_token + entry_bytes * Ratio(layers) / Ratio(x.ratio);
    }
}

Ratio decode_growth(const V4Attention& x, const ModelSpec&, u128 batch, u128 H, u128 n, u64 layers) {
    if (n == 0) return Ratio(0);
    // Step j queries t = H+1+j; its extra work over step 0 summed in closed form:
    // Σ_j f(H+1+j) − n·f(H+1) for each counted quantity f.
    const u128 first = add(H, 1);
    const u128 window = sub(window_pairs(x, H, n), mul(n, v4::window_positions(x, first)));
    const u128 selected = sub(selected_pairs(x, H, n), mul(n, v4::selected_entries(x, first)));
    u128 flops = mul(pair_flops(x), add(window, selected));
    if (x.indexed()) {
        const u128 scanned = sub(v4::run_floor(H, n, x.ratio), mul(n, first / x.ratio));
        flops = add(flops, mul(index_flops(x), scanned));
    }
    return Ratio(mul(flops, batch, layers));
}

// ---------------------------------------------------------------------------
// mHC connection and head mixing
// ---------------------------------------------------------------------------

void add_tensors(const MhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    out.push_back(matrix("mhc_mix", render(msg::label_mhc_mix), ParamCategory::Other, x.streams * m.hidden, x.mix_width(),
                         layers * x.sublayers));
    // Per sublayer: a bias for each mixing logit and one scale each for pre, post and comb.
    out.push_back(vec("mhc_bias_scale", render(msg::label_mhc_bias_scale), x.sublayers * (x.mix_width() + 3), layers));
}

void add_forward(const MhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    LineItem mix = projection("mhc_mix", render(msg::row_mhc_mix), "ffn", c.rows(), x.streams * m.hidden, x.mix_width(),
                              x.sublayers, layers);
    mix.shape = "m×" + num(x.streams) + "×" + num(m.hidden) + " → m×" + num(x.mix_width());
    out.push_back(mix);
    LineItem scalar =
        computed("mhc_scalar", render(msg::row_mhc_scalar), "ffn", render(msg::formula_scalar_work), "0", Ratio(0), layers);
    scalar.shape = "m×" + num(x.streams) + "×" + num(m.hidden) + " ↔ m×" + num(m.hidden);
    scalar.weight = render(msg::weight_mhc_coefficients);
    out.push_back(scalar);
}

void add_state(const MhcConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MhcConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

void add_tensors(const MhcHead& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    out.push_back(matrix("mhc_head", render(msg::label_mhc_head), ParamCategory::Other, x.streams * m.hidden, x.streams, layers));
    out.push_back(vec("mhc_head_bias_scale", render(msg::label_mhc_head_bias_scale), x.streams + 1, layers));
}

void add_forward(const MhcHead& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    // Every row merges its streams (not only the m_out rows the head scores).
    LineItem head =
        projection("mhc_head", render(msg::row_mhc_head), "output", c.rows(), x.streams * m.hidden, x.streams, 1, layers);
    head.shape = "m×" + num(x.streams) + "×" + num(m.hidden) + " → m×" + num(x.streams);
    out.push_back(head);
}

void add_state(const MhcHead&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}
Ratio decode_growth(const MhcHead&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

// ---------------------------------------------------------------------------
// MTP block
// ---------------------------------------------------------------------------

// The chapter's parameter counts cover the trunk only (主幹), and its state
// figures exclude the MTP block's own window: no tensors, no state.
void add_tensors(const MtpBlock&, const ModelSpec&, u64, std::vector<WeightTensor>&) {}
void add_state(const MtpBlock&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

void add_forward(const MtpBlock& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    if (c.mtp_steps == 0) return;
    const u64 runs = static_cast<u64>(mul(c.mtp_steps, layers));  // every row below runs once per step
    const u64 d = m.hidden;
    const u128 rows = c.rows();
    Items block;
    if (x.embed_proj) block.push_back(projection("embed_proj", render(msg::row_embed_proj), "output", rows, d, d, 1, runs));
    block.push_back(projection("hidden_proj",
                               x.hidden_proj_per_stream ? render(msg::row_hidden_proj_per_stream) : render(msg::row_hidden_proj),
                               "output", rows, d, d, x.hidden_proj_per_stream ? x.connection.streams : 1, runs));

    // Step j runs the block on the call's rows with j more positions before
    // them (the drafts of the earlier steps), so only the attention cores can
    // differ between steps; a core that does is one row over all steps.
    Items attention;
    std::vector<char> constant;  // not vector<bool>: its bit packing is 2 KB of the browser module's code
    for (u128 j = 0; j < c.mtp_steps; ++j) {
        CallShape step = c;
        step.context = add(c.context, j);
        Items one;
        add_forward(x.attention, m, step, layers, one);
        for (size_t i = 0; i < one.size(); ++i) {
            if (j == 0) {
                attention.push_back(one[i]);
                constant.push_back(1);
                continue;
            }
            LineItem& a = attention[i];
            if (constant[i] && one[i].per_call == a.per_call) {
                a.value = a.value + one[i].value;
                a.layers = add(a.layers, layers);
                continue;
            }
            if (constant[i]) {  // first change: fold the steps so far into one row
                const u128 same = a.layers / layers;
                if (same != 1) a.substituted = to_decimal(same) + "×(" + a.substituted + ")";
                a.formula = render(msg::formula_mtp_summed, {{"formula", a.formula}});
                a.per_call = a.value / Ratio(layers);
                a.layers = layers;
                constant[i] = 0;
            }
            a.substituted = render(msg::formula_plus, {{"a", a.substituted}, {"b", one[i].substituted}});
            a.per_call = a.per_call + one[i].per_call;
            a.value = a.per_call * Ratio(layers);
        }
    }
    for (auto& a : attention) block.push_back(std::move(a));

    MoeFfn ffn;
    ffn.experts = x.experts;
    ffn.top_k = x.top_k;
    ffn.expert_intermediate = x.expert_intermediate;
    ffn.shared_intermediate = x.shared_intermediate;
    Items rest;
    add_forward(ffn, m, c, 1, rest);
    add_forward(x.connection, m, c, 1, rest);
    add_forward(x.head, m, c, 1, rest);
    LineItem head = projection("lm_head", render(msg::row_shared_lm_head), "output", c.head_tokens, d, m.vocab, 1, 1);
    head.shape = "m_out×" + num(d) + " → m_out×" + num(m.vocab);
    head.formula = "2×m_out×" + num(d) + "×" + num(m.vocab);
    head.weight = render(msg::weight_shared_with_backbone, {{"d", num(d)}, {"vocab", num(m.vocab)}});
    rest.push_back(head);
    for (auto& it : rest) {
        it.layers = runs;
        it.value = it.per_call * Ratio(runs);
        block.push_back(std::move(it));
    }

    for (auto& it : block) {
        it.id = "mtp_" + it.id;
        const std::string every_layer = render(msg::prefix_all_layers);  // the block is one layer
        if (it.label.compare(0, every_layer.size(), every_layer) == 0) it.label.erase(0, every_layer.size());
        it.label = render(msg::row_mtp, {{"label", it.label}});
        it.section = "output";
        out.push_back(std::move(it));
    }
}

// decode_flops_sum's steps ask for no MTP steps, so the block adds nothing.
Ratio decode_growth(const MtpBlock&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
