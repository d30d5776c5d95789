#include "request_readers.hpp"

#include <variant>

#include "api/catalog.hpp"
#include "core/format.hpp"
#include "api/errors.hpp"
#include "api/json_errors.hpp"
#include "api/spec_json.hpp"

namespace tally::api {

namespace {

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
    if (!found)
        throw FieldError(field, msg::field_needs_layer_kind, {{"field", std::string(field)}, {"kind", kind}, {"model", m.name}});
}

}  // namespace

ModelSpec model_of(const RequestFields& f) {
    ModelSpec m = f.has("model") && f.raw("model").is_object() ? parse_model(f.raw("model"), "model")
                                                               : find_model("model", f.text("model"));
    // `mla_path` re-runs an MLA model on the other cache path (section 2.3.2):
    // "compact" caches the latent, "expanded" every head's K and V.
    if (f.has("mla_path")) {
        const std::string path = f.text("mla_path");
        if (path != "compact" && path != "expanded") {
            throw FieldError("mla_path", msg::mla_path_unknown, {{"value", quoted_value(path)}});
        }
        change_layers<MlaAttention>(m, "mla_path", "MLA", [&](MlaAttention& mla) {
            mla.path = path == "compact" ? MlaPath::Compact : MlaPath::Expanded;
        });
    }
    // `kv_heads` re-runs a GQA model with another number of KV heads, query
    // heads unchanged (exercise 2-4, and the "query heads instead of KV heads"
    // mistake: kv_heads = q_heads). It must divide the query heads.
    if (f.has("kv_heads")) {
        const u128 kv = f.integer("kv_heads");
        change_layers<GqaAttention>(m, "kv_heads", "GQA", [&](GqaAttention& a) {
            if (a.q_heads % static_cast<u64>(kv) != 0) {
                throw FieldError("kv_heads", msg::kv_heads_indivisible,
                                 {{"q_heads", std::to_string(a.q_heads)}, {"received", to_decimal(kv)}});
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
            throw FieldError("pairs", msg::pairs_unknown, {{"value", quoted_value(pairs)}});
        }
        change_layers<GqaAttention>(m, "pairs", "GQA", [&](GqaAttention& a) { a.eager_rectangle = pairs == "square"; });
    }
    // `score_heads` = "kv" counts QKᵀ and AV once per KV head instead of per
    // query head: the wrong value of exercise 2-4(c), where sharing K/V is
    // mistaken for fewer scores. "query" is the model's own count.
    if (f.has("score_heads")) {
        const std::string heads = f.text("score_heads");
        if (heads != "query" && heads != "kv") {
            throw FieldError("score_heads", msg::score_heads_unknown, {{"value", quoted_value(heads)}});
        }
        change_layers<GqaAttention>(m, "score_heads", "GQA", [&](GqaAttention& a) { a.scores_per_kv_head = heads == "kv"; });
    }
    return m;
}
const Dtype& weight_dtype_of(const RequestFields& f) { return find_dtype("weight_dtype", f.text_or("weight_dtype")); }
const Dtype& kv_dtype_of(const RequestFields& f) { return find_dtype("kv_dtype", f.text_or("kv_dtype")); }
StateOptions state_options_of(const RequestFields& f, bool with_layout) {
    StateOptions o{kv_dtype_of(f)};
    if (with_layout) {
        o.layout = f.text_or("layout");
        if (o.layout != "reference" && o.layout != "production") {
            throw FieldError("layout", msg::layout_unknown, {{"value", quoted_value(o.layout)}});
        }
    }
    return o;
}

std::string execution_of(const RequestFields& f, const ModelSpec& m) {
    const std::string e = f.text_or("execution");
    if (e.empty()) return e;
    if (m.ced_replay_window == 0) {
        throw FieldError("execution", msg::execution_not_applicable, {{"model", m.name}});
    }
    if (e != "reference" && e != "ced") {
        throw FieldError("execution", msg::execution_unknown, {{"value", quoted_value(e)}});
    }
    return e;
}

}  // namespace tally::api
