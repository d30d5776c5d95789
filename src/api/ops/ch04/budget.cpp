// Chapter 4's ops over the hardware catalog (§4.1.3, §4.7.2, §4.8.2,
// §4.8.4):
//   device_budget  one model on many cards: whether it fits, the decode read
//                  bound, tokens per second, the prefill matrix bound and the
//                  energy of a step at the card's TDP (Figure 4-36)
//   power_cap      what a TDP leaves the matrix units once memory runs at
//                  full bandwidth, and the clock share it sustains (Figure 4-7)
//   sram_chips     chips of a given on-chip SRAM that hold the weights and
//                  the KV (Groq's 220 MiB per chip)
//   device_compare one card against another: capacity, bandwidth and BF16
//                  peak ratios and the read and matrix time they save (§4.6.1,
//                  §4.8.2)
#include <optional>

#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch03/decode_rate.hpp"
#include "core/ch04/power_cap.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/messages.hpp"
#include "core/params.hpp"
#include "core/state.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// ---- device_budget ---------------------------------------------------------

// Figure 4-36's cards, in its order.
constexpr const char* kFigureCards[] = {"rtx-3090", "rtx-4090",     "rtx-5090",     "rtx-pro-6000", "a100-80g", "h100-sxm",
                                        "h200",     "ascend-950pr", "ascend-950dt", "m4-max",       "m3-ultra"};
constexpr std::size_t kMaxCards = 64;

constexpr FieldDecl kDeviceBudgetFields[] = {
    fields::kModel,
    fields::kBatch,
    fields::kStoredContext,
    field::integer("prefill_tokens", 1, u128{1} << 24, "4096"),
    field::integer("workspace_bytes", 0, u128{1} << 50, "2147483648"),
    field::of_kind("devices", FieldKind::List),
    fields::kWeightDtype,
    fields::kKvDtype,
};

// The cards `devices` names (each by id or alias), or the figure's.
std::vector<const Gpu*> cards_of(const RequestFields& f) {
    std::vector<const Gpu*> cards;
    if (!f.has("devices")) {
        for (const char* id : kFigureCards) cards.push_back(&find_gpu("devices", id));
        return cards;
    }
    const Json& list = f.raw("devices");
    if (!list.is_array() || list.size() == 0 || list.size() > kMaxCards) {
        throw FieldError("devices", msg::spec_not_text, {{"field", "devices"}});
    }
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string where = "devices[" + std::to_string(i) + "]";
        if (!list[i].is_string() || list[i].get<std::string>().empty()) {
            throw FieldError(where, msg::spec_not_text, {{"field", where}});
        }
        cards.push_back(&find_gpu(where, list[i].get<std::string>()));
    }
    return cards;
}

