#include "api.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <variant>
#include <vector>

#include "answer_op.hpp"
#include "article_ops.hpp"
#include "figure_facts.hpp"
#include "hf_import.hpp"
#include "catalog.hpp"
#include "catching.hpp"
#include "columns.hpp"
#include "spec_json.hpp"
#include "core/capacity.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/request.hpp"
#include "core/routing.hpp"
#include "core/mechanisms/ffn.hpp"
#include "core/mechanisms/gqa.hpp"
#include "core/state.hpp"
#include "core/params.hpp"
#include "errors.hpp"
#include "json_errors.hpp"
#include "explain.hpp"
#include "fields.hpp"
#include "json_out.hpp"

namespace tally::api {

namespace {

constexpr u128 kDefaultWorkspace = u128{2} << 30;  // 2 GiB, the chapter's reserve

Json item_json(const LineItem& it, bool flops) {
    Json j;
    j["id"] = it.id;
    j["label"] = it.label;
    j["section"] = it.section;
    if (!it.shape.empty()) j["shape"] = it.shape;
    if (!it.weight.empty()) j["weight"] = it.weight;
    j["formula"] = it.formula;
    j["substituted"] = it.substituted;
    j["layers"] = exact_json(it.layers);
    j["per_call"] = exact_json(it.per_call);
    j[flops ? "flops" : "bytes"] = exact_json(it.value);
    j["display"] = flops ? flops_text(it.value) : bytes_binary_text(it.value);
    return j;
}

// Notes when a length passes the model's released context: computed by the
// same structure, but flagged as an extrapolation (as the chapter does).
Json context_notes(const ModelSpec& m, u128 positions) {
    Json notes = Json::array();
    if (m.released_context != 0 && positions > m.released_context) {
        notes.push_back(m.name + " 釋出設定支援 " + group_thousands(m.released_context) + " 個位置；此處 " +
                        group_thousands(positions) + " 個位置按同一結構外推");
    }
    return notes;
}

// Applies `change` to every layer group whose attention is `Attention`; a
// model with no such layer cannot take `field` ("kv_heads" on an MLA model).
template <class Attention, class Change>
void change_layers(ModelSpec& m, const char* field, const char* kind, Change change) {
    bool found = false;
    for (auto& g : m.groups) {
        if (auto* a = std::get_if<Attention>(&g.attention)) {
            change(*a);
            found = true;
        }
    }
    if (!found) throw FieldError(field, std::string(field) + " 只適用於有 " + kind + " 層的模型；" + m.name + " 沒有");
}

// `model` is a catalog id or an inline spec object (validated like a content
// file, errors naming the path inside it: "model.groups[0].layers").
ModelSpec model_of(const RequestFields& f) {
    ModelSpec m = f.has("model") && f.raw("model").is_object() ? parse_model(f.raw("model"), "model")
                                                               : find_model("model", f.text("model"));
    // `mla_path` re-runs an MLA model on the other cache path (section 2.3.2):
    // "compact" caches the latent, "expanded" every head's K and V.
    if (f.has("mla_path")) {
        const std::string path = f.text("mla_path");
        if (path != "compact" && path != "expanded") {
            throw FieldError("mla_path", "mla_path（MLA 快取路徑）不支援「" + quoted_value(path) + "」；可用：compact、expanded");
        }
        change_layers<MlaAttention>(m, "mla_path", "MLA", [&](MlaAttention& mla) {
            mla.path = path == "compact" ? MlaPath::Compact : MlaPath::Expanded;
        });
    }
    // `kv_heads` re-runs a GQA model with another number of KV heads, query
    // heads unchanged (exercise 2-4, and the "query heads instead of KV heads"
    // mistake: kv_heads = q_heads). It must divide the query heads.
    if (f.has("kv_heads")) {
        const u128 kv = f.integer("kv_heads", 1, 4096);
        change_layers<GqaAttention>(m, "kv_heads", "GQA", [&](GqaAttention& a) {
            if (a.q_heads % static_cast<u64>(kv) != 0) {
                throw FieldError("kv_heads", "kv_heads（KV 頭數）必須整除查詢頭數 " + std::to_string(a.q_heads) + "，收到 " +
                                                 to_decimal(kv));
            }
            a.kv_heads = static_cast<u64>(kv);
        });
    }
    // `pairs` picks how attention scores are counted on GQA layers: "causal"
    // (the effective pairs, P·S + P(P+1)/2) or "square" (every slot of the
    // B·P·(S+P) rectangle, masked ones included; the 2-2 mistake).
    if (f.has("pairs")) {
        const std::string pairs = f.text("pairs");
        if (pairs != "causal" && pairs != "square") {
            throw FieldError("pairs", "pairs（注意力配對計法）不支援「" + quoted_value(pairs) + "」；可用：causal、square");
        }
        change_layers<GqaAttention>(m, "pairs", "GQA", [&](GqaAttention& a) { a.eager_rectangle = pairs == "square"; });
    }
    // `score_heads` = "kv" counts QKᵀ and AV once per KV head instead of per
    // query head: the wrong value of exercise 2-4(c), where sharing K/V is
    // mistaken for fewer scores. "query" is the model's own count.
    if (f.has("score_heads")) {
        const std::string heads = f.text("score_heads");
        if (heads != "query" && heads != "kv") {
            throw FieldError("score_heads", "score_heads（評分按哪種頭計）不支援「" + quoted_value(heads) + "」；可用：query、kv");
        }
        change_layers<GqaAttention>(m, "score_heads", "GQA", [&](GqaAttention& a) { a.scores_per_kv_head = heads == "kv"; });
    }
    return m;
}
const Dtype& weight_dtype_of(const RequestFields& f) { return find_dtype("weight_dtype", f.text_or("weight_dtype", "bf16")); }
const Dtype& kv_dtype_of(const RequestFields& f) { return find_dtype("kv_dtype", f.text_or("kv_dtype", "bf16")); }
// `layout` is a field only of ops that report state by kind.
StateOptions state_options_of(const RequestFields& f, bool with_layout = false) {
    StateOptions o{kv_dtype_of(f)};
    if (with_layout) {
        o.layout = f.text_or("layout", "reference");
        if (o.layout != "reference" && o.layout != "production") {
            throw FieldError("layout", "layout（儲存格式）不支援「" + quoted_value(o.layout) + "」；可用：reference、production");
        }
    }
    return o;
}


Json op_catalog(const Json& req) {
    RequestFields f(req, {});
    Json r;
    r["models"] = Json::array();
    for (const auto& m : catalog().models) {
        Json entry = {{"id", m.id}, {"name", m.name}, {"layers", m.total_layers()},
                      {"released_context", exact_json(m.released_context)}};
        if (!m.partial.empty()) entry["partial"] = m.partial;
        r["models"].push_back(entry);
    }
    r["gpus"] = Json::array();
    for (const auto& g : catalog().gpus) {
        r["gpus"].push_back({{"id", g.id}, {"name", g.name}, {"memory_bytes", exact_json(g.memory_bytes)},
                             {"display", bytes_decimal_text(Ratio(g.memory_bytes))}});
    }
    r["dtypes"] = Json::array();
    for (const auto& d : catalog().dtypes) {
        r["dtypes"].push_back({{"id", d.id}, {"name", d.name}, {"bits", d.bits}});
    }
    return r;
}

// Table 2-A's facts straight from the spec: layer groups with their
// attention and FFN kinds, so the page shows the spec, not a retyped copy.
Json architecture_json(const ModelSpec& m) {
    static const char* const kAttention[] = {"gqa", "gated_deltanet", "mla", "kda", "v4", "csa2"};
    static const char* const kConnection[] = {"residual", "mhc", "single_pass_mhc", "attn_res"};
    static_assert(std::variant_size_v<Attention> == 6 && std::variant_size_v<Connection> == 4,
                  "architecture_json: name every attention and connection kind");
    Json groups = Json::array();
    Json moe = nullptr;
    u64 moe_layers = 0;
    for (const auto& g : m.groups) {
        Json ffn;
        if (const auto* dense = std::get_if<DenseFfn>(&g.ffn)) {
            ffn = {{"kind", "dense"}, {"intermediate", dense->intermediate}};
        } else {
            const auto& e = std::get<MoeFfn>(g.ffn);
            ffn = {{"kind", "moe"}, {"experts", e.experts}, {"top_k", e.top_k},
                   {"expert_intermediate", e.expert_intermediate}, {"shared_intermediate", e.shared_intermediate},
                   {"expert_width", e.latent ? e.latent : m.hidden}};
            if (moe.is_null()) moe = ffn;
            moe_layers += g.layers;
        }
        Json layer_ids = Json::array();
        for (u64 id : g.layer_ids) layer_ids.push_back(id);
        groups.push_back({{"name", g.name}, {"layers", g.layers}, {"role", g.role},
                          {"attention", kAttention[g.attention.index()]},
                          {"attention_spec", attention_facts(g.attention)},
                          {"connection", kConnection[g.connection.index()]},
                          {"streams", connection_streams(g.connection)}, {"layer_ids", layer_ids}, {"ffn", ffn}});
    }
    Json a;
    a["layers"] = m.total_layers();
    a["hidden"] = m.hidden;
    a["vocab"] = m.vocab;
    a["moe_layers"] = moe_layers;
    a["moe"] = moe;  // the first MoE group's experts (null for a dense model)
    a["groups"] = groups;
    add_layout_facts(m, a);
    return a;
}

Json op_params(const Json& req) {
    RequestFields f(req, {"model", "weight_dtype", "kv_heads", "explain"});
    const bool explain = f.flag_or("explain", false);
    const ModelSpec& m = model_of(f);
    const Dtype& d = weight_dtype_of(f);
    std::map<std::string, u128> by_category;
    for (auto c : {ParamCategory::EmbeddingHead, ParamCategory::Attention, ParamCategory::DenseSharedFfn,
                   ParamCategory::RoutedExperts, ParamCategory::Engram, ParamCategory::Other}) {
        by_category[category_key(c)] = 0;
    }
    Json items = Json::array();
    const std::vector<WeightTensor> tensors = weight_tensors(m);
    for (const auto& t : tensors) {
        by_category[category_key(t.category)] = add(by_category[category_key(t.category)], t.params());
        const Ratio bytes = tensor_bytes(t, d);
        items.push_back({{"id", t.id}, {"label", t.label}, {"category", category_key(t.category)},
                         {"shape", to_decimal(t.in) + "×" + to_decimal(t.out)}, {"count", t.count},
                         {"per_copy", exact_json(mul(t.in, t.out))},
                         {"params", exact_json(t.params())}, {"bytes", exact_json(bytes)},
                         {"display", bytes_decimal_text(bytes)}});
        if (explain) items.back()["how"] = explain_tensor(t);
    }
    const u128 total = total_params(m);
    const Ratio bytes = weight_bytes(m, d);
    Json r;
    r["model"] = m.id;
    r["total"] = exact_json(total);
    r["display"] = group_thousands(total) + "（" + count_zh_text(Ratio(total)) + "）";
    r["weight_dtype"] = d.id;
    r["weight_bytes"] = exact_json(bytes);
    r["weight_display"] = bytes_decimal_text(bytes) + "（" + bytes_binary_text(bytes) + "）";
    Json groups;
    for (const char* key : {"embedding_head", "attention", "dense_shared_ffn", "routed_experts", "engram", "other"}) {
        groups[key] = exact_json(by_category[key]);
    }
    r["groups"] = groups;
    // Table 2-C's last column: the routed-expert weights one token selects
    // across all MoE layers (k_top experts per layer).
    const u128 selected = selected_expert_params(m);
    const Ratio selected_bytes = Ratio(mul(selected, d.bits), 8);
    r["selected_expert_params"] = exact_json(selected);
    r["selected_expert_bytes"] = exact_json(selected_bytes);
    r["selected_expert_display"] = bytes_binary_text(selected_bytes);
    r["items"] = items;
    r["architecture"] = architecture_json(m);
    if (explain) r["how"] = explain_params(m, {tensors, d, total, bytes, selected, selected_bytes});
    return r;
}

// "reference" / "ced" exist only for models with a CED split (V4.1).
std::string execution_of(const RequestFields& f, const ModelSpec& m) {
    const std::string e = f.text_or("execution", "");
    if (e.empty()) return e;
    if (m.ced_replay_window == 0) {
        throw FieldError("execution", "execution（執行路徑）只適用於有 CED 分工的模型；" + m.name + " 只有一條路徑");
    }
    if (e != "reference" && e != "ced") {
        throw FieldError("execution", "execution（執行路徑）不支援「" + quoted_value(e) + "」；可用：reference、ced");
    }
    return e;
}

CallShape call_shape_of(const RequestFields& f) {
    CallShape c;
    c.batch = f.integer_or("batch", 1, 1, kMaxCount);
    c.context = f.integer_or("context", 0, 0, kMaxCount);
    c.input = f.integer_or("input", 1, 1, kMaxCount);
    c.head_tokens = f.integer_or("head_tokens", c.batch, 0, c.rows());
    return c;
}

Json op_forward(const Json& req) {
    RequestFields f(req, {"model", "batch", "context", "input", "head_tokens", "execution", "mtp_steps", "mla_path", "kv_heads", "pairs", "score_heads", "explain"});
    const ModelSpec& m = model_of(f);
    CallShape c = call_shape_of(f);
    c.execution = execution_of(f, m);
    c.mtp_steps = f.integer_or("mtp_steps", 0, 0, 16);
    const ForwardResult fr = forward(m, c);
    Json r;
    r["model"] = m.id;
    r["rows"] = exact_json(fr.rows);
    r["n_pair"] = exact_json(fr.n_pair);
    r["total"] = exact_json(fr.total);
    r["display"] = flops_text(fr.total);
    r["interaction"] = exact_json(fr.interaction);
    r["interaction_display"] = flops_text(fr.interaction);
    r["items"] = Json::array();
    for (const auto& it : fr.items) r["items"].push_back(item_json(it, true));
    if (!fr.stages.empty()) r["stages"] = stages_json(fr.stages);
    if (f.flag_or("explain", false)) r["how"] = explain_forward(fr, c);
    r["notes"] = context_notes(m, add(c.context, c.input));
    return r;
}

// A sliding-window GQA cache row (ids "kv_window", "kv_window@w…").
bool is_window_kv(const LineItem& it) { return it.id.rfind(mech::kWindowKvId, 0) == 0; }

Json op_kv(const Json& req) {
    RequestFields f(req, {"model", "tokens", "kv_dtype", "mla_path", "kv_heads", "explain"});
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f);
    const u128 tokens = f.integer("tokens", 1, kMaxCount);
    const StateResult s = state(m, tokens, options);
    // Per-token history grows with the slope; sliding-window layers hold
    // min(tokens, W) positions and are added as their own rows.
    Ratio total = s.per_token * Ratio(tokens);
    for (const auto& it : s.items) {
        if (is_window_kv(it)) total = total + it.value;
    }
    Json r;
    r["model"] = m.id;
    r["kv_dtype"] = options.history.id;
    r["tokens"] = exact_json(tokens);
    r["bytes_per_token"] = exact_json(s.per_token);
    r["bytes_per_token_display"] = bytes_binary_text(s.per_token);
    r["total"] = exact_json(total);
    r["display"] = bytes_binary_text(total);
    r["items"] = Json::array();
    for (const auto& it : s.items) {
        if (it.section == "history" || is_window_kv(it)) r["items"].push_back(item_json(it, false));
    }
    if (f.flag_or("explain", false)) r["how"] = explain_kv(s, tokens, total);
    r["notes"] = context_notes(m, tokens);
    return r;
}

// Lengths for state_curve: a JSON array of integers (at most 4,096).
std::vector<u128> lengths_of(const Json& req) {
    if (!req.contains("lengths") || !req["lengths"].is_array() || req["lengths"].empty()) {
        throw FieldError("lengths", "lengths（上下文長度列表）必須是非空的整數陣列，例如 [1, 8192, 1048575]");
    }
    const Json& list = req["lengths"];
    if (list.size() > 4096) throw FieldError("lengths", "lengths 最多 4,096 個長度，收到 " + std::to_string(list.size()));
    std::vector<u128> out;
    out.reserve(list.size());
    for (size_t i = 0; i < list.size(); ++i) {
        const Json& v = list[i];
        if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0 || v.get<std::uint64_t>() > kMaxCount) {
            throw FieldError("lengths[" + std::to_string(i) + "]",
                             "lengths[" + std::to_string(i) + "] 必須是 1 到 9,007,199,254,740,991 的整數，收到 " + v.dump());
        }
        out.push_back(v.get<std::uint64_t>());
    }
    return out;
}

