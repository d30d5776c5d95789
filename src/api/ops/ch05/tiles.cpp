// Chapter 5's ops about one kernel's tiles on one SM (§5.1.5, §5.2.1–5.2.2, §5.3.2, §5.4.5):
//   gemm_tile_traffic  working set, re-reads, traffic and resident blocks of an output tile (Example 5-3, Table 5.2.2-a)
//   sm_residency       blocks each SM resource admits, occupancy and the binding resource (Table 5.1.5-a, Exercise 5-1)
//   latency_hiding     bytes in flight an SM needs against what its warps offer (Little's law, §5.1.5)
//   mma_count          matrix instructions of a tile and their split over warps (§5.1.5)
//   sm_share           a device's bandwidth and peak per SM: copy and compute time of one K step, two-slot pipeline (Example 5-5)
//   relayout_buffer    queue slots left beside a relayout area when blocks share an SM (§5.3.2, backpressure)
#include <algorithm>
#include <optional>
#include <string>

#include "api/ops/ch05/ops.hpp"
#include "display.hpp"
#include "read.hpp"

#include "api/catalog.hpp"
#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch05/gemm_tiles.hpp"
#include "core/ch05/relayout_buffer.hpp"
#include "core/ch05/sm_residency.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxBytes = u128{1} << 40;

// The shared memory of one SM: sent, or the catalog's for `gpu`.
u128 smem_per_sm(const RequestFields& f) {
    if (f.has("smem_per_sm") || !f.has("gpu")) {
        if (!f.has("smem_per_sm"))
            throw FieldError("smem_per_sm", msg::field_missing, {{"label", ch05_fields::label("smem_per_sm")}});
        return f.integer("smem_per_sm");
    }
    const Gpu& g = find_gpu("gpu", f.text("gpu"));
    if (g.shared_memory_per_sm == 0)
        throw FieldError("smem_per_sm", msg::field_missing, {{"label", ch05_fields::label("smem_per_sm")}});
    return g.shared_memory_per_sm;
}

u128 sm_count(const RequestFields& f) {
    if (f.has("sms") || !f.has("gpu")) {
        if (!f.has("sms")) throw FieldError("sms", msg::field_missing, {{"label", ch05_fields::label("sms")}});
        return f.integer("sms");
    }
    const Gpu& g = find_gpu("gpu", f.text("gpu"));
    if (g.sm_count == 0) throw FieldError("sms", msg::field_missing, {{"label", ch05_fields::label("sms")}});
    return g.sm_count;
}

Json gpu_json(const RequestFields& f) { return f.has("gpu") ? Json(find_gpu("gpu", f.text("gpu")).id) : Json(nullptr); }

// ---- gemm_tile_traffic -----------------------------------------------------

constexpr FieldDecl kGemmTileFields[] = {
    field::integer("rows", 1, kMaxDim, "1024"),
    field::integer("inputs", 1, kMaxDim, "4096"),
    field::integer("outputs", 1, kMaxDim, "12288"),
    field::integer("tile_m", 1, 4096),
    field::integer("tile_n", 1, 4096),
    field::integer("tile_k", 1, 4096, "32"),
    field::integer("in_bytes", 1, 8, "2"),
    field::integer("acc_bytes", 1, 8, "4"),
    field::integer("out_bytes", 1, 8, "2"),
    field::integer("buffers", 1, 8, "1"),
    field::integer("smem_per_sm", 1, kMaxBytes),
    field::integer("reserve_bytes", 0, kMaxBytes, "1024"),
    field::integer("block_limit", 0, kMaxBytes, "0"),
    field::integer("versus_tile_m", 1, 4096),
    field::integer("versus_tile_n", 1, 4096),
    fields::kGpu,
};

