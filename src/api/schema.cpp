#include "schema.hpp"

#include "api/book_chapters.hpp"
#include "ops/all_ops.hpp"
#include "ops/request_readers.hpp"

namespace tally::api {

namespace {

// What each shared request field means, for the docs (the messages' own
// words are describe_field's); each chapter lists its own fields' meanings in
// its folder (src/api/ops/chNN/field_meanings.cpp).  Only the native CLI
// prints these: the web module never links schema_json(), so none of this
// text ships to readers.
constexpr FieldMeaning kFieldMeanings[] = {
    {"lang", "the language of the response's words (messages, labels, explanations); numbers are the same in every language",
     "`zh-Hant`, `zh-Hans`, `en`"},
    {"model",
     "model id (`catalog` lists them), or an inline spec object in the format of `content/models/*.json` (errors name the path "
     "inside it, e.g. `model.groups[0].attention.kv_heads`); `kv_footprint` and `candidate_pool` take ids only",
     "`catalog`'s models (`qwen3.5-397b-a17b` is partial: `state`, `state_curve` and `kv` only), or a spec"},
    {"batch", "B, identical requests in the call", ""},
    {"context", "S, cached positions before the call; for `capacity`, `crossover` and `param_budget`, tokens stored per request",
     ""},
    {"input", "P, new positions per request", ""},
    {"generated", "G, returned tokens", ""},
    {"head_tokens", "m_out, rows through the vocabulary head", ""},
    {"tokens", "H, context tokens held (`dependency_chain`: positions in the chain)", ""},
    {"gpu", "GPU id", "`catalog`'s gpus"},
    {"workspace_bytes", "fixed reserve M_workspace (the default is 2 GiB)", ""},
    {"requests", "concurrent requests", ""},
    {"weight_dtype", "weight storage format", "`catalog`'s dtypes"},
    {"kv_dtype", "KV storage format", "`catalog`'s dtypes; KV uses the format's bits per value only"},
    {"execution", "execution path (when absent, the chapter's)", "`reference`, `ced`: only for DeepSeek V4.1 Flash"},
    {"layout", "state storage layout", "`reference` (the chapter's BF16 layout), `production` (the released mixed formats)"},
    {"mla_path", "MLA cache path (when absent, the model's: compact for Kimi K3, expanded for DeepSeek-V3)",
     "`compact`, `expanded`: only for models with MLA layers"},
    {"mtp_steps", "optional MTP blocks after the main model", ""},
    {"lengths", "context lengths, one curve point each", "1 … 4,096 integers, each 1 … 2^53 − 1"},
    {"displays", "include a display string for every value (a long series drawn as a chart needs only the values)",
     "`true`, `false`"},
    {"dispatch", "routing dispatch", "`uniform`, `concentrated`, `random` (expectation E·(1−(1−k/E)^B)), `explicit`"},
    {"tokens_per_expert", "t_e list for `explicit` dispatch", "non-negative integers adding up to B·k_top"},
    {"max_batch",
     "the batch axis reaches at least this far; it grows to the next power of two holding `batch` (and 2·B* for "
     "`crossover_curve`)",
     ""},
    {"dispatches", "the dispatches drawn, one curve each",
     "1 to 3 of `uniform`, `concentrated`, `random` (`explicit` describes one batch only)"},
    {"set", "model set", "ids in `content/model_sets.json`"},
    {"kv_heads",
     "re-run a GQA model with this many KV heads, query heads unchanged; exercise 2-4, and the \"query heads instead of KV "
     "heads\" value",
     "must divide the query heads; only for models with GQA layers"},
    {"pairs", "how GQA attention scores are counted (when absent, the model's: `causal`; Qwen3.6 counts its eager rectangle)",
     "`causal` (P·S + P(P+1)/2 per sequence), `square` (the whole B·P·(S+P) rectangle, masked slots too)"},
    {"score_heads", "which heads QKᵀ and AV are counted for on GQA layers (when absent, `query`)",
     "`query`, `kv` (one score per KV head: the wrong value of exercise 2-4(c), mistake `kv_heads_for_scores`)"},
    {"budget_bytes", "a state budget: adds the longest context it holds", ""},
    {"memory_unit",
     "how the card's stated memory is read: `GB` as vendors state it; `GiB` misreads the same number as binary (24 GB as 24 "
     "GiB), the wrong value of the `device_gb_as_gib` mistake of exercises 2-7 and 2-9(e)",
     "`GB`, `GiB`"},
    {"explain", "add `how`, the \"how was this computed?\" strings", "`true`, `false`"},
    {"total_input", "the turn's whole prompt, cached prefix included", ""},
    {"cached", "positions of the prompt already cached", ""},
    {"edit_at", "position of an edit: the cache is reused up to it", ""},
    {"layers", "layers in the dependency chain", ""},
    {"answer", "the reader's answer, as typed", "text or a number"},
    {"expected", "the expected value: {value, unit, digits?, per?, mistakes?}", "an object"},
    {"text", "text a reader typed into a quantity field", "a string"},
    {"kind", "how that text is read", "`tokens`, `count`, `bytes`"},
    {"config", "a Hugging Face config.json, as an object", "an object"},
    {"config_text", "the same config.json as text (what a reader pastes)", "up to 1 MiB"},
    {"name", "the imported model's name", "a string"},
};

const char* kind_name(FieldKind k) {
    switch (k) {
        case FieldKind::Integer: return "integer";
        case FieldKind::Decimal: return "decimal";
        case FieldKind::Text: return "text";
        case FieldKind::Flag: return "flag";
        case FieldKind::Model: return "model";
        case FieldKind::List: return "list";
        case FieldKind::Object: return "object";
    }
    return "";
}

const char* kind_name(ResultKind k) {
    switch (k) {
        case ResultKind::Exact: return "exact";
        case ResultKind::Ratio: return "ratio";
        case ResultKind::Display: return "display";
        case ResultKind::Text: return "text";
        case ResultKind::Flag: return "flag";
        case ResultKind::List: return "list";
        case ResultKind::ExactList: return "exact_list";
        case ResultKind::TextList: return "text_list";
        case ResultKind::ExactColumns: return "exact_columns";
        case ResultKind::DisplayColumns: return "display_columns";
        case ResultKind::Object: return "object";
        case ResultKind::How: return "how";
    }
    return "";
}

const char* presence_name(Presence p) {
    switch (p) {
        case Presence::Always: return "always";
        case Presence::Optional: return "optional";
        case Presence::Nullable: return "nullable";
        case Presence::Failure: return "failure";
    }
    return "";
}

Json field_json(const FieldDecl& d) {
    Json j;
    j["name"] = d.name;
    j["kind"] = kind_name(d.kind);
    if (d.kind == FieldKind::Integer) {
        j["min"] = exact_json(d.lo);
        j["max"] = d.limit != nullptr ? Json(d.limit) : exact_json(d.hi);
    }
    j["default"] = d.fallback != nullptr ? Json(d.fallback) : Json(nullptr);
    return j;
}

Json result_json(ResultList list) {
    Json out = Json::array();
    for (const ResultDecl& r : list) {
        Json j;
        j["key"] = r.key;
        j["kind"] = kind_name(r.kind);
        j["presence"] = presence_name(r.presence);
        if (r.kind == ResultKind::List) j["items"] = result_json(r.items);
        out.push_back(j);
    }
    return out;
}

bool explains(const OpDef& op) {
    for (const FieldDecl& d : op.fields) {
        if (std::string(d.name) == "explain") return true;
    }
    return false;
}

}  // namespace

Json schema_json() {
    Json ops = Json::array();
    for (const OpDef* op : all_ops()) {
        Json o;
        o["name"] = op->name;
        o["explains"] = explains(*op);
        o["fields"] = Json::array();
        for (const FieldDecl& d : op->fields) o["fields"].push_back(field_json(d));
        o["fields"].push_back(field_json(fields::kLang));  // every op's (evaluate() reads it)
        o["result"] = result_json(op->result);
        o["samples"] = Json::array();
        for (const char* sample : op->samples) o["samples"].push_back(Json::parse(sample));
        ops.push_back(o);
    }
    Json meanings = Json::array();
    auto add = [&meanings](DeclList<FieldMeaning> list) {
        for (const FieldMeaning& m : list) {
            meanings.push_back({{"name", m.field}, {"meaning", m.meaning}, {"accepted", m.accepted}});
        }
    };
    add(kFieldMeanings);
    for (DeclList<FieldMeaning> chapter : book_field_meanings()) add(chapter);
    Json out;
    out["ops"] = ops;
    out["fields"] = meanings;
    return out;
}

}  // namespace tally::api