// The state at many lengths at once, each in closed form (Figures 2-18/2-19).
// Columns are parallel arrays so a chart reads them directly.
Json op_state_curve(const Json& req) {
    RequestFields f(req, {"model", "lengths", "kv_dtype", "layout", "mla_path", "displays"});
    // Display strings cost more than the values; a chart of thousands of
    // points can leave them out (displays: false).
    const bool displays = f.flag_or("displays", true);
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f, true);
    const std::vector<u128> lengths = lengths_of(req);
    const StateCurve curve = state_curve(m, lengths, options);
    Json r;
    r["model"] = m.id;
    r["layout"] = options.layout;
    r["tokens"] = exact_column(lengths);
    r["total"] = exact_column(curve.total);
    if (displays) r["total_display"] = bytes_display_column(curve.total);
    r["decode_read_bytes"] = exact_column(curve.decode_read_bytes);
    if (displays) r["decode_read_display"] = bytes_display_column(curve.decode_read_bytes);
    Json by_kind = Json::object(), by_kind_display = Json::object();
    for (size_t k = 0; k < curve.kinds.size(); ++k) {
        by_kind[curve.kinds[k]] = exact_column(curve.by_kind[k]);
        if (displays) by_kind_display[curve.kinds[k]] = bytes_display_column(curve.by_kind[k]);
    }
    r["by_kind"] = std::move(by_kind);
    if (displays) r["by_kind_display"] = std::move(by_kind_display);
    r["notes"] = context_notes(m, lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end()));
    return r;
}