Json op_device_budget(const Json& req) {
    RequestFields f(req, kDeviceBudgetFields);
    const ModelSpec m = model_of(f);
    const u128 batch = f.integer_or("batch");
    const u128 context = f.integer("context");
    const u128 prefill = f.integer_or("prefill_tokens");
    const u128 workspace = f.integer_or("workspace_bytes");
    const std::vector<const Gpu*> cards = cards_of(f);
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state_options = state_options_of(f);
    // Resident: every weight, each request's `context` positions, the
    // workspace.  Read per step: the weights once (one embedding row per
    // request) and every request's KV; the step's own KV write is left out,
    // as the chapter's 16.345 GB leaves it out.
    const Ratio resident_weights = weight_bytes(m, weights);
    const Ratio kv = state(m, context, state_options).total;
    const Ratio budget = resident_weights + kv * Ratio(batch) + Ratio(workspace);
    const ch03::DecodeStepBytes step = ch03::decode_step_bytes(m, weights, state_options, batch, context);
    const Ratio step_bytes = step.shared_weights + step.embedding_rows + step.kv_read;
    // A prefill of `prefill_tokens` positions whose head reads only the last.
    const Ratio prefill_flops = forward(m, CallShape{1, 0, prefill, 1}).total;
    Json r;
    r["model"] = m.id;
    r["weight_bytes"] = exact_json(resident_weights);
    r["kv_bytes"] = exact_json(kv);
    r["budget_bytes"] = exact_json(budget);
    r["budget_display"] = bytes_decimal_text(budget);
    r["step_bytes"] = exact_json(step_bytes);
    r["step_display"] = bytes_decimal_text(step_bytes);
    r["prefill_flops"] = exact_json(prefill_flops);
    r["prefill_flops_display"] = flops_text(prefill_flops);
    r["rows"] = Json::array();
    for (const Gpu* g : cards) {
        Json row;
        row["id"] = g->id;
        row["name"] = g->name;
        row["memory_bytes"] = exact_json(g->memory_bytes);
        row["fits"] = budget <= Ratio(g->memory_bytes);
        if (g->memory_bandwidth) {
            const Ratio seconds = step_bytes / *g->memory_bandwidth;
            row["decode_ms"] = exact_json(seconds * kThousand);
            row["decode_ms_display"] = fixed(seconds * kThousand, 2) + " ms";
            row["tokens_per_second"] = exact_json(Ratio(batch) / seconds);
            row["step_joules_at_tdp"] = g->tdp_watts ? exact_json(*g->tdp_watts * seconds) : Json(nullptr);
        } else {
            for (const char* key : {"decode_ms", "decode_ms_display", "tokens_per_second", "step_joules_at_tdp"})
                row[key] = nullptr;
        }
        const Ratio* peak = g->dense_peak("bf16");
        row["prefill_ms"] = peak ? exact_json(prefill_flops / *peak * kThousand) : Json(nullptr);
        row["prefill_ms_display"] = peak ? Json(fixed(prefill_flops / *peak * kThousand, 1) + " ms") : Json(nullptr);
        r["rows"].push_back(row);
    }
    return r;
}

constexpr ResultDecl kDeviceBudgetRow[] = {
    result::text("id"),
    result::display("name"),
    result::exact("memory_bytes"),
    result::flag("fits"),
    result::nullable(result::exact("decode_ms")),
    result::nullable(result::display("decode_ms_display")),
    result::nullable(result::exact("tokens_per_second")),
    result::nullable(result::exact("step_joules_at_tdp")),
    result::nullable(result::exact("prefill_ms")),
    result::nullable(result::display("prefill_ms_display")),
};
constexpr ResultDecl kDeviceBudgetResult[] = {
    result::text("model"),
    result::exact("weight_bytes"),
    result::exact("kv_bytes"),
    result::exact("budget_bytes"),
    result::display("budget_display"),
    result::exact("step_bytes"),
    result::display("step_display"),
    result::exact("prefill_flops"),
    result::display("prefill_flops_display"),
    result::list("rows", kDeviceBudgetRow),
};
constexpr const char* kDeviceBudgetSamples[] = {
    R"({"op":"device_budget","model":"qwen3-8b","context":8192})",
    R"({"op":"device_budget","model":"qwen3-8b","context":8192,"batch":8,"devices":["rtx-4090","rtx-5090"]})",
};

// ---- power_cap -------------------------------------------------------------

constexpr FieldDecl kPowerCapFields[] = {
    fields::kGpu,
    field::of_kind("tdp_watts", FieldKind::Decimal),
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("pj_per_byte", FieldKind::Decimal, "31.76"),
    field::of_kind("e_over_b", FieldKind::Decimal, "1.5"),
};

std::optional<Ratio> sent(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) return std::nullopt;
    return ch04_fields::positive(f, name);
}