// Experiment 5-1: against another tile of the same GEMM (same k and buffers),
// this tile takes no longer when its effective bandwidth is at least its
// traffic over the other's times the other's bandwidth.
void versus_tile(const RequestFields& f, ch05::GemmShape s, const ch05::GemmTiles& t, Json& r) {
    if (!f.has("versus_tile_m") && !f.has("versus_tile_n")) {
        for (const char* k :
             {"versus_traffic_bytes", "versus_traffic_display", "bandwidth_ratio_needed", "bandwidth_ratio_display"}) {
            r[k] = nullptr;
        }
        return;
    }
    s.m = f.has("versus_tile_m") ? f.integer("versus_tile_m") : s.m;
    s.n = f.has("versus_tile_n") ? f.integer("versus_tile_n") : s.n;
    const ch05::GemmTiles other = ch05::gemm_tiles(s);
    const Ratio needed(t.traffic_bytes, other.traffic_bytes);
    r["versus_traffic_bytes"] = exact_json(other.traffic_bytes);
    r["versus_traffic_display"] = bytes_binary_text(Ratio(other.traffic_bytes));
    r["bandwidth_ratio_needed"] = exact_json(needed);
    r["bandwidth_ratio_display"] = fixed(needed, 3);
}

Json op_gemm_tile_traffic(const Json& req) {
    RequestFields f(req, kGemmTileFields);
    ch05::GemmShape s;
    s.M = f.integer_or("rows");
    s.K = f.integer_or("inputs");
    s.N = f.integer_or("outputs");
    s.m = f.integer("tile_m");
    s.n = f.integer("tile_n");
    s.k = f.integer_or("tile_k");
    s.in_bytes = f.integer_or("in_bytes");
    s.acc_bytes = f.integer_or("acc_bytes");
    s.out_bytes = f.integer_or("out_bytes");
    s.buffers = f.integer_or("buffers");
    const u128 reserve = f.integer_or("reserve_bytes");
    const u128 limit = f.integer_or("block_limit");
    const bool wants_residency = f.has("smem_per_sm") || f.has("gpu");
    const ch05::GemmTiles t = ch05::gemm_tiles(s);
    Json r;
    r["a_slice_bytes"] = exact_json(t.a_slice_bytes);
    r["w_slice_bytes"] = exact_json(t.w_slice_bytes);
    r["acc_bytes"] = exact_json(t.acc_bytes);
    r["working_set_bytes"] = exact_json(t.working_set_bytes);
    r["working_set_display"] = bytes_binary_text(Ratio(t.working_set_bytes));
    r["row_blocks"] = exact_json(t.row_blocks);
    r["column_blocks"] = exact_json(t.column_blocks);
    r["tiles"] = exact_json(t.tiles);
    r["k_steps"] = exact_json(t.k_steps);
    r["a_bytes"] = exact_json(t.a_bytes);
    r["w_bytes"] = exact_json(t.w_bytes);
    r["c_bytes"] = exact_json(t.c_bytes);
    r["a_traffic"] = exact_json(t.a_traffic);
    r["w_traffic"] = exact_json(t.w_traffic);
    r["c_traffic"] = exact_json(t.c_traffic);
    r["traffic_bytes"] = exact_json(t.traffic_bytes);
    r["traffic_display"] = bytes_binary_text(Ratio(t.traffic_bytes));
    r["once_bytes"] = exact_json(t.once_bytes);
    r["traffic_over_once"] = exact_json(Ratio(t.traffic_bytes, t.once_bytes));
    r["flops"] = exact_json(t.flops);
    r["intensity"] = exact_json(t.intensity);
    r["intensity_display"] = fixed(t.intensity, 1);
    versus_tile(f, s, t, r);
    r["gpu"] = gpu_json(f);
    // The ceiling this traffic sets on the matrix unit: intensity over the
    // device's peak-to-bandwidth ratio (the roofline's ridge), when `gpu` states both.
    r["mfu_ceiling_percent"] = nullptr;
    if (f.has("gpu")) {
        const Gpu& g = find_gpu("gpu", f.text("gpu"));
        const Ratio* peak = g.dense_peak("bf16");
        if (peak != nullptr && g.memory_bandwidth) {
            const Ratio ridge = *peak / *g.memory_bandwidth;
            r["mfu_ceiling_percent"] = exact_json(ridge < t.intensity ? Ratio(100) : t.intensity / ridge * Ratio(100));
        }
    }
    if (wants_residency) {
        const u128 smem = smem_per_sm(f);
        r["smem_per_sm"] = exact_json(smem);
        r["resident_blocks"] = exact_json(ch05::resident_blocks(t.working_set_bytes, reserve, smem, limit));
    } else {
        r["smem_per_sm"] = nullptr;
        r["resident_blocks"] = nullptr;
    }
    return r;
}