Json op_state(const Json& req) {
    RequestFields f(req, {"model", "tokens", "kv_dtype", "layout", "mla_path", "budget_bytes", "explain"});
    const ModelSpec& m = model_of(f);
    const StateOptions options = state_options_of(f, true);
    const u128 tokens = f.integer("tokens", 1, kMaxCount);
    const StateResult s = state(m, tokens, options);
    Json r;
    r["model"] = m.id;
    r["layout"] = options.layout;
    r["tokens"] = exact_json(tokens);
    r["total"] = exact_json(s.total);
    r["display"] = bytes_binary_text(s.total);
    r["bytes_per_token"] = exact_json(s.per_token);
    // The part that does not grow with the context (recurrent matrices,
    // convolution slots) and the length H* at which per-token history
    // equals it (section 2.3.5).
    Ratio fixed;
    for (const auto& it : s.items) {
        if (it.section == "recurrent" || it.section == "conv") fixed = fixed + it.value;
    }
    r["fixed_bytes"] = exact_json(fixed);
    r["fixed_display"] = bytes_binary_text(fixed);
    if (s.per_token != Ratio(0)) {
        const Ratio h_star = fixed / s.per_token;
        r["h_star"] = exact_json(h_star);
        r["h_star_display"] = trimmed(h_star, 2) + " 個 token";
    }
    r["decode_read_bytes"] = exact_json(s.decode_read_bytes);
    r["decode_read_display"] = bytes_binary_text(s.decode_read_bytes);
    r["decode_write_bytes"] = exact_json(s.decode_write_bytes);
    // The global history alone: per-token K/V or latents, compressed entries
    // and their index (the "8K 全域歷史" column of section 2.3.6).
    Ratio history;
    for (const auto& it : s.items) {
        if (it.section == "history" || it.section == "compressed" || it.section == "index") history = history + it.value;
    }
    r["history_bytes"] = exact_json(history);
    r["history_display"] = bytes_binary_text(history);
    // `budget_bytes`: the longest context whose whole state fits the budget
    // (exercise 2-5). State grows with the length, so a binary search over
    // the closed-form state finds it exactly; 0 when even one position does
    // not fit, and then the note says whether the fixed part alone is too big.
    Json notes = context_notes(m, tokens);
    if (f.has("budget_bytes")) {
        const u128 budget = f.integer("budget_bytes", 1, kMaxCount);
        const Ratio cap(budget);
        u128 best = 0;
        if (state(m, 1, options).total <= cap) {
            u128 lo = 1, hi = kMaxCount;
            while (lo < hi) {
                const u128 mid = lo + (hi - lo + 1) / 2;
                if (state(m, mid, options).total <= cap) lo = mid;
                else hi = mid - 1;
            }
            best = lo;
        }
        r["budget_bytes"] = exact_json(budget);
        r["budget_display"] = bytes_binary_text(cap);
        r["budget_tokens"] = exact_json(best);
        r["budget_tokens_display"] = group_thousands(best) + " 個 token";
        if (best == 0) {
            notes.push_back(cap < fixed ? "固定狀態 " + bytes_binary_text(fixed) + " 已超過預算 " + bytes_binary_text(cap) +
                                                   "，上下文再短也放不下"
                                             : "預算放不下一個位置的狀態");
        }
    }
    // Rows that grow with the length also say how many positions or entries
    // one layer holds (or one decode reads) at this length, and the cap of a
    // top-k selection: exercise 2-4 asks for CSA's entry counts.
    auto state_item = [tokens](const LineItem& it) {
        Json j = item_json(it, false);
        if (it.count.kind != Count::Kind::Fixed) j["entries"] = exact_json(it.count.at(tokens));
        if (it.count.kind == Count::Kind::CappedEntries) j["entries_cap"] = exact_json(it.count.b);
        return j;
    };
    r["items"] = Json::array();
    for (const auto& it : s.items) r["items"].push_back(state_item(it));
    r["reads"] = Json::array();
    for (const auto& it : s.reads) r["reads"].push_back(state_item(it));
    if (f.flag_or("explain", false)) r["how"] = explain_state(s);
    r["notes"] = notes;
    return r;
}

