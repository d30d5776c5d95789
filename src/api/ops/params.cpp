// The params op: a model's weights tensor by tensor, by category and in bytes,
// with Table 2-A's architecture facts and their explanations.
#include "all_ops.hpp"

#include <iterator>
#include <map>
#include <variant>

#include "api/figure_facts.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/mechanisms/ffn.hpp"
#include "core/params.hpp"
#include "how.hpp"
#include "request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kParamsFields[] = {fields::kModel, fields::kWeightDtype, fields::kKvHeads, fields::kExplain};

struct ParamsFacts {
    const std::vector<WeightTensor>& tensors;
    const Dtype& dtype;
    u128 total = 0;
    Ratio bytes;
    u128 selected = 0;
    Ratio selected_bytes;
};

std::string category_label(const std::string& key) {
    if (key == "embedding_head") return render(msg::category_embedding_head);
    if (key == "attention") return render(msg::category_attention);
    if (key == "dense_shared_ffn") return render(msg::category_dense_shared_ffn);
    if (key == "routed_experts") return render(msg::category_routed_experts);
    if (key == "engram") return "Engram";
    return render(msg::category_other);
}

std::string dims_text(const WeightTensor& t, bool with_count) {
    return with_count && t.count != 1
               ? fill("{}×{}×{}", {group_thousands(t.in), group_thousands(t.out), group_thousands(t.count)})
               : fill("{}×{}", {group_thousands(t.in), group_thousands(t.out)});
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
        how["groups." + key] = terms.empty() ? how_entry(render(msg::how_no_tensors), "0")
                                             : how_entry(terms.formula(render(msg::how_tensors_sum_prefix)),
                                                         terms.substituted(group_thousands(sum)));
    }
    how["display"] = how_entry(categories.formula("N = "), categories.substituted(group_thousands(p.total)));
    // Formats with per-group scales store more than bits/8 per parameter.
    const Ratio plain(mul(p.total, p.dtype.bits), 8);
    const std::string bits = std::to_string(p.dtype.bits), bytes = bytes_text(p.bytes);
    const std::string plain_text = fill("{} × {} ÷ 8", {group_thousands(p.total), bits});
    how["weight_display"] =
        plain == p.bytes
            ? how_entry(render(msg::how_weight_plain), fill("{} = {} = {}", {plain_text, bytes, bytes_decimal_text(p.bytes)}))
            : how_entry(render(msg::how_weight_quantized),
                        render(msg::how_weight_quantized_sum,
                               {{"plain", plain_text}, {"bytes", bytes}, {"decimal", bytes_decimal_text(p.bytes)}}));
    std::string sel;
    for (const auto& g : m.groups) {
        if (const auto* moe = std::get_if<MoeFfn>(&g.ffn)) {
            if (!sel.empty()) sel += " + ";
            sel += fill("{}×{}×{}",
                        {group_thousands(g.layers), group_thousands(moe->top_k), group_thousands(mech::expert_params(*moe, m))});
        }
    }
    how["selected_expert_display"] = sel.empty()
                                         ? how_entry(render(msg::how_dense_no_experts), "0")
                                         : how_entry(render(msg::how_selected_experts),
                                                     fill("({}) × {} ÷ 8 = {} × {} ÷ 8 = {} = {}",
                                                          {sel, bits, group_thousands(p.selected), bits,
                                                           bytes_text(p.selected_bytes), bytes_binary_text(p.selected_bytes)}));
    return how;
}

Json explain_tensor(const WeightTensor& t) {
    const std::string dims = dims_text(t, false);
    Json how;
    how["per_copy"] = how_entry("in × out", fill("{} = {}", {dims, group_thousands(mul(t.in, t.out))}));
    how["params"] = how_entry(render(msg::how_tensor_params),
                              fill("{}×{} = {}", {dims, group_thousands(t.count), group_thousands(t.params())}));
    return how;
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
            ffn = {{"kind", "moe"},
                   {"experts", e.experts},
                   {"top_k", e.top_k},
                   {"expert_intermediate", e.expert_intermediate},
                   {"shared_intermediate", e.shared_intermediate},
                   {"expert_width", e.latent ? e.latent : m.hidden}};
            if (moe.is_null()) moe = ffn;
            moe_layers += g.layers;
        }
        Json layer_ids = Json::array();
        for (u64 id : g.layer_ids) layer_ids.push_back(id);
        groups.push_back({{"name", g.name},
                          {"layers", g.layers},
                          {"role", g.role},
                          {"attention", kAttention[g.attention.index()]},
                          {"attention_spec", attention_facts(g.attention)},
                          {"connection", kConnection[g.connection.index()]},
                          {"streams", connection_streams(g.connection)},
                          {"layer_ids", layer_ids},
                          {"ffn", ffn}});
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
    RequestFields f(req, kParamsFields);
    const bool explain = f.flag_or("explain");
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
        items.push_back({{"id", t.id},
                         {"label", t.label},
                         {"category", category_key(t.category)},
                         {"shape", to_decimal(t.in) + "×" + to_decimal(t.out)},
                         {"count", t.count},
                         {"per_copy", exact_json(mul(t.in, t.out))},
                         {"params", exact_json(t.params())},
                         {"bytes", exact_json(bytes)},
                         {"display", bytes_decimal_text(bytes)}});
        if (explain) items.back()["how"] = explain_tensor(t);
    }
    const u128 total = total_params(m);
    const Ratio bytes = weight_bytes(m, d);
    Json r;
    r["model"] = m.id;
    r["total"] = exact_json(total);
    r["display"] = render(msg::display_value_aside, {{"value", group_thousands(total)}, {"aside", count_zh_text(Ratio(total))}});
    r["weight_dtype"] = d.id;
    r["weight_bytes"] = exact_json(bytes);
    r["weight_display"] =
        render(msg::display_value_aside, {{"value", bytes_decimal_text(bytes)}, {"aside", bytes_binary_text(bytes)}});
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

constexpr ResultDecl kParamsItem[] = {
    result::text("id"),      result::text("label"),  result::text("category"),
    result::text("shape"),   result::exact("count"), result::exact("per_copy"),
    result::exact("params"), result::exact("bytes"), result::display("display"),
    result::how(),
};
constexpr ResultDecl kParamsResult[] = {
    result::text("model"),
    result::exact("total"),
    result::display("display"),
    result::text("weight_dtype"),
    result::exact("weight_bytes"),
    result::display("weight_display"),
    result::object("groups"),
    result::exact("selected_expert_params"),
    result::exact("selected_expert_bytes"),
    result::display("selected_expert_display"),
    result::list("items", kParamsItem),
    result::object("architecture"),
    result::how(),
};
constexpr const char* kParamsSamples[] = {
    R"({"op":"params","model":"qwen3-8b","explain":true})",
    R"({"op":"params","model":"deepseek-v3","weight_dtype":"fp8"})",
};

}  // namespace

const OpDef kParamsOp = {"params", op_params, kParamsFields, kParamsResult, kParamsSamples};

}  // namespace tally::api
