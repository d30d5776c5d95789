// Chapter 8's planning ops (§8.1.3, §8.2.1, §8.6.3):
//   decode_read  bytes one decode round reads (shared weights + every request's KV, in BF16 or
//                q8_0 / q4_0), the time at the card's bandwidth, the share a measured round
//                reaches (Table 8.6.3-a's MBU), and a round interpolated between two measured ones
//   batch_plan   a batch that prefills together and decodes in rounds: total time against a
//                deadline, r_P, r_D, GPU seconds and energy per qualified result (Table 8.6.3-b,
//                Figure 8-35, Exercise 8-9); with `budget_gib`, also the batch's KV and
//                auxiliary memory as kv_admission counts it, so one answer places a
//                configuration on Figure 8-35's memory × time plane
#include "api/ops/ch08/ops.hpp"
#include "kv_bytes.hpp"
#include "rates.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/capacity.hpp"
#include "core/ch08/batch_plan.hpp"
#include "core/ch08/kv_admission.hpp"
#include "core/forward.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

Json optional_exact(const std::optional<Ratio>& v) { return v ? exact_json(*v) : Json(nullptr); }

// ---- decode_read -----------------------------------------------------------

constexpr FieldDecl kDecodeReadFields[] = {
    fields::kModel,
    field::integer("batch", 1, kMaxRequests, "1"),
    field::integer("context", 1, kMaxPositions),
    field::of_kind("kv_format", FieldKind::Text, "bf16"),
    field::of_kind("bandwidth", FieldKind::Decimal),
    fields::kGpu,
    field::of_kind("round_ms", FieldKind::Decimal),
    field::of_kind("measured", FieldKind::List),
};

// `measured`: two rounds [{read_bytes, round_ms}] whose read volumes bracket this one's.
std::optional<Ratio> interpolated(const Json& req, const Ratio& read) {
    if (!req.contains("measured")) return std::nullopt;
    const Json& list = req["measured"];
    if (!list.is_array() || list.size() != 2) {
        throw FieldError("measured", msg::ch08_measured_pair, {{"label", ch08_fields::label("measured")}});
    }
    Ratio x[2], t[2];
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string path = "measured[" + std::to_string(i) + "]";
        const Json& item = list[i];
        if (!item.is_object() || !item.contains("read_bytes") || !item.contains("round_ms") || item.size() != 2) {
            throw FieldError(path, msg::ch08_measured_pair, {{"label", ch08_fields::label("measured")}});
        }
        x[i] = Ratio(ch08_fields::count_in(item, "read_bytes", path, 1, u128{1} << 50));
        t[i] = ch08_fields::positive_in(item, "round_ms", path);
    }
    if (!(x[0] < x[1]) || read < x[0] || x[1] < read) {
        throw FieldError("measured", msg::ch08_measured_bracket, {{"label", ch08_fields::label("measured")}});
    }
    return ch08::interpolate(read, x[0], t[0], x[1], t[1]);
}

Json op_decode_read(const Json& req) {
    RequestFields f(req, kDecodeReadFields);
    const ModelSpec m = model_of(f);
    const u128 batch = f.integer_or("batch");
    const u128 context = f.integer("context");
    const std::string format = ch08_kv::format_of(f);
    StateOptions bf16;
    bf16.history = find_dtype("kv_format", "bf16");
    const CrossoverResult c = crossover(m, find_dtype("weight_dtype", "bf16"), bf16, context);
    const Ratio kv = ch08_kv::bytes_per_position(m, format) * Ratio(mul(batch, context));
    const Ratio read = c.weight_read_bytes + kv;
    const Ratio bandwidth = ch08_rates::memory_bytes_per_second(f);
    const Ratio read_ms = read / bandwidth * kThousand;
    Json r;
    r["model"] = m.id;
    r["weight_read_bytes"] = exact_json(c.weight_read_bytes);
    r["kv_read_bytes"] = exact_json(kv);
    r["read_bytes"] = exact_json(read);
    r["read_display"] = bytes_decimal_text(read);
    r["per_token_read_bytes"] = exact_json(read / Ratio(batch));
    r["weight_share_per_token_bytes"] = exact_json(c.weight_read_bytes / Ratio(batch));  // D_w / b
    r["kv_bytes_per_request"] = exact_json(kv / Ratio(batch));
    r["crossover_batch"] = exact_json(Ratio(c.batch));  // chapter 2's B* (BF16 KV)
    r["bandwidth_gbps"] = exact_json(bandwidth / kGiga);
    r["read_ms"] = exact_json(read_ms);
    r["weight_read_ms"] = exact_json(c.weight_read_bytes / bandwidth * kThousand);
    Json efficiency(nullptr);
    Json effective(nullptr);  // what the measured round moves per second
    if (f.has("round_ms")) {
        const Ratio round_ms = ch08_fields::positive(f, "round_ms");
        efficiency = exact_json(read_ms / round_ms);
        effective = exact_json(read / round_ms * kThousand / kGiga);
    }
    r["bandwidth_efficiency"] = efficiency;
    r["effective_gbps"] = effective;
    r["interpolated_round_ms"] = optional_exact(interpolated(req, read));
    return r;
}