Json op_request(const Json& req) {
    RequestFields f(req, {"model", "batch", "context", "input", "generated", "kv_dtype", "execution", "mla_path", "kv_heads", "explain"});
    const ModelSpec& m = model_of(f);
    RequestShape s;
    s.execution = execution_of(f, m);
    s.batch = f.integer_or("batch", 1, 1, kMaxCount);
    s.context = f.integer_or("context", 0, 0, kMaxCount);
    s.input = f.integer_or("input", 1, 1, kMaxCount);
    s.generated = f.integer("generated", 1, kMaxCount);
    const RequestResult rr = request(m, state_options_of(f), s);
    Json r;
    r["model"] = m.id;
    r["decode_steps"] = exact_json(rr.decode_steps);
    r["kv_read_tokens"] = exact_json(rr.kv_read_tokens);
    r["kv_read_bytes"] = exact_json(rr.kv_read_bytes);
    r["kv_read_display"] = bytes_binary_text(rr.kv_read_bytes);
    r["prefill_kv_bytes"] = exact_json(rr.prefill_kv_bytes);
    r["prefill_kv_display"] = bytes_binary_text(rr.prefill_kv_bytes);
    r["new_kv_bytes"] = exact_json(rr.new_kv_bytes);
    r["new_kv_display"] = bytes_binary_text(rr.new_kv_bytes);
    r["final_kv_bytes"] = exact_json(rr.final_kv_bytes);
    r["final_kv_display"] = bytes_binary_text(rr.final_kv_bytes);
    r["prefill_flops"] = exact_json(rr.prefill_flops);
    r["prefill_display"] = flops_text(rr.prefill_flops);
    r["decode_flops"] = exact_json(rr.decode_flops);
    r["decode_display"] = flops_text(rr.decode_flops);
    r["total"] = exact_json(rr.total);
    r["display"] = flops_text(rr.total);
    if (f.flag_or("explain", false)) r["how"] = explain_request(rr, s, state(m, 1, state_options_of(f)).per_token);
    r["notes"] = context_notes(m, add(add(s.context, s.input), rr.decode_steps));
    return r;
}

