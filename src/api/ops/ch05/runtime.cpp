// Chapter 5's runtime ops (§5.5, §5.4.5):
//   host_pipeline     host preparation against device work, serial and overlapped (Example 5-10)
//   graph_replay      graph replay's saved host wait against the input copy (Example 5-11, Experiment 5-8)
//   shape_mix         a new implementation faster on one shape, slower on another (Example 5-9)
//   shape_strategies  general, bucketed and specialised programs: P + r·T and where they cross (Example 5-12)
//   persistent_tiles  two kernels against block-wise tasks in one persistent kernel (§5.5.4)
//   request_hotspot   one operator's change across a whole request's prefill and decode (§5.6.3)
//   amortize          a one-off preparation spread over calls (§5.1.4)
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "api/ops/ch05/ops.hpp"
#include "display.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "api/positive_decimal.hpp"
#include "core/ch05/persistent_tiles.hpp"
#include "core/ch05/request_hotspot.hpp"
#include "core/ch05/runtime.hpp"
#include "core/ch05/shape_choice.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using ch05_display::ms_text;
using ch05_display::us_text;

// ---- host_pipeline ---------------------------------------------------------

constexpr FieldDecl kHostPipelineFields[] = {
    field::integer("segments", 1, u128{1} << 32),
    field::of_kind("host_us", FieldKind::Decimal),
    field::of_kind("device_us", FieldKind::Decimal),
};

Json op_host_pipeline(const Json& req) {
    RequestFields f(req, kHostPipelineFields);
    const u128 segments = f.integer("segments");
    const Ratio host = ch05_fields::positive(f, "host_us");
    const Ratio device = ch05_fields::positive(f, "device_us");
    const ch05::HostPipeline p = ch05::host_pipeline(segments, host, device);
    Json r;
    r["serial_us"] = exact_json(p.serial_us);
    r["serial_display"] = us_text(p.serial_us, 0);
    r["pipelined_us"] = exact_json(p.pipelined_us);
    r["pipelined_display"] = us_text(p.pipelined_us, 0);
    r["saved_us"] = exact_json(p.saved_us);
    r["speedup"] = exact_json(p.speedup);
    r["speedup_display"] = fixed(p.speedup, 2) + "×";
    r["bound"] = p.device_bound ? "device" : "host";
    r["device_busy_percent"] = exact_json(p.device_busy_share * Ratio(100));
    return r;
}

constexpr ResultDecl kHostPipelineResult[] = {
    result::exact("serial_us"),
    result::display("serial_display"),
    result::exact("pipelined_us"),
    result::display("pipelined_display"),
    result::exact("saved_us"),
    result::exact("speedup"),
    result::display("speedup_display"),
    result::text("bound"),
    result::exact("device_busy_percent"),
};
constexpr const char* kHostPipelineSamples[] = {
    R"({"op":"host_pipeline","segments":100,"host_us":"20","device_us":"20"})",
    R"({"op":"host_pipeline","segments":100,"host_us":"20","device_us":"5"})",
    R"({"op":"host_pipeline","segments":100,"host_us":"5","device_us":"5"})",
};

// ---- graph_replay ----------------------------------------------------------

constexpr FieldDecl kGraphReplayFields[] = {
    field::of_kind("compute_us", FieldKind::Decimal),    field::of_kind("host_wait_us", FieldKind::Decimal),
    field::of_kind("graph_prep_us", FieldKind::Decimal), field::integer("input_bytes", 0, kMaxCount),
    field::of_kind("bandwidth", FieldKind::Decimal),     fields::kGpu,
};

