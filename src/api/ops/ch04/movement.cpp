// Chapter 4's closed forms about moving data (§4.3.3, §4.4.2, §4.5.3):
//   double_buffer     serial against overlapped load and compute
//   link_time         α + V/R over one link (or a gpu's NVLink), and the size where bytes take over
//   little_bandwidth  Little's law: in-flight transactions a bandwidth (or a gpu's) needs
//   host_upload       one upload over the host link against reads from device memory
#include <optional>

#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch04/double_buffer.hpp"
#include "core/ch04/host_upload.hpp"
#include "core/ch04/link_time.hpp"
#include "core/ch04/little_bandwidth.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "api/ops/unit_texts.hpp"

namespace tally::api {

namespace {

std::string us_trimmed_text(const Ratio& us, unsigned places) { return trimmed(us, places) + " μs"; }
std::string gbps_text(const Ratio& gbps, unsigned places) { return trimmed(gbps, places) + " GB/s"; }

// ---- double_buffer ---------------------------------------------------------

constexpr FieldDecl kDoubleBufferFields[] = {
    field::integer("blocks", 1, u128{1} << 32),
    field::of_kind("load_us", FieldKind::Decimal),
    field::of_kind("compute_us", FieldKind::Decimal),
};

Json op_double_buffer(const Json& req) {
    RequestFields f(req, kDoubleBufferFields);
    const u128 blocks = f.integer("blocks");
    const Ratio load = ch04_fields::positive(f, "load_us");  // one field per statement: the same refusal natively and in WASM
    const Ratio compute = ch04_fields::positive(f, "compute_us");
    const ch04::DoubleBuffer d = ch04::double_buffer(blocks, load, compute);
    Json r;
    r["serial_us"] = exact_json(d.serial);
    r["serial_display"] = us_trimmed_text(d.serial, 3);
    r["pipelined_us"] = exact_json(d.pipelined);
    r["pipelined_display"] = us_trimmed_text(d.pipelined, 3);
    r["saved_us"] = exact_json(d.saved);
    r["step_us"] = exact_json(d.step);
    r["speedup"] = exact_json(d.serial / d.pipelined);
    r["bound"] = d.load_bound ? "load" : "compute";
    return r;
}

constexpr ResultDecl kDoubleBufferResult[] = {
    result::exact("serial_us"),    result::display("serial_display"),
    result::exact("pipelined_us"), result::display("pipelined_display"),
    result::exact("saved_us"),     result::exact("step_us"),
    result::exact("speedup"),      result::text("bound"),
};
constexpr const char* kDoubleBufferSamples[] = {
    R"({"op":"double_buffer","blocks":8,"load_us":"2","compute_us":"1"})",
    R"({"op":"double_buffer","blocks":8,"load_us":"1","compute_us":"2"})",
};

// ---- link_time -------------------------------------------------------------

constexpr FieldDecl kLinkTimeFields[] = {
    field::of_kind("alpha_us", FieldKind::Decimal),
    field::of_kind("link_bandwidth", FieldKind::Decimal),
    field::integer("bytes", 0, kMaxCount),
    field::integer("rows", 1, u128{1} << 32),
    field::integer("row_width", 1, u128{1} << 20),
    field::of_kind("dtype", FieldKind::Text, "bf16"),
    fields::kGpu,
};

// The message: `bytes`, or `rows` rows of `row_width` values of `dtype`
// (then its row size too).  Exactly one of the two forms.
struct LinkMessage {
    Ratio bytes;
    std::optional<Ratio> row_bytes;
};

LinkMessage message_of(const RequestFields& f) {
    // Each integer's own range first, so an out-of-range value is named as such.
    const u128 bytes = f.has("bytes") ? f.integer("bytes") : 0;
    const u128 rows = f.has("rows") ? f.integer("rows") : 0;
    const u128 width = f.has("row_width") ? f.integer("row_width") : 0;
    const bool by_rows = f.has("rows") || f.has("row_width");
    if (f.has("bytes") == by_rows) {
        const std::string field = by_rows ? "rows" : "bytes";
        throw FieldError(field, msg::ch04_link_size_choice, {{"label", ch04_fields::label(field)}});
    }
    if (!by_rows) {
        if (f.has("dtype")) throw FieldError("dtype", msg::ch04_link_size_choice, {{"label", ch04_fields::label("dtype")}});
        return {Ratio(bytes), std::nullopt};
    }
    if (!f.has("rows") || !f.has("row_width")) {
        const std::string missing = f.has("rows") ? "row_width" : "rows";
        throw FieldError(missing, msg::field_missing, {{"label", ch04_fields::label(missing)}});
    }
    const Ratio row_bytes = Ratio(width) * ch04_fields::value_bytes(f);
    return {Ratio(rows) * row_bytes, row_bytes};
}

// The link's rate in one direction: sent, or the NVLink of `gpu` (a card
// without NVLink in the catalog needs link_bandwidth, as for PCIe).
Ratio link_gbps(const RequestFields& f) {
    if (f.has("link_bandwidth") || !f.has("gpu")) return ch04_fields::positive(f, "link_bandwidth");
    const Gpu& g = find_gpu("gpu", f.text("gpu"));
    if (!g.nvlink) throw FieldError("link_bandwidth", msg::field_missing, {{"label", ch04_fields::label("link_bandwidth")}});
    return *g.nvlink / Ratio(1000000000);
}

Json op_link_time(const Json& req) {
    RequestFields f(req, kLinkTimeFields);
    const Ratio alpha = ch04_fields::positive(f, "alpha_us");
    const Ratio gbps = link_gbps(f);
    const LinkMessage m = message_of(f);
    const ch04::LinkTime t = ch04::link_time(m.bytes, alpha, gbps);
    Json r;
    r["bytes"] = exact_json(m.bytes);
    r["bytes_display"] = bytes_binary_text(m.bytes);
    r["transfer_us"] = exact_json(t.transfer_us);
    r["time_us"] = exact_json(t.time_us);
    r["time_display"] = fixed(t.time_us, 2) + " μs";
    r["alpha_share_percent"] = exact_json(alpha / t.time_us * Ratio(100));
    r["bound"] = t.bandwidth_bound ? "bandwidth" : "latency";
    r["crossover_bytes"] = exact_json(t.crossover);
    r["crossover_display"] = bytes_binary_text(t.crossover);
    r["row_bytes"] = nullptr;
    r["crossover_rows"] = nullptr;
    r["first_bandwidth_bound_rows"] = nullptr;
    if (m.row_bytes) {
        const ch04::LinkRows rows = ch04::link_rows(t.crossover, *m.row_bytes);
        r["row_bytes"] = exact_json(*m.row_bytes);
        r["crossover_rows"] = exact_json(rows.crossover_rows);
        r["first_bandwidth_bound_rows"] = exact_json(rows.first_bandwidth_bound_rows);
    }
    return r;
}

constexpr ResultDecl kLinkTimeResult[] = {
    result::exact("bytes"),
    result::display("bytes_display"),
    result::exact("transfer_us"),
    result::exact("time_us"),
    result::display("time_display"),
    result::exact("alpha_share_percent"),
    result::text("bound"),
    result::exact("crossover_bytes"),
    result::display("crossover_display"),
    result::nullable(result::exact("row_bytes")),
    result::nullable(result::exact("crossover_rows")),
    result::nullable(result::exact("first_bandwidth_bound_rows")),
};
constexpr const char* kLinkTimeSamples[] = {
    R"({"op":"link_time","alpha_us":"2","link_bandwidth":"450","rows":256,"row_width":4096})",
    R"({"op":"link_time","alpha_us":"2","link_bandwidth":"300","bytes":8192})",
    R"({"op":"link_time","alpha_us":"2","gpu":"h100-sxm","bytes":2097152})",
};

// ---- little_bandwidth ------------------------------------------------------

constexpr FieldDecl kLittleFields[] = {
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::of_kind("latency_ns", FieldKind::Decimal),
    field::of_kind("transaction_bytes", FieldKind::Decimal, "128"),
    field::integer("in_flight", 1, u128{1} << 32),
    field::integer("bytes", 1, kMaxCount),
    fields::kGpu,
};

Json op_little_bandwidth(const Json& req) {
    RequestFields f(req, kLittleFields);
    // The interface's bandwidth: sent, or the memory bandwidth of `gpu`.
    const std::optional<Ratio> sent =
        f.has("bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "bandwidth")) : std::nullopt;
    const Ratio latency = ch04_fields::positive(f, "latency_ns");
    const Ratio size = ch04_fields::positive_or(f, "transaction_bytes", "128");
    const DeviceRates device = device_rates(f, sent, std::nullopt, "bf16");
    const Ratio gbps = require_bandwidth(device, ch04_fields::label("bandwidth")) / Ratio(1000000000);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["bandwidth"] = exact_json(gbps);
    r["in_flight_needed"] = exact_json(ch04::in_flight_needed(gbps, latency, size));
    Ratio rate = gbps;
    if (f.has("in_flight")) {
        const ch04::LittleRate l = ch04::little_rate(gbps, latency, size, f.integer("in_flight"));
        rate = l.effective_gbps;
        r["little_gbps"] = exact_json(l.little_gbps);
        r["effective_gbps"] = exact_json(l.effective_gbps);
        r["effective_display"] = gbps_text(l.effective_gbps, 1);
        r["interface_share_percent"] = exact_json(l.effective_gbps / gbps * Ratio(100));
        r["bound"] = l.latency_bound ? "latency" : "interface";
    } else {
        r["little_gbps"] = nullptr;
        r["effective_gbps"] = nullptr;
        r["effective_display"] = nullptr;
        r["interface_share_percent"] = nullptr;
        r["bound"] = nullptr;
    }
    if (f.has("bytes")) {
        const Ratio bytes(f.integer("bytes"));
        r["interface_ms"] = exact_json(ch04::read_ms(bytes, gbps));
        r["read_ms"] = exact_json(ch04::read_ms(bytes, rate));
        r["read_display"] = ms_text(ch04::read_ms(bytes, rate), 2);
    } else {
        r["interface_ms"] = nullptr;
        r["read_ms"] = nullptr;
        r["read_display"] = nullptr;
    }
    return r;
}

constexpr ResultDecl kLittleResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("bandwidth"),
    result::exact("in_flight_needed"),
    result::nullable(result::exact("little_gbps")),
    result::nullable(result::exact("effective_gbps")),
    result::nullable(result::display("effective_display")),
    result::nullable(result::exact("interface_share_percent")),
    result::nullable(result::text("bound")),
    result::nullable(result::exact("interface_ms")),
    result::nullable(result::exact("read_ms")),
    result::nullable(result::display("read_display")),
};
constexpr const char* kLittleSamples[] = {
    R"({"op":"little_bandwidth","bandwidth":"1008","latency_ns":"500","in_flight":128,"bytes":1207959552})",
    R"({"op":"little_bandwidth","bandwidth":"1792","latency_ns":"800"})",
    R"({"op":"little_bandwidth","gpu":"h100-sxm","latency_ns":"500"})",
};

// ---- host_upload -----------------------------------------------------------

constexpr FieldDecl kHostUploadFields[] = {
    field::integer("bytes", 1, kMaxCount),
    field::of_kind("link_bandwidth", FieldKind::Decimal),
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::integer("uses", 1, u128{1} << 32, "1"),
    fields::kGpu,
};

Json op_host_upload(const Json& req) {
    RequestFields f(req, kHostUploadFields);
    const Ratio bytes(f.integer("bytes"));
    const std::optional<Ratio> sent_link =
        f.has("link_bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "link_bandwidth")) : std::nullopt;
    const std::optional<Ratio> sent_memory =
        f.has("bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "bandwidth")) : std::nullopt;
    const u128 uses = f.integer_or("uses");
    // `gpu` gives its memory bandwidth and its PCIe rate in one direction.
    const DeviceRates device = device_rates(f, sent_memory, std::nullopt, "bf16");
    const Ratio giga(1000000000);
    const Ratio memory = require_bandwidth(device, ch04_fields::label("bandwidth")) / giga;
    Ratio link;
    if (sent_link) {
        link = *sent_link;
    } else if (device.gpu && device.gpu->pcie) {
        link = *device.gpu->pcie / giga;
    } else {
        throw FieldError("link_bandwidth", msg::field_missing, {{"label", ch04_fields::label("link_bandwidth")}});
    }
    const ch04::HostUpload h = ch04::host_upload(bytes, link, memory, uses);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["link_bandwidth"] = exact_json(link);
    r["bandwidth"] = exact_json(memory);
    r["upload_us"] = exact_json(h.upload_us);
    r["upload_display"] = ms_text(h.upload_us / Ratio(1000), 2);
    r["read_us"] = exact_json(h.read_us);
    r["read_display"] = us_trimmed_text(h.read_us, 2);
    r["upload_over_read"] = exact_json(h.upload_over_read);
    r["upload_per_use_us"] = exact_json(h.upload_per_use_us);
    r["fewest_uses"] = exact_json(h.fewest_uses);
    return r;
}

constexpr ResultDecl kHostUploadResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("link_bandwidth"),
    result::exact("bandwidth"),
    result::exact("upload_us"),
    result::display("upload_display"),
    result::exact("read_us"),
    result::display("read_display"),
    result::exact("upload_over_read"),
    result::exact("upload_per_use_us"),
    result::exact("fewest_uses"),
};
constexpr const char* kHostUploadSamples[] = {
    R"({"op":"host_upload","bytes":67108864,"gpu":"rtx-4090","uses":100})",
    R"({"op":"host_upload","bytes":1000000,"link_bandwidth":"64","bandwidth":"1792"})",
};

}  // namespace

const OpDef kHostUploadOp = {"host_upload", op_host_upload, kHostUploadFields, kHostUploadResult, kHostUploadSamples};
const OpDef kDoubleBufferOp = {"double_buffer", op_double_buffer, kDoubleBufferFields, kDoubleBufferResult, kDoubleBufferSamples};
const OpDef kLinkTimeOp = {"link_time", op_link_time, kLinkTimeFields, kLinkTimeResult, kLinkTimeSamples};
const OpDef kLittleBandwidthOp = {"little_bandwidth", op_little_bandwidth, kLittleFields, kLittleResult, kLittleSamples};

}  // namespace tally::api