// One chat turn with a cache hit (exercise 2-8): the turn's T input tokens,
// of which the first `cached` are reused, and G returned tokens. Reports the
// call shape (S, P, n_d), what the turn adds to the cache, and what the reuse
// saves against recomputing all T positions: S projection rows and the S(S+1)/2
// causal pairs among the reused prefix. `edit_at` (1-based) marks the first
// changed input token: only the positions before it can be reused.
Json op_turn(const Json& req) {
    RequestFields f(req, {"model", "total_input", "cached", "generated", "edit_at", "kv_dtype", "kv_heads", "explain"});
    const ModelSpec& m = model_of(f);
    const u128 total = f.integer("total_input", 1, kMaxCount);
    const u128 cached = f.integer("cached", 0, total - 1);
    RequestShape s;
    s.context = cached;
    s.input = total - cached;
    s.generated = f.integer("generated", 1, kMaxCount);
    const RequestResult rr = request(m, state_options_of(f), s);
    const CallShape full{1, 0, total, 1};
    const CallShape reused{1, cached, s.input, 1};
    Json r;
    r["model"] = m.id;
    r["context"] = exact_json(s.context);
    r["input"] = exact_json(s.input);
    r["generated"] = exact_json(s.generated);
    r["decode_steps"] = exact_json(rr.decode_steps);
    r["final_context"] = exact_json(add(total, rr.decode_steps));
    if (f.flag_or("explain", false)) r["how"] = explain_turn(total, s.generated, rr.decode_steps);
    const Ratio added = rr.prefill_kv_bytes + rr.new_kv_bytes;
    r["added_kv_bytes"] = exact_json(added);
    r["added_kv_display"] = bytes_binary_text(added);
    r["full_rows"] = exact_json(total);
    r["rows"] = exact_json(s.input);
    r["rows_saved"] = exact_json(cached);
    r["full_pairs"] = exact_json(causal_pairs(full));
    r["pairs"] = exact_json(causal_pairs(reused));
    r["pairs_saved"] = exact_json(causal_pairs(full) - causal_pairs(reused));
    // The prefill's matrix FLOPs both ways, and the share reuse saves, in
    // percent (exercise 2-2): exact, so check_answer can take it as is.
    const Ratio full_flops = forward(m, full).total, flops = forward(m, reused).total;
    r["full_prefill_flops"] = exact_json(full_flops);
    r["full_prefill_display"] = flops_text(full_flops);
    r["prefill_flops"] = exact_json(flops);
    r["prefill_display"] = flops_text(flops);
    const Ratio saved_percent = (full_flops - flops) / full_flops * Ratio(100);
    r["prefill_saved_percent"] = exact_json(saved_percent);
    r["prefill_saved_display"] = trimmed(saved_percent, 2) + "%";
    // Two readings a learner may give instead: the share still computed, and
    // the share of rows skipped (as if FLOPs followed the rows alone).
    r["prefill_kept_percent"] = exact_json(flops / full_flops * Ratio(100));
    const Ratio rows_percent = Ratio(cached) / Ratio(total) * Ratio(100);
    r["rows_saved_percent"] = exact_json(rows_percent);
    r["rows_saved_display"] = trimmed(rows_percent, 2) + "%";
    if (f.has("edit_at")) {
        const u128 edit = f.integer("edit_at", 1, total);
        const u128 prefix = std::min(cached, edit - 1);
        r["reuse_prefix"] = exact_json(prefix);
        r["reuse_input"] = exact_json(total - prefix);
    }
    r["notes"] = context_notes(m, add(total, rr.decode_steps));
    return r;
}

// Exercise 2-1: longest dependency chain when every layer-position node takes
// one step and parallel units are plentiful. An RNN node waits for the node
// before it in the same layer and the one below it, so the chain is the
// staircase L + T − 1; a causal Transformer node waits only for the layer
// below (all earlier positions at once), so the chain is L. The first output
// position waits, in both, for the top layer at the last input position.
Json op_dependency_chain(const Json& req) {
    RequestFields f(req, {"layers", "tokens", "explain"});
    const u128 layers = f.integer("layers", 1, 4096);
    const u128 tokens = f.integer("tokens", 1, 1u << 20);
    Json r;
    r["layers"] = exact_json(layers);
    r["tokens"] = exact_json(tokens);
    r["nodes"] = exact_json(mul(layers, tokens));
    r["rnn_chain"] = exact_json(layers + tokens - 1);
    r["transformer_chain"] = exact_json(layers);
    r["wait_node_display"] = "第 " + to_decimal(layers) + " 層、第 " + to_decimal(tokens) + " 個位置";
    if (f.flag_or("explain", false)) r["how"] = explain_dependency_chain(layers, tokens);
    return r;
}

Json op_crossover(const Json& req) {
    RequestFields f(req, {"model", "context", "weight_dtype", "kv_dtype", "explain"});
    const ModelSpec& m = model_of(f);
    const u128 context = f.integer("context", 1, kMaxCount);
    // One field per statement: the order in which C++ evaluates a call's
    // arguments is unspecified (GCC and clang differ), and the first invalid
    // field is the one named, natively and in WASM alike.
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions kv = state_options_of(f);
    const CrossoverResult c = crossover(m, weights, kv, context);
    Json r;
    r["model"] = m.id;
    r["batch"] = exact_json(c.batch);
    r["display"] = "B* = " + group_thousands(c.batch);
    r["exact_ratio"] = to_exact_text(c.exact_ratio);
    r["ratio_display"] = fixed(c.exact_ratio, 2);
    r["weight_read_bytes"] = exact_json(c.weight_read_bytes);
    r["weight_read_display"] = bytes_decimal_text(c.weight_read_bytes);
    // The same read in GiB, for a view whose other bytes are binary (Fig. 2-8
    // sets it beside KV reads the chapter gives in GiB): one unit per view.
    r["weight_read_binary_display"] = bytes_binary_text(c.weight_read_bytes);
    r["kv_bytes_per_request"] = exact_json(c.kv_bytes_per_request);
    r["kv_per_request_display"] = bytes_binary_text(c.kv_bytes_per_request);
    if (f.flag_or("explain", false)) r["how"] = explain_crossover(c, context);
    return r;
}