Json op_graph_replay(const Json& req) {
    RequestFields f(req, kGraphReplayFields);
    const Ratio compute = ch05_fields::positive(f, "compute_us");
    const Ratio wait = ch05_fields::non_negative(f, "host_wait_us");
    const Ratio prep = ch05_fields::non_negative(f, "graph_prep_us");
    const Ratio bytes(f.integer("input_bytes"));
    const std::optional<Ratio> sent =
        f.has("bandwidth") ? std::optional<Ratio>(ch05_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates device = device_rates(f, sent, std::nullopt, "bf16");
    const Ratio gbps = require_bandwidth(device, ch05_fields::label("bandwidth")) / Ratio(1000000000);
    const ch05::GraphReplay g = ch05::graph_replay(compute, wait, prep, bytes, gbps);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["bandwidth"] = exact_json(gbps);
    r["input_display"] = bytes_binary_text(bytes);
    r["copy_us"] = exact_json(g.copy_us);
    r["copy_display"] = us_text(g.copy_us, 1);
    r["plain_us"] = exact_json(g.plain_us);
    r["plain_display"] = us_text(g.plain_us, 1);
    r["graph_us"] = exact_json(g.graph_us);
    r["graph_display"] = us_text(g.graph_us, 1);
    r["graph_faster"] = g.graph_faster;
    r["difference_us"] = exact_json(g.difference_us);
    if (g.breakeven_bytes) {
        r["breakeven_bytes"] = exact_json(*g.breakeven_bytes);
        r["breakeven_mib"] = exact_json(*g.breakeven_bytes / Ratio(u128{1} << 20));
        r["breakeven_display"] = bytes_binary_text(*g.breakeven_bytes);
    } else {
        r["breakeven_bytes"] = nullptr;
        r["breakeven_mib"] = nullptr;
        r["breakeven_display"] = nullptr;
    }
    return r;
}

constexpr ResultDecl kGraphReplayResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("bandwidth"),
    result::display("input_display"),
    result::exact("copy_us"),
    result::display("copy_display"),
    result::exact("plain_us"),
    result::display("plain_display"),
    result::exact("graph_us"),
    result::display("graph_display"),
    result::flag("graph_faster"),
    result::exact("difference_us"),
    result::nullable(result::exact("breakeven_bytes")),
    result::nullable(result::exact("breakeven_mib")),
    result::nullable(result::display("breakeven_display")),
};
constexpr const char* kGraphReplaySamples[] = {
    R"({"op":"graph_replay","compute_us":"20","host_wait_us":"20","graph_prep_us":"5","input_bytes":2097152,"gpu":"rtx-pro-6000"})",
    R"({"op":"graph_replay","compute_us":"20","host_wait_us":"20","graph_prep_us":"5","input_bytes":16777216,"bandwidth":"1792"})",
    R"({"op":"graph_replay","compute_us":"20","host_wait_us":"5","graph_prep_us":"5","input_bytes":0,"gpu":"rtx-4090"})",
};

// ---- shape_mix -------------------------------------------------------------

constexpr std::size_t kMaxShapes = 64;

constexpr FieldDecl kShapeMixFields[] = {
    field::of_kind("calls", FieldKind::List),
    field::of_kind("old_us", FieldKind::List),
    field::of_kind("new_us", FieldKind::List),
    field::integer("share_percent", 0, 100),
};

// Figure 5-25 draws both versions' mean time per call against p, the first
// of two shapes' share of the calls (in percent, so the reader's p is a whole
// number): p·t₁ + (1 − p)·t₂ for each version. Other mixes have no such line.
std::optional<Ratio> share_of(const RequestFields& f, std::size_t shapes) {
    if (!f.has("share_percent") || shapes != 2) return std::nullopt;
    return Ratio(f.integer("share_percent")) / Ratio(100);
}