constexpr ResultDecl kDecodeReadResult[] = {
    result::text("model"),
    result::exact("weight_read_bytes"),
    result::exact("kv_read_bytes"),
    result::exact("read_bytes"),
    result::display("read_display"),
    result::exact("per_token_read_bytes"),
    result::exact("weight_share_per_token_bytes"),
    result::exact("kv_bytes_per_request"),
    result::exact("crossover_batch"),
    result::exact("bandwidth_gbps"),
    result::exact("read_ms"),
    result::exact("weight_read_ms"),
    result::nullable(result::exact("bandwidth_efficiency")),
    result::nullable(result::exact("effective_gbps")),
    result::nullable(result::exact("interpolated_round_ms")),
};
constexpr const char* kDecodeReadSamples[] = {
    R"({"op":"decode_read","model":"qwen3-8b","batch":1,"context":2048,"gpu":"rtx-pro-6000","round_ms":"26.26"})",
    R"({"op":"decode_read","model":"qwen3-8b","batch":16,"context":8192,"kv_format":"q8_0","gpu":"rtx-pro-6000","measured":[{"read_bytes":19968649216,"round_ms":"27.44"},{"read_bytes":34464163840,"round_ms":"29.63"}]})",
    R"({"op":"decode_read","model":"qwen3-8b","batch":64,"context":8192,"bandwidth":"1792"})",
};

// ---- batch_plan ------------------------------------------------------------

constexpr FieldDecl kBatchPlanFields[] = {
    field::integer("requests", 1, kMaxRequests, "16"),
    field::integer("input", 1, kMaxPositions, "8192"),
    field::integer("context", 0, kMaxPositions, "0"),
    field::integer("generated", 1, kMaxPositions, "256"),
    field::integer("per_round", 1, 1 << 16, "1"),
    field::of_kind("queue_seconds", FieldKind::Decimal, "0"),
    field::of_kind("prefill_seconds", FieldKind::Decimal),
    fields::kModel,
    field::of_kind("compute_efficiency", FieldKind::Decimal),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("ttft_before_ms", FieldKind::Decimal),
    field::of_kind("ttft_after_ms", FieldKind::Decimal),
    field::of_kind("round_ms", FieldKind::Decimal),
    field::of_kind("query_ms", FieldKind::Decimal, "0"),
    field::of_kind("deadline_seconds", FieldKind::Decimal, "7"),
    field::of_kind("power_w", FieldKind::Decimal),
    fields::kGpu,
    field::of_kind("budget_gib", FieldKind::Decimal),
    field::of_kind("kv_format", FieldKind::Text, "bf16"),
    field::of_kind("extra_mib", FieldKind::Decimal, "0"),
    field::integer("block", 1, 1 << 16, "16"),
};