// A segment in both prefix families: a view shows all its bytes in one
// (decimal beside a card's stated GB, binary beside per-request state in GiB).
Json segment(const char* id, const char* label, const Ratio& bytes) {
    return {{"id", id},
            {"label", label},
            {"bytes", exact_json(bytes)},
            {"display", bytes_decimal_text(bytes)},
            {"binary_display", bytes_binary_text(bytes)}};
}

// The card's memory as stated (decimal GB), or, with memory_unit "GiB", the
// same number misread as GiB: the wrong value of exercise 2-7's
// device_gb_as_gib mistake (24 GB taken as 24 GiB).
Gpu gpu_as_read(const RequestFields& f) {
    Gpu gpu = find_gpu("gpu", f.text("gpu"));
    const std::string unit = f.text_or("memory_unit", "GB");
    if (unit == "GB") return gpu;
    if (unit != "GiB") throw FieldError("memory_unit", "memory_unit（卡的容量單位）只可為 GB 或 GiB，收到「" + quoted_value(unit) + "」");
    gpu.memory_bytes = gpu.memory_bytes / 1000000000 * (u128{1} << 30);
    return gpu;
}

Json op_capacity(const Json& req) {
    RequestFields f(req, {"model", "gpu", "context", "workspace_bytes", "weight_dtype", "kv_dtype", "mla_path", "kv_heads", "memory_unit", "explain"});
    const ModelSpec& m = model_of(f);
    const Gpu gpu = gpu_as_read(f);
    const u128 context = f.integer("context", 1, kMaxCount);
    const u128 workspace = f.integer_or("workspace_bytes", kDefaultWorkspace, 0, kMaxCount);
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const StateOptions kv = state_options_of(f);
    const CapacityResult c = capacity(m, gpu, weights, kv, context, workspace);
    Json r;
    r["model"] = m.id;
    r["gpu"] = gpu.id;
    r["requests"] = exact_json(c.requests);
    r["display"] = group_thousands(c.requests) + " 條請求";
    r["device_bytes"] = exact_json(c.device_bytes);
    r["device_display"] = bytes_decimal_text(c.device_bytes);
    r["weight_bytes"] = exact_json(c.weight_bytes);
    r["workspace_bytes"] = exact_json(c.workspace_bytes);
    r["kv_bytes_per_request"] = exact_json(c.kv_bytes_per_request);
    r["kv_per_request_display"] = bytes_binary_text(c.kv_bytes_per_request);
    r["kv_bytes_total"] = exact_json(c.kv_bytes_total);
    r["free_bytes"] = exact_json(c.free_bytes);
    r["shortfall_bytes"] = exact_json(c.shortfall_bytes);
    // Stacked-bar segments: they add up to the device unless weights and
    // workspace alone overflow it (then `shortfall_bytes` says by how much).
    Json items = Json::array();
    items.push_back(segment("weights", "權重", c.weight_bytes));
    items.push_back(segment("workspace", "工作區預留", c.workspace_bytes));
    items.push_back(segment("kv", "請求 KV", c.kv_bytes_total));
    items.push_back(segment("free", "剩餘", c.free_bytes));
    r["items"] = items;
    if (f.flag_or("explain", false)) r["how"] = explain_capacity(c, context);
    r["notes"] = context_notes(m, context);
    if (c.shortfall_bytes != Ratio(0)) {
        r["notes"].push_back("權重與工作區合計超出 " + gpu.name + " 的容量 " + bytes_decimal_text(c.shortfall_bytes) +
                             "，一條請求也放不下");
    }
    return r;
}

Json op_param_budget(const Json& req) {
    RequestFields f(req, {"model", "gpu", "requests", "context", "workspace_bytes", "weight_dtype", "kv_dtype", "explain"});
    const ModelSpec& m = model_of(f);
    const Gpu& gpu = find_gpu("gpu", f.text("gpu"));
    const u128 requests = f.integer("requests", 0, kMaxCount);
    const u128 context = f.integer("context", 1, kMaxCount);
    const u128 workspace = f.integer_or("workspace_bytes", kDefaultWorkspace, 0, kMaxCount);
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const StateOptions kv = state_options_of(f);
    const ParamBudgetResult b = param_budget(m, gpu, weights, kv, requests, context, workspace);
    Json r;
    r["model"] = m.id;
    r["gpu"] = gpu.id;
    r["total"] = exact_json(b.params);
    r["display"] = count_zh_text(Ratio(b.params)) + "（" + group_thousands(b.params) + " 個參數）";
    r["available_bytes"] = exact_json(b.available_bytes);
    r["available_display"] = bytes_decimal_text(b.available_bytes);
    r["bytes_per_param"] = exact_json(b.bytes_per_param);
    r["kv_bytes_per_request"] = exact_json(b.kv_bytes_per_request);
    r["shortfall_bytes"] = exact_json(b.shortfall_bytes);
    // Figure 2-34's stacked bar: the service's state and the workspace are
    // set aside first; what is left is the weight budget.
    const Ratio kv_total = b.kv_bytes_per_request * Ratio(requests);
    r["device_bytes"] = exact_json(gpu.memory_bytes);
    r["device_display"] = bytes_decimal_text(Ratio(gpu.memory_bytes));
    r["kv_bytes_total"] = exact_json(kv_total);
    Json items = Json::array();
    items.push_back(segment("kv", "請求 KV", kv_total));
    items.push_back(segment("workspace", "工作區預留", Ratio(workspace)));
    items.push_back(segment("weights", "權重預算", b.available_bytes));
    r["items"] = items;
    if (f.flag_or("explain", false)) r["how"] = explain_param_budget(b, requests, Ratio(gpu.memory_bytes), workspace);
    r["notes"] = Json::array();
    if (b.shortfall_bytes != Ratio(0)) {
        r["notes"].push_back("工作區與請求狀態已超出 " + gpu.name + " 的容量 " + bytes_decimal_text(b.shortfall_bytes) +
                             "，沒有空間留給權重");
    }
    return r;
}