Json op_shape_mix(const Json& req) {
    RequestFields f(req, kShapeMixFields);
    const std::vector<u128> calls = ch05_fields::integer_list(f, "calls", kMaxShapes, 0, u128{1} << 32);
    const std::vector<Ratio> old_us = ch05_fields::decimal_list(f, "old_us", kMaxShapes, false);
    const std::vector<Ratio> new_us = ch05_fields::decimal_list(f, "new_us", kMaxShapes, false);
    for (const char* name : {"old_us", "new_us"}) {
        if (f.raw(name).size() != calls.size()) {
            throw FieldError(name, msg::ch05_lengths_differ,
                             {{"label", ch05_fields::label(name)}, {"other", "calls"}, {"count", std::to_string(calls.size())}});
        }
    }
    u128 total_calls = 0;
    std::vector<ch05::ShapeCalls> shapes;
    for (std::size_t i = 0; i < calls.size(); ++i) {
        shapes.push_back({calls[i], old_us[i], new_us[i]});
        total_calls = add(total_calls, calls[i]);
    }
    if (total_calls == 0) throw FieldError("calls", msg::ch05_no_calls, {{"label", ch05_fields::label("calls")}});
    const std::optional<Ratio> share = share_of(f, shapes.size());
    const ch05::ShapeMix m = ch05::shape_mix(shapes);
    Json r;
    r["old_total_us"] = exact_json(m.old_total_us);
    r["new_total_us"] = exact_json(m.new_total_us);
    r["new_faster"] = m.new_faster;
    r["speedup"] = exact_json(m.ratio);
    r["speedup_display"] = fixed(m.ratio, 2) + "×";
    r["new_over_old"] = exact_json(Ratio(1) / m.ratio);
    r["breakeven_share"] = m.breakeven_share ? exact_json(*m.breakeven_share) : Json(nullptr);
    r["new_wins"] = m.breakeven_share ? Json(m.new_wins_above ? "above" : "below") : Json(nullptr);
    r["breakeven_percent"] = m.breakeven_share ? exact_json(*m.breakeven_share * Ratio(100)) : Json(nullptr);
    r["breakeven_percent_display"] =
        m.breakeven_share ? Json(ch05_display::percent_text(*m.breakeven_share * Ratio(100), 1)) : Json(nullptr);
    for (const auto& [key, times] : {std::pair{"old", &old_us}, std::pair{"new", &new_us}}) {
        const std::string k = key;
        if (!share) {
            r[k + "_mean_us"] = nullptr;
            r[k + "_mean_display"] = nullptr;
            continue;
        }
        const Ratio mean = *share * (*times)[0] + (Ratio(1) - *share) * (*times)[1];
        r[k + "_mean_us"] = exact_json(mean);
        r[k + "_mean_display"] = us_text(mean, 1);
    }
    return r;
}

constexpr ResultDecl kShapeMixResult[] = {
    result::exact("old_total_us"),
    result::exact("new_total_us"),
    result::flag("new_faster"),
    result::exact("speedup"),
    result::display("speedup_display"),
    result::exact("new_over_old"),
    result::nullable(result::exact("breakeven_share")),
    result::nullable(result::text("new_wins")),
    result::nullable(result::exact("breakeven_percent")),
    result::nullable(result::display("breakeven_percent_display")),
    result::nullable(result::exact("old_mean_us")),
    result::nullable(result::display("old_mean_display")),
    result::nullable(result::exact("new_mean_us")),
    result::nullable(result::display("new_mean_display")),
};
constexpr const char* kShapeMixSamples[] = {
    R"({"op":"shape_mix","calls":[1,1],"old_us":["10","10"],"new_us":["5","20"]})",
    R"({"op":"shape_mix","calls":[1,1],"old_us":["10","10"],"new_us":["5","20"],"share_percent":90})",
    R"({"op":"shape_mix","calls":[100,1],"old_us":["10","10"],"new_us":["5","20"]})",
};

// ---- shape_strategies ------------------------------------------------------

constexpr std::size_t kMaxCallShapes = 64;

constexpr FieldDecl kShapeStrategiesFields[] = {
    field::of_kind("rows", FieldKind::List),          field::of_kind("counts", FieldKind::List),
    field::of_kind("buckets", FieldKind::List),       field::integer("flops_per_row", 1, kMaxCount, "301989888"),
    field::of_kind("tflops", FieldKind::List),        field::of_kind("prepare_ms", FieldKind::List),
    field::integer("groups", 1, u128{1} << 32, "70"), fields::kGpu,
    field::of_kind("mfu_percent", FieldKind::List),
};

// The three programs' rates: `tflops` as sent, or, without it, each program's
// share of the dense BF16 peak of the device `gpu` names (`mfu_percent`, as
// Example 5-12 takes 20, 40 and 50 % of RTX PRO 6000's 503.8 TFLOP/s).
std::vector<Ratio> strategy_tflops(const RequestFields& f) {
    const std::optional<Ratio> peak = gpu_peak_tflops(f, "bf16", ch05_fields::label("tflops"), "gpu", "tflops");
    const char* name = peak ? "mfu_percent" : "tflops";
    std::vector<Ratio> rates = ch05_fields::decimal_list(f, name, 3, false);
    if (f.raw(name).size() != 3) {
        throw FieldError(name, msg::ch05_lengths_differ,
                         {{"label", ch05_fields::label(name)}, {"other", "general, bucket, special"}, {"count", "3"}});
    }
    if (!peak) return rates;
    for (std::size_t i = 0; i < rates.size(); ++i) {
        if (Ratio(100) < rates[i]) {
            throw FieldError(name + ("[" + std::to_string(i) + "]"), msg::ch05_percent_range,
                             {{"label", ch05_fields::label(name)}, {"received", received_text(f.raw(name)[i])}});
        }
        rates[i] = *peak * rates[i] / Ratio(100);
    }
    return rates;
}

