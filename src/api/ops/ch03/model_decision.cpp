// The decision_request op (section 3.2.4, the Jev case, Figure 3-15): one
// forward that answers every question against an LLM that prefills and
// decodes, in seconds, GPU-seconds and USD, and the hand-off break-even.
// The arithmetic is src/core/ch03/decision_request.cpp; the prices and the
// demo's two costs are the case's published inputs, sent as decimals.
#include "api/ops/ch03/ops.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "model_fields.hpp"
#include "core/ch03/decision_request.hpp"
#include "core/format.hpp"
#include "api/ops/request_readers.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kDecisionFields[] = {
    fields::kModel,
    field::integer("tokens", 1, u128{1} << 24),
    field::of_kind("demo_usd", FieldKind::Decimal, "0.000081"),
    field::of_kind("usd_per_million", FieldKind::Decimal, "0.042"),
    field::bounded("questions", 1, "tokens", "8"),
    fields::kExecution,
    field::of_kind("peak_tflops", FieldKind::Decimal, "989.4"),
    field::of_kind("compute_efficiency", FieldKind::Decimal, "0.4"),
    field::of_kind("bandwidth", FieldKind::Decimal, "3350"),
    field::of_kind("bandwidth_efficiency", FieldKind::Decimal, "0.5"),
    field::of_kind("usd_per_gpu_hour", FieldKind::Decimal, "2"),
    field::integer("generated", 0, u128{1} << 20, "64"),
    field::integer("decode_batch", 1, 1 << 16, "64"),
    field::of_kind("handoff_usd", FieldKind::Decimal, "0.01388"),
    fields::kWeightDtype,
    fields::kKvDtype,
    fields::kGpu,
};

// The nearest whole token (halves up): the demo's cost over the price.
u128 nearest(const Ratio& r) { return (r + Ratio(1, 2)).floor(); }

void put(Json& r, const std::string& key, const Ratio& v, unsigned places) {
    r[key] = exact_json(v);
    r[key + "_display"] = fixed(v, places);
}

Json op_decision_request(const Json& req) {
    RequestFields f(req, kDecisionFields);
    const ModelSpec m = model_of(f);
    using ch03_fields::decimal_at_most;
    using ch03_fields::decimal_or;
    const Ratio demo_usd = decimal_or(f, "demo_usd", "0.000081");
    const Ratio usd_per_token = decimal_or(f, "usd_per_million", "0.042") / Ratio(1000000);
    const Ratio tokens_from_price = demo_usd / usd_per_token;
    ch03::DecisionInput in;
    in.tokens = f.has("tokens") ? f.integer("tokens") : nearest(tokens_from_price);
    if (in.tokens == 0) throw FieldError("demo_usd", msg::ch03_model_no_tokens, {{"label", describe_field("demo_usd")}});
    in.questions = f.integer_or("questions", 8, 1, in.tokens);
    in.execution = execution_of(f, m);
    // `gpu` supplies the peak and bandwidth the request leaves out (the
    // defaults are H100 SXM's).
    const std::optional<Ratio> gpu_peak = gpu_peak_tflops(f, "bf16", describe_field("peak_tflops"));
    const Ratio peak_tflops = gpu_peak ? *gpu_peak : decimal_or(f, "peak_tflops", "989.4");
    const Ratio compute_efficiency = decimal_at_most(f, "compute_efficiency", "0.4", Ratio(1), "1");
    in.hw.flops_per_second = peak_tflops * Ratio(1000000000000ULL) * compute_efficiency;
    const std::optional<Ratio> gpu_bandwidth = gpu_bandwidth_gb_per_second(f, describe_field("bandwidth"));
    const Ratio bandwidth = gpu_bandwidth ? *gpu_bandwidth : decimal_or(f, "bandwidth", "3350");
    const Ratio bandwidth_efficiency = decimal_at_most(f, "bandwidth_efficiency", "0.5", Ratio(1), "1");
    in.hw.bytes_per_second = bandwidth * Ratio(1000000000) * bandwidth_efficiency;
    in.usd_per_gpu_hour = decimal_or(f, "usd_per_gpu_hour", "2");
    in.generated = f.integer_or("generated");
    in.decode_batch = f.integer_or("decode_batch");
    const Ratio handoff_usd = decimal_or(f, "handoff_usd", "0.01388");
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state = state_options_of(f);
    const ch03::DecisionResult d = ch03::decision_request(m, weights, state, in);
    Json r;
    r["model"] = m.id;
    r["tokens"] = exact_json(in.tokens);
    r["tokens_from_price"] = exact_json(tokens_from_price);
    r["flops"] = exact_json(d.flops);
    r["flops_display"] = flops_text(d.flops);
    put(r, "compute_seconds", d.compute_seconds, 6);
    put(r, "memory_seconds", d.memory_seconds, 6);
    put(r, "latency_ms", d.latency_seconds * Ratio(1000), 1);
    put(r, "gpu_seconds", d.gpu_seconds, 4);
    r["usd_per_request"] = exact_json(d.usd_per_request);
    put(r, "usd_per_million_input", d.usd_per_million_input, 4);
    put(r, "price_over_cost", usd_per_token * Ratio(1000000) / d.usd_per_million_input, 2);
    // The hand-off pays off against what this request's own tokens cost at
    // Jev's price (the book's calculator), not against the demo's fixed
    // 0.000081 USD: at the demo's 1,929 tokens the two agree.
    const Ratio request_usd = usd_per_token * Ratio(in.tokens);
    r["request_usd"] = exact_json(request_usd);
    put(r, "handoff_breakeven_percent", request_usd * Ratio(100) / handoff_usd, 2);
    put(r, "handoff_over_demo", handoff_usd / request_usd, 0);
    if (d.llm) {
        const ch03::LlmPath& p = *d.llm;
        r["llm_decode_steps"] = exact_json(p.decode_steps);
        r["llm_mean_context"] = exact_json(p.mean_context);
        put(r, "llm_step_ms", p.step_seconds * Ratio(1000), 2);
        put(r, "llm_latency_seconds", p.latency_seconds, 3);
        put(r, "llm_gpu_seconds", p.gpu_seconds, 4);
        put(r, "llm_latency_ratio", p.latency_seconds / d.latency_seconds, 1);
        put(r, "llm_gpu_ratio", p.gpu_seconds / d.gpu_seconds, 2);
    } else {
        for (const char* key :
             {"llm_decode_steps", "llm_mean_context", "llm_step_ms", "llm_step_ms_display", "llm_latency_seconds",
              "llm_latency_seconds_display", "llm_gpu_seconds", "llm_gpu_seconds_display", "llm_latency_ratio",
              "llm_latency_ratio_display", "llm_gpu_ratio", "llm_gpu_ratio_display"}) {
            r[key] = Json(nullptr);
        }
    }
    return r;
}

