// Chapter 4's energy and memory-package ops (§4.1.3):
//   energy_ledger  joules per token of one decode step: weights, KV, compute
//                  (Figure 4-5, Experiment 4-8), and the step's average power
//   dynamic_power  P ∝ V²·f: what a lower voltage and clock save, and the power
//                  density of a design that trades area for power (Figure 4-4)
//   hbm_stack      a stack's bandwidth from its pin rate, or each stack's
//                  share and pin rate of a catalog device (Table 4.1.3-b)
#include <optional>

#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch03/decode_rate.hpp"
#include "core/ch04/dynamic_power.hpp"
#include "core/ch04/energy_ledger.hpp"
#include "core/ch04/hbm_stack.hpp"
#include "core/format.hpp"
#include "core/forward.hpp"
#include "core/messages.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// ---- energy_ledger ---------------------------------------------------------

// Defaults: the book's energy table (§4.1.3): HBM2 3.97 pJ/bit = 31.76 pJ
// per byte for weights and KV, an FP16 FMA of 1.5 pJ = 0.75 pJ per FLOP.
constexpr FieldDecl kEnergyLedgerFields[] = {
    fields::kModel,
    fields::kBatch,
    fields::kStoredContext,
    field::of_kind("pj_per_byte", FieldKind::Decimal, "31.76"),
    field::of_kind("kv_pj_per_byte", FieldKind::Decimal),
    field::of_kind("pj_per_flop", FieldKind::Decimal, "0.75"),
    field::of_kind("bandwidth", FieldKind::Decimal),
    fields::kGpu,
    fields::kWeightDtype,
    fields::kKvDtype,
};

void put_joules(Json& r, const std::string& key, const Ratio& j) {
    r[key] = exact_json(j);
    r[key + "_display"] = fixed(j, 4) + " J";
}

Json op_energy_ledger(const Json& req) {
    RequestFields f(req, kEnergyLedgerFields);
    const ModelSpec m = model_of(f);
    const u128 batch = f.integer_or("batch");
    const u128 context = f.integer("context");
    ch04::EnergyPrices e;
    e.weight_pj_per_byte = ch04_fields::positive_or(f, "pj_per_byte", "31.76");
    e.kv_pj_per_byte = f.has("kv_pj_per_byte") ? ch04_fields::positive(f, "kv_pj_per_byte") : e.weight_pj_per_byte;
    e.pj_per_flop = ch04_fields::positive_or(f, "pj_per_flop", "0.75");
    const std::optional<Ratio> sent_bandwidth =
        f.has("bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates d = device_rates(f, sent_bandwidth, std::nullopt, "bf16");
    if (d.gpu && !d.bytes_per_second) require_bandwidth(d, ch04_fields::label("bandwidth"));
    const Dtype& weights = weight_dtype_of(f);
    const StateOptions state = state_options_of(f);
    // One sequence's step: the weights once (with its embedding row), its
    // KV, and the FLOPs of its new token over `context` old positions.
    const ch03::DecodeStepBytes one = ch03::decode_step_bytes(m, weights, state, 1, context);
    ch04::StepWork w;
    w.weight_bytes = one.shared_weights + one.embedding_rows;
    w.kv_bytes = one.kv_read;
    w.flops = forward(m, CallShape{1, context, 1, 1}).total;
    const ch04::EnergyLedger l = ch04::energy_ledger(w, e, batch, d.bytes_per_second);
    Json r;
    r["model"] = m.id;
    r["weight_bytes"] = exact_json(w.weight_bytes);
    r["kv_bytes"] = exact_json(w.kv_bytes);
    r["step_bytes"] = exact_json(w.weight_bytes + w.kv_bytes * Ratio(batch));
    r["flops"] = exact_json(w.flops);
    put_joules(r, "weights_j", l.weights_j);
    put_joules(r, "kv_j", l.kv_j);
    put_joules(r, "compute_j", l.compute_j);
    put_joules(r, "total_j", l.total_j);
    put_joules(r, "single_total_j", l.single_total_j);
    r["weight_share"] = exact_json(l.weight_share);
    r["weight_share_display"] = fixed(l.weight_share * Ratio(100), 1) + "%";
    r["breakeven_batch"] = exact_json(l.breakeven_batch);
    r["breakeven_batch_display"] = fixed(l.breakeven_batch, 2);
    r["first_batch_below_compute"] = exact_json(l.first_batch_below_compute);
    r["gpu"] = d.gpu ? Json(d.gpu->id) : Json(nullptr);
    r["step_ms"] = l.step_seconds ? exact_json(*l.step_seconds * Ratio(1000)) : Json(nullptr);
    r["watts"] = l.watts ? exact_json(*l.watts) : Json(nullptr);
    r["watts_display"] = l.watts ? Json(fixed(*l.watts, 1) + " W") : Json(nullptr);
    return r;
}

constexpr ResultDecl kEnergyLedgerResult[] = {
    result::text("model"),
    result::exact("weight_bytes"),
    result::exact("kv_bytes"),
    result::exact("step_bytes"),
    result::exact("flops"),
    result::exact("weights_j"),
    result::display("weights_j_display"),
    result::exact("kv_j"),
    result::display("kv_j_display"),
    result::exact("compute_j"),
    result::display("compute_j_display"),
    result::exact("total_j"),
    result::display("total_j_display"),
    result::exact("single_total_j"),
    result::display("single_total_j_display"),
    result::exact("weight_share"),
    result::display("weight_share_display"),
    result::exact("breakeven_batch"),
    result::display("breakeven_batch_display"),
    result::exact("first_batch_below_compute"),
    result::nullable(result::text("gpu")),
    result::nullable(result::exact("step_ms")),
    result::nullable(result::exact("watts")),
    result::nullable(result::display("watts_display")),
};
constexpr const char* kEnergyLedgerSamples[] = {
    R"({"op":"energy_ledger","model":"qwen3-8b","context":8192})",
    R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"batch":32,"gpu":"h100-sxm"})",
    R"({"op":"energy_ledger","model":"qwen3-8b","context":8192,"pj_per_byte":"160","bandwidth":"546"})",
};