Json op_power_cap(const Json& req) {
    RequestFields f(req, kPowerCapFields);
    const std::optional<Ratio> sent_tdp = sent(f, "tdp_watts");
    const std::optional<Ratio> sent_bandwidth = sent(f, "bandwidth");
    const std::optional<Ratio> sent_peak = sent(f, "peak_tflops");
    const Ratio pj_per_byte = ch04_fields::positive_or(f, "pj_per_byte", "31.76");
    const Ratio e_over_b = ch04_fields::positive_or(f, "e_over_b", "1.5");
    const DeviceRates d = device_rates(f, sent_bandwidth, sent_peak, "bf16");
    const Ratio bandwidth = require_bandwidth(d, ch04_fields::label("bandwidth"));
    const Ratio peak = require_peak(d, "bf16", ch04_fields::label("peak_tflops"));
    Ratio tdp;
    if (sent_tdp) {
        tdp = *sent_tdp;
    } else if (d.gpu && d.gpu->tdp_watts) {
        tdp = *d.gpu->tdp_watts;
    } else {
        throw FieldError("tdp_watts", msg::field_missing, {{"label", ch04_fields::label("tdp_watts")}});
    }
    const ch04::PowerCap p = ch04::power_cap(tdp, bandwidth, peak, pj_per_byte, e_over_b);
    Json r;
    r["gpu"] = d.gpu ? Json(d.gpu->id) : Json(nullptr);
    r["tdp_watts"] = exact_json(tdp);
    r["memory_watts"] = exact_json(p.memory_watts);
    r["memory_watts_display"] = fixed(p.memory_watts, 0) + " W";
    r["compute_watts"] = p.compute_watts ? exact_json(*p.compute_watts) : Json(nullptr);
    r["pj_per_flop"] = p.pj_per_flop ? exact_json(*p.pj_per_flop) : Json(nullptr);
    r["pj_per_flop_display"] = p.pj_per_flop ? Json(fixed(*p.pj_per_flop, 2) + " pJ") : Json(nullptr);
    r["fixed_voltage_share"] = exact_json(p.fixed_voltage_share);
    r["scaled_voltage_share"] = exact_json(p.scaled_voltage_share);
    // The shares as Figure 4-7 prints them (0.67, 0.87): two places.
    r["fixed_voltage_share_display"] = fixed(p.fixed_voltage_share, 2);
    r["scaled_voltage_share_display"] = fixed(p.scaled_voltage_share, 2);
    return r;
}

constexpr ResultDecl kPowerCapResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("tdp_watts"),
    result::exact("memory_watts"),
    result::display("memory_watts_display"),
    result::nullable(result::exact("compute_watts")),
    result::nullable(result::exact("pj_per_flop")),
    result::nullable(result::display("pj_per_flop_display")),
    result::exact("fixed_voltage_share"),
    result::exact("scaled_voltage_share"),
    result::display("fixed_voltage_share_display"),
    result::display("scaled_voltage_share_display"),
};
constexpr const char* kPowerCapSamples[] = {
    R"({"op":"power_cap","gpu":"h100-sxm"})",
    R"({"op":"power_cap","tdp_watts":"100","bandwidth":"8000","peak_tflops":"1000","e_over_b":"0.5"})",
};

// ---- sram_chips ------------------------------------------------------------

constexpr FieldDecl kSramChipsFields[] = {
    fields::kModel,       fields::kBatch,   fields::kStoredContext, field::integer("chip_bytes", 1, u128{1} << 50, "230686720"),
    fields::kWeightDtype, fields::kKvDtype,
};

Json op_sram_chips(const Json& req) {
    RequestFields f(req, kSramChipsFields);
    const ModelSpec m = model_of(f);
    const u128 batch = f.integer_or("batch");
    const u128 context = f.integer("context");
    const u128 chip = f.integer_or("chip_bytes");
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state_options = state_options_of(f);
    const Ratio w = weight_bytes(m, weights);
    const Ratio kv = state(m, context, state_options).total * Ratio(batch);
    Json r;
    r["model"] = m.id;
    r["weight_bytes"] = exact_json(w);
    r["kv_bytes"] = exact_json(kv);
    r["weight_chips_exact"] = exact_json(w / Ratio(chip));
    r["weight_chips"] = exact_json((w / Ratio(chip)).ceil());
    r["kv_chips"] = exact_json((kv / Ratio(chip)).ceil());
    return r;
}

constexpr ResultDecl kSramChipsResult[] = {
    result::text("model"),         result::exact("weight_bytes"), result::exact("kv_bytes"), result::exact("weight_chips_exact"),
    result::exact("weight_chips"), result::exact("kv_chips"),
};
constexpr const char* kSramChipsSamples[] = {
    R"({"op":"sram_chips","model":"qwen3-8b","context":8192})",
    R"({"op":"sram_chips","model":"qwen3-8b","context":32768,"batch":8})",
};

// ---- device_compare --------------------------------------------------------

constexpr FieldDecl kDeviceCompareFields[] = {
    field::of_kind("from", FieldKind::Text),
    field::of_kind("to", FieldKind::Text),
};

