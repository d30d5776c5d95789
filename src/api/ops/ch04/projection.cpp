// projection (§4.1.1, §4.8.1): one linear layer's FLOPs, bytes and
// arithmetic intensity (Table 4.1.1-a, Figure 4-1) and, given a device's
// peak and bandwidth, its roofline: compute against memory time, the ridge
// and the first compute-bound row count (Table 4.8.1-a, Figure 4-35,
// Figure 4-26, Experiment 4-5).
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch04/projection.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

// Bounds that keep every product exact in 128 bits (2·M·K·N < 2^73 and the
// time comparisons' cross products) and still hold any real layer: up to
// 2^32 rows (tokens in one call) and 2^20 values per row.
constexpr u128 kMaxRows = u128{1} << 32;
constexpr u128 kMaxWidth = u128{1} << 20;
constexpr u128 kMaxScale = 16;

constexpr FieldDecl kProjectionFields[] = {
    field::integer("rows", 1, kMaxRows),
    field::integer("inputs", 1, kMaxWidth),
    field::integer("outputs", 1, kMaxWidth),
    field::of_kind("dtype", FieldKind::Text, "bf16"),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("bandwidth", FieldKind::Decimal),
    fields::kGpu,
    // What-ifs on the device (§4.8.1: double the peak or the bandwidth and
    // the first compute-bound row count moves from 179 to 391 or 86 on the
    // RTX 4090): whole multiples of the catalog's or the sent rates.
    field::integer("peak_scale", 1, kMaxScale, "1"),
    field::integer("bandwidth_scale", 1, kMaxScale, "1"),
};

void put_work(Json& r, const ch04::ProjectionWork& w, u128 rows) {
    r["flops"] = exact_json(w.flops);
    r["flops_display"] = flops_text(Ratio(w.flops));
    r["weight_bytes"] = exact_json(w.weight_bytes);
    r["weight_bytes_per_row"] = exact_json(w.weight_bytes / Ratio(rows));
    r["input_bytes"] = exact_json(w.input_bytes);
    r["output_bytes"] = exact_json(w.output_bytes);
    r["bytes"] = exact_json(w.bytes);
    r["bytes_display"] = bytes_binary_text(w.bytes);
    r["intensity"] = exact_json(w.intensity);
    r["intensity_display"] = fixed(w.intensity, 2);
    r["intensity_limit"] = exact_json(w.intensity_limit);
}

// The keys a device adds; null without one.
constexpr const char* kDeviceKeys[] = {
    "peak_tflops", "bandwidth", "compute_seconds",    "memory_seconds",    "compute_us",
    "memory_us",   "time_us",   "compute_us_display", "memory_us_display", "time_us_display",
    "bound",       "ridge",     "ridge_display",      "crossover_rows",    "first_compute_bound_rows"};

void put_device(Json& r, const ch04::Roofline& d) {
    const Ratio million(1000000);
    r["compute_seconds"] = exact_json(d.compute_seconds);
    r["memory_seconds"] = exact_json(d.memory_seconds);
    r["compute_us"] = exact_json(d.compute_seconds * million);
    r["memory_us"] = exact_json(d.memory_seconds * million);
    r["time_us"] = exact_json((d.compute_bound ? d.compute_seconds : d.memory_seconds) * million);
    // The page prints these (Table 4.8.1-a, Figure 4-35): two decimals of a microsecond.
    r["compute_us_display"] = fixed(d.compute_seconds * million, 2) + " μs";
    r["memory_us_display"] = fixed(d.memory_seconds * million, 2) + " μs";
    r["time_us_display"] = fixed((d.compute_bound ? d.compute_seconds : d.memory_seconds) * million, 2) + " μs";
    r["bound"] = d.compute_bound ? "compute" : "memory";
    r["ridge"] = exact_json(d.ridge);
    r["ridge_display"] = fixed(d.ridge, 1);
    r["crossover_rows"] = d.crossover_rows ? exact_json(*d.crossover_rows) : Json(nullptr);
    r["first_compute_bound_rows"] = d.first_compute_bound_rows ? exact_json(*d.first_compute_bound_rows) : Json(nullptr);
}