Json op_shape_strategies(const Json& req) {
    RequestFields f(req, kShapeStrategiesFields);
    const std::vector<u128> rows = ch05_fields::integer_list(f, "rows", kMaxCallShapes, 1, u128{1} << 32);
    const std::vector<u128> counts = ch05_fields::integer_list(f, "counts", kMaxCallShapes, 1, u128{1} << 32);
    const std::vector<u128> buckets = ch05_fields::integer_list(f, "buckets", kMaxCallShapes, 1, u128{1} << 32);
    if (counts.size() != rows.size()) {
        throw FieldError("counts", msg::ch05_lengths_differ,
                         {{"label", ch05_fields::label("counts")}, {"other", "rows"}, {"count", std::to_string(rows.size())}});
    }
    for (std::size_t i = 1; i < buckets.size(); ++i) {
        if (buckets[i] <= buckets[i - 1]) {
            throw FieldError("buckets", msg::ch05_buckets_order, {{"label", ch05_fields::label("buckets")}});
        }
    }
    const u128 flops_per_row = f.integer_or("flops_per_row");
    const std::vector<Ratio> tflops = strategy_tflops(f);
    const std::vector<Ratio> prepare = ch05_fields::decimal_list(f, "prepare_ms", 3, true);
    if (f.raw("prepare_ms").size() != 3) {
        throw FieldError("prepare_ms", msg::ch05_lengths_differ,
                         {{"label", ch05_fields::label("prepare_ms")}, {"other", "general, bucket, special"}, {"count", "3"}});
    }
    std::vector<std::pair<u128, u128>> calls;
    for (std::size_t i = 0; i < rows.size(); ++i) calls.emplace_back(rows[i], counts[i]);
    const ch05::BucketRows b = ch05::bucket_rows(calls, buckets);
    if (!b.fits) throw FieldError("buckets", msg::ch05_bucket_too_small, {{"label", ch05_fields::label("buckets")}});
    // A group of calls: the general and specialised programs run the rows as
    // they come, the bucketed one its padded rows.
    const u128 executed[3] = {b.actual_rows, b.executed_rows, b.actual_rows};
    const char* ids[3] = {"general", "bucket", "special"};
    std::vector<ch05::Strategy> strategies;
    Json list = Json::array();
    const u128 groups = f.integer_or("groups");
    for (std::size_t i = 0; i < 3; ++i) {
        const Ratio flops = Ratio(mul(executed[i], flops_per_row));
        const Ratio group_ms = flops / (tflops[i] * Ratio(1000000000));  // TFLOP/s = 10^9 FLOPs per ms
        strategies.push_back({ids[i], prepare[i], group_ms});
        const Ratio total = prepare[i] + Ratio(groups) * group_ms;
        list.push_back({{"id", ids[i]},
                        {"rows", exact_json(executed[i])},
                        {"group_ms", exact_json(group_ms)},
                        {"group_display", fixed(group_ms, 1) + " ms"},
                        {"prepare_ms", exact_json(prepare[i])},
                        {"total_ms", exact_json(total)},
                        {"total_seconds", exact_json(total / Ratio(1000))},
                        {"prepare_display", trimmed(prepare[i], 3) + " ms"},
                        {"total_display", ch05_display::seconds_text(total / Ratio(1000), 2)}});
    }
    Json crossings = Json::array();
    for (const ch05::Crossing& c : ch05::strategy_crossings(strategies)) {
        crossings.push_back({{"id", c.from + "-" + c.to},
                             {"from", c.from},
                             {"to", c.to},
                             {"groups", exact_json(c.groups)},
                             {"groups_display", fixed(c.groups, 2)},
                             {"first_group", exact_json(c.first_group)}});
    }
    Json r;
    r["actual_rows"] = exact_json(b.actual_rows);
    r["bucket_rows"] = exact_json(b.executed_rows);
    r["padding_percent"] = exact_json(b.padding_share * Ratio(100));
    r["padding_display"] = ch05_display::percent_text(b.padding_share * Ratio(100), 0);
    r["strategies"] = list;
    r["crossings"] = crossings;
    r["cheapest"] = ids[ch05::cheapest_at(strategies, groups)];
    return r;
}

