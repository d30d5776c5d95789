// Chapter 3's training ops (section 3.4): one training step's matrix FLOPs
// and training state (`training`), the attention work of packed documents
// (`packing`) and the tokens one optimizer update reads (`update_tokens`).
// The arithmetic is src/core/ch03/training.cpp over chapter 2's forward().
#include "api/ops/ch03/ops.hpp"

#include "api/catalog.hpp"
#include "flow_display.hpp"
#include "model_fields.hpp"
#include "core/ch03/training.hpp"
#include "core/format.hpp"
#include "core/params.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kTrainingFields[] = {
    fields::kModel,
    fields::kBatch,
    field::integer("input", 1, kMaxCount, "1"),
    field::bounded("labels", 1, "P", "P"),
    field::of_kind("head", FieldKind::Text, "full"),
    field::of_kind("gradients", FieldKind::Text, "fp32"),
};

// Percent by which `a` exceeds `b`; null when it does not.
Json excess_percent(const Ratio& a, const Ratio& b) {
    if (b == Ratio(0) || a < b) return Json(nullptr);
    return exact_json((a - b) * Ratio(100) / b);
}

Json op_training(const Json& req) {
    RequestFields f(req, kTrainingFields);
    const ModelSpec m = model_of(f);
    ch03::TrainingShape s;
    s.batch = f.integer_or("batch");
    s.input = f.integer_or("input");
    s.labels = f.integer_or("labels", s.input, 1, s.input);
    s.head = ch03_fields::choice_or(f, "head", {"full", "compact"}) == "compact" ? ch03::HeadMode::Compact : ch03::HeadMode::Full;
    ch03::StateBytesPerParam per_param;
    // BF16 gradients keep 2 bytes per parameter instead of FP32's 4 (Exercise 3-6).
    if (ch03_fields::choice_or(f, "gradients", {"fp32", "bf16"}) == "bf16") per_param.gradients = 2;
    const ch03::TrainingWork w = ch03::training_work(m, s, per_param);
    const Ratio weights = weight_bytes(m, find_dtype("weight_dtype", "bf16"));
    Json r;
    r["model"] = m.id;
    r["rows"] = exact_json(w.rows);
    r["labels"] = exact_json(mul(s.batch, s.labels));
    r["head_rows"] = exact_json(w.head_rows);
    r["forward"] = exact_json(w.forward);
    r["forward_display"] = flops_text(w.forward);
    r["forward_tflops_display"] = flow::tflops_fixed(w.forward);
    r["backward"] = exact_json(w.backward);
    r["backward_display"] = flops_text(w.backward);
    r["backward_tflops_display"] = flow::tflops_fixed(w.backward);
    r["total"] = exact_json(w.total);
    r["display"] = flops_text(w.total);
    r["tflops_display"] = flow::tflops_fixed(w.total);
    r["attention"] = exact_json(w.attention);
    r["attention_display"] = flops_text(w.attention);
    r["attention_tflops_display"] = flow::tflops_fixed(w.attention);
    r["params"] = exact_json(w.params);
    r["six_nd"] = exact_json(w.six_nd);
    r["six_nd_display"] = flops_text(w.six_nd);
    r["six_nd_tflops_display"] = flow::tflops_fixed(w.six_nd);
    r["over_six_nd_percent"] = excess_percent(w.total, w.six_nd);
    r["state_bytes_per_param"] = exact_json(w.state_bytes_per_param);
    r["state_bytes"] = exact_json(w.state_bytes);
    r["state_display"] = bytes_decimal_text(w.state_bytes);
    r["state_binary_display"] = bytes_binary_text(w.state_bytes);
    r["weight_bytes"] = exact_json(weights);
    r["state_over_weights"] = exact_json(w.state_bytes / weights);
    return r;
}

constexpr ResultDecl kTrainingResult[] = {
    result::text("model"),
    result::exact("rows"),
    result::exact("labels"),
    result::exact("head_rows"),
    result::exact("forward"),
    result::display("forward_display"),
    result::display("forward_tflops_display"),
    result::exact("backward"),
    result::display("backward_display"),
    result::display("backward_tflops_display"),
    result::exact("total"),
    result::display("display"),
    result::display("tflops_display"),
    result::exact("attention"),
    result::display("attention_display"),
    result::display("attention_tflops_display"),
    result::exact("params"),
    result::exact("six_nd"),
    result::display("six_nd_display"),
    result::display("six_nd_tflops_display"),
    result::nullable(result::exact("over_six_nd_percent")),
    result::exact("state_bytes_per_param"),
    result::exact("state_bytes"),
    result::display("state_display"),
    result::display("state_binary_display"),
    result::exact("weight_bytes"),
    result::exact("state_over_weights"),
};
constexpr const char* kTrainingSamples[] = {
    R"({"op":"training","model":"qwen3-8b","batch":1,"input":8192})",
    R"({"op":"training","model":"qwen3-8b","input":8192,"labels":4096,"head":"compact"})",
    R"({"op":"training","model":"qwen3-8b","input":4096,"batch":2,"gradients":"bf16"})",
};

