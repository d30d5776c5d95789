// The lora_bytes op (§8.2.1): what a rank-r LoRA adapter on a model's
// attention projections (q, k, v, o of every GQA layer) stores in BF16, one
// adapter and many, from the model's own shapes (chapter 2's specs).
#include "api/ops/ch08/ops.hpp"
#include "read.hpp"

#include <variant>

#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch08/lora_bytes.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kLoraFields[] = {
    fields::kModel,
    field::integer("rank", 1, 1 << 16, "16"),
    field::of_kind("targets", FieldKind::Text, "qv"),
    field::integer("adapters", 1, 1 << 20, "1"),
};

// One layer's targeted projections: q (d → heads·head_dim), k and v
// (d → kv_heads·head_dim), o (heads·head_dim → d).
std::vector<ch08::LoraMatrix> targeted(const ModelSpec& m, const std::string& targets, u128& layers) {
    const GqaAttention* gqa = nullptr;
    layers = 0;
    for (const LayerGroup& g : m.groups) {
        const auto* a = std::get_if<GqaAttention>(&g.attention);
        if (a == nullptr ||
            (gqa != nullptr && (a->q_heads != gqa->q_heads || a->kv_heads != gqa->kv_heads || a->head_dim != gqa->head_dim))) {
            throw FieldError("model", msg::ch08_lora_gqa_only, {{"label", ch08_fields::label("model")}, {"id", m.id}});
        }
        gqa = a;
        layers += g.layers;
    }
    if (gqa == nullptr || targets.empty()) {
        throw FieldError(targets.empty() ? "targets" : "model", msg::ch08_lora_gqa_only,
                         {{"label", ch08_fields::label(targets.empty() ? "targets" : "model")}, {"id", m.id}});
    }
    const u128 d = m.hidden;
    const u128 q = mul(gqa->q_heads, gqa->head_dim);
    const u128 kv = mul(gqa->kv_heads, gqa->head_dim);
    std::vector<ch08::LoraMatrix> out;
    std::string seen;
    for (char c : targets) {
        if (seen.find(c) != std::string::npos || std::string("qkvo").find(c) == std::string::npos) {
            throw FieldError("targets", msg::ch08_lora_targets, {{"label", ch08_fields::label("targets")}});
        }
        seen += c;
        if (c == 'q') out.push_back({d, q});
        if (c == 'k' || c == 'v') out.push_back({d, kv});
        if (c == 'o') out.push_back({q, d});
    }
    return out;
}

Json op_lora_bytes(const Json& req) {
    RequestFields f(req, kLoraFields);
    const ModelSpec m = model_of(f);
    const u128 rank = f.integer_or("rank");
    const std::string targets = f.text_or("targets");
    const u128 adapters = f.integer_or("adapters");
    u128 layers = 0;
    const std::vector<ch08::LoraMatrix> matrices = targeted(m, targets, layers);
    const ch08::LoraBytes l = ch08::lora_bytes(matrices, layers, rank, Ratio(2), adapters);
    Json r;
    r["model"] = m.id;
    r["layers"] = exact_json(Ratio(layers));
    r["values_per_layer"] = exact_json(Ratio(l.values_per_layer));
    r["adapter_values"] = exact_json(Ratio(l.values));
    r["bytes"] = exact_json(l.bytes);
    r["bytes_display"] = bytes_binary_text(l.bytes);
    r["all_bytes"] = exact_json(l.all_bytes);
    r["all_display"] = bytes_binary_text(l.all_bytes);
    return r;
}

constexpr ResultDecl kLoraResult[] = {
    result::text("model"),  result::exact("layers"),          result::exact("values_per_layer"), result::exact("adapter_values"),
    result::exact("bytes"), result::display("bytes_display"), result::exact("all_bytes"),        result::display("all_display"),
};
constexpr const char* kLoraSamples[] = {
    R"({"op":"lora_bytes","model":"qwen3-8b"})",
    R"({"op":"lora_bytes","model":"qwen3-8b","rank":8,"targets":"qkvo","adapters":100})",
};

}  // namespace

const OpDef kLoraBytesOp = {"lora_bytes", op_lora_bytes, kLoraFields, kLoraResult, kLoraSamples};

}  // namespace tally::api