constexpr ResultDecl kStrategyItem[] = {
    result::text("id"),
    result::exact("rows"),
    result::exact("group_ms"),
    result::display("group_display"),
    result::exact("prepare_ms"),
    result::exact("total_ms"),
    result::exact("total_seconds"),
    result::display("prepare_display"),
    result::display("total_display"),
};
constexpr ResultDecl kCrossingItem[] = {
    result::text("id"),
    result::text("from"),
    result::text("to"),
    result::exact("groups"),
    result::display("groups_display"),
    result::exact("first_group"),
};
constexpr ResultDecl kShapeStrategiesResult[] = {
    result::exact("actual_rows"),
    result::exact("bucket_rows"),
    result::exact("padding_percent"),
    result::display("padding_display"),
    result::list("strategies", kStrategyItem),
    result::list("crossings", kCrossingItem),
    result::text("cheapest"),
};
constexpr const char* kShapeStrategiesSamples[] = {
    R"({"op":"shape_strategies","rows":[256,1536,2048],"counts":[8,1,1],"buckets":[512,2048],"tflops":["100","200","250"],"prepare_ms":["100","400","900"]})",
    R"({"op":"shape_strategies","rows":[256,1536,2048],"counts":[32,1,1],"buckets":[512,2048],"tflops":["100","200","250"],"prepare_ms":["100","400","900"],"groups":1})",
    // Example 5-12's rates as shares of the device's peak, unrounded (100.76, 201.52, 251.9 TFLOP/s).
    R"({"op":"shape_strategies","rows":[256,1536,2048],"counts":[8,1,1],"buckets":[512,2048],"gpu":"rtx-pro-6000","mfu_percent":["20","40","50"],"prepare_ms":["100","400","900"]})",
};

// ---- persistent_tiles ------------------------------------------------------

constexpr FieldDecl kPersistentFields[] = {
    field::integer("blocks", 1, 4096, "8"),
    field::integer("rows_per_block", 1, u128{1} << 20, "64"),
    field::integer("inputs", 1, u128{1} << 24, "4096"),
    field::integer("outputs", 1, u128{1} << 24, "12288"),
    field::integer("activation_bytes", 1, 64, "4"),
    field::of_kind("launch_us", FieldKind::Decimal, "5"),
    field::of_kind("schedule_us", FieldKind::Decimal, "0.5"),
    field::of_kind("notify_us", FieldKind::Decimal, "0.2"),
    field::of_kind("peak_tflops", FieldKind::Decimal),
    field::of_kind("bandwidth", FieldKind::Decimal),
    fields::kGpu,
};

constexpr u128 kPersistentDrawnBlocks = 64;

Json persistent_spans_json(const std::vector<ch05::PersistentSpan>& spans) {
    Json list = Json::array();
    for (const ch05::PersistentSpan& s : spans) {
        const bool launch = s.kind == "launch";
        list.push_back({{"lane", s.lane},
                        {"kind", s.kind},
                        {"block", launch ? Json(nullptr) : exact_json(s.block)},
                        {"label", launch ? std::string() : std::to_string(static_cast<unsigned long long>(s.block))},
                        {"start_us", exact_json(s.start_us)},
                        {"end_us", exact_json(s.end_us)},
                        {"start_display", fixed(s.start_us, 2)},
                        {"end_display", fixed(s.end_us, 2)}});
    }
    return list;
}