Json op_projection(const Json& req) {
    RequestFields f(req, kProjectionFields);
    ch04::ProjectionShape s;
    s.rows = f.integer("rows");
    s.inputs = f.integer("inputs");
    s.outputs = f.integer("outputs");
    s.value_bytes = ch04_fields::value_bytes(f);
    // Read even when no device follows, so an out-of-range scale is refused rather than ignored.
    const Ratio peak_scale(f.integer_or("peak_scale"));
    const Ratio bandwidth_scale(f.integer_or("bandwidth_scale"));
    const ch04::ProjectionWork w = ch04::projection_work(s);
    Json r;
    put_work(r, w, s.rows);
    // A roofline needs both the device's peak and its bandwidth: from `gpu`,
    // each overridden by the request's own field, or both sent.
    const std::optional<Ratio> sent_peak =
        f.has("peak_tflops") ? std::optional<Ratio>(ch04_fields::positive(f, "peak_tflops")) : std::nullopt;
    const std::optional<Ratio> sent_bandwidth =
        f.has("bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates d = device_rates(f, sent_bandwidth, sent_peak, peak_format_of(f.text_or("dtype")));
    r["gpu"] = d.gpu ? Json(d.gpu->id) : Json(nullptr);
    if (!d.gpu && sent_peak.has_value() != sent_bandwidth.has_value()) {
        const std::string missing = sent_peak ? "bandwidth" : "peak_tflops";
        throw FieldError(missing, msg::ch04_projection_device_pair, {{"label", ch04_fields::label(missing)}});
    }
    if (!d.gpu && !sent_peak) {
        for (const char* key : kDeviceKeys) r[key] = nullptr;
        return r;
    }
    // One field per statement: the same refusal natively and in WASM.
    const Ratio device_peak = require_peak(d, f.text_or("dtype"), ch04_fields::label("peak_tflops"));
    const Ratio device_bandwidth = require_bandwidth(d, ch04_fields::label("bandwidth"));
    const Ratio peak = device_peak * peak_scale;
    const Ratio bandwidth = device_bandwidth * bandwidth_scale;
    r["peak_tflops"] = exact_json(peak / Ratio(1000000000000ULL));
    r["bandwidth"] = exact_json(bandwidth / Ratio(1000000000));
    put_device(r, ch04::roofline(s, w, peak, bandwidth));
    return r;
}

constexpr ResultDecl kProjectionResult[] = {
    result::exact("flops"),
    result::display("flops_display"),
    result::exact("weight_bytes"),
    result::exact("weight_bytes_per_row"),
    result::exact("input_bytes"),
    result::exact("output_bytes"),
    result::exact("bytes"),
    result::display("bytes_display"),
    result::exact("intensity"),
    result::display("intensity_display"),
    result::exact("intensity_limit"),
    result::nullable(result::text("gpu")),
    result::nullable(result::exact("peak_tflops")),
    result::nullable(result::exact("bandwidth")),
    result::nullable(result::exact("compute_seconds")),
    result::nullable(result::exact("memory_seconds")),
    result::nullable(result::exact("compute_us")),
    result::nullable(result::exact("memory_us")),
    result::nullable(result::exact("time_us")),
    result::nullable(result::display("compute_us_display")),
    result::nullable(result::display("memory_us_display")),
    result::nullable(result::display("time_us_display")),
    result::nullable(result::text("bound")),
    result::nullable(result::exact("ridge")),
    result::nullable(result::display("ridge_display")),
    result::nullable(result::exact("crossover_rows")),
    result::nullable(result::exact("first_compute_bound_rows")),
};
constexpr const char* kProjectionSamples[] = {
    R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096})",
    R"({"op":"projection","rows":1,"inputs":4096,"outputs":4096,"peak_tflops":"165.2","bandwidth":"1008"})",
    R"({"op":"projection","rows":4096,"inputs":64,"outputs":64,"peak_tflops":"989.4","bandwidth":"3350"})",
    R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090"})",
    R"({"op":"projection","rows":4096,"inputs":4096,"outputs":4096,"dtype":"fp32","gpu":"v100-sxm2"})",
    R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090","peak_scale":2})",
    R"({"op":"projection","rows":256,"inputs":4096,"outputs":4096,"gpu":"rtx-4090","bandwidth_scale":2})",
};

}  // namespace

const OpDef kProjectionOp = {"projection", op_projection, kProjectionFields, kProjectionResult, kProjectionSamples};

}  // namespace tally::api
