// The moe_training op (section 3.6.2, Exercise 3-9): a MoE model's expert
// training FLOPs per token and over a training run, from the chapter-2
// spec's layers, widths and top-k (src/core/ch03/moe_training.cpp), or from
// the five shapes sent instead of a model (V4-Pro, which has no spec here).
#include "api/ops/ch03/ops.hpp"

#include "api/errors.hpp"
#include "core/ch03/moe_training.hpp"
#include "core/format.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kMoeTrainingFields[] = {
    fields::kModel,
    field::integer("training_tokens", 1, kMaxCount, "1"),
    field::integer("moe_layers", 1, 1 << 16),
    field::integer("hidden", 1, 1 << 24),
    field::integer("expert_width", 1, 1 << 24),
    field::integer("routed_experts", 1, 1 << 16),
    field::integer("shared_experts", 0, 1 << 16, "0"),
};

// Shapes instead of a model: all four sizes are then needed.
bool by_shapes(const RequestFields& f) { return !f.has("model") && f.has("moe_layers"); }

ch03::MoeTrainingWork work_of(const RequestFields& f, std::string& id) {
    const u128 tokens = f.integer_or("training_tokens");
    if (by_shapes(f)) {
        ch03::MoeShapes s;
        s.layers = f.integer("moe_layers");
        s.hidden = f.integer("hidden");
        s.expert_width = f.integer("expert_width");
        s.routed = f.integer("routed_experts");
        s.shared = f.integer_or("shared_experts");
        id = "";
        return ch03::moe_training(s, tokens);
    }
    const ModelSpec m = model_of(f);
    const ch03::MoeTrainingWork w = ch03::moe_training(m, tokens);
    if (w.moe_layers == 0) throw FieldError("model", msg::routing_needs_moe, {{"model", m.name}});
    id = m.id;
    return w;
}

Json op_moe_training(const Json& req) {
    RequestFields f(req, kMoeTrainingFields);
    std::string id;
    const ch03::MoeTrainingWork w = work_of(f, id);
    Json r;
    r["model"] = id;
    r["moe_layers"] = exact_json(w.moe_layers);
    r["expert_params_per_token"] = exact_json(w.expert_params_per_token);
    r["per_token"] = exact_json(w.flops_per_token);
    r["per_token_display"] = flops_text(Ratio(w.flops_per_token));
    r["total"] = exact_json(w.total);
    // 10^24 FLOPs (yotta): the scale the chapter writes run totals in.
    const Ratio yflops(w.total, u128{1000000000000ULL} * 1000000000000ULL);
    r["total_yflops"] = exact_json(yflops);
    r["total_yflops_display"] = fixed(yflops, 5);  // as the chapter prints 1.45438
    r["total_display"] = flops_text(Ratio(w.total));
    return r;
}

constexpr ResultDecl kMoeTrainingResult[] = {
    result::text("model"),
    result::exact("moe_layers"),
    result::exact("expert_params_per_token"),
    result::exact("per_token"),
    result::display("per_token_display"),
    result::exact("total"),
    result::exact("total_yflops"),
    result::display("total_yflops_display"),
    result::display("total_display"),
};
constexpr const char* kMoeTrainingSamples[] = {
    // The shapes first: the range checks of tests/core/op_schema_test.cpp start from it.
    R"({"op":"moe_training","moe_layers":61,"hidden":7168,"expert_width":3072,"routed_experts":6,"shared_experts":1,"training_tokens":33000000000000})",
    R"({"op":"moe_training","model":"deepseek-v4-flash","training_tokens":32000000000000})",
    R"({"op":"moe_training","model":"qwen3-30b-a3b"})",
};

}  // namespace

const OpDef kMoeTrainingOp = {"moe_training", op_moe_training, kMoeTrainingFields, kMoeTrainingResult, kMoeTrainingSamples};

}  // namespace tally::api
