#include "deepseek_v41.hpp"

#include <algorithm>

namespace tally::mech {

namespace {

using namespace v41;

// ---------------------------------------------------------------- placement
// A mechanism's overloads do not receive its layer group, but the generic
// code always visits the mechanisms stored in m.groups, so the group is
// found by address.  Its role names the stage of Table 2-D ("enc_", "dec_").

const LayerGroup* group_of(const ModelSpec& m, const Csa2Attention& x) {
    for (const auto& g : m.groups) {
        if (std::get_if<Csa2Attention>(&g.attention) == &x) return &g;
    }
    return nullptr;
}

const LayerGroup* group_of(const ModelSpec& m, const SinglePassMhcConnection& x) {
    for (const auto& g : m.groups) {
        if (std::get_if<SinglePassMhcConnection>(&g.connection) == &x) return &g;
    }
    return nullptr;
}

const LayerGroup* group_of(const ModelSpec& m, const EngramBranch& x) {
    for (const auto& g : m.groups) {
        if (&g.engram == &x) return &g;
    }
    return nullptr;
}

struct Stage {
    std::string id;     // prefix of line ids
    std::string label;  // prefix of labels
    std::string noun;   // render(msg::noun_encoder_layers) inside a label
};

Stage stage_of(const LayerGroup* g) {
    if (g != nullptr && g->role == "encoder") return {"enc_", render(msg::prefix_encoder), render(msg::noun_encoder_layers)};
    if (g != nullptr && g->role == "decoder") return {"dec_", render(msg::prefix_decoder), render(msg::noun_decoder_layers)};
    return {"", "", ""};
}

// The first CSA2 group of the model (model-wide terms are emitted once, by it).
const Csa2Attention* first_csa2(const ModelSpec& m) {
    for (const auto& g : m.groups) {
        if (const auto* a = std::get_if<Csa2Attention>(&g.attention)) return a;
    }
    return nullptr;
}

// The Full layer that owns the cache of ratio r (whose entry formats a
// Reuse or Reindex layer reads); the layer itself when none is found.
const Csa2Attention& owner_of(const ModelSpec& m, const Csa2Attention& x) {
    if (x.owns_cache()) return x;
    for (const auto& g : m.groups) {
        const auto* a = std::get_if<Csa2Attention>(&g.attention);
        if (a != nullptr && a->owns_cache() && a->cache_ratio == x.cache_ratio) return *a;
    }
    return x;
}

// ---------------------------------------------------------------- text
std::string ratio_text(u64 r) { return num(r) + ":1"; }

// ⌊x/r⌋ written plainly when r = 1.
std::string over_text(const std::string& x, u64 r) { return r == 1 ? x : "⌊" + x + "/" + num(r) + "⌋"; }
std::string floor_text(u64 r) { return over_text("v", r); }

// A projection whose rows are not the call's query rows (u, n_cmp).
LineItem projection_on(const std::string& symbol, std::string id, std::string label, std::string section, u128 rows, u64 in,
                       u64 out, u64 layers) {
    LineItem it = projection(std::move(id), std::move(label), std::move(section), rows, in, out, 1, layers);
    it.shape = symbol + "×" + num(in) + " → " + symbol + "×" + num(out);
    it.formula = "2×" + symbol + "×" + num(in) + "×" + num(out);
    return it;
}

LineItem interaction_item(std::string id, std::string label, std::string shape, std::string formula,
                          const std::string& factor_text, u128 factor, u128 count, u64 layers) {
    LineItem it = computed(std::move(id), std::move(label), "attention", std::move(formula), factor_text + "×" + num(count),
                           Ratio(mul(factor, count)), layers);
    it.shape = std::move(shape);
    it.weight = render(msg::weight_none_new);
    it.interaction = true;
    return it;
}

// ---------------------------------------------------------------- one call
// The queries of a call as CSA2 sees them.  v runs over first … last; u
// positions (the last u of the sequence) get global KV.  A CED decoder call
// has u = P > m = min(P, W): it replays only the prompt tail, so its window
// holds only replayed positions.
struct Run {
    u128 batch = 1;
    u128 queries = 0;  // per request
    u128 first = 1;
    u128 last = 0;
    u128 global = 0;  // u
    u128 before = 0;  // positions before the projected ones: last − u
    bool replay = false;
    bool reference = false;
};

Run run_of(const CallShape& c) {
    Run r;
    r.batch = c.batch;
    r.queries = c.input;
    r.first = add(c.context, 1);
    r.last = add(c.context, c.input);
    r.global = c.global_positions();
    r.before = sub(r.last, r.global);
    r.replay = r.global > r.queries;
    r.reference = c.execution == "reference";
    return r;
}

u128 window_count(const Csa2Attention& a, const Run& r) {
    return r.replay ? sum_min(r.queries, a.window) : range_min(r.first, r.last, a.window);
}

u128 global_count(const Csa2Attention& a, const Run& r) { return range_floor_cap(r.first, r.last, a.cache_ratio, a.top_k); }

// Index entries scanned: the rectangle before masking on the reference path;
// the causal count, capped by the candidate pool in Reindex layers, otherwise.
u128 scan_count(const Csa2Attention& a, const Run& r) {
    if (r.reference) return mul(r.queries, r.last / a.cache_ratio);
    if (a.mode == Csa2Mode::Reindex) return range_floor_cap(r.first, r.last, a.cache_ratio, a.pool_entries());
    return range_floor(r.first, r.last, a.cache_ratio);
}

// The indexer has nothing to score until the layer's cache holds a
// compressed key: with n = S+P positions it is idle while ⌊n/r⌋ = 0 (the
// released code skips it; the book's calculator, calculations/src/infra_calc).
bool indexer_runs(const Csa2Attention& a, const Run& r) { return a.runs_indexer() && r.last / a.cache_ratio != 0; }

// Global entries this call completes: ⌊(S+P)/r⌋ − ⌊S/r⌋.
u128 new_entries(const Csa2Attention& a, const Run& r) { return r.last / a.cache_ratio - r.before / a.cache_ratio; }

// ---------------------------------------------------------------- state
// Bytes of one entry of `values` numbers in a storage dtype (reference layout).
Ratio dtype_entry(const Dtype& d, u64 values) {
    Ratio b(mul(values, d.bits), 8);
    if (d.group_size != 0) b = b + Ratio(mul(ceil_div(values, d.group_size), d.scale_bytes));
    return b;
}

std::string dtype_entry_text(const Dtype& d, u64 values) {
    std::string t = num(values) + "×" + num(d.bits) + "/8";
    if (d.group_size != 0) t += "+⌈" + num(values) + "/" + num(d.group_size) + "⌉×" + num(d.scale_bytes);
    return t;
}

std::string format_text(const EntryFormat& f, u64 values) {
    std::string t = num(values) + "×" + num(f.bits) + "/8";
    if (f.group_size != 0) t += "+⌈" + num(values) + "/" + num(f.group_size) + "⌉×" + num(f.scale_bytes);
    return t;
}

// An entry's size in the requested layout, and how it was obtained.
struct EntrySize {
    Ratio bytes;
    std::string text;       // "512×4/8+⌈512/16⌉×1"
    bool fallback = false;  // production asked, but no production format given
};

EntrySize entry_size(const EntryFormat& f, u64 values, const StateOptions& o) {
    if (o.layout == "production" && f.given) return {entry_bytes(f, values), format_text(f, values), false};
    return {dtype_entry(o.history, values), dtype_entry_text(o.history, values), o.layout == "production"};
}

std::string no_production_format() { return render(msg::note_no_production_format); }

// ---------------------------------------------------------------- decode growth
// Σ_{v=a..b} f(v) − n·f(a) for the FLOPs of one layer of `a` across decode
// steps with visible counts v = a … b (CED counting, one query per step),
// split into what grows (plus) and what shrinks (minus): a ratio-r owner
// writes index keys only on steps where r divides v.
struct Growth {
    u128 plus = 0;
    u128 minus = 0;
};

// Matrix FLOPs of one row's index query and head weights (a Full or Reindex layer).
u128 indexer_projection_flops(const Csa2Attention& x, u64 hidden) {
    return add(mul(2, x.q_rank, x.index_heads, x.index_head_dim), mul(2, hidden, x.index_heads));
}

void add_growth(Growth& g, const Csa2Attention& x, u64 hidden, u128 a, u128 b, u128 layers, bool reference) {
    const u128 n = b - a + 1;
    const u128 attend = mul(4, x.heads, x.head_dim);
    u128 plus = mul(attend, sub(range_min(a, b, x.window), mul(n, std::min<u128>(a, x.window))));
    if (x.reads_global()) {
        const u128 first = std::min<u128>(a / x.cache_ratio, x.top_k);
        plus = add(plus, mul(attend, sub(range_floor_cap(a, b, x.cache_ratio, x.top_k), mul(n, first))));
    }
    if (x.runs_indexer()) {
        const u128 per_entry = mul(2, x.index_heads, x.index_head_dim);
        u128 scanned = 0;
        if (x.mode == Csa2Mode::Reindex && !reference) {
            const u128 cap = x.pool_entries();
            scanned = sub(range_floor_cap(a, b, x.cache_ratio, cap), mul(n, std::min<u128>(a / x.cache_ratio, cap)));
        } else {
            scanned = sub(range_floor(a, b, x.cache_ratio), mul(n, a / x.cache_ratio));
        }
        plus = add(plus, mul(per_entry, scanned));
        // Starting before the first compressed key (v < r), the first step
        // has no indexer; every step from v = r on runs it.
        if (a / x.cache_ratio == 0) {
            const u128 running = b < x.cache_ratio ? 0 : b - x.cache_ratio + 1;
            plus = add(plus, mul(indexer_projection_flops(x, hidden), running));
        }
    }
    g.plus = add(g.plus, mul(plus, layers));
    if (x.owns_cache()) {
        const u128 key = mul(2, x.head_dim, x.index_head_dim);
        const u128 written = multiples(a, b, x.cache_ratio);
        const u128 baseline = mul(n, a % x.cache_ratio == 0 ? 1 : 0);
        const u128 k = mul(key, layers);
        if (written >= baseline) {
            g.plus = add(g.plus, mul(k, written - baseline));
        } else {
            g.minus = add(g.minus, mul(k, baseline - written));
        }
    }
}

}  // namespace

// ================================================================ helpers
namespace v41 {

Ratio entry_bytes(const EntryFormat& f, u64 values) {
    Ratio b(mul(values, f.bits), 8);
    if (f.group_size != 0) b = b + Ratio(mul(ceil_div(values, f.group_size), f.scale_bytes));
    return b;
}

DecodeGrowth decode_growth_parts(const ModelSpec& m, u128 batch, u128 H, u128 n, bool reference) {
    if (n == 0) return {};
    // Steps at S = H … H+n−1 see v = H+1 … H+n.
    Growth g;
    for (const auto& group : m.groups) {
        if (const auto* y = std::get_if<Csa2Attention>(&group.attention))
            add_growth(g, *y, m.hidden, add(H, 1), add(H, n), group.layers, reference);
    }
    return {Ratio(mul(batch, g.plus)), Ratio(mul(batch, g.minus))};
}

CandidatePool candidate_pool(const Csa2Attention& builder, u128 entries) {
    CandidatePool p;
    if (builder.pool_block_size == 0) return p;
    p.blocks = ceil_div(entries, builder.pool_block_size);
    p.kept_blocks = std::min<u128>(p.blocks, builder.pool_blocks);
    p.candidates = std::min<u128>(entries, mul(p.kept_blocks, builder.pool_block_size));
    p.selected = std::min<u128>(p.candidates, builder.top_k);
    return p;
}

}  // namespace v41

// ================================================================ CSA2
void add_tensors(const Csa2Attention& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    const auto A = ParamCategory::Attention;
    const u64 d = m.hidden, q_width = x.heads * x.head_dim;
    out.push_back(matrix("q_down", render(msg::label_q_down), A, d, x.q_rank, layers));
    out.push_back(matrix("q_up", render(msg::label_q_up), A, x.q_rank, q_width, layers));
    out.push_back(matrix("swa_kv", render(msg::label_swa_kv), A, d, x.head_dim, layers));
    out.push_back(matrix("out_group", render(msg::label_v41_out_group), A, q_width / x.output_groups, x.output_rank,
                         layers * x.output_groups));
    out.push_back(matrix("out_concat", render(msg::label_out_concat), A, x.output_groups * x.output_rank, d, layers));
    if (x.owns_cache()) {
        out.push_back(matrix("global_kv", render(msg::label_global_kv), A, d, x.head_dim, layers));
        if (x.cache_ratio > 1) {
            out.push_back(matrix("compress_gate", render(msg::label_compress_gate_ratio, {{"ratio", ratio_text(x.cache_ratio)}}),
                                 A, d, x.head_dim, layers));
        }
        out.push_back(matrix("index_key", render(msg::label_index_key), A, x.head_dim, x.index_head_dim, layers));
    }
    if (x.runs_indexer()) {
        out.push_back(matrix("index_query", render(msg::label_index_q), A, x.q_rank, x.index_heads * x.index_head_dim, layers));
        out.push_back(matrix("index_weight", render(msg::label_index_weight), A, d, x.index_heads, layers));
    }
}

void add_forward(const Csa2Attention& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const Stage s = stage_of(group_of(m, x));
    const Run r = run_of(c);
    const u64 d = m.hidden, q_width = x.heads * x.head_dim;
    const u128 rows = mul(r.batch, r.queries);
    const bool decoder = s.id == "dec_";
    auto id = [&](const char* k) { return s.id + k; };
    auto label = [&](const std::string& l) { return s.label + l; };

    out.push_back(projection(id("q_down"), label(render(msg::label_q_down)), "attention", rows, d, x.q_rank, 1, layers));
    out.push_back(projection(id("q_up"), label(render(msg::label_q_up)), "attention", rows, x.q_rank, q_width, 1, layers));
    out.push_back(projection(id("swa_kv"), label(render(msg::label_swa_kv)), "attention", rows, d, x.head_dim, 1, layers));

    if (x.owns_cache()) {
        // Global KV (and the compression gate) on every position whose
        // entries this call builds (u_l); a CED decoder projects them from
        // the encoder's output for the whole prompt.
        const u128 u_rows = mul(r.batch, r.global);
        out.push_back(projection_on("u", id("global_kv"),
                                    label(decoder ? render(msg::label_global_kv_decoder) : render(msg::label_global_kv)),
                                    "attention", u_rows, d, x.head_dim, layers));
        if (x.cache_ratio > 1) {
            out.push_back(projection_on("u", id("compress_gate"),
                                        label(render(msg::label_compress_gate_ratio, {{"ratio", ratio_text(x.cache_ratio)}})),
                                        "attention", u_rows, d, x.head_dim, layers));
        }
        // Index keys only for entries completed in this call (n_cmp).
        LineItem key = projection_on("n_cmp", id("index_key"), label(render(msg::label_index_key_new)), "attention",
                                     mul(r.batch, new_entries(x, r)), x.head_dim, x.index_head_dim, layers);
        key.formula = x.cache_ratio == 1 ? render(msg::formula_n_cmp_all, {{"formula", key.formula}})
                                         : render(msg::formula_n_cmp, {{"formula", key.formula},
                                                                       {"after", over_text("(S+P)", x.cache_ratio)},
                                                                       {"before", over_text("S", x.cache_ratio)}});
        out.push_back(key);
    }

    const std::string heads = render(msg::shape_query_heads, {{"heads", num(x.heads)}, {"width", num(x.head_dim)}});
    const u128 attend = mul(4, x.heads, x.head_dim);
    const std::string attend_text = "4×" + num(x.heads) + "×" + num(x.head_dim);

    if (indexer_runs(x, r)) {
        const u64 index_width = x.index_heads * x.index_head_dim;
        out.push_back(projection(id("index_query"), label(render(msg::label_index_q)), "attention", rows, x.q_rank, index_width,
                                 1, layers));
        out.push_back(projection(id("index_weight"), label(render(msg::label_index_weight)), "attention", rows, d, x.index_heads,
                                 1, layers));
        const u128 per_entry = mul(2, x.index_heads, x.index_head_dim);
        const std::string per_text = "2×" + num(x.index_heads) + "×" + num(x.index_head_dim);
        const bool pool = x.mode == Csa2Mode::Reindex;
        std::string formula;
        if (r.reference) {
            formula = render(pool ? msg::formula_index_rectangle_pool : msg::formula_index_rectangle,
                             {{"per", per_text}, {"entries", over_text("(S+P)", x.cache_ratio)}});
        } else if (pool) {
            formula = per_text + "×Σ_q min(" + floor_text(x.cache_ratio) + "," + num(x.pool_entries()) + ")";
        } else {
            formula = per_text + "×Σ_q " + floor_text(x.cache_ratio);
        }
        const std::string shape =
            render(pool ? msg::shape_index_heads_pool : msg::shape_index_heads, {{"heads", num(x.index_heads)},
                                                                                 {"width", num(x.index_head_dim)},
                                                                                 {"blocks", num(x.pool_blocks)},
                                                                                 {"block_size", num(x.pool_block_size)}});
        out.push_back(interaction_item(id(pool ? "reindex_scan" : "index_scan"),
                                       label(pool ? render(msg::row_reindex_scan) : render(msg::row_index_scan)), shape, formula,
                                       per_text, per_entry, mul(r.batch, scan_count(x, r)), layers));
    }

    {
        const std::string formula = r.replay
                                        ? render(msg::formula_window_replay, {{"attend", attend_text}, {"window", num(x.window)}})
                                        : attend_text + "×Σ_q min(v," + num(x.window) + ")";
        out.push_back(interaction_item(id("attn_window"), label(render(msg::row_attn_window_swa)), heads, formula, attend_text,
                                       attend, mul(r.batch, window_count(x, r)), layers));
    }
    if (x.reads_global()) {
        const std::string formula = attend_text + "×Σ_q min(" + floor_text(x.cache_ratio) + "," + num(x.top_k) + ")";
        out.push_back(
            interaction_item(id("attn_global"),
                             label(render(msg::row_attn_global, {{"ratio", ratio_text(x.cache_ratio)}, {"top_k", num(x.top_k)}})),
                             heads, formula, attend_text, attend, mul(r.batch, global_count(x, r)), layers));
    }

    // Each output group multiplies only its own slice: no cross-group terms.
    out.push_back(projection(id("out_group"), label(render(msg::row_v41_out_group)), "attention", rows, q_width / x.output_groups,
                             x.output_rank, x.output_groups, layers));
    out.push_back(projection(id("out_concat"), label(render(msg::label_out_concat)), "attention", rows,
                             x.output_groups * x.output_rank, d, 1, layers));

    // V4.1's speculative-decoding module: asked for, but not modelled.
    if (c.mtp_steps != 0 && first_csa2(m) == &x) {
        LineItem note = computed("dspark", render(msg::row_dspark), "output", render(msg::formula_dspark), "—", Ratio(0), 1);
        note.weight = render(msg::weight_shape_unpublished);
        out.push_back(note);
    }
}

void add_state(const Csa2Attention& x, const ModelSpec& m, u64 layers, u128 tokens, const StateOptions& o, StateResult& out) {
    const Stage s = stage_of(group_of(m, x));
    const Csa2Attention& owner = owner_of(m, x);
    const u128 N = tokens;
    const std::string r_text = num(x.cache_ratio);

    const EntrySize win = entry_size(x.window_format, x.head_dim, o);
    const std::string win_note = win.fallback ? no_production_format() : "";
    const Count window = Count::window(x.window);
    const u128 in_window = window.at(N);
    merge_into(out.items, bytes_item("window", render(msg::state_swa_window, {{"note", win_note}}), "window",
                                     render(msg::formula_window_entries, {{"window", num(x.window)}}),
                                     num(in_window) + "×(" + win.text + ")", win.bytes, window, N, layers));

    const EntrySize main = entry_size(owner.main_format, owner.head_dim, o);
    const EntrySize index = entry_size(owner.index_format, owner.index_head_dim, o);
    const std::string main_note = main.fallback ? no_production_format() : "";
    const std::string index_note = index.fallback ? no_production_format() : "";

    if (x.owns_cache()) {
        const Count stored = Count::entries(x.cache_ratio);
        const u128 entries = stored.at(N);
        const std::string kind =
            x.cache_ratio > 1 ? render(msg::kind_compressed_ratio, {{"ratio", ratio_text(x.cache_ratio)}}) : "1:1";
        merge_into(out.items,
                   bytes_item(s.id + "global_main",
                              render(msg::state_global_main, {{"stage", s.label}, {"kind", kind}, {"note", main_note}}),
                              x.cache_ratio > 1 ? "compressed" : "history",
                              render(msg::formula_entries_bytes, {{"count", over_text("N", x.cache_ratio)}}),
                              num(entries) + "×(" + main.text + ")", main.bytes, stored, N, layers));
        merge_into(out.items,
                   bytes_item(s.id + "global_index", render(msg::state_global_index, {{"stage", s.label}, {"note", index_note}}),
                              "index", render(msg::formula_entries_bytes, {{"count", over_text("N", x.cache_ratio)}}),
                              num(entries) + "×(" + index.text + ")", index.bytes, stored, N, layers));
        if (x.cache_ratio > 1) {
            // KV and gate of the r positions an entry is built from, FP32
            // in both layouts (no production format is given).
            const u128 buffer = mul(2, x.cache_ratio, x.head_dim, 4);
            merge_into(out.items,
                       bytes_item(s.id + "compressor",
                                  render(o.layout == "production" ? msg::state_compressor_production : msg::state_compressor,
                                         {{"stage", s.label}, {"ratio", ratio_text(x.cache_ratio)}}),
                                  "buffer", "2×r×d×4 B", "2×" + r_text + "×" + num(x.head_dim) + "×4", Ratio(buffer),
                                  Count::fixed(), N, layers));
        }
        // Average growth: one main and one index entry per r positions.
        out.per_token = out.per_token + (main.bytes + index.bytes) * Ratio(layers, x.cache_ratio);
    }

    // One decode step whose query sees N positions (itself included), as in
    // section 2.3.6: what it reads, then what it writes.
    merge_into(out.reads, bytes_item("read_window", render(msg::state_read_window, {{"note", win_note}}), "window",
                                     render(msg::formula_window_entries, {{"window", num(x.window)}}),
                                     num(in_window) + "×(" + win.text + ")", win.bytes, window, N, layers));
    if (x.reads_global()) {
        const Count chosen = Count::capped_entries(x.cache_ratio, x.top_k);
        const u128 selected = chosen.at(N);
        merge_into(out.reads,
                   bytes_item(s.id + "read_main",
                              render(msg::state_read_main, {{"noun", s.noun}, {"top_k", num(x.top_k)}, {"note", main_note}}),
                              x.cache_ratio > 1 ? "compressed" : "history",
                              render(msg::formula_capped_entries_bytes,
                                     {{"count", over_text("N", x.cache_ratio)}, {"cap", num(x.top_k)}}),
                              num(selected) + "×(" + main.text + ")", main.bytes, chosen, N, layers));
    }
    if (x.mode == Csa2Mode::Full) {
        const Count all = Count::entries(x.cache_ratio);
        const u128 scanned = all.at(N);
        merge_into(out.reads,
                   bytes_item(s.id + "read_index", render(msg::state_read_index, {{"noun", s.noun}, {"note", index_note}}),
                              "index", render(msg::formula_entries_bytes, {{"count", over_text("N", x.cache_ratio)}}),
                              num(scanned) + "×(" + index.text + ")", index.bytes, all, N, layers));
    } else if (x.mode == Csa2Mode::Reindex) {
        const Count pool = Count::capped_entries(x.cache_ratio, x.pool_entries());
        const u128 scanned = pool.at(N);
        merge_into(out.reads, bytes_item(s.id + "read_pool_index",
                                         render(msg::state_read_pool_index, {{"noun", s.noun}, {"note", index_note}}), "index",
                                         render(msg::formula_capped_entries_bytes,
                                                {{"count", over_text("N", x.cache_ratio)}, {"cap", num(x.pool_entries())}}),
                                         num(scanned) + "×(" + index.text + ")", index.bytes, pool, N, layers));
    }
    merge_into(out.reads,
               bytes_item("write_window", render(msg::state_write_window, {{"note", win_note}}), "write",
                          render(msg::formula_one_entry), "1×(" + win.text + ")", win.bytes, Count::fixed(), N, layers));
    if (x.owns_cache()) {
        const Count completes = Count::completes(x.cache_ratio);
        const u128 completed = completes.at(N);
        merge_into(out.reads, bytes_item(s.id + "write_global", render(msg::state_write_global, {{"noun", s.noun}}), "write",
                                         render(msg::formula_write_global, {{"ratio", r_text}}),
                                         num(completed) + "×(" + main.text + " + " + index.text + ")", main.bytes + index.bytes,
                                         completes, N, layers));
    }
}

namespace {
// The first CSA2 group reports the growth of every CSA2 group at once and the
// others report 0 (see v41::decode_growth_parts); a group outside a model
// (tests) reports its own.
v41::DecodeGrowth csa2_growth(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers,
                              bool reference) {
    if (n == 0) return {};
    if (first_csa2(m) == nullptr || group_of(m, x) == nullptr) {
        Growth own;
        add_growth(own, x, m.hidden, add(H, 1), add(H, n), layers, reference);
        return {Ratio(mul(batch, own.plus)), Ratio(mul(batch, own.minus))};
    }
    if (first_csa2(m) != &x) return {};
    return v41::decode_growth_parts(m, batch, H, n, reference);
}

bool on_reference_path(const ModelSpec& m, const CallShape& first) { return execution_of(m, first) == "reference"; }
}  // namespace

// Decode steps are not monotone in S: the 2:1 owners write index keys only on
// every other step, so the sum has a growing and a shrinking part.
Ratio decode_growth(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers) {
    return csa2_growth(x, m, batch, H, n, layers, false).plus;
}

Ratio decode_shrink(const Csa2Attention& x, const ModelSpec& m, u128 batch, u128 H, u128 n, u64 layers) {
    return csa2_growth(x, m, batch, H, n, layers, false).minus;
}

Ratio decode_growth_on(const Csa2Attention& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers) {
    return csa2_growth(x, m, first.batch, first.context, n, layers, on_reference_path(m, first)).plus;
}

Ratio decode_shrink_on(const Csa2Attention& x, const ModelSpec& m, const CallShape& first, u128 n, u64 layers) {
    return csa2_growth(x, m, first.batch, first.context, n, layers, on_reference_path(m, first)).minus;
}

// ================================================================ Single-Pass mHC
namespace {
u64 mhc_in(const SinglePassMhcConnection& x, const ModelSpec& m) { return x.streams * m.hidden; }
u64 mhc_out(const SinglePassMhcConnection& x) { return x.streams * x.streams + 2 * x.streams; }
}  // namespace

void add_tensors(const SinglePassMhcConnection& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    out.push_back(
        matrix("mhc_attn", render(msg::label_mhc_attn_single_pass), ParamCategory::Other, mhc_in(x, m), mhc_out(x), layers));
    out.push_back(
        matrix("mhc_ffn", render(msg::label_mhc_ffn_single_pass), ParamCategory::Other, mhc_in(x, m), mhc_out(x), layers));
}

void add_forward(const SinglePassMhcConnection& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    const Stage s = stage_of(group_of(m, x));
    const u128 rows = c.rows();
    out.push_back(projection(s.id + "mhc_attn", s.label + render(msg::label_mhc_attn_single_pass), "attention", rows,
                             mhc_in(x, m), mhc_out(x), 1, layers));
    out.push_back(projection(s.id + "mhc_ffn", s.label + render(msg::label_mhc_ffn_single_pass), "ffn", rows, mhc_in(x, m),
                             mhc_out(x), 1, layers));
}

void add_state(const SinglePassMhcConnection&, const ModelSpec&, u64, u128, const StateOptions&, StateResult&) {}

Ratio decode_growth(const SinglePassMhcConnection&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

// ================================================================ Engram
namespace {
u64 engram_out(const EngramBranch& x, const ModelSpec& m) { return (x.keys + 1) * m.hidden; }

// The token-id history is one per request, kept by the first Engram group.
bool first_engram(const ModelSpec& m, const EngramBranch& x) {
    for (const auto& g : m.groups) {
        if (g.engram.enabled) return &g.engram == &x;
    }
    return false;
}
}  // namespace

void add_tensors(const EngramBranch& x, const ModelSpec& m, u64 layers, std::vector<WeightTensor>& out) {
    if (!x.enabled) return;
    const u64 width = static_cast<u64>(x.lookup_width());
    out.push_back(matrix("engram_kv", render(msg::label_engram_kv), ParamCategory::Engram, width, engram_out(x, m), layers));
    // The lookup tables: listed even when their size is unknown, so the
    // missing size shows instead of silently counting as zero.  Rows are
    // looked up, not multiplied (embedding_table).
    if (x.lookup_params != 0) {
        out.push_back(WeightTensor{"engram_tables", render(msg::label_engram_tables_listed), ParamCategory::Engram, 1,
                                   x.lookup_params, layers, false, true});
        return;
    }
    WeightTensor tables{"engram_tables",
                        x.table_rows != 0 ? render(msg::label_engram_tables) : render(msg::label_engram_tables_unknown),
                        ParamCategory::Engram,
                        x.table_rows,
                        x.bucket_dim,
                        layers * x.buckets,
                        false,
                        true};
    out.push_back(tables);
}

void add_forward(const EngramBranch& x, const ModelSpec& m, const CallShape& c, u64 layers, Items& out) {
    if (!x.enabled) return;
    const Stage s = stage_of(group_of(m, x));
    LineItem lookup =
        computed(s.id + "engram_lookup",
                 s.label + render(msg::row_engram_lookup, {{"buckets", num(x.buckets)}, {"width", num(x.bucket_dim)}}), "engram",
                 render(msg::formula_engram_lookup), "0", Ratio(0), layers);
    lookup.shape = render(msg::shape_engram_lookup, {{"width", num(x.lookup_width())}});
    lookup.weight = render(msg::weight_lookup);
    out.push_back(lookup);
    out.push_back(projection(s.id + "engram_kv", s.label + render(msg::row_engram_kv, {{"keys", num(x.keys)}}), "engram",
                             c.rows(), static_cast<u64>(x.lookup_width()), engram_out(x, m), 1, layers));
}

void add_state(const EngramBranch& x, const ModelSpec& m, u64, u128 tokens, const StateOptions& o, StateResult& out) {
    if (!x.enabled || x.token_history_bytes == 0 || !first_engram(m, x)) return;
    out.items.push_back(bytes_item(
        "token_history", render(o.layout == "production" ? msg::state_token_history_production : msg::state_token_history),
        "token_history", "N×" + num(x.token_history_bytes) + " B", num(tokens) + "×" + num(x.token_history_bytes),
        Ratio(x.token_history_bytes), Count::tokens(), tokens, 1));
}

Ratio decode_growth(const EngramBranch&, const ModelSpec&, u128, u128, u128, u64) { return Ratio(0); }

}  // namespace tally::mech