// The batch's prefill: measured (`prefill_seconds`), or chapter 2's forward FLOPs
// of the batch over the peak times `efficiency`; then scaled by a measured
// first-token slowdown (ttft_after_ms / ttft_before_ms: a draft model's own prefill).
Ratio prefill_seconds(const RequestFields& f, u128 requests, u128 input, u128 cached, Json& out) {
    // input: new positions per request; cached: positions already in the cache before them.
    if (f.has("prefill_seconds") == f.has("compute_efficiency")) {
        throw FieldError("prefill_seconds", msg::ch08_prefill_choice, {{"label", ch08_fields::label("prefill_seconds")}});
    }
    Ratio seconds;
    out["prefill_flops"] = nullptr;
    if (f.has("prefill_seconds")) {
        seconds = ch08_fields::positive(f, "prefill_seconds");
    } else {
        if (!f.has("model")) throw FieldError("model", msg::field_missing, {{"label", ch08_fields::label("model")}});
        const ModelSpec m = model_of(f);
        CallShape call;
        call.batch = requests;
        call.context = cached;
        call.input = input;
        call.head_tokens = requests;  // each request scores its last position
        const Ratio flops = forward(m, call).total;
        out["prefill_flops"] = exact_json(flops);
        // One field per statement: the same refusal natively and in WASM.
        const Ratio peak = ch08_rates::peak_flops_per_second(f);
        const Ratio efficiency = ch08_fields::efficiency_or(f, "compute_efficiency", "1");
        seconds = flops / (peak * efficiency);
    }
    if (f.has("ttft_before_ms") != f.has("ttft_after_ms")) {
        const std::string missing = f.has("ttft_before_ms") ? "ttft_after_ms" : "ttft_before_ms";
        throw FieldError(missing, msg::field_missing, {{"label", ch08_fields::label(missing)}});
    }
    if (f.has("ttft_before_ms")) {
        const Ratio after = ch08_fields::positive(f, "ttft_after_ms");
        const Ratio before = ch08_fields::positive(f, "ttft_before_ms");
        seconds = seconds * after / before;
    }
    return seconds;
}

std::optional<Ratio> power_of(const RequestFields& f) {
    if (f.has("power_w")) return ch08_fields::positive(f, "power_w");
    if (!f.has("gpu")) return std::nullopt;
    const Gpu& g = find_gpu("gpu", f.text("gpu"));
    return g.tdp_watts;
}

// The batch's memory for Figure 8-35's x axis, when the request gives a
// budget: every request holds context + input positions and its outputs,
// the `context` already cached being the prefix the requests share (B, D,
// E; none for A and C), counted as kv_admission counts it.
void memory_of(const RequestFields& f, u128 requests, u128 input, u128 context, u128 outputs, Json& r) {
    r["memory_bytes"] = nullptr;
    r["memory_gib"] = nullptr;
    r["memory_display"] = nullptr;
    r["budget_bytes"] = nullptr;
    r["fits"] = nullptr;
    // The memory fields are checked whether or not a budget asks for the memory.
    const u128 block = f.integer_or("block");
    const std::string format = ch08_kv::format_of(f);
    const Ratio extra = ch08_fields::nonnegative_or(f, "extra_mib", "0") * kMiB;
    if (!f.has("budget_gib")) return;
    if (!f.has("model")) throw FieldError("model", msg::field_missing, {{"label", ch08_fields::label("model")}});
    const ModelSpec m = model_of(f);
    ch08::KvAdmissionInput in;
    in.input = context + input;
    in.outputs = outputs;
    in.block = block;
    in.shared_prefix = context;
    in.requests = requests;
    in.budget_bytes = ch08_fields::positive(f, "budget_gib") * kGiB;
    in.extra_bytes = extra;
    in.bytes_per_token = ch08_kv::bytes_per_position(m, format);
    const ch08::KvAdmission a = ch08::kv_admission(in);
    r["memory_bytes"] = exact_json(a.total_bytes);
    r["memory_gib"] = exact_json(a.total_bytes / kGiB);  // on a GiB axis, where the budget is a field's value
    r["memory_display"] = bytes_binary_text(a.total_bytes);
    r["budget_bytes"] = exact_json(in.budget_bytes);
    r["fits"] = a.fits;
}