constexpr ResultDecl kGemmTileResult[] = {
    result::exact("a_slice_bytes"),
    result::exact("w_slice_bytes"),
    result::exact("acc_bytes"),
    result::exact("working_set_bytes"),
    result::display("working_set_display"),
    result::exact("row_blocks"),
    result::exact("column_blocks"),
    result::exact("tiles"),
    result::exact("k_steps"),
    result::exact("a_bytes"),
    result::exact("w_bytes"),
    result::exact("c_bytes"),
    result::exact("a_traffic"),
    result::exact("w_traffic"),
    result::exact("c_traffic"),
    result::exact("traffic_bytes"),
    result::display("traffic_display"),
    result::exact("once_bytes"),
    result::exact("traffic_over_once"),
    result::exact("flops"),
    result::exact("intensity"),
    result::display("intensity_display"),
    result::nullable(result::exact("versus_traffic_bytes")),
    result::nullable(result::display("versus_traffic_display")),
    result::nullable(result::exact("bandwidth_ratio_needed")),
    result::nullable(result::display("bandwidth_ratio_display")),
    result::nullable(result::text("gpu")),
    result::nullable(result::exact("mfu_ceiling_percent")),
    result::nullable(result::exact("smem_per_sm")),
    result::nullable(result::exact("resident_blocks")),
};
constexpr const char* kGemmTileSamples[] = {
    R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":64,"gpu":"rtx-pro-6000"})",
    R"({"op":"gemm_tile_traffic","tile_m":128,"tile_n":128})",
    R"({"op":"gemm_tile_traffic","tile_m":128,"tile_n":128,"buffers":2,"smem_per_sm":102400,"block_limit":101376})",
    R"({"op":"gemm_tile_traffic","tile_m":64,"tile_n":128,"versus_tile_n":64})",
};

// ---- sm_residency ----------------------------------------------------------

constexpr FieldDecl kSmResidencyFields[] = {
    field::integer("threads", 1, 4096, "256"),         field::integer("registers_per_thread", 0, 1024, "128"),
    field::integer("smem_bytes", 0, kMaxBytes),        field::integer("reserve_bytes", 0, kMaxBytes, "1024"),
    field::integer("sm_threads", 32, 1 << 16, "2048"), field::integer("sm_registers", 1, u128{1} << 24, "65536"),
    field::integer("sm_blocks", 1, 1024, "32"),        field::integer("smem_per_sm", 1, kMaxBytes),
    field::integer("block_limit", 0, kMaxBytes, "0"),  fields::kGpu,
};

Json op_sm_residency(const Json& req) {
    RequestFields f(req, kSmResidencyFields);
    ch05::BlockNeeds b;
    b.threads = f.integer_or("threads");
    b.registers_per_thread = f.integer_or("registers_per_thread");
    b.smem_bytes = f.integer("smem_bytes");
    b.reserve_bytes = f.integer_or("reserve_bytes");
    ch05::SmLimits sm;
    sm.threads = f.integer_or("sm_threads");
    sm.registers = f.integer_or("sm_registers");
    sm.blocks = f.integer_or("sm_blocks");
    sm.per_block_smem = f.integer_or("block_limit");
    sm.smem_bytes = smem_per_sm(f);
    if (b.threads > sm.threads) {
        throw FieldError("threads", msg::ch05_block_threads,
                         {{"label", ch05_fields::label("threads")}, {"max", group_thousands(sm.threads)}});
    }
    const ch05::SmResidency s = ch05::sm_residency(sm, b);
    Json limits = Json::array();
    for (const ch05::ResourceLimit& l : s.limits) {
        limits.push_back({{"id", l.resource},
                          {"total", exact_json(l.total)},
                          {"per_block", exact_json(l.per_block)},
                          {"blocks", exact_json(l.blocks)}});
    }
    Json binding = Json::array();
    for (const std::string& id : s.binding) binding.push_back(id);
    Json r;
    r["gpu"] = gpu_json(f);
    r["limits"] = limits;
    r["blocks"] = exact_json(s.blocks);
    r["binding"] = binding;
    r["warps_per_block"] = exact_json(s.warps_per_block);
    r["warps"] = exact_json(s.warps);
    r["max_warps"] = exact_json(s.max_warps);
    r["occupancy_percent"] = exact_json(s.occupancy * Ratio(100));
    r["occupancy_display"] = trimmed(s.occupancy * Ratio(100), 1) + "%";
    r["threads_used"] = exact_json(s.threads_used);
    r["registers_used"] = exact_json(s.registers_used);
    r["smem_used"] = exact_json(s.smem_used);
    r["smem_left"] = exact_json(s.smem_left);
    return r;
}