Json op_persistent_tiles(const Json& req) {
    RequestFields f(req, kPersistentFields);
    const u128 blocks = f.integer_or("blocks");
    const u128 rows = f.integer_or("rows_per_block");
    const u128 inputs = f.integer_or("inputs");
    const u128 outputs = f.integer_or("outputs");
    const u128 act_bytes = f.integer_or("activation_bytes");
    const Ratio launch = ch05_fields::positive_or(f, "launch_us", "5");
    const Ratio schedule = ch05_fields::non_negative_or(f, "schedule_us", "0.5");
    const Ratio notify = ch05_fields::non_negative_or(f, "notify_us", "0.2");
    const std::optional<Ratio> sent_peak =
        f.has("peak_tflops") ? std::optional<Ratio>(ch05_fields::positive(f, "peak_tflops")) : std::nullopt;
    const std::optional<Ratio> sent_bw =
        f.has("bandwidth") ? std::optional<Ratio>(ch05_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates device = device_rates(f, sent_bw, sent_peak, "bf16");
    const Ratio flops_per_us = require_peak(device, "bf16", ch05_fields::label("peak_tflops")) / Ratio(1000000);
    const Ratio bytes_per_us = require_bandwidth(device, ch05_fields::label("bandwidth")) / Ratio(1000000);
    const u128 block_flops = mul(2, rows, inputs, outputs);
    const u128 block_bytes = mul(rows, outputs, act_bytes);
    const ch05::PersistentTiles t = ch05::persistent_tiles(blocks, Ratio(block_flops) / flops_per_us,
                                                           Ratio(block_bytes) / bytes_per_us, launch, schedule + notify);
    Json r;
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["block_flops"] = exact_json(block_flops);
    r["block_bytes"] = exact_json(block_bytes);
    r["projection_us"] = exact_json(t.projection_us);
    r["activation_us"] = exact_json(t.activation_us);
    r["task_projection_us"] = exact_json(t.task_projection_us);
    r["task_activation_us"] = exact_json(t.task_activation_us);
    r["coarse_us"] = exact_json(t.coarse_us);
    r["coarse_display"] = us_text(t.coarse_us, 0);
    r["blockwise_us"] = exact_json(t.blockwise_us);
    r["blockwise_display"] = us_text(t.blockwise_us, 0);
    r["blockwise_faster"] = t.blockwise_faster;
    r["difference_us"] = exact_json(t.difference_us);
    r["speedup"] = exact_json(t.speedup);
    r["launch_saved_us"] = exact_json(launch);
    r["hidden_us"] = exact_json(t.hidden_us);
    r["overhead_us"] = exact_json(t.overhead_us);
    // The two schedules as bars (Figures 5-36 and 5-37), for the first blocks only: a Gantt of thousands of blocks shows nothing.
    const u128 drawn = std::min<u128>(blocks, kPersistentDrawnBlocks);
    r["schedule_blocks"] = exact_json(drawn);
    r["coarse_tasks"] = persistent_spans_json(ch05::coarse_schedule(drawn, t.projection_us, t.activation_us, launch));
    r["blockwise_tasks"] =
        persistent_spans_json(ch05::blockwise_schedule(drawn, t.projection_us, t.activation_us, launch, schedule + notify));
    return r;
}

constexpr ResultDecl kPersistentSpanItem[] = {
    result::text("lane"),      result::text("kind"),    result::nullable(result::exact("block")), result::text("label"),
    result::exact("start_us"), result::exact("end_us"), result::display("start_display"),         result::display("end_display"),
};
constexpr ResultDecl kPersistentResult[] = {
    result::nullable(result::text("gpu")),
    result::exact("block_flops"),
    result::exact("block_bytes"),
    result::exact("projection_us"),
    result::exact("activation_us"),
    result::exact("task_projection_us"),
    result::exact("task_activation_us"),
    result::exact("coarse_us"),
    result::display("coarse_display"),
    result::exact("blockwise_us"),
    result::display("blockwise_display"),
    result::flag("blockwise_faster"),
    result::exact("difference_us"),
    result::exact("speedup"),
    result::exact("launch_saved_us"),
    result::exact("hidden_us"),
    result::exact("overhead_us"),
    result::exact("schedule_blocks"),
    result::list("coarse_tasks", kPersistentSpanItem),
    result::list("blockwise_tasks", kPersistentSpanItem),
};
constexpr const char* kPersistentSamples[] = {
    R"({"op":"persistent_tiles","gpu":"rtx-pro-6000"})",
    R"({"op":"persistent_tiles","peak_tflops":"989.4","bandwidth":"3350","blocks":4,"schedule_us":"0"})",
};

// ---- request_hotspot -------------------------------------------------------

constexpr FieldDecl kHotspotFields[] = {
    field::integer("layers", 1, 1024, "36"),
    field::integer("input_tokens", 1, u128{1} << 24, "7239"),
    field::integer("output_tokens", 2, u128{1} << 24, "32"),
    field::of_kind("prefill_old_ms", FieldKind::Decimal),
    field::of_kind("prefill_new_ms", FieldKind::Decimal),
    field::of_kind("decode_old_ms", FieldKind::Decimal),
    field::of_kind("decode_new_ms", FieldKind::Decimal),
    field::of_kind("trace_ms", FieldKind::Decimal),
    field::integer("projected_output_tokens", 2, u128{1} << 24),
};

Json op_request_hotspot(const Json& req) {
    RequestFields f(req, kHotspotFields);
    const u128 layers = f.integer_or("layers");
    const u128 input = f.integer_or("input_tokens");
    const u128 output = f.integer_or("output_tokens");
    ch05::HotspotTimes t;
    t.prefill_old_ms = ch05_fields::positive(f, "prefill_old_ms");
    t.prefill_new_ms = ch05_fields::positive(f, "prefill_new_ms");
    t.decode_old_ms = ch05_fields::positive(f, "decode_old_ms");
    t.decode_new_ms = ch05_fields::positive(f, "decode_new_ms");
    const std::optional<Ratio> trace =
        f.has("trace_ms") ? std::optional<Ratio>(ch05_fields::positive(f, "trace_ms")) : std::nullopt;
    const ch05::RequestHotspot h = ch05::request_hotspot(layers, input, output, t);
    if (trace && *trace < h.old_ms) {
        throw FieldError("trace_ms", msg::ch05_trace_too_short, {{"label", ch05_fields::label("trace_ms")}});
    }
    Json r;
    r["decode_steps"] = exact_json(h.decode_steps);
    r["calls"] = exact_json(h.calls);
    r["prefill_calls"] = exact_json(h.prefill_calls);
    r["decode_calls"] = exact_json(h.decode_calls);
    r["prefill_rows"] = exact_json(h.prefill_rows);
    r["old_ms"] = exact_json(h.old_ms);
    r["new_ms"] = exact_json(h.new_ms);
    r["decode_speedup"] = exact_json(h.decode_speedup);
    r["decode_saved_ms"] = exact_json(h.decode_saved_ms);
    r["prefill_slower"] = h.prefill_slower;
    r["prefill_change_ms"] = exact_json(h.prefill_change_ms);
    r["slower"] = h.slower;
    r["saved_ms"] = exact_json(h.saved_ms);
    r["saved_per_step_us"] = exact_json(h.saved_per_step_ms * Ratio(1000));
    r["trace_share_percent"] = trace ? exact_json(h.old_ms / *trace * Ratio(100)) : Json(nullptr);
    // The book's places: 1.45 ms decode, 0.03 ms prefill, 13.6 / 12.2 / 1.4 ms, 2.6×, 1.6 %, 46.8 μs a step.
    r["decode_saved_display"] = ms_text(h.decode_saved_ms, 2);
    r["prefill_change_display"] = ms_text(h.prefill_change_ms, 2);
    r["old_display"] = ms_text(h.old_ms, 1);
    r["new_display"] = ms_text(h.new_ms, 1);
    r["saved_display"] = ms_text(h.saved_ms, 1);
    r["decode_speedup_display"] = ch05_display::times_text(h.decode_speedup, 1);
    r["saved_per_step_display"] = us_text(h.saved_per_step_ms * Ratio(1000), 1);
    r["trace_share_display"] = trace ? Json(ch05_display::percent_text(h.old_ms / *trace * Ratio(100), 1)) : Json(nullptr);
    if (f.has("projected_output_tokens")) {
        const ch05::HotspotProjection p = ch05::project_hotspot(output, f.integer("projected_output_tokens"), t);
        r["projected_decode_steps"] = exact_json(p.decode_steps);
        r["projected_decode_saved_ms"] = exact_json(p.decode_saved_ms);
        r["projected_decode_saved_display"] = ms_text(p.decode_saved_ms, 2);
        r["projected_saved_ms"] = exact_json(p.saved_ms);
        r["projected_saved_display"] = ms_text(p.saved_ms, 2);
        r["projected_slower"] = p.slower;
    } else {
        for (const char* k : {"projected_decode_steps", "projected_decode_saved_ms", "projected_decode_saved_display",
                              "projected_saved_ms", "projected_saved_display", "projected_slower"}) {
            r[k] = nullptr;
        }
    }
    return r;
}

constexpr ResultDecl kHotspotResult[] = {
    result::exact("decode_steps"),
    result::exact("calls"),
    result::exact("prefill_calls"),
    result::exact("decode_calls"),
    result::exact("prefill_rows"),
    result::exact("old_ms"),
    result::exact("new_ms"),
    result::exact("decode_speedup"),
    result::exact("decode_saved_ms"),
    result::flag("prefill_slower"),
    result::exact("prefill_change_ms"),
    result::flag("slower"),
    result::exact("saved_ms"),
    result::exact("saved_per_step_us"),
    result::nullable(result::exact("trace_share_percent")),
    result::display("decode_saved_display"),
    result::display("prefill_change_display"),
    result::display("old_display"),
    result::display("new_display"),
    result::display("saved_display"),
    result::display("decode_speedup_display"),
    result::display("saved_per_step_display"),
    result::nullable(result::display("trace_share_display")),
    result::nullable(result::exact("projected_decode_steps")),
    result::nullable(result::exact("projected_decode_saved_ms")),
    result::nullable(result::display("projected_decode_saved_display")),
    result::nullable(result::exact("projected_saved_ms")),
    result::nullable(result::display("projected_saved_display")),
    result::nullable(result::flag("projected_slower")),
};
constexpr const char* kHotspotSamples[] = {
    R"({"op":"request_hotspot","prefill_old_ms":"11.218659","prefill_new_ms":"11.244366","decode_old_ms":"2.369803","decode_new_ms":"0.920376","trace_ms":"850.848989"})",
    R"({"op":"request_hotspot","output_tokens":128,"prefill_old_ms":"11.2","prefill_new_ms":"11.2","decode_old_ms":"2.4","decode_new_ms":"0.92"})",
    R"({"op":"request_hotspot","prefill_old_ms":"11.218659","prefill_new_ms":"11.244366","decode_old_ms":"2.369803","decode_new_ms":"0.920376","projected_output_tokens":128})",
};

// ---- amortize --------------------------------------------------------------

constexpr FieldDecl kAmortizeFields[] = {
    field::of_kind("prepare_ms", FieldKind::Decimal),
    field::of_kind("run_ms", FieldKind::Decimal),
    field::integer("calls", 1, u128{1} << 40, "1"),
};

Json op_amortize(const Json& req) {
    RequestFields f(req, kAmortizeFields);
    const Ratio prepare = ch05_fields::non_negative(f, "prepare_ms");
    const Ratio run = ch05_fields::positive(f, "run_ms");
    const u128 calls = f.integer_or("calls");
    const ch05::Amortized a = ch05::amortize(prepare, run, calls);
    Json r;
    r["total_ms"] = exact_json(a.total_ms);
    r["average_ms"] = exact_json(a.average_ms);
    r["average_display"] = trimmed(a.average_ms, 3) + " ms";
    r["prepare_percent"] = exact_json(a.prepare_share * Ratio(100));
    return r;
}

constexpr ResultDecl kAmortizeResult[] = {
    result::exact("total_ms"),
    result::exact("average_ms"),
    result::display("average_display"),
    result::exact("prepare_percent"),
};
constexpr const char* kAmortizeSamples[] = {
    R"({"op":"amortize","prepare_ms":"100","run_ms":"1"})",
    R"({"op":"amortize","prepare_ms":"100","run_ms":"1","calls":100})",
};

}  // namespace

const OpDef kHostPipelineOp = {"host_pipeline", op_host_pipeline, kHostPipelineFields, kHostPipelineResult, kHostPipelineSamples};
const OpDef kGraphReplayOp = {"graph_replay", op_graph_replay, kGraphReplayFields, kGraphReplayResult, kGraphReplaySamples};
const OpDef kShapeMixOp = {"shape_mix", op_shape_mix, kShapeMixFields, kShapeMixResult, kShapeMixSamples};
const OpDef kPersistentTilesOp = {"persistent_tiles", op_persistent_tiles, kPersistentFields, kPersistentResult,
                                  kPersistentSamples};
const OpDef kRequestHotspotOp = {"request_hotspot", op_request_hotspot, kHotspotFields, kHotspotResult, kHotspotSamples};
const OpDef kAmortizeOp = {"amortize", op_amortize, kAmortizeFields, kAmortizeResult, kAmortizeSamples};
const OpDef kShapeStrategiesOp = {"shape_strategies", op_shape_strategies, kShapeStrategiesFields, kShapeStrategiesResult,
                                  kShapeStrategiesSamples};

}  // namespace tally::api
