// The routing op: one MoE layer's dispatch of a batch to its experts, the
// experts it touches and the bytes it reads.
#include "api/ops/ch02/ops.hpp"

#include "api/catching.hpp"
#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/mechanisms/ffn.hpp"
#include "core/params.hpp"
#include "core/routing.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/ops/how.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kRoutingFields[] = {
    fields::kModel,
    field::integer("batch", 1, u128{1} << 32, "1"),
    field::of_kind("dispatch", FieldKind::Text, "uniform"),
    field::of_kind("tokens_per_expert", FieldKind::List),
    fields::kWeightDtype,
    fields::kExplain,
};

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
            how["distinct_display"] = how_entry(render(msg::how_concentrated_distinct), fill("U = {}", {U}));
            how["max_tokens_per_expert"] = how_entry(render(msg::how_concentrated_max), fill("B = {}", {B}));
            break;
        case Dispatch::RandomExpectation:
            how["distinct_display"] =
                how_entry("E[U] = E × (1 − (1 − k_top/E)^B)", fill("{} × (1 − (1 − {}/{})^{}) ≈ {}", {E, k, E, B, U}));
            break;
        case Dispatch::Explicit:
            how["distinct_display"] = how_entry(render(msg::how_explicit_distinct), fill("U = {}", {U}));
            how["max_tokens_per_expert"] = how_entry("max t_e", most);
            break;
    }
    how["flops_display"] =
        how_entry("2 × N_e × Σt_e", fill("2 × {} × {} = {} = {}", {Ne, A, number_text(rr.flops), flops_text(rr.flops)}));
    how["display"] = how_entry("b_W × N_e × U", fill("{} B × {} × {} = {}", {number_text(in.bytes_per_param), Ne, U, per_layer}));
    how["bytes_all_layers_display"] = how_entry(
        render(msg::how_all_layers_read),
        fill("{} × {} = {}", {per_layer, group_thousands(moe_layers), bytes_binary_text(all_layer_bytes(rr, moe_layers))}));
    return how;
}

Dispatch dispatch_of(const RequestFields& f) {
    const std::string d = f.text_or("dispatch");
    if (d == "uniform") return Dispatch::Uniform;
    if (d == "concentrated") return Dispatch::Concentrated;
    if (d == "random") return Dispatch::RandomExpectation;
    if (d == "explicit") return Dispatch::Explicit;
    throw FieldError("dispatch", msg::dispatch_unknown, {{"value", quoted_value(d)}});
}

std::vector<u128> tokens_per_expert_of(const Json& req) {
    if (!req.contains("tokens_per_expert") || !req["tokens_per_expert"].is_array()) {
        throw FieldError("tokens_per_expert", msg::tokens_per_expert_missing);
    }
    std::vector<u128> out;
    const Json& list = req["tokens_per_expert"];
    for (size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_number_unsigned()) {
            throw FieldError("tokens_per_expert[" + std::to_string(i) + "]", msg::tokens_per_expert_not_integer);
        }
        out.push_back(list[i].get<std::uint64_t>());
    }
    return out;
}

Json op_routing(const Json& req) {
    RequestFields f(req, kRoutingFields);
    const ModelSpec& m = model_of(f);
    const MoeFfn* moe = first_moe(m);
    if (moe == nullptr) throw FieldError("model", msg::routing_needs_moe, {{"model", m.name}});
    RoutingInput in;
    in.batch = f.integer_or("batch");
    in.top_k = moe->top_k;
    in.experts = moe->experts;
    in.expert_params = mech::expert_params(*moe, m);
    in.bytes_per_param = bytes_per_param(weight_dtype_of(f));
    in.dispatch = dispatch_of(f);
    if (in.dispatch == Dispatch::Explicit) {
        in.tokens_per_expert = tokens_per_expert_of(req);
        if (in.tokens_per_expert.size() > 65536) throw FieldError("tokens_per_expert", msg::tokens_per_expert_too_many);
    }
    RoutingResult rr;
    if (const auto failure = failure_of([&] { rr = route(in); })) {
        throw FieldError("tokens_per_expert", msg::tokens_per_expert_invalid,
                         {{"problem", *failure}, {"assignments", group_thousands(mul(in.batch, in.top_k))}});
    }
    const u128 moe_layers = moe_layer_count(m);
    Json r;
    r["model"] = m.id;
    r["experts"] = exact_json(in.experts);
    r["top_k"] = exact_json(in.top_k);
    r["assignments"] = exact_json(rr.assignments);
    r["distinct_experts"] = exact_json(rr.distinct_experts);
    r["distinct_display"] = rr.approximate ? render(msg::display_expected, {{"value", fixed(rr.distinct_experts, 2)}})
                                           : group_thousands(rr.distinct_experts.floor());
    r["max_tokens_per_expert"] = exact_json(rr.max_tokens_per_expert);
    r["min_tokens_per_active_expert"] = exact_json(rr.min_tokens_per_active_expert);
    r["flops_per_layer"] = exact_json(rr.flops);
    r["flops_display"] = flops_text(rr.flops);
    r["bytes_per_layer"] = exact_json(reported_bytes(rr, rr.bytes_read));
    r["display"] = bytes_binary_text(rr.bytes_read);
    r["moe_layers"] = exact_json(moe_layers);
    const Ratio all_layers = all_layer_bytes(rr, moe_layers);
    r["bytes_all_layers"] = exact_json(reported_bytes(rr, all_layers));
    r["bytes_all_layers_display"] = bytes_binary_text(all_layers);
    r["total"] = r["bytes_per_layer"];
    if (f.flag_or("explain")) r["how"] = explain_routing(in, rr, moe_layers);
    return r;
}

constexpr ResultDecl kRoutingResult[] = {
    result::text("model"),
    result::exact("experts"),
    result::exact("top_k"),
    result::exact("assignments"),
    result::exact("distinct_experts"),
    result::display("distinct_display"),
    result::exact("max_tokens_per_expert"),
    result::exact("min_tokens_per_active_expert"),
    result::exact("flops_per_layer"),
    result::display("flops_display"),
    result::exact("bytes_per_layer"),
    result::display("display"),
    result::exact("moe_layers"),
    result::exact("bytes_all_layers"),
    result::display("bytes_all_layers_display"),
    result::exact("total"),
    result::how(),
};
constexpr const char* kRoutingSamples[] = {
    R"({"op":"routing","model":"deepseek-v3","batch":64,"explain":true})",
    R"({"op":"routing","model":"deepseek-v3","batch":64,"dispatch":"random"})",
};

}  // namespace

const OpDef kRoutingOp = {"routing", op_routing, kRoutingFields, kRoutingResult, kRoutingSamples};

}  // namespace tally::api