constexpr FieldDecl kPackingFields[] = {
    fields::kModel,
    field::of_kind("documents", FieldKind::List),
    field::of_kind("baseline", FieldKind::List),
};

constexpr std::size_t kMaxDocuments = 4096;

Json packing_json(const ch03::PackedAttention& p) {
    Json r;
    r["pairs"] = exact_json(p.pairs);
    r["forward"] = exact_json(p.forward);
    r["forward_display"] = flops_text(p.forward);
    r["forward_per_layer"] = exact_json(p.forward_per_layer);
    r["forward_per_layer_display"] = flops_text(p.forward_per_layer);
    return r;
}

Json op_packing(const Json& req) {
    RequestFields f(req, kPackingFields);
    const ModelSpec m = model_of(f);
    const ch03::PackedAttention p = ch03::packed_attention(m, ch03_fields::positive_integers(req, "documents", kMaxDocuments));
    Json r = packing_json(p);
    r["model"] = m.id;
    r["layers"] = exact_json(m.total_layers());
    if (f.has("baseline")) {
        const ch03::PackedAttention b = ch03::packed_attention(m, ch03_fields::positive_integers(req, "baseline", kMaxDocuments));
        r["baseline"] = packing_json(b);
        // Percent up or down from the baseline: exact values are unsigned.
        if (b.forward <= p.forward) {
            r["increase_percent"] = excess_percent(p.forward, b.forward);
        } else {
            r["decrease_percent"] = exact_json((b.forward - p.forward) * Ratio(100) / b.forward);
        }
    }
    return r;
}

constexpr ResultDecl kPackingPart[] = {
    result::exact("pairs"),
    result::exact("forward"),
    result::display("forward_display"),
    result::exact("forward_per_layer"),
    result::display("forward_per_layer_display"),
};
constexpr ResultDecl kPackingResult[] = {
    result::exact("pairs"),
    result::exact("forward"),
    result::display("forward_display"),
    result::exact("forward_per_layer"),
    result::display("forward_per_layer_display"),
    result::text("model"),
    result::exact("layers"),
    {"baseline", ResultKind::Object, Presence::Optional, kPackingPart},
    result::optional(result::exact("increase_percent")),
    result::optional(result::exact("decrease_percent")),
};
constexpr const char* kPackingSamples[] = {
    R"({"op":"packing","model":"qwen3-8b","documents":[7168,1024],"baseline":[4096,4096]})",
    R"({"op":"packing","model":"qwen3-8b","documents":[4096,4096],"baseline":[8192]})",
};

constexpr FieldDecl kUpdateTokensFields[] = {
    field::integer("accumulation", 1, u128{1} << 20, "1"),
    field::integer("micro_batch", 1, u128{1} << 20, "1"),
    field::integer("input", 1, kMaxCount),
    field::bounded("labels", 1, "P", "P"),
};

Json op_update_tokens(const Json& req) {
    RequestFields f(req, kUpdateTokensFields);
    const u128 accumulation = f.integer_or("accumulation");
    const u128 micro_batch = f.integer_or("micro_batch");
    const u128 input = f.integer("input");
    const u128 labels = f.integer_or("labels", input, 1, input);
    const ch03::UpdateTokens t = ch03::update_tokens(accumulation, micro_batch, input, labels);
    Json r;
    r["input_tokens"] = exact_json(t.input);
    r["supervised_tokens"] = exact_json(t.supervised);
    return r;
}

constexpr ResultDecl kUpdateTokensResult[] = {
    result::exact("input_tokens"),
    result::exact("supervised_tokens"),
};
constexpr const char* kUpdateTokensSamples[] = {
    R"({"op":"update_tokens","accumulation":8,"micro_batch":2,"input":4096,"labels":1024})",
};

}  // namespace

const OpDef kTrainingOp = {"training", op_training, kTrainingFields, kTrainingResult, kTrainingSamples};
const OpDef kPackingOp = {"packing", op_packing, kPackingFields, kPackingResult, kPackingSamples};
const OpDef kUpdateTokensOp = {"update_tokens", op_update_tokens, kUpdateTokensFields, kUpdateTokensResult, kUpdateTokensSamples};

}  // namespace tally::api