// ---- dynamic_power ---------------------------------------------------------

constexpr FieldDecl kDynamicPowerFields[] = {
    field::of_kind("v_before", FieldKind::Decimal),    field::of_kind("v_after", FieldKind::Decimal),
    field::of_kind("clock_ratio", FieldKind::Decimal), field::of_kind("power_ratio", FieldKind::Decimal),
    field::of_kind("area_ratio", FieldKind::Decimal),
};

std::optional<Ratio> optional_positive(const RequestFields& f, const std::string& name) {
    if (!f.has(name)) return std::nullopt;
    return ch04_fields::positive(f, name);
}

Json op_dynamic_power(const Json& req) {
    RequestFields f(req, kDynamicPowerFields);
    const Ratio v_before = ch04_fields::positive(f, "v_before");
    const Ratio v_after = ch04_fields::positive(f, "v_after");
    const std::optional<Ratio> clock = optional_positive(f, "clock_ratio");
    const std::optional<Ratio> power = optional_positive(f, "power_ratio");
    const std::optional<Ratio> area = optional_positive(f, "area_ratio");
    if (power.has_value() != area.has_value()) {
        const std::string missing = power ? "area_ratio" : "power_ratio";
        throw FieldError(missing, msg::field_missing, {{"label", ch04_fields::label(missing)}});
    }
    const ch04::DynamicPower d = ch04::dynamic_power(v_before, v_after, clock, power, area);
    Json r;
    r["voltage_squared"] = exact_json(d.voltage_squared);
    r["voltage_squared_display"] = fixed(d.voltage_squared, 2);
    r["with_clock"] = d.with_clock ? exact_json(*d.with_clock) : Json(nullptr);
    r["density"] = d.density ? exact_json(*d.density) : Json(nullptr);
    r["density_rise_percent"] = d.density && *d.density_rises ? exact_json((*d.density - Ratio(1)) * Ratio(100)) : Json(nullptr);
    r["density_rises"] = d.density_rises ? Json(*d.density_rises) : Json(nullptr);
    return r;
}

constexpr ResultDecl kDynamicPowerResult[] = {
    result::exact("voltage_squared"),
    result::display("voltage_squared_display"),
    result::nullable(result::exact("with_clock")),
    result::nullable(result::exact("density")),
    result::nullable(result::exact("density_rise_percent")),
    result::nullable(result::flag("density_rises")),
};
constexpr const char* kDynamicPowerSamples[] = {
    R"({"op":"dynamic_power","v_before":"0.85","v_after":"0.55","clock_ratio":"0.37"})",
    R"({"op":"dynamic_power","v_before":"1","v_after":"1","power_ratio":"0.75","area_ratio":"0.6"})",
};

// ---- hbm_stack -------------------------------------------------------------

constexpr FieldDecl kHbmStackFields[] = {
    fields::kGpu,
    field::of_kind("pin_gbps", FieldKind::Decimal),
    field::integer("pins", 1, 1 << 16, "1024"),
    field::integer("stacks", 1, 1024, "1"),
};

constexpr const char* kHbmDeviceKeys[] = {"gpu",           "name",           "dies",          "bandwidth",      "memory_bytes",
                                          "stack_bytes",   "built_bytes",    "enabled_share", "memory_display", "stack_display",
                                          "built_display", "enabled_display"};

// The displays a drawing of the package labels its parts with (Figure 4-6):
// rates as the chapter prints them ("7.81 Gb/s", "1,000 GB/s"), capacities in
// decimal GB ("24 GB", "192 GB").
void put_hbm_rates(Json& r, const Ratio& pin, const Ratio& per_stack, const Ratio& total) {
    r["pin_display"] = trimmed(pin, 2) + " Gb/s";
    r["stack_bandwidth_display"] = trimmed(per_stack, 1) + " GB/s";
    r["total_bandwidth_display"] = trimmed(total, 1) + " GB/s";
}