Dispatch dispatch_of(const RequestFields& f) {
    const std::string d = f.text_or("dispatch", "uniform");
    if (d == "uniform") return Dispatch::Uniform;
    if (d == "concentrated") return Dispatch::Concentrated;
    if (d == "random") return Dispatch::RandomExpectation;
    if (d == "explicit") return Dispatch::Explicit;
    throw FieldError("dispatch", "dispatch（分派方式）不支援「" + quoted_value(d) + "」；可用：uniform、concentrated、random、explicit");
}

std::vector<u128> tokens_per_expert_of(const Json& req) {
    if (!req.contains("tokens_per_expert") || !req["tokens_per_expert"].is_array()) {
        throw FieldError("tokens_per_expert", "dispatch 為 explicit 時需要 tokens_per_expert（每個專家收到的 token 數 t_e 的陣列）");
    }
    std::vector<u128> out;
    const Json& list = req["tokens_per_expert"];
    for (size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_number_unsigned()) {
            throw FieldError("tokens_per_expert[" + std::to_string(i) + "]", "tokens_per_expert 的每一項必須是非負整數");
        }
        out.push_back(list[i].get<std::uint64_t>());
    }
    return out;
}

Json op_routing(const Json& req) {
    RequestFields f(req, {"model", "batch", "dispatch", "tokens_per_expert", "weight_dtype", "explain"});
    const ModelSpec& m = model_of(f);
    const MoeFfn* moe = first_moe(m);
    if (moe == nullptr) throw FieldError("model", m.name + " 沒有 MoE 層；路由只適用於混合專家模型");
    RoutingInput in;
    in.batch = f.integer_or("batch", 1, 1, u128{1} << 32);
    in.top_k = moe->top_k;
    in.experts = moe->experts;
    in.expert_params = mech::expert_params(*moe, m);
    in.bytes_per_param = bytes_per_param(weight_dtype_of(f));
    in.dispatch = dispatch_of(f);
    if (in.dispatch == Dispatch::Explicit) {
        in.tokens_per_expert = tokens_per_expert_of(req);
        if (in.tokens_per_expert.size() > 65536) throw FieldError("tokens_per_expert", "tokens_per_expert 最多 65,536 項");
    }
    RoutingResult rr;
    if (const auto failure = failure_of([&] { rr = route(in); })) {
        throw FieldError("tokens_per_expert", "tokens_per_expert：" + *failure + "（B×k_top = " +
                                                  group_thousands(mul(in.batch, in.top_k)) + "）");
    }
    const u128 moe_layers = moe_layer_count(m);
    Json r;
    r["model"] = m.id;
    r["experts"] = exact_json(in.experts);
    r["top_k"] = exact_json(in.top_k);
    r["assignments"] = exact_json(rr.assignments);
    r["distinct_experts"] = exact_json(rr.distinct_experts);
    r["distinct_display"] = rr.approximate ? fixed(rr.distinct_experts, 2) + "（期望值）" : group_thousands(rr.distinct_experts.floor());
    r["max_tokens_per_expert"] = exact_json(rr.max_tokens_per_expert);
    r["min_tokens_per_active_expert"] = exact_json(rr.min_tokens_per_active_expert);
    r["flops_per_layer"] = exact_json(rr.flops);
    r["flops_display"] = flops_text(rr.flops);
    r["bytes_per_layer"] = exact_json(rr.approximate ? Ratio(rr.bytes_read.floor()) : rr.bytes_read);
    r["display"] = bytes_binary_text(rr.bytes_read);
    r["moe_layers"] = exact_json(moe_layers);
    r["bytes_all_layers"] = exact_json(rr.approximate ? Ratio((rr.bytes_read * Ratio(moe_layers)).floor()) : rr.bytes_read * Ratio(moe_layers));
    r["bytes_all_layers_display"] = bytes_binary_text(rr.bytes_read * Ratio(moe_layers));
    r["total"] = r["bytes_per_layer"];
    if (f.flag_or("explain", false)) r["how"] = explain_routing(in, rr, moe_layers);
    return r;
}

// One model's row of the comparison; a model the core cannot compute yet
// (or only partly) reports why instead of a number.
struct CompareFormats {
    const Dtype& weights;
    const Dtype& kv;
};

Json compare_row(const std::string& id, const RequestShape& shape, const CompareFormats& formats, bool explain) {
    Json row;
    row["model"] = id;
    const auto failure = failure_of([&] {
        const ModelSpec& m = find_model("models", id);
        row["name"] = m.name;
        const u128 H = add(shape.context, shape.input);
        const u128 params = total_params(m);
        const Ratio weights = weight_bytes(m, formats.weights);
        const StateOptions options{formats.kv};
        const Ratio prefill = forward(m, CallShape{shape.batch, shape.context, shape.input, shape.batch}).total;
        const Ratio decode = forward(m, CallShape{shape.batch, H, 1, shape.batch}).total;
        const StateResult st = state(m, H, options);
        const RequestResult rq = request(m, options, shape);
        // Shape of the backbone (Figures 2-25 to 2-27): depth, width and the
        // routed experts stored per MoE layer (0 for a dense FFN).
        const MoeFfn* moe = first_moe(m);
        row["layers"] = m.total_layers();
        row["hidden"] = m.hidden;
        row["routed_experts"] = moe == nullptr ? 0 : moe->experts;
        row["top_k"] = moe == nullptr ? 0 : moe->top_k;
        row["params"] = exact_json(params);
        row["params_display"] = count_zh_text(Ratio(params));
        row["weight_bytes"] = exact_json(weights);
        row["weight_display"] = bytes_decimal_text(weights);
        row["prefill_flops"] = exact_json(prefill);
        row["prefill_display"] = flops_text(prefill);
        row["decode_flops"] = exact_json(decode);
        row["decode_display"] = flops_text(decode);
        row["state_bytes"] = exact_json(st.total);
        row["state_display"] = bytes_binary_text(st.total);
        row["decode_read_bytes"] = exact_json(st.decode_read_bytes);
        row["decode_read_display"] = bytes_binary_text(st.decode_read_bytes);
        row["request_flops"] = exact_json(rq.total);
        row["request_display"] = flops_text(rq.total);
        if (explain) row["how"] = explain_compare_row({shape, params, weights, prefill, decode, st.total, st.decode_read_bytes, rq});
    });
    if (failure) row["error"] = *failure;
    return row;
}