constexpr ResultDecl kDecisionResult[] = {
    result::text("model"),
    result::exact("tokens"),
    result::exact("tokens_from_price"),
    result::exact("flops"),
    result::display("flops_display"),
    result::exact("compute_seconds"),
    result::display("compute_seconds_display"),
    result::exact("memory_seconds"),
    result::display("memory_seconds_display"),
    result::exact("latency_ms"),
    result::display("latency_ms_display"),
    result::exact("gpu_seconds"),
    result::display("gpu_seconds_display"),
    result::exact("usd_per_request"),
    result::exact("usd_per_million_input"),
    result::display("usd_per_million_input_display"),
    result::exact("price_over_cost"),
    result::display("price_over_cost_display"),
    result::exact("request_usd"),
    result::exact("handoff_breakeven_percent"),
    result::display("handoff_breakeven_percent_display"),
    result::exact("handoff_over_demo"),
    result::display("handoff_over_demo_display"),
    result::nullable(result::exact("llm_decode_steps")),
    result::nullable(result::exact("llm_mean_context")),
    result::nullable(result::exact("llm_step_ms")),
    result::nullable(result::display("llm_step_ms_display")),
    result::nullable(result::exact("llm_latency_seconds")),
    result::nullable(result::display("llm_latency_seconds_display")),
    result::nullable(result::exact("llm_gpu_seconds")),
    result::nullable(result::display("llm_gpu_seconds_display")),
    result::nullable(result::exact("llm_latency_ratio")),
    result::nullable(result::display("llm_latency_ratio_display")),
    result::nullable(result::exact("llm_gpu_ratio")),
    result::nullable(result::display("llm_gpu_ratio_display")),
};
constexpr const char* kDecisionSamples[] = {
    R"({"op":"decision_request","model":"qwen3-8b"})",
    R"({"op":"decision_request","model":"qwen3-8b","generated":512})",
    R"({"op":"decision_request","model":"deepseek-v4.1-flash","generated":0})",
};

}  // namespace

const OpDef kDecisionRequestOp = {"decision_request", op_decision_request, kDecisionFields, kDecisionResult, kDecisionSamples};

}  // namespace tally::api
