// The decode_step_rate op (Example 3-1): the bytes one decode step of a
// batch moves and the steps per second a card's bandwidth allows.  The
// arithmetic is src/core/ch03/decode_rate.cpp over chapter 2's weight and
// state bytes.
#include "api/ops/ch03/ops.hpp"

#include "model_fields.hpp"
#include "core/ch03/decode_rate.hpp"
#include "core/format.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kDecodeStepRateFields[] = {
    fields::kModel,
    fields::kBatch,
    fields::kStoredContext,
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::of_kind("efficiency", FieldKind::Decimal, "1"),
    field::integer("cards", 1, 1 << 20, "1"),
    fields::kWeightDtype,
    fields::kKvDtype,
};

const Ratio kGiga(1000000000);

Json op_decode_step_rate(const Json& req) {
    RequestFields f(req, kDecodeStepRateFields);
    const ModelSpec m = model_of(f);
    ch03::DecodeStepInput in;
    in.batch = f.integer_or("batch");
    in.context = f.integer("context");
    in.bandwidth = ch03_fields::decimal(f, "bandwidth") * kGiga;  // GB/s as the vendor states it
    in.efficiency = ch03_fields::decimal_at_most(f, "efficiency", "1", Ratio(1), "1");
    in.cards = f.integer_or("cards");
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state = state_options_of(f);
    const ch03::DecodeStepRate r = ch03::decode_step_rate(m, weights, state, in);
    Json out;
    out["model"] = m.id;
    out["shared_weight_bytes"] = exact_json(r.bytes.shared_weights);
    out["embedding_row_bytes"] = exact_json(r.bytes.embedding_rows);
    out["kv_read_bytes"] = exact_json(r.bytes.kv_read);
    out["kv_write_bytes"] = exact_json(r.bytes.kv_write);
    out["step_bytes"] = exact_json(r.bytes.total);
    out["step_display"] = bytes_decimal_text(r.bytes.total);
    out["step_seconds"] = exact_json(r.step_seconds);
    out["step_ms"] = exact_json(r.step_seconds * Ratio(1000));
    out["step_ms_display"] = trimmed(r.step_seconds * Ratio(1000), 2) + " ms";
    out["steps_per_second"] = exact_json(r.steps_per_second);
    out["steps_per_second_display"] = fixed(r.steps_per_second, 2);
    out["steps_per_second_all"] = exact_json(r.steps_per_second_all);
    out["steps_per_second_all_display"] = fixed(r.steps_per_second_all, 2);
    return out;
}

constexpr ResultDecl kDecodeStepRateResult[] = {
    result::text("model"),
    result::exact("shared_weight_bytes"),
    result::exact("embedding_row_bytes"),
    result::exact("kv_read_bytes"),
    result::exact("kv_write_bytes"),
    result::exact("step_bytes"),
    result::display("step_display"),
    result::exact("step_seconds"),
    result::exact("step_ms"),
    result::display("step_ms_display"),
    result::exact("steps_per_second"),
    result::display("steps_per_second_display"),
    result::exact("steps_per_second_all"),
    result::display("steps_per_second_all_display"),
};
constexpr const char* kDecodeStepRateSamples[] = {
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":64,"context":2742,"bandwidth":"1792","cards":2})",
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":1,"context":1960,"bandwidth":"3350","efficiency":"0.5"})",
};

}  // namespace

const OpDef kDecodeStepRateOp = {"decode_step_rate", op_decode_step_rate, kDecodeStepRateFields, kDecodeStepRateResult,
                                 kDecodeStepRateSamples};

}  // namespace tally::api