// to / from of a quantity both cards state (else null), and how far it
// rises (100 · (to/from − 1)) or falls (100 · (1 − to/from)) in percent; for a
// rate, also the share of time the faster card saves on the same work,
// 100 · (1 − from/to), or the time the slower one adds, 100 · (from/to − 1).
void put_change(Json& r, const std::string& key, const std::optional<Ratio>& from, const std::optional<Ratio>& to, bool rate) {
    const bool known = from && to;
    const bool rises = known && *from <= *to;
    const Ratio hundred(100);
    r[key + "_ratio"] = known ? exact_json(*to / *from) : Json(nullptr);
    r[key + "_rise_percent"] = rises ? exact_json(hundred * (*to / *from - Ratio(1))) : Json(nullptr);
    r[key + "_fall_percent"] = known && !rises ? exact_json(hundred * (Ratio(1) - *to / *from)) : Json(nullptr);
    if (!rate) return;
    r[key + "_time_saved_percent"] = rises ? exact_json(hundred * (Ratio(1) - *from / *to)) : Json(nullptr);
    r[key + "_time_added_percent"] = known && !rises ? exact_json(hundred * (*from / *to - Ratio(1))) : Json(nullptr);
}

std::optional<Ratio> bf16_of(const Gpu& g) {
    const Ratio* p = g.dense_peak("bf16");
    return p ? std::optional<Ratio>(*p) : std::nullopt;
}

Json op_device_compare(const Json& req) {
    RequestFields f(req, kDeviceCompareFields);
    const Gpu& from = find_gpu("from", f.text("from"));
    const Gpu& to = find_gpu("to", f.text("to"));
    Json r;
    r["from"] = from.id;
    r["to"] = to.id;
    put_change(r, "memory", Ratio(from.memory_bytes), Ratio(to.memory_bytes), false);
    put_change(r, "bandwidth", from.memory_bandwidth, to.memory_bandwidth, true);
    put_change(r, "bf16", bf16_of(from), bf16_of(to), true);
    put_change(r, "tdp", from.tdp_watts, to.tdp_watts, false);
    return r;
}

constexpr ResultDecl kDeviceCompareResult[] = {
    result::text("from"),
    result::text("to"),
    result::nullable(result::exact("memory_ratio")),
    result::nullable(result::exact("memory_rise_percent")),
    result::nullable(result::exact("memory_fall_percent")),
    result::nullable(result::exact("bandwidth_ratio")),
    result::nullable(result::exact("bandwidth_rise_percent")),
    result::nullable(result::exact("bandwidth_fall_percent")),
    result::nullable(result::exact("bandwidth_time_saved_percent")),
    result::nullable(result::exact("bandwidth_time_added_percent")),
    result::nullable(result::exact("bf16_ratio")),
    result::nullable(result::exact("bf16_rise_percent")),
    result::nullable(result::exact("bf16_fall_percent")),
    result::nullable(result::exact("bf16_time_saved_percent")),
    result::nullable(result::exact("bf16_time_added_percent")),
    result::nullable(result::exact("tdp_ratio")),
    result::nullable(result::exact("tdp_rise_percent")),
    result::nullable(result::exact("tdp_fall_percent")),
};
constexpr const char* kDeviceCompareSamples[] = {
    R"({"op":"device_compare","from":"rtx-3090","to":"rtx-4090"})",
    R"({"op":"device_compare","from":"h100-sxm","to":"m4-max"})",
};

}  // namespace

const OpDef kDeviceCompareOp = {"device_compare", op_device_compare, kDeviceCompareFields, kDeviceCompareResult,
                                kDeviceCompareSamples};
const OpDef kDeviceBudgetOp = {"device_budget", op_device_budget, kDeviceBudgetFields, kDeviceBudgetResult, kDeviceBudgetSamples};
const OpDef kPowerCapOp = {"power_cap", op_power_cap, kPowerCapFields, kPowerCapResult, kPowerCapSamples};
const OpDef kSramChipsOp = {"sram_chips", op_sram_chips, kSramChipsFields, kSramChipsResult, kSramChipsSamples};

}  // namespace tally::api