Json op_hbm_stack(const Json& req) {
    RequestFields f(req, kHbmStackFields);
    const u128 pins = f.integer_or("pins");
    Json r;
    if (f.has("gpu") == f.has("pin_gbps")) {
        throw FieldError("pin_gbps", msg::ch04_hbm_one_way, {{"label", ch04_fields::label("pin_gbps")}});
    }
    if (f.has("pin_gbps")) {
        // Forward: a stack's bandwidth from its pins.
        const Ratio pin = ch04_fields::positive(f, "pin_gbps");
        const u128 stacks = f.integer_or("stacks");
        const Ratio per_stack = ch04::stack_bandwidth(pins, pin);
        r["stacks"] = exact_json(stacks);
        r["pin_gbps"] = exact_json(pin);
        r["stack_gb_per_second"] = exact_json(per_stack);
        r["total_gb_per_second"] = exact_json(per_stack * Ratio(stacks));
        put_hbm_rates(r, pin, per_stack, per_stack * Ratio(stacks));
        for (const char* key : kHbmDeviceKeys) r[key] = nullptr;
        return r;
    }
    // Backward: a device's stated bandwidth shared by its stacks.
    const Gpu& g = find_gpu("gpu", f.text("gpu"));
    if (g.hbm_stacks == 0 || !g.memory_bandwidth) {
        throw FieldError("gpu", msg::ch04_gpu_no_stacks, {{"id", g.id}});
    }
    const Ratio bandwidth = *g.memory_bandwidth / kGiga;
    const ch04::StackShare s = ch04::stack_share(bandwidth, g.hbm_stacks, pins);
    r["stacks"] = exact_json(g.hbm_stacks);
    r["pin_gbps"] = exact_json(s.pin_gbps);
    r["stack_gb_per_second"] = exact_json(s.gb_per_second);
    r["total_gb_per_second"] = exact_json(bandwidth);
    r["gpu"] = g.id;
    r["name"] = g.name;
    // Dies as the catalog states them (null where it does not), so a drawing
    // of the package (Figure 4-6) places as many as the device has.
    r["dies"] = g.dies ? exact_json(g.dies) : Json(nullptr);
    r["bandwidth"] = exact_json(bandwidth);
    r["memory_bytes"] = exact_json(g.memory_bytes);
    r["stack_bytes"] = g.stack_bytes ? exact_json(g.stack_bytes) : Json(nullptr);
    r["built_bytes"] = g.stack_bytes ? exact_json(mul(g.stack_bytes, g.hbm_stacks)) : Json(nullptr);
    r["enabled_share"] = g.stack_bytes ? exact_json(Ratio(g.memory_bytes, mul(g.stack_bytes, g.hbm_stacks))) : Json(nullptr);
    put_hbm_rates(r, s.pin_gbps, s.gb_per_second, bandwidth);
    r["memory_display"] = bytes_decimal_text(Ratio(g.memory_bytes));
    r["stack_display"] = g.stack_bytes ? Json(bytes_decimal_text(Ratio(g.stack_bytes))) : Json(nullptr);
    r["built_display"] = g.stack_bytes ? Json(bytes_decimal_text(Ratio(mul(g.stack_bytes, g.hbm_stacks)))) : Json(nullptr);
    r["enabled_display"] = g.stack_bytes
                               ? Json(trimmed(Ratio(g.memory_bytes, mul(g.stack_bytes, g.hbm_stacks)) * Ratio(100), 1) + "%")
                               : Json(nullptr);
    return r;
}

constexpr ResultDecl kHbmStackResult[] = {
    result::exact("stacks"),
    result::exact("pin_gbps"),
    result::exact("stack_gb_per_second"),
    result::exact("total_gb_per_second"),
    result::nullable(result::text("gpu")),
    result::nullable(result::text("name")),
    result::nullable(result::exact("dies")),
    result::nullable(result::exact("bandwidth")),
    result::nullable(result::exact("memory_bytes")),
    result::nullable(result::exact("stack_bytes")),
    result::nullable(result::exact("built_bytes")),
    result::nullable(result::exact("enabled_share")),
    result::display("pin_display"),
    result::display("stack_bandwidth_display"),
    result::display("total_bandwidth_display"),
    result::nullable(result::display("memory_display")),
    result::nullable(result::display("stack_display")),
    result::nullable(result::display("built_display")),
    result::nullable(result::display("enabled_display")),
};
constexpr const char* kHbmStackSamples[] = {
    R"({"op":"hbm_stack","pin_gbps":"9.6"})",
    R"({"op":"hbm_stack","gpu":"h200"})",
    R"({"op":"hbm_stack","gpu":"b200"})",
};

}  // namespace

const OpDef kEnergyLedgerOp = {"energy_ledger", op_energy_ledger, kEnergyLedgerFields, kEnergyLedgerResult, kEnergyLedgerSamples};
const OpDef kDynamicPowerOp = {"dynamic_power", op_dynamic_power, kDynamicPowerFields, kDynamicPowerResult, kDynamicPowerSamples};
const OpDef kHbmStackOp = {"hbm_stack", op_hbm_stack, kHbmStackFields, kHbmStackResult, kHbmStackSamples};

}  // namespace tally::api