constexpr ResultDecl kLimitItem[] = {result::text("id"), result::exact("total"), result::exact("per_block"),
                                     result::exact("blocks")};
constexpr ResultDecl kSmResidencyResult[] = {
    result::nullable(result::text("gpu")),
    result::list("limits", kLimitItem),
    result::exact("blocks"),
    result::text_list("binding"),
    result::exact("warps_per_block"),
    result::exact("warps"),
    result::exact("max_warps"),
    result::exact("occupancy_percent"),
    result::display("occupancy_display"),
    result::exact("threads_used"),
    result::exact("registers_used"),
    result::exact("smem_used"),
    result::exact("smem_left"),
};
constexpr const char* kSmResidencySamples[] = {
    R"({"op":"sm_residency","smem_bytes":98304,"gpu":"h100-sxm"})",
    R"({"op":"sm_residency","smem_bytes":32768,"registers_per_thread":64,"smem_per_sm":233472})",
};

// ---- latency_hiding --------------------------------------------------------

constexpr FieldDecl kLatencyHidingFields[] = {
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::of_kind("latency_ns", FieldKind::Decimal),
    field::integer("sms", 1, 1 << 16),
    field::integer("warps", 1, 1 << 16),
    field::integer("loads_per_warp", 1, 1024, "4"),
    field::integer("bytes_per_load", 1, 1024, "16"),
    field::integer("warps_per_block", 1, 1024, "8"),
    fields::kGpu,
};

Json op_latency_hiding(const Json& req) {
    RequestFields f(req, kLatencyHidingFields);
    const std::optional<Ratio> sent =
        f.has("bandwidth") ? std::optional<Ratio>(ch05_fields::positive(f, "bandwidth")) : std::nullopt;
    const Ratio latency = ch05_fields::positive(f, "latency_ns");
    const DeviceRates device = device_rates(f, sent, std::nullopt, "bf16");
    const Ratio gbps = require_bandwidth(device, ch05_fields::label("bandwidth")) / Ratio(1000000000);
    const u128 sms = sm_count(f);
    const u128 warps = f.integer("warps");
    const u128 loads = f.integer_or("loads_per_warp");
    const u128 load_bytes = f.integer_or("bytes_per_load");
    const u128 warps_per_block = f.integer_or("warps_per_block");
    const ch05::LatencyHiding h = ch05::latency_hiding(gbps, latency, sms, warps, loads, load_bytes, warps_per_block);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["bandwidth"] = exact_json(gbps);
    r["sms"] = exact_json(sms);
    r["device_bytes"] = exact_json(h.device_bytes);
    r["needed_bytes"] = exact_json(h.needed_bytes);
    r["needed_display"] = fixed(h.needed_bytes / Ratio(1000), 1) + " KB";
    r["bytes_per_warp"] = exact_json(h.bytes_per_warp);
    r["have_bytes"] = exact_json(h.have_bytes);
    r["have_display"] = bytes_binary_text(Ratio(h.have_bytes));
    r["coverage"] = exact_json(h.coverage);
    r["coverage_display"] = fixed(h.coverage, 2);
    r["covered"] = !(h.coverage < Ratio(1));
    r["warps_needed"] = exact_json(h.warps_needed);
    r["blocks_needed"] = exact_json(h.blocks_needed);
    return r;
}

constexpr ResultDecl kLatencyHidingResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("bandwidth"),
    result::exact("sms"),
    result::exact("device_bytes"),
    result::exact("needed_bytes"),
    result::display("needed_display"),
    result::exact("bytes_per_warp"),
    result::exact("have_bytes"),
    result::display("have_display"),
    result::exact("coverage"),
    result::display("coverage_display"),
    result::flag("covered"),
    result::exact("warps_needed"),
    result::exact("blocks_needed"),
};
constexpr const char* kLatencyHidingSamples[] = {
    R"({"op":"latency_hiding","gpu":"h100-sxm","latency_ns":"600","warps":16})",
    R"({"op":"latency_hiding","bandwidth":"3350","sms":132,"latency_ns":"1000","warps":16,"loads_per_warp":2})",
};

