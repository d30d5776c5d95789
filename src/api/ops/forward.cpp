// The forward op: one forward pass's matrix FLOPs row by row (Tables 2-B, 2-D),
// with the explanations of its totals.
#include "all_ops.hpp"

#include "core/messages.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "how.hpp"
#include "request_readers.hpp"
#include "result_parts.hpp"

namespace tally::api {

namespace {

// forward's fields, in the order an unknown field's message lists them.
constexpr FieldDecl kForwardFields[] = {
    fields::kModel,
    fields::kBatch,
    fields::kCachedContext,
    fields::kInput,
    field::bounded("head_tokens", 0, "B·P", "B"),
    fields::kExecution,
    field::integer("mtp_steps", 0, 16, "0"),
    fields::kMlaPath,
    fields::kKvHeads,
    fields::kPairs,
    fields::kScoreHeads,
    fields::kExplain,
};

bool interaction_row(const LineItem& it) { return it.interaction; }

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

Json explain_forward(const ForwardResult& fr, const CallShape& c) {
    const std::string B = group_thousands(c.batch), P = group_thousands(c.input);
    Json how;
    how["display"] = sum_how(render(msg::how_name_total), fr.items, true, fr.total, any_row);
    how["interaction_display"] = sum_how(render(msg::how_name_interaction), fr.items, true, fr.interaction, interaction_row);
    how["rows"] = how_entry("B × P", fill("{} × {} = {}", {B, P, group_thousands(fr.rows)}));
    how["n_pair"] =
        how_entry("B × (P×S + P(P+1)/2)",
                  fill("{} × ({}×{} + {}×{}/2) = {}",
                       {B, P, group_thousands(c.context), P, group_thousands(add(c.input, 1)), group_thousands(fr.n_pair)}));
    return how;
}

CallShape call_shape_of(const RequestFields& f) {
    CallShape c;
    c.batch = f.integer_or("batch");
    c.context = f.integer_or("context");
    c.input = f.integer_or("input");
    c.head_tokens = f.integer_or("head_tokens", c.batch, 0, c.rows());
    return c;
}

Json op_forward(const Json& req) {
    RequestFields f(req, kForwardFields);
    const ModelSpec& m = model_of(f);
    CallShape c = call_shape_of(f);
    c.execution = execution_of(f, m);
    c.mtp_steps = f.integer_or("mtp_steps");
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
    if (f.flag_or("explain")) r["how"] = explain_forward(fr, c);
    r["notes"] = context_notes(m, add(c.context, c.input));
    return r;
}

// A row of Tables 2-B / 2-D: one matrix product's FLOPs.
constexpr ResultDecl kForwardItem[] = {
    result::text("id"),
    result::text("label"),
    result::text("section"),
    result::optional(result::text("shape")),
    result::optional(result::text("weight")),
    result::text("formula"),
    result::text("substituted"),
    result::exact("layers"),
    result::exact("per_call"),
    result::exact("flops"),
    result::display("display"),
};
constexpr ResultDecl kForwardStage[] = {
    result::text("id"),         result::text("label"),   result::exact("flops"),
    result::display("display"), result::text("formula"), result::text("substituted"),
};
constexpr ResultDecl kForwardResult[] = {
    result::text("model"),
    result::exact("rows"),
    result::exact("n_pair"),
    result::exact("total"),
    result::display("display"),
    result::exact("interaction"),
    result::display("interaction_display"),
    result::list("items", kForwardItem),
    result::optional(result::list("stages", kForwardStage)),
    result::how(),
    result::notes(),
};
constexpr const char* kForwardSamples[] = {
    R"({"op":"forward","model":"qwen3-8b","input":8192,"explain":true})",
    R"({"op":"forward","model":"deepseek-v4.1-flash","context":8192,"input":1})",
};

}  // namespace

const OpDef kForwardOp = {"forward", op_forward, kForwardFields, kForwardResult, kForwardSamples};

}  // namespace tally::api
