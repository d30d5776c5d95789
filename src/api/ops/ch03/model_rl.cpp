// The rl_cycle op (Example 3-4, Table 3.5.3-a, Exercise 3-7): one RL
// cycle's work by stage, per kept sample and per generated answer, and the
// bytes a weight sync sends to the generation replicas.  The arithmetic is
// src/core/ch03/rl_cycle.cpp.
#include "api/ops/ch03/ops.hpp"

#include "core/ch03/rl_cycle.hpp"
#include "flow_display.hpp"
#include "core/format.hpp"
#include "core/params.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxRlCount = u128{1} << 24;

constexpr FieldDecl kRlCycleFields[] = {
    fields::kModel,
    field::integer("prompts", 1, kMaxRlCount, "1"),
    field::integer("answers", 1, kMaxRlCount, "1"),
    field::integer("input", 1, kMaxCount),
    field::integer("generated", 1, kMaxCount),
    field::bounded("keep", 1, "prompts·answers"),
    field::integer("reference_passes", 0, 16, "1"),
    field::integer("teacher_passes", 0, 16, "0"),
    field::integer("update_epochs", 1, 1024, "1"),
    field::integer("replicas", 0, 1 << 20, "1"),
    fields::kWeightDtype,
};

void put_flops(Json& r, const char* key, const Ratio& v) {
    r[key] = exact_json(v);
    r[std::string(key) + "_display"] = flops_text(v);
    r[std::string(key) + "_tflops_display"] = flow::tflops_fixed(v);  // Table 3.5.3-a's one unit
}

Json op_rl_cycle(const Json& req) {
    RequestFields f(req, kRlCycleFields);
    const ModelSpec m = model_of(f);
    ch03::RlCycleInput in;
    in.prompts = f.integer_or("prompts");
    in.answers = f.integer_or("answers");
    in.input = f.integer("input");
    in.generated = f.integer("generated");
    in.keep = f.integer("keep", 1, mul(in.prompts, in.answers));
    in.reference_passes = f.integer_or("reference_passes");
    in.teacher_passes = f.integer_or("teacher_passes");
    in.update_epochs = f.integer_or("update_epochs");
    const ch03::RlCycleWork w = ch03::rl_cycle(m, in);
    const Ratio weights = weight_bytes(m, weight_dtype_of(f));
    const Ratio sync = weights * Ratio(f.integer_or("replicas"));
    Json r;
    r["model"] = m.id;
    r["samples"] = exact_json(w.samples);
    r["sequence"] = exact_json(w.sequence);
    put_flops(r, "prefill", w.prefill);
    put_flops(r, "decode", w.decode);
    put_flops(r, "reference", w.reference);
    put_flops(r, "teacher", w.teacher);
    put_flops(r, "update", w.update);
    put_flops(r, "generation", w.generation);
    put_flops(r, "total", w.total);
    put_flops(r, "per_kept", w.per_kept);
    put_flops(r, "per_answer", w.per_answer);
    r["kept_tokens"] = exact_json(w.kept_tokens);
    r["supervised_tokens"] = exact_json(w.supervised_tokens);
    r["weight_bytes"] = exact_json(weights);
    r["sync_bytes"] = exact_json(sync);
    r["sync_display"] = bytes_decimal_text(sync);
    return r;
}

constexpr ResultDecl kRlCycleResult[] = {
    result::text("model"),
    result::exact("samples"),
    result::exact("sequence"),
    result::exact("prefill"),
    result::display("prefill_display"),
    result::display("prefill_tflops_display"),
    result::exact("decode"),
    result::display("decode_display"),
    result::display("decode_tflops_display"),
    result::exact("reference"),
    result::display("reference_display"),
    result::display("reference_tflops_display"),
    result::exact("teacher"),
    result::display("teacher_display"),
    result::display("teacher_tflops_display"),
    result::exact("update"),
    result::display("update_display"),
    result::display("update_tflops_display"),
    result::exact("generation"),
    result::display("generation_display"),
    result::display("generation_tflops_display"),
    result::exact("total"),
    result::display("total_display"),
    result::display("total_tflops_display"),
    result::exact("per_kept"),
    result::display("per_kept_display"),
    result::display("per_kept_tflops_display"),
    result::exact("per_answer"),
    result::display("per_answer_display"),
    result::display("per_answer_tflops_display"),
    result::exact("kept_tokens"),
    result::exact("supervised_tokens"),
    result::exact("weight_bytes"),
    result::exact("sync_bytes"),
    result::display("sync_display"),
};
constexpr const char* kRlCycleSamples[] = {
    R"({"op":"rl_cycle","model":"qwen3-8b","prompts":8,"answers":4,"input":1024,"generated":256,"keep":16,"replicas":4})",
    R"({"op":"rl_cycle","model":"qwen3-8b","prompts":4,"answers":4,"input":512,"generated":64,"keep":4,"update_epochs":2})",
    R"({"op":"rl_cycle","model":"qwen3-8b","prompts":12,"answers":4,"input":1024,"generated":256,"keep":16,"reference_passes":0,"teacher_passes":1})",
};

}  // namespace

const OpDef kRlCycleOp = {"rl_cycle", op_rl_cycle, kRlCycleFields, kRlCycleResult, kRlCycleSamples};

}  // namespace tally::api