// ---- mma_count -------------------------------------------------------------

constexpr FieldDecl kMmaCountFields[] = {
    field::integer("tile_m", 1, 4096, "128"), field::integer("tile_n", 1, 4096, "128"), field::integer("tile_k", 1, 4096, "64"),
    field::integer("mma_m", 1, 256, "16"),    field::integer("mma_n", 1, 256, "8"),     field::integer("mma_k", 1, 256, "16"),
    field::integer("warps", 1, 1024, "8"),
};

Json op_mma_count(const Json& req) {
    RequestFields f(req, kMmaCountFields);
    const u128 m = f.integer_or("tile_m"), n = f.integer_or("tile_n"), k = f.integer_or("tile_k");
    const u128 p = f.integer_or("mma_m"), q = f.integer_or("mma_n"), s = f.integer_or("mma_k");
    const u128 warps = f.integer_or("warps");
    const std::pair<const char*, bool> checks[] = {{"tile_m", m % p != 0}, {"tile_n", n % q != 0}, {"tile_k", k % s != 0}};
    for (const auto& [name, bad] : checks) {
        if (bad) throw FieldError(name, msg::ch05_tile_not_multiple, {{"label", ch05_fields::label(name)}});
    }
    const ch05::MmaCount c = ch05::mma_count(m, n, k, p, q, s, warps);
    if (c.output_fragments % warps != 0) {
        throw FieldError("warps", msg::ch05_warps_split,
                         {{"label", ch05_fields::label("warps")}, {"fragments", group_thousands(c.output_fragments)}});
    }
    Json r;
    r["flops_per_instruction"] = exact_json(c.flops_per_instruction);
    r["instructions"] = exact_json(c.instructions);
    r["flops"] = exact_json(c.flops);
    r["output_fragments"] = exact_json(c.output_fragments);
    r["fragments_per_warp"] = exact_json(c.fragments_per_warp);
    r["instructions_per_warp"] = exact_json(c.instructions_per_warp);
    return r;
}

constexpr ResultDecl kMmaCountResult[] = {
    result::exact("flops_per_instruction"), result::exact("instructions"),       result::exact("flops"),
    result::exact("output_fragments"),      result::exact("fragments_per_warp"), result::exact("instructions_per_warp"),
};
constexpr const char* kMmaCountSamples[] = {
    R"({"op":"mma_count"})",
    R"({"op":"mma_count","tile_m":64,"tile_n":64})",
};

// ---- sm_share --------------------------------------------------------------

constexpr FieldDecl kSmShareFields[] = {
    field::of_kind("bandwidth", FieldKind::Decimal),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::integer("sms", 1, 1 << 16),
    field::integer("copy_bytes", 1, kMaxBytes, "32768"),
    field::integer("block_flops", 1, kMaxCount, "2097152"),
    field::integer("blocks", 1, 1 << 20, "4"),
    fields::kGpu,
};

constexpr u128 kSmShareDrawnBlocks = 32;

