// The decode_step_rate op (Example 3-1, Figure 4-36): the bytes one decode
// step of a batch moves and the steps per second a card's bandwidth allows;
// with a dense peak also its FLOPs, and the step takes the longer bound.
// `gpu` names a catalog card that supplies both (explicit fields override)
// and whose memory must hold the weights and the batch's KV, else no rate
// is claimed.  The arithmetic is src/core/ch03/decode_rate.cpp over chapter
// 2's weight and state bytes.
#include "api/ops/ch03/ops.hpp"

#include "model_fields.hpp"
#include "api/device_rates.hpp"
#include "core/ch03/decode_rate.hpp"
#include "core/format.hpp"
#include "api/ops/request_readers.hpp"
#include "core/units.hpp"

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
    field::of_kind("peak_tflops", FieldKind::Decimal),
    fields::kGpu,
};

// The peak a card's catalog entry supplies: dense BF16 with FP32 accumulate
// (the chapters' matrix rate whatever the weights' storage format).
constexpr const char* kPeakFormat = "bf16";

std::optional<Ratio> sent_decimal(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) return std::nullopt;
    return ch03_fields::decimal(f, name);
}

// Where the card cannot hold the batch: every rate is null.
constexpr const char* kRateKeys[] = {"memory_seconds",
                                     "compute_seconds",
                                     "step_seconds",
                                     "step_ms",
                                     "step_ms_display",
                                     "steps_per_second",
                                     "steps_per_second_display",
                                     "steps_per_second_all",
                                     "steps_per_second_all_display",
                                     "bound"};

Json op_decode_step_rate(const Json& req) {
    RequestFields f(req, kDecodeStepRateFields);
    const ModelSpec m = model_of(f);
    ch03::DecodeStepInput in;
    in.batch = f.integer_or("batch");
    in.context = f.integer("context");
    const std::optional<Ratio> sent_bandwidth = sent_decimal(f, "bandwidth");  // GB/s as the vendor states it
    in.efficiency = ch03_fields::decimal_at_most(f, "efficiency", "1", Ratio(1), "1");
    in.cards = f.integer_or("cards");
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state = state_options_of(f);
    const std::optional<Ratio> sent_peak = sent_decimal(f, "peak_tflops");
    const DeviceRates d = device_rates(f, sent_bandwidth, sent_peak, kPeakFormat);
    in.bandwidth = require_bandwidth(d, describe_field("bandwidth"));
    in.flops_per_second = d.flops_per_second;
    const ch03::DecodeStepRate r = ch03::decode_step_rate(m, weights, state, in);
    Json out;
    out["model"] = m.id;
    out["shared_weight_bytes"] = exact_json(r.bytes.shared_weights);
    out["embedding_row_bytes"] = exact_json(r.bytes.embedding_rows);
    out["kv_read_bytes"] = exact_json(r.bytes.kv_read);
    out["kv_write_bytes"] = exact_json(r.bytes.kv_write);
    out["step_bytes"] = exact_json(r.bytes.total);
    out["step_display"] = bytes_decimal_text(r.bytes.total);
    out["flops"] = exact_json(r.flops);
    out["gpu"] = d.gpu ? Json(d.gpu->id) : Json(nullptr);
    out["bandwidth"] = exact_json(in.bandwidth / kGiga);
    out["peak_tflops"] = d.flops_per_second ? exact_json(*d.flops_per_second / Ratio(1000000000000ULL)) : Json(nullptr);
    // A card named by `gpu` must hold every weight and the batch's KV.
    const Ratio resident = ch03::decode_resident_bytes(m, weights, state, in.batch, in.context);
    out["resident_bytes"] = exact_json(resident);
    out["fits"] = d.gpu ? Json(resident <= Ratio(d.gpu->memory_bytes)) : Json(nullptr);
    if (d.gpu && Ratio(d.gpu->memory_bytes) < resident) {
        for (const char* key : kRateKeys) out[key] = nullptr;
        return out;
    }
    out["memory_seconds"] = exact_json(r.memory_seconds);
    out["compute_seconds"] = r.compute_seconds ? exact_json(*r.compute_seconds) : Json(nullptr);
    out["step_seconds"] = exact_json(r.step_seconds);
    out["step_ms"] = exact_json(r.step_seconds * Ratio(1000));
    out["step_ms_display"] = trimmed(r.step_seconds * Ratio(1000), 2) + " ms";
    out["steps_per_second"] = exact_json(r.steps_per_second);
    out["steps_per_second_display"] = fixed(r.steps_per_second, 2);
    out["steps_per_second_all"] = exact_json(r.steps_per_second_all);
    out["steps_per_second_all_display"] = fixed(r.steps_per_second_all, 2);
    // "bandwidth_only": no peak was known, so the step is the read bound alone.
    out["bound"] = !r.compute_seconds ? "bandwidth_only" : (r.compute_bound ? "compute" : "memory");
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
    result::exact("flops"),
    result::nullable(result::text("gpu")),
    result::exact("bandwidth"),
    result::nullable(result::exact("peak_tflops")),
    result::exact("resident_bytes"),
    result::nullable(result::flag("fits")),
    result::nullable(result::exact("memory_seconds")),
    result::nullable(result::exact("compute_seconds")),
    result::nullable(result::exact("step_seconds")),
    result::nullable(result::exact("step_ms")),
    result::nullable(result::display("step_ms_display")),
    result::nullable(result::exact("steps_per_second")),
    result::nullable(result::display("steps_per_second_display")),
    result::nullable(result::exact("steps_per_second_all")),
    result::nullable(result::display("steps_per_second_all_display")),
    result::nullable(result::text("bound")),
};
constexpr const char* kDecodeStepRateSamples[] = {
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":64,"context":2742,"bandwidth":"1792","cards":2})",
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":1,"context":1960,"bandwidth":"3350","efficiency":"0.5"})",
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":396,"context":3,"bandwidth":"3350","peak_tflops":"989.4"})",
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":1,"context":8192,"gpu":"rtx-3090"})",
    R"({"op":"decode_step_rate","model":"qwen3-8b","batch":64,"context":8192,"gpu":"rtx-4090"})",
};

}  // namespace

const OpDef kDecodeStepRateOp = {"decode_step_rate", op_decode_step_rate, kDecodeStepRateFields, kDecodeStepRateResult,
                                 kDecodeStepRateSamples};

}  // namespace tally::api