// The chapter's five-model comparison (Figures 2-28 to 2-30, 2-36) for the
// reader's S, P, G, B: weights, one prefill, one decode step at S+P, the
// state at S+P and the whole request.
Json op_compare(const Json& req) {
    RequestFields f(req, {"set", "batch", "context", "input", "generated", "weight_dtype", "kv_dtype", "explain"});
    const ModelSet& set = find_set("set", f.text_or("set", "ch02-five"));
    const Dtype& weights = weight_dtype_of(f);  // one field per statement (see op_crossover)
    const Dtype& kv = kv_dtype_of(f);
    const CompareFormats formats{weights, kv};
    RequestShape shape;
    shape.batch = f.integer_or("batch", 1, 1, kMaxCount);
    shape.context = f.integer_or("context", 0, 0, kMaxCount);
    shape.input = f.integer_or("input", 8192, 1, kMaxCount);
    shape.generated = f.integer_or("generated", 1, 1, kMaxCount);
    Json r;
    r["set"] = set.id;
    r["name"] = set.name;
    r["rows"] = Json::array();
    r["weight_dtype"] = formats.weights.id;
    r["kv_dtype"] = formats.kv.id;
    const bool explain = f.flag_or("explain", false);
    for (const auto& id : set.models) r["rows"].push_back(compare_row(id, shape, formats, explain));
    return r;
}

// import_hf_config plus its one-screen summary, computed by the ops
// themselves on the imported spec: an 8K prefill, one decode step at 8K, and
// how many 8K requests fit on each catalog GPU (BF16 weights and KV, the
// default workspace). `tally import` and the page's import dialog show it.
constexpr std::uint64_t kImportSummaryContext = 8192;

Json op_import_with_summary(const Json& req) {
    Json r = op_import_hf_config(req);
    const Json spec = r["spec"];  // a copy: r grows below
    const Json prefill = op_forward({{"op", "forward"}, {"model", spec}, {"input", kImportSummaryContext}});
    const Json decode = op_forward({{"op", "forward"}, {"model", spec}, {"context", kImportSummaryContext}});
    Json s;
    s["context"] = kImportSummaryContext;
    s["prefill_flops"] = prefill["total"];
    s["prefill_display"] = prefill["display"];
    s["decode_flops"] = decode["total"];
    s["decode_display"] = decode["display"];
    s["capacity"] = Json::array();
    const Json gpus = op_catalog({{"op", "catalog"}})["gpus"];  // named: never range-for over a temporary's member
    for (const auto& gpu : gpus) {
        const Json c = op_capacity({{"op", "capacity"}, {"model", spec}, {"gpu", gpu["id"]}, {"context", kImportSummaryContext}});
        s["capacity"].push_back({{"gpu", gpu["id"]},
                                 {"name", gpu["name"]},
                                 {"memory_display", gpu["display"]},
                                 {"requests", c["requests"]},
                                 {"display", c["display"]},
                                 {"shortfall_bytes", c["shortfall_bytes"]}});
    }
    r["summary"] = s;
    return r;
}

using Handler = std::function<Json(const Json&)>;

const std::vector<std::pair<const char*, Handler>>& handlers() {
    static const std::vector<std::pair<const char*, Handler>> table = {
        {"catalog", op_catalog},   {"params", op_params},       {"forward", op_forward},
        {"kv", op_kv},             {"state", op_state},         {"routing", op_routing},     {"state_curve", op_state_curve}, {"compare", op_compare},         {"request", op_request},     {"crossover", op_crossover},
        {"capacity", op_capacity}, {"param_budget", op_param_budget},
        {"check_answer", op_check_answer}, {"read_quantity", op_read_quantity}, {"turn", op_turn},      {"dependency_chain", op_dependency_chain},
        {"kv_footprint", op_kv_footprint}, {"replay_window", op_replay_window}, {"effort_scale", op_effort_scale},
        {"import_hf_config", op_import_with_summary}, {"candidate_pool", op_candidate_pool},
    };
    return table;
}

}  // namespace

Json error_json(const std::string& field, const std::string& message) {
    Json e;
    e["field"] = field.empty() ? Json(nullptr) : Json(field);
    e["message"] = message;
    return {{"ok", false}, {"error", e}};
}

Json dispatch(const Json& req) {
    if (!req.is_object()) return error_json("", "請求必須是 JSON 物件，例如 {\"op\":\"forward\",\"model\":\"qwen3-8b\"}");
    // The list of ops is spelled out only when a request needs to be told.
    const auto ops = [] {
        std::string list;
        for (const auto& h : handlers()) list += (list.empty() ? "" : "、") + std::string(h.first);
        return list;
    };
    if (!req.contains("op") || !req["op"].is_string()) return error_json("op", "缺少 op（操作）；可用：" + ops());
    const std::string op = req["op"].get<std::string>();
    for (const auto& h : handlers()) {
        if (op != h.first) continue;
        // Built in place: an initializer list would copy the whole result.
        Json out;
        out["ok"] = true;
        out["result"] = h.second(req);
        return out;
    }
    return error_json("op", "未知的 op「" + quoted_value(op) + "」；可用：" + ops());
}

void prepare() {
    catalog();
    handlers();
}

}  // namespace tally::api