Json op_sm_share(const Json& req) {
    RequestFields f(req, kSmShareFields);
    const std::optional<Ratio> sent_bw =
        f.has("bandwidth") ? std::optional<Ratio>(ch05_fields::positive(f, "bandwidth")) : std::nullopt;
    const std::optional<Ratio> sent_peak =
        f.has("peak_tflops") ? std::optional<Ratio>(ch05_fields::positive(f, "peak_tflops")) : std::nullopt;
    const DeviceRates device = device_rates(f, sent_bw, sent_peak, "bf16");
    const Ratio gbps = require_bandwidth(device, ch05_fields::label("bandwidth")) / Ratio(1000000000);
    const Ratio tflops = require_peak(device, "bf16", ch05_fields::label("peak_tflops")) / Ratio(1000000000000ULL);
    const u128 sms = sm_count(f);
    const u128 copy_bytes = f.integer_or("copy_bytes");
    const u128 block_flops = f.integer_or("block_flops");
    const u128 blocks = f.integer_or("blocks");
    const ch05::SmShare s = ch05::sm_share(gbps, tflops, sms, copy_bytes, block_flops, blocks);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["sms"] = exact_json(sms);
    r["gbps_per_sm"] = exact_json(s.gbps_per_sm);
    r["tflops_per_sm"] = exact_json(s.tflops_per_sm);
    r["copy_us"] = exact_json(s.copy_us);
    r["compute_us"] = exact_json(s.compute_us);
    r["copy_over_compute"] = exact_json(s.copy_over_compute);
    r["intensity"] = exact_json(s.intensity);
    r["device_ratio"] = exact_json(s.device_ratio);
    r["serial_us"] = exact_json(s.serial_us);
    r["pipelined_us"] = exact_json(s.pipelined_us);
    r["saved_percent"] = exact_json((s.serial_us - s.pipelined_us) / s.serial_us * Ratio(100));
    r["slot_free_us"] = exact_json(s.slot_free_us);
    r["third_copy_us"] = exact_json(s.third_copy_us);
    r["mover_busy_us"] = exact_json(s.mover_busy_us);
    r["compute_busy_percent"] = exact_json(s.compute_busy_share * Ratio(100));
    // The book's places (§5.1.5, Example 5-5, Figure 5-16): 25.4 GB/s, 7.50 TFLOP/s, μs to 2 places.
    using ch05_display::us_text;
    r["gbps_per_sm_display"] = fixed(s.gbps_per_sm, 1) + " GB/s";
    r["tflops_per_sm_display"] = fixed(s.tflops_per_sm, 2) + " TFLOP/s";
    r["copy_display"] = us_text(s.copy_us, 2);
    r["compute_display"] = us_text(s.compute_us, 2);
    r["copy_over_compute_display"] = ch05_display::times_text(s.copy_over_compute, 1);
    r["device_ratio_display"] = fixed(s.device_ratio, 0) + " FLOP/byte";
    r["serial_display"] = us_text(s.serial_us, 2);
    r["pipelined_display"] = us_text(s.pipelined_us, 2);
    r["saved_display"] = ch05_display::percent_text((s.serial_us - s.pipelined_us) / s.serial_us * Ratio(100), 0);
    r["slot_free_display"] = us_text(s.slot_free_us, 2);
    r["third_copy_display"] = us_text(s.third_copy_us, 2);
    r["mover_busy_display"] = us_text(s.mover_busy_us, 2);
    r["compute_busy_display"] = fixed(s.compute_busy_share, 1);  // the book: "about 0.2"
    // Each block's copy and compute as bars (Figures 5-5 and 5-16), for the first blocks only.
    const u128 drawn = std::min<u128>(blocks, kSmShareDrawnBlocks);
    r["schedule_blocks"] = exact_json(drawn);
    r["schedule"] = Json::array();
    for (const ch05::SlotSpan& span : ch05::two_slot_schedule(drawn, s.copy_us, s.compute_us)) {
        r["schedule"].push_back({{"block", exact_json(span.block)},
                                 {"label", std::to_string(static_cast<unsigned long long>(span.block))},
                                 {"slot", span.slot == 0 ? "A" : "B"},
                                 {"unit", span.copy ? "producer" : "consumer"},
                                 {"phase", span.copy ? "copy" : "compute"},
                                 {"start_us", exact_json(span.start_us)},
                                 {"end_us", exact_json(span.end_us)},
                                 {"start_display", fixed(span.start_us, 2)},
                                 {"end_display", fixed(span.end_us, 2)}});
    }
    return r;
}

