#include "explain.hpp"

#include <algorithm>
#include <initializer_list>
#include <iterator>
#include <string_view>

#include "core/format.hpp"
#include "core/mechanisms/ffn.hpp"

namespace tally::api {

namespace {

const char* const kPlus = " + ";

// A sum written twice, term by term: the symbols and the numbers.  Past
// three terms each goes on its own line, so line i of the formula and line i
// of the substitution name and value the same term.
class Terms {
public:
    void add(const std::string& symbol, const std::string& value) {
        symbols_.push_back(symbol);
        values_.push_back(value);
    }
    bool empty() const { return symbols_.empty(); }
    std::size_t size() const { return symbols_.size(); }
    std::string formula(const std::string& lhs = "") const { return lhs + joined(symbols_); }
    std::string substituted(const std::string& total) const {
        return joined(values_) + (long_sum() ? "\n= " : " = ") + total;
    }

private:
    bool long_sum() const { return symbols_.size() > 3; }
    std::string joined(const std::vector<std::string>& parts) const {
        std::string out;
        for (const auto& p : parts) out += (out.empty() ? "" : long_sum() ? "\n+ " : kPlus) + p;
        return out;
    }
    std::vector<std::string> symbols_, values_;
};

// The pattern with each "{}" replaced by the next argument, in order.  One
// call instead of a chain of string additions keeps the WASM small.
std::string fill(std::string_view pattern, std::initializer_list<std::string_view> args) {
    std::string out;
    auto arg = args.begin();
    for (size_t i = 0; i < pattern.size(); ++i) {
        if (arg != args.end() && pattern.compare(i, 2, "{}") == 0) {
            out += *arg++;
            ++i;
        } else {
            out += pattern[i];
        }
    }
    return out;
}

std::string bytes_text(const Ratio& r) { return number_text(r) + " B"; }
std::string value_text(const Ratio& v, bool flops) { return flops ? flops_text(v) : bytes_binary_text(v); }

// A total over line items: the formula names the rows, the substitution
// lists their values.  Rows that contribute nothing are left out.
Json sum_how(const std::string& name, const Items& items, bool flops, const Ratio& total, bool (*keep)(const LineItem&)) {
    Terms terms;
    for (const auto& it : items) {
        if (keep(it) && it.value != Ratio(0)) terms.add(it.label, value_text(it.value, flops));
    }
    if (terms.empty()) return how_entry(name + " = 0（沒有這類列）", "0");
    return how_entry(terms.formula(name + " = "), terms.substituted(value_text(total, flops)));
}

// Each kind of state (window, compressed entries, index, buffers …) as the
// sum of its rows, under "by_kind_display.<kind>" as state_curve names the
// kinds (Figure 2-14's bars).
void add_kind_sums(const Items& items, Json& how) {
    std::vector<std::string> kinds;
    for (const auto& it : items) {
        if (std::find(kinds.begin(), kinds.end(), it.section) == kinds.end()) kinds.push_back(it.section);
    }
    for (const auto& kind : kinds) {
        Terms terms;
        Ratio sum;
        const LineItem* only = nullptr;
        for (const auto& it : items) {
            if (it.section != kind || it.value == Ratio(0)) continue;
            terms.add(it.label, bytes_binary_text(it.value));
            sum = sum + it.value;
            only = terms.size() == 1 ? &it : nullptr;
        }
        if (terms.empty()) continue;
        // A kind of one row is that row: its own formula says more than "x = x".
        how["by_kind_display." + kind] =
            only ? how_entry(only->formula + " × 層數", only->substituted + "×" + group_thousands(only->layers) + " B = " +
                                                         bytes_binary_text(sum))
                 : how_entry(terms.formula("這類狀態 = "), terms.substituted(bytes_binary_text(sum)));
    }
}

const char* category_label(const std::string& key) {
    if (key == "embedding_head") return "嵌入與輸出頭";
    if (key == "attention") return "注意力投影";
    if (key == "dense_shared_ffn") return "稠密／共享 FFN";
    if (key == "routed_experts") return "路由專家";
    if (key == "engram") return "Engram";
    return "其他";
}

std::string dims_text(const WeightTensor& t, bool with_count) {
    return with_count && t.count != 1
               ? fill("{}×{}×{}", {group_thousands(t.in), group_thousands(t.out), group_thousands(t.count)})
               : fill("{}×{}", {group_thousands(t.in), group_thousands(t.out)});
}

// c_KV × n × B, plus what sliding-window layers add (their positions stop at
// the window, so they are not part of the per-token slope c_KV).
Json per_token_how(const std::string& formula, const Ratio& per_token, const std::string& count_text, u128 count,
                   u128 batch, const Ratio& value) {
    const Ratio slope = per_token * Ratio(count) * Ratio(batch);
    std::string s = fill("{} × {}", {bytes_text(per_token), count_text});
    std::string f = formula;
    if (batch != 1) {
        s += " × " + group_thousands(batch);
        f += " × B";
    }
    if (slope < value) {
        f += " ＋ 滑動視窗層";
        s += " ＋ " + bytes_text(value - slope);
    }
    return how_entry(f, fill("{} = {} = {}", {s, bytes_text(value), bytes_binary_text(value)}));
}

}  // namespace

Json how_entry(const std::string& formula, const std::string& substituted) {
    Json j;
    j["formula"] = formula;
    j["substituted"] = substituted;
    return j;
}

std::string number_text(const Ratio& r) { return r.is_integer() ? group_thousands(r.num()) : trimmed(r, 6); }

Json stages_json(const std::vector<ForwardStage>& stages) {
    Json out = Json::array();
    for (const auto& s : stages) {
        Terms terms;
        for (const auto& p : s.parts) terms.add(p.label, flops_text(p.value));
        Json row;
        row["id"] = s.id;
        row["label"] = s.label;
        row["flops"] = exact_json(s.value);
        row["display"] = flops_text(s.value);
        row["formula"] = terms.empty() ? "0" : terms.formula();
        row["substituted"] = terms.empty() ? "0" : terms.substituted(flops_text(s.value));
        out.push_back(row);
    }
    return out;
}

Json explain_params(const ModelSpec& m, const ParamsFacts& p) {
    Json how;
    std::pair<Terms, u128> by_category[std::size(kAllCategories)];  // (tensors, sum), in enum order
    for (const auto& t : p.tensors) {
        auto& [terms, sum] = by_category[static_cast<size_t>(t.category)];
        terms.add(t.label, dims_text(t, true));
        sum = add(sum, t.params());
    }
    Terms categories;
    for (auto c : kAllCategories) {
        const std::string key = category_key(c);
        const auto& [terms, sum] = by_category[static_cast<size_t>(c)];
        categories.add(category_label(key), group_thousands(sum));
        how["groups." + key] = terms.empty() ? how_entry("此類沒有張量", "0")
                                              : how_entry(terms.formula("各張量 in×out×份數："), terms.substituted(group_thousands(sum)));
    }
    how["display"] = how_entry(categories.formula("N = "), categories.substituted(group_thousands(p.total)));
    // Formats with per-group scales store more than bits/8 per parameter.
    const Ratio plain(mul(p.total, p.dtype.bits), 8);
    const std::string bits = std::to_string(p.dtype.bits), bytes = bytes_text(p.bytes);
    const std::string plain_text = fill("{} × {} ÷ 8", {group_thousands(p.total), bits});
    how["weight_display"] =
        plain == p.bytes
            ? how_entry("N × 位元數 ÷ 8", fill("{} = {} = {}", {plain_text, bytes, bytes_decimal_text(p.bytes)}))
            : how_entry("N × 位元數 ÷ 8 ＋ 量化縮放因子（未量化的張量按 BF16）",
                        fill("Σ 各張量（{} 之外的縮放與 BF16 部分另計） = {} = {}", {plain_text, bytes, bytes_decimal_text(p.bytes)}));
    std::string sel;
    for (const auto& g : m.groups) {
        if (const auto* moe = std::get_if<MoeFfn>(&g.ffn)) {
            if (!sel.empty()) sel += kPlus;
            sel += fill("{}×{}×{}", {group_thousands(g.layers), group_thousands(moe->top_k),
                                     group_thousands(mech::expert_params(*moe, m))});
        }
    }
    how["selected_expert_display"] =
        sel.empty() ? how_entry("稠密模型沒有路由專家", "0")
                    : how_entry("Σ_MoE 層組 層數×k_top×N_e，再 × 位元數 ÷ 8",
                                fill("({}) × {} ÷ 8 = {} × {} ÷ 8 = {} = {}",
                                     {sel, bits, group_thousands(p.selected), bits, bytes_text(p.selected_bytes),
                                      bytes_binary_text(p.selected_bytes)}));
    return how;
}

Json explain_tensor(const WeightTensor& t) {
    const std::string dims = dims_text(t, false);
    Json how;
    how["per_copy"] = how_entry("in × out", fill("{} = {}", {dims, group_thousands(mul(t.in, t.out))}));
    how["params"] = how_entry("in × out × 份數", fill("{}×{} = {}", {dims, group_thousands(t.count), group_thousands(t.params())}));
    return how;
}

bool any_row(const LineItem&) { return true; }
bool interaction_row(const LineItem& it) { return it.interaction; }
bool history_row(const LineItem& it) { return it.section == "history" || it.section == "compressed" || it.section == "index"; }
bool fixed_row(const LineItem& it) { return it.section == "recurrent" || it.section == "conv"; }
bool read_row(const LineItem& it) { return it.section != "write"; }

Json explain_forward(const ForwardResult& fr, const CallShape& c) {
    const std::string B = group_thousands(c.batch), P = group_thousands(c.input);
    Json how;
    how["display"] = sum_how("合計", fr.items, true, fr.total, any_row);
    how["interaction_display"] = sum_how("上下文互動", fr.items, true, fr.interaction, interaction_row);
    how["rows"] = how_entry("B × P", fill("{} × {} = {}", {B, P, group_thousands(fr.rows)}));
    how["n_pair"] = how_entry("B × (P×S + P(P+1)/2)",
                              fill("{} × ({}×{} + {}×{}/2) = {}", {B, P, group_thousands(c.context), P,
                                                                   group_thousands(add(c.input, 1)), group_thousands(fr.n_pair)}));
    return how;
}

Json explain_state(const StateResult& s) {
    Ratio history_total, fixed_total;
    for (const auto& it : s.items) {
        if (history_row(it)) history_total = history_total + it.value;
        if (fixed_row(it)) fixed_total = fixed_total + it.value;
    }
    Json how;
    how["display"] = sum_how("狀態合計", s.items, false, s.total, any_row);
    how["history_display"] = sum_how("全域歷史", s.items, false, history_total, history_row);
    how["fixed_display"] = sum_how("固定狀態", s.items, false, fixed_total, fixed_row);
    how["decode_read_display"] = sum_how("一步 decode 讀取", s.reads, false, s.decode_read_bytes, read_row);
    add_kind_sums(s.items, how);
    // The slope: history rows (K/V, latents, compressed entries and their
    // index) grow one position per token or one entry per r tokens; windows,
    // token ids and buffers are not part of c_KV.
    Terms terms;
    Ratio slope;
    bool entries = false;
    for (const auto& it : s.items) {
        if (!history_row(it)) continue;
        Ratio per = it.per_count * Ratio(it.layers);
        std::string term = fill("{}×{}", {bytes_text(it.per_count), group_thousands(it.layers)});
        if (it.count.kind == Count::Kind::Entries) {
            per = per / Ratio(it.count.a);
            if (it.count.a != 1) term += "÷" + group_thousands(it.count.a);
            entries = true;
        } else if (it.count.kind != Count::Kind::Tokens) {
            continue;
        }
        if (per == Ratio(0)) continue;
        slope = slope + per;
        terms.add(it.label, term);
    }
    if (slope == s.per_token && !terms.empty()) {
        const char* rule = entries ? "每多一個位置（每層位元組 × 層數，壓縮條目再 ÷ 壓縮比 r） = "
                                   : "每多一個位置（每層位元組 × 層數） = ";
        how["bytes_per_token"] = how_entry(terms.formula(rule), terms.substituted(bytes_text(s.per_token)));
    }
    if (s.per_token != Ratio(0)) {
        how["h_star_display"] = how_entry("H* = 固定狀態 ÷ 每 token 位元組",
                                          fill("{} ÷ {} = {}", {bytes_text(fixed_total), bytes_text(s.per_token),
                                                                trimmed(fixed_total / s.per_token, 2)}));
    }
    return how;
}

Json explain_kv(const StateResult& s, u128 tokens, const Ratio& total) {
    Json how = explain_state(s);
    Json out;
    out["display"] = per_token_how("c_KV × N", s.per_token, group_thousands(tokens), tokens, 1, total);
    if (how.contains("bytes_per_token")) {
        out["bytes_per_token"] = how["bytes_per_token"];
        out["bytes_per_token_display"] = how["bytes_per_token"];
    }
    return out;
}

Json explain_request(const RequestResult& rr, const RequestShape& s, const Ratio& per_token) {
    const u128 H = add(s.context, s.input), nd = rr.decode_steps;
    const std::string Ht = group_thousands(H), ndt = group_thousands(nd), reads = group_thousands(rr.kv_read_tokens);
    const char* const decode_sum = "Σ_{j=0}^{n_d−1} 一步 decode（S = H + j）";
    Json how;
    how["decode_steps"] = how_entry("n_d = G − 1", fill("{} − 1 = {}", {group_thousands(s.generated), ndt}));
    how["kv_read_tokens"] = how_entry("n_d·H + n_d(n_d−1)/2，H = S + P",
                                      fill("{}×{} + {}×{}/2 = {}", {ndt, Ht, ndt, group_thousands(nd == 0 ? 0 : nd - 1), reads}));
    how["kv_read_display"] = per_token_how("c_KV × 讀取位置數", per_token, reads, rr.kv_read_tokens, s.batch, rr.kv_read_bytes);
    how["prefill_kv_display"] =
        per_token_how("c_KV × P", per_token, group_thousands(s.input), s.input, s.batch, rr.prefill_kv_bytes);
    how["new_kv_display"] = per_token_how("c_KV × n_d", per_token, ndt, nd, s.batch, rr.new_kv_bytes);
    how["final_kv_display"] = per_token_how("c_KV × (H + n_d)", per_token, fill("({} + {})", {Ht, ndt}), add(H, nd), s.batch,
                                            rr.final_kv_bytes);
    how["prefill_display"] = how_entry("一次前向的各列之和（B 條請求、快取 S、輸入 P）",
                                       fill("B = {}、S = {}、P = {} → {}", {group_thousands(s.batch), group_thousands(s.context),
                                                                          group_thousands(s.input), flops_text(rr.prefill_flops)}));
    how["decode_display"] =
        nd == 0 ? how_entry(decode_sum, "n_d = 0 → 0")
                : how_entry(decode_sum, fill("n_d = {} 步，S 從 {} 到 {} → {}",
                                             {ndt, Ht, group_thousands(add(H, nd - 1)), flops_text(rr.decode_flops)}));
    how["display"] = how_entry("prefill ＋ 全部 decode", fill("{} + {} = {}", {flops_text(rr.prefill_flops),
                                                                             flops_text(rr.decode_flops), flops_text(rr.total)}));
    return how;
}

Json explain_crossover(const CrossoverResult& c, u128 context) {
    const std::string ratio = fill("{} ÷ {}", {bytes_text(c.weight_read_bytes), bytes_text(c.kv_bytes_per_request)});
    const std::string value = fixed(c.exact_ratio, 2);
    Json how;
    how["display"] = how_entry("B* = ⌈R_W ÷ (c_KV·H)⌉（至少 1）", fill("⌈{}⌉ = ⌈{}⌉ = {}", {ratio, value, group_thousands(c.batch)}));
    how["ratio_display"] = how_entry("R_W ÷ (c_KV·H)", fill("{} = {}", {ratio, value}));
    how["weight_read_display"] =
        how_entry("R_W = 一步 decode 整批共讀一次的權重（只查行的詞嵌入表除外）",
                  fill("{} = {}", {bytes_text(c.weight_read_bytes), bytes_decimal_text(c.weight_read_bytes)}));
    how["weight_read_binary_display"] =
        how_entry("R_W = 一步 decode 整批共讀一次的權重（只查行的詞嵌入表除外）",
                  fill("{} = {}", {bytes_text(c.weight_read_bytes), bytes_binary_text(c.weight_read_bytes)}));
    how["kv_per_request_display"] =
        how_entry("c_KV·H = 一條請求在 H 處一步 decode 讀的狀態",
                  fill("H = {} → {} = {}", {group_thousands(context), bytes_text(c.kv_bytes_per_request),
                                            bytes_binary_text(c.kv_bytes_per_request)}));
    return how;
}

Json explain_capacity(const CapacityResult& c, u128 context) {
    const std::string dev = bytes_text(c.device_bytes), w = bytes_text(c.weight_bytes), ws = bytes_text(c.workspace_bytes),
                      per = bytes_text(c.kv_bytes_per_request), kv = bytes_text(c.kv_bytes_total),
                      n = group_thousands(c.requests);
    const bool short_of_room = c.shortfall_bytes != Ratio(0);
    const char* const f = "B_max = ⌊(M_device − M_weight − M_workspace) ÷ M_state⌋";
    Json how;
    how["display"] = short_of_room
                         ? how_entry(f, fill("{} + {} 已超出 {}（差 {}）→ 0", {w, ws, dev, bytes_text(c.shortfall_bytes)}))
                         : how_entry(f, fill("⌊({} − {} − {}) ÷ {}⌋ = ⌊{}⌋ = {}",
                                             {dev, w, ws, per,
                                              fixed((c.device_bytes - c.weight_bytes - c.workspace_bytes) / c.kv_bytes_per_request, 2),
                                              n}));
    how["kv_per_request_display"] =
        how_entry("M_state = 一條請求在 N 個位置的全部狀態",
                  fill("N = {} → {} = {}", {group_thousands(context), per, bytes_binary_text(c.kv_bytes_per_request)}));
    how["items[id=weights].display"] =
        how_entry("M_weight = 各張量在所選格式下的位元組", fill("{} = {}", {w, bytes_decimal_text(c.weight_bytes)}));
    how["items[id=workspace].display"] =
        how_entry("M_workspace = 工作區預留（workspace_bytes）", fill("{} = {}", {ws, bytes_decimal_text(c.workspace_bytes)}));
    how["items[id=kv].display"] =
        how_entry("B_max × M_state", fill("{} × {} = {} = {}", {n, per, kv, bytes_decimal_text(c.kv_bytes_total)}));
    how["items[id=free].display"] =
        how_entry("M_device − M_weight − M_workspace − B_max × M_state",
                  short_of_room ? std::string("0")
                                : fill("{} − {} − {} − {} = {} = {}",
                                       {dev, w, ws, kv, bytes_text(c.free_bytes), bytes_decimal_text(c.free_bytes)}));
    // The segments' binary displays (a view that shows its bytes in GiB).
    how["items[id=weights].binary_display"] =
        how_entry("M_weight = 各張量在所選格式下的位元組", fill("{} = {}", {w, bytes_binary_text(c.weight_bytes)}));
    how["items[id=workspace].binary_display"] =
        how_entry("M_workspace = 工作區預留（workspace_bytes）", fill("{} = {}", {ws, bytes_binary_text(c.workspace_bytes)}));
    how["items[id=kv].binary_display"] =
        how_entry("B_max × M_state", fill("{} × {} = {} = {}", {n, per, kv, bytes_binary_text(c.kv_bytes_total)}));
    how["items[id=free].binary_display"] =
        how_entry("M_device − M_weight − M_workspace − B_max × M_state",
                  short_of_room ? std::string("0")
                                : fill("{} − {} − {} − {} = {} = {}",
                                       {dev, w, ws, kv, bytes_text(c.free_bytes), bytes_binary_text(c.free_bytes)}));
    return how;
}

Json explain_param_budget(const ParamBudgetResult& b, u128 requests, const Ratio& device, u128 workspace) {
    const char* const f = "N_max = ⌊(C − M_0 − B·K) ÷ b_W⌋";
    const std::string reserved = fill("{} − {} − {} × {}", {bytes_text(device), bytes_text(Ratio(workspace)),
                                                            group_thousands(requests), bytes_text(b.kv_bytes_per_request)});
    Json how;
    how["display"] = b.shortfall_bytes != Ratio(0)
                         ? how_entry(f, fill("{} < 0（差 {}）→ 0", {reserved, bytes_text(b.shortfall_bytes)}))
                         : how_entry(f, fill("⌊({}) ÷ {} B⌋ = {}", {reserved, number_text(b.bytes_per_param),
                                                                    group_thousands(b.params)}));
    const Json available = how_entry("C − M_0 − B·K", fill("{} = {}", {reserved, bytes_text(b.available_bytes)}));
    how["available_display"] = available;
    how["items[id=weights].display"] = available;
    how["items[id=kv].display"] =
        how_entry("B·K = 請求數 × 一條請求的狀態", fill("{} × {} = {}", {group_thousands(requests), bytes_text(b.kv_bytes_per_request),
                                                                    bytes_decimal_text(b.kv_bytes_per_request * Ratio(requests))}));
    return how;
}

Json explain_routing(const RoutingInput& in, const RoutingResult& rr, u128 moe_layers) {
    const std::string B = group_thousands(in.batch), k = group_thousands(in.top_k), E = group_thousands(in.experts),
                      A = group_thousands(rr.assignments), Ne = group_thousands(in.expert_params),
                      most = group_thousands(rr.max_tokens_per_expert), per_layer = bytes_binary_text(rr.bytes_read);
    const std::string U = rr.approximate ? fixed(rr.distinct_experts, 2) : number_text(rr.distinct_experts);
    Json how;
    how["assignments"] = how_entry("Σt_e = B × k_top", fill("{} × {} = {}", {B, k, A}));
    switch (in.dispatch) {
        case Dispatch::Uniform:
            how["distinct_display"] = how_entry("U = min(E, B×k_top)", fill("min({}, {}) = {}", {E, A, U}));
            how["max_tokens_per_expert"] = how_entry("⌈B×k_top ÷ U⌉", fill("⌈{} ÷ {}⌉ = {}", {A, U, most}));
            break;
        case Dispatch::Concentrated:
            how["distinct_display"] = how_entry("U = k_top（每個 token 都選同一組專家）", fill("U = {}", {U}));
            how["max_tokens_per_expert"] = how_entry("每個被選中的專家收到全部 B 個 token", fill("B = {}", {B}));
            break;
        case Dispatch::RandomExpectation:
            how["distinct_display"] =
                how_entry("E[U] = E × (1 − (1 − k_top/E)^B)", fill("{} × (1 − (1 − {}/{})^{}) ≈ {}", {E, k, E, B, U}));
            break;
        case Dispatch::Explicit:
            how["distinct_display"] = how_entry("U = t_e > 0 的專家數", fill("U = {}", {U}));
            how["max_tokens_per_expert"] = how_entry("max t_e", most);
            break;
    }
    how["flops_display"] =
        how_entry("2 × N_e × Σt_e", fill("2 × {} × {} = {} = {}", {Ne, A, number_text(rr.flops), flops_text(rr.flops)}));
    how["display"] = how_entry("b_W × N_e × U", fill("{} B × {} × {} = {}", {number_text(in.bytes_per_param), Ne, U, per_layer}));
    how["bytes_all_layers_display"] =
        how_entry("每層讀取 × MoE 層數", fill("{} × {} = {}", {per_layer, group_thousands(moe_layers),
                                                               bytes_binary_text(rr.bytes_read * Ratio(moe_layers))}));
    return how;
}

Json explain_compare_row(const CompareFacts& f) {
    const RequestShape& s = f.shape;
    const std::string B = group_thousands(s.batch), H = group_thousands(add(s.context, s.input));
    Json how;
    how["params_display"] =
        how_entry("N = Σ 各張量 in×out×份數", fill("{} = {}", {group_thousands(f.params), count_zh_text(Ratio(f.params))}));
    how["weight_display"] =
        how_entry("各張量在所選格式下的位元組", fill("{} = {}", {bytes_text(f.weights), bytes_decimal_text(f.weights)}));
    how["prefill_display"] = how_entry("一次前向的各列之和（B、S、P）",
                                       fill("B = {}、S = {}、P = {} → {}", {B, group_thousands(s.context),
                                                                          group_thousands(s.input), flops_text(f.prefill)}));
    how["decode_display"] =
        how_entry("一步 decode 的各列之和（S = H = S + P）", fill("B = {}、S = {}、P = 1 → {}", {B, H, flops_text(f.decode)}));
    how["state_display"] =
        how_entry("一條請求在 H = S + P 個位置的狀態各列之和", fill("H = {} → {}", {H, bytes_binary_text(f.state)}));
    how["decode_read_display"] =
        how_entry("一步 decode 在 H 處讀取的狀態各列之和", fill("H = {} → {}", {H, bytes_binary_text(f.decode_read)}));
    how["request_display"] =
        how_entry("prefill ＋ 全部 decode（G − 1 步）",
                  fill("{} + {} = {}", {flops_text(f.request.prefill_flops), flops_text(f.request.decode_flops),
                                        flops_text(f.request.total)}));
    return how;
}

Json explain_dependency_chain(u128 layers, u128 tokens) {
    const std::string L = group_thousands(layers), T = group_thousands(tokens);
    Json how;
    how["nodes"] = how_entry("L × T（每層每個位置一個節點）", fill("{} × {} = {}", {L, T, group_thousands(mul(layers, tokens))}));
    how["rnn_chain"] = how_entry("L + T − 1（同層等前一位置、同位置等下一層：階梯）",
                                 fill("{} + {} − 1 = {}", {L, T, group_thousands(layers + tokens - 1)}));
    how["transformer_chain"] = how_entry("L（每層只等下一層，各位置同時算）", fill("L = {}", {L}));
    return how;
}

Json explain_turn(u128 total_input, u128 generated, u128 decode_steps) {
    const std::string nd = group_thousands(decode_steps);
    Json how;
    how["decode_steps"] = how_entry("n_d = G − 1（第一個輸出 token 由 prefill 產生）", fill("{} − 1 = {}", {group_thousands(generated), nd}));
    how["final_context"] = how_entry("輸入 token 數 + n_d", fill("{} + {} = {}", {group_thousands(total_input), nd,
                                                                             group_thousands(add(total_input, decode_steps))}));
    return how;
}

Json explain_candidate_pool(const PoolFacts& p) {
    const std::string entries = group_thousands(p.entries), size = group_thousands(p.block_size),
                      pool = group_thousands(p.pool_entries), candidates = group_thousands(p.candidates);
    Json how;
    how["entries_display"] = how_entry("⌊N ÷ r⌋（已完成的壓縮條目）", fill("⌊{} ÷ {}⌋ = {}", {group_thousands(p.tokens), group_thousands(p.ratio), entries}));
    how["blocks_display"] = how_entry("min(⌈條目 ÷ 每塊條目⌉, 候選塊上限)",
                                      fill("min(⌈{} ÷ {}⌉, {}) = min({}, {}) = {}",
                                           {entries, size, group_thousands(p.pool_blocks), group_thousands(p.entry_blocks),
                                            group_thousands(p.pool_blocks), group_thousands(p.blocks)}));
    how["pool_entries_display"] = how_entry("候選塊上限 × 每塊條目", fill("{} × {} = {}", {group_thousands(p.pool_blocks), size, pool}));
    how["candidates_display"] = how_entry("min(條目, 候選池容量)", fill("min({}, {}) = {}", {entries, pool, candidates}));
    how["selected_display"] = how_entry("min(候選, top-k)", fill("min({}, {}) = {}", {candidates, group_thousands(p.top_k), group_thousands(p.selected)}));
    return how;
}

}  // namespace tally::api