Json op_batch_plan(const Json& req) {
    RequestFields f(req, kBatchPlanFields);
    ch08::BatchPlanInput in;
    in.requests = f.integer_or("requests");
    in.outputs = f.integer_or("generated");
    in.per_round = f.integer_or("per_round");
    in.input = f.integer_or("input");
    Json r;
    in.prefill_seconds = prefill_seconds(f, in.requests, in.input, f.integer_or("context"), r);
    in.queue_seconds = ch08_fields::nonnegative_or(f, "queue_seconds", "0");
    in.round_ms = ch08_fields::positive(f, "round_ms");
    in.query_ms = ch08_fields::nonnegative_or(f, "query_ms", "0");
    in.deadline_seconds = ch08_fields::positive_or(f, "deadline_seconds", "7");
    in.power_w = power_of(f);
    const ch08::BatchPlan p = ch08::batch_plan(in);
    r["prefill_seconds"] = exact_json(in.prefill_seconds);
    r["prefill_display"] = fixed(in.prefill_seconds, 2) + " s";  // Table 8.6.3-b: 7.34 s, 2.04 s, 2.23 s
    r["rounds"] = exact_json(Ratio(p.rounds));
    r["decode_seconds"] = exact_json(p.decode_seconds);
    r["queue_seconds"] = exact_json(in.queue_seconds);
    r["first_token_seconds"] = exact_json(p.first_token_seconds);
    r["total_seconds"] = exact_json(p.total_seconds);
    r["total_display"] = fixed(p.total_seconds, 2) + " s";
    r["on_time"] = p.on_time;
    r["slack_seconds"] = optional_exact(p.slack_seconds);
    r["late_seconds"] = optional_exact(p.late_seconds);
    r["qualified"] = exact_json(Ratio(p.qualified));
    r["prefill_rate"] = exact_json(p.prefill_rate);
    r["decode_rate"] = exact_json(p.decode_rate);
    r["gpu_seconds_per_request"] = exact_json(p.gpu_seconds_per_request);
    r["gpu_seconds_per_result"] = optional_exact(p.gpu_seconds_per_result);
    r["joules_per_result"] = optional_exact(p.joules_per_result);
    memory_of(f, in.requests, in.input, f.integer_or("context"), in.outputs, r);
    return r;
}

constexpr ResultDecl kBatchPlanResult[] = {
    result::nullable(result::exact("prefill_flops")),
    result::exact("prefill_seconds"),
    result::display("prefill_display"),
    result::exact("rounds"),
    result::exact("decode_seconds"),
    result::exact("queue_seconds"),
    result::exact("first_token_seconds"),
    result::exact("total_seconds"),
    result::display("total_display"),
    result::flag("on_time"),
    result::nullable(result::exact("slack_seconds")),
    result::nullable(result::exact("late_seconds")),
    result::exact("qualified"),
    result::exact("prefill_rate"),
    result::exact("decode_rate"),
    result::exact("gpu_seconds_per_request"),
    result::nullable(result::exact("gpu_seconds_per_result")),
    result::nullable(result::exact("joules_per_result")),
    result::nullable(result::exact("memory_bytes")),
    result::nullable(result::exact("memory_gib")),
    result::nullable(result::display("memory_display")),
    result::nullable(result::exact("budget_bytes")),
    result::nullable(result::flag("fits")),
};
constexpr const char* kBatchPlanSamples[] = {
    R"({"op":"batch_plan","input":2048,"context":6144,"prefill_seconds":"2.0405","round_ms":"27.35"})",
    R"({"op":"batch_plan","requests":1,"input":2048,"queue_seconds":"0.1","prefill_seconds":"0.096","round_ms":"26.5"})",
    R"({"op":"batch_plan","model":"qwen3-8b","compute_efficiency":"0.578","gpu":"rtx-pro-6000","round_ms":"29.63"})",
    R"({"op":"batch_plan","input":2048,"context":6144,"prefill_seconds":"2.0405","ttft_before_ms":"129.4","ttft_after_ms":"141.6","per_round":3,"round_ms":"27.35","gpu":"rtx-pro-6000"})",
    R"({"op":"batch_plan","input":2048,"context":6144,"prefill_seconds":"2.0405","per_round":2,"round_ms":"27.35","query_ms":"0.1","generated":16})",
    R"({"op":"batch_plan","model":"qwen3-8b","input":2048,"context":6144,"prefill_seconds":"2.0405","round_ms":"27.35","budget_gib":"12","extra_mib":"3188"})",
};

}  // namespace

const OpDef kDecodeReadOp = {"decode_read", op_decode_read, kDecodeReadFields, kDecodeReadResult, kDecodeReadSamples};
const OpDef kBatchPlanOp = {"batch_plan", op_batch_plan, kBatchPlanFields, kBatchPlanResult, kBatchPlanSamples};

}  // namespace tally::api