constexpr ResultDecl kSlotSpanItem[] = {
    result::exact("block"),         result::text("label"),     result::text("slot"),    result::text("unit"),
    result::text("phase"),          result::exact("start_us"), result::exact("end_us"), result::display("start_display"),
    result::display("end_display"),
};
constexpr ResultDecl kSmShareResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("sms"),
    result::exact("gbps_per_sm"),
    result::exact("tflops_per_sm"),
    result::exact("copy_us"),
    result::exact("compute_us"),
    result::exact("copy_over_compute"),
    result::exact("intensity"),
    result::exact("device_ratio"),
    result::exact("serial_us"),
    result::exact("pipelined_us"),
    result::exact("saved_percent"),
    result::exact("slot_free_us"),
    result::exact("third_copy_us"),
    result::exact("mover_busy_us"),
    result::exact("compute_busy_percent"),
    result::display("gbps_per_sm_display"),
    result::display("tflops_per_sm_display"),
    result::display("copy_display"),
    result::display("compute_display"),
    result::display("copy_over_compute_display"),
    result::display("device_ratio_display"),
    result::display("serial_display"),
    result::display("pipelined_display"),
    result::display("saved_display"),
    result::display("slot_free_display"),
    result::display("third_copy_display"),
    result::display("mover_busy_display"),
    result::display("compute_busy_display"),
    result::exact("schedule_blocks"),
    result::list("schedule", kSlotSpanItem),
};
constexpr const char* kSmShareSamples[] = {
    R"({"op":"sm_share","gpu":"h100-sxm"})",
    R"({"op":"sm_share","bandwidth":"1792","peak_tflops":"503.8","sms":188,"blocks":8})",
};

// ---- relayout_buffer -------------------------------------------------------

constexpr FieldDecl kRelayoutFields[] = {
    field::integer("slot_bytes", 1, kMaxBytes, "16384"),
    field::integer("queued", 0, 1024, "3"),
    field::integer("relayout_bytes", 0, kMaxBytes, "32768"),
    field::integer("resident", 1, 1024, "2"),
    field::integer("smem_per_sm", 1, kMaxBytes),
    field::integer("reserve_bytes", 0, kMaxBytes, "1024"),
    field::integer("block_limit", 0, kMaxBytes, "0"),
    fields::kGpu,
};

Json op_relayout_buffer(const Json& req) {
    RequestFields f(req, kRelayoutFields);
    const u128 slot = f.integer_or("slot_bytes");
    const u128 queued = f.integer_or("queued");
    const u128 relayout = f.integer_or("relayout_bytes");
    const u128 resident = f.integer_or("resident");
    const u128 reserve = f.integer_or("reserve_bytes");
    const u128 limit = f.integer_or("block_limit");
    const u128 smem = smem_per_sm(f);
    const ch05::RelayoutBuffer b = ch05::relayout_buffer(slot, queued, relayout, smem, reserve, limit, resident);
    Json r;
    r["gpu"] = gpu_json(f);
    r["queue_bytes"] = exact_json(b.queue_bytes);
    r["need_bytes"] = exact_json(b.need_bytes);
    r["need_display"] = bytes_binary_text(Ratio(b.need_bytes));
    r["fits_alone"] = b.fits_alone;
    r["share_bytes"] = exact_json(b.share_bytes);
    r["share_display"] = bytes_binary_text(Ratio(b.share_bytes));
    r["slots_left"] = exact_json(b.slots_left);
    r["backpressure"] = b.backpressure;
    return r;
}

constexpr ResultDecl kRelayoutResult[] = {
    result::nullable(result::text("gpu")), result::exact("queue_bytes"), result::exact("need_bytes"),
    result::display("need_display"),       result::flag("fits_alone"),   result::exact("share_bytes"),
    result::display("share_display"),      result::exact("slots_left"),  result::flag("backpressure"),
};
constexpr const char* kRelayoutSamples[] = {
    R"({"op":"relayout_buffer","gpu":"rtx-pro-6000","block_limit":101376})",
    R"({"op":"relayout_buffer","gpu":"h100-sxm","resident":1})",
};

}  // namespace

const OpDef kGemmTileTrafficOp = {"gemm_tile_traffic", op_gemm_tile_traffic, kGemmTileFields, kGemmTileResult, kGemmTileSamples};
const OpDef kSmResidencyOp = {"sm_residency", op_sm_residency, kSmResidencyFields, kSmResidencyResult, kSmResidencySamples};
const OpDef kLatencyHidingOp = {"latency_hiding", op_latency_hiding, kLatencyHidingFields, kLatencyHidingResult,
                                kLatencyHidingSamples};
const OpDef kMmaCountOp = {"mma_count", op_mma_count, kMmaCountFields, kMmaCountResult, kMmaCountSamples};
const OpDef kRelayoutBufferOp = {"relayout_buffer", op_relayout_buffer, kRelayoutFields, kRelayoutResult, kRelayoutSamples};
const OpDef kSmShareOp = {"sm_share", op_sm_share, kSmShareFields, kSmShareResult, kSmShareSamples};

}  // namespace tally::api
