// Moving gradients (§10.2.3, §10.3.3, §10.3.4):
//   offload_cast     casting a BF16 gradient to FP32 on the CPU or the GPU,
//                    each path's time and steps (Figs. 10-14/10-15), the link
//                    bandwidth where they cross, and the GPU path's peak
//   bucket_overlap   one ring all-reduce of a gradient against the same bytes
//                    in k buckets, whether a reduce fits a compute gap, and a
//                    reduce that must first wait for a busy link, also as a
//                    timeline (Figs. 10-25/10-26)
//   strong_scaling   ideal step, speedup and efficiency from p₀ to p cards
//                    (MegaScale's 3,072 → 12,288 GPUs)
// The closed forms are src/core/ch10/offload_cast.cpp and collectives.cpp.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch10/collectives.hpp"
#include "core/ch10/offload_cast.hpp"
#include "core/format.hpp"
#include "core/units.hpp"

namespace tally::api {

namespace {

// One interval of a timeline a Gantt figure draws (Figs. 10-14/10-15,
// 10-25/10-26): its lane, what runs, and when, in ms; `places` rounds the
// displays (a cast path's 0.2996 ms reads 0.3, as the book's 0.30).  Lanes
// are short ids a phone's drawing shows as they are ("CPU", "1"); the figure
// names them in full.
Json interval_json(const char* lane, const char* kind, const Ratio& start_ms, const Ratio& end_ms, unsigned places) {
    return {{"lane", lane},
            {"kind", kind},
            {"start_ms", exact_json(start_ms)},
            {"end_ms", exact_json(end_ms)},
            {"start_display", trimmed(start_ms, places)},
            {"end_display", trimmed(end_ms, places)}};
}
constexpr ResultDecl kIntervalItem[] = {
    result::text("lane"),
    result::text("kind"),
    result::exact("start_ms"),
    result::exact("end_ms"),
    result::display("start_display"),
    result::display("end_display"),
};

// ---- offload_cast ----------------------------------------------------------

constexpr FieldDecl kCastFields[] = {
    field::integer("matrix_rows", 1, u128{1} << 24, "12288"),
    field::integer("matrix_columns", 1, u128{1} << 24, "4096"),
    field::of_kind("link_gb_per_second", FieldKind::Decimal, "32"),
    field::of_kind("cpu_gb_per_second", FieldKind::Decimal, "307.2"),
    fields::kGpu,
    field::of_kind("gpu_gb_per_second", FieldKind::Decimal),
};

Json op_offload_cast(const Json& req) {
    RequestFields f(req, kCastFields);
    const u128 rows = f.integer_or("matrix_rows");
    const u128 columns = f.integer_or("matrix_columns");
    const Ratio link = ch10_fields::positive_or(f, "link_gb_per_second", "32") * kGiga;
    const Ratio cpu = ch10_fields::positive_or(f, "cpu_gb_per_second", "307.2") * kGiga;
    // The GPU's memory bandwidth: the field, else the catalog's `gpu`, else the RTX 4090's 1008 GB/s.
    Ratio gpu;
    if (f.has("gpu_gb_per_second")) {
        gpu = ch10_fields::positive_or(f, "gpu_gb_per_second", "1008") * kGiga;
    } else if (f.has("gpu")) {
        gpu = require_bandwidth(device_rates(f, std::nullopt, std::nullopt, "bf16"), ch10_fields::label("gpu_gb_per_second"));
    } else {
        gpu = Ratio(1008) * kGiga;
    }
    const ch10::CastPaths c = ch10::cast_paths(Ratio(mul(rows, columns, 2)), link, cpu, gpu);
    Json r;
    r["bf16_bytes"] = exact_json(c.bf16_bytes);
    r["fp32_bytes"] = exact_json(c.fp32_bytes);
    r["touched_bytes"] = exact_json(c.touched_bytes);
    r["cpu_link_ms"] = exact_json(c.cpu_link_seconds * kThousand);
    r["cpu_cast_ms"] = exact_json(c.cpu_cast_seconds * kThousand);
    r["cpu_path_ms"] = exact_json(c.cpu_path_seconds * kThousand);
    r["gpu_cast_ms"] = exact_json(c.gpu_cast_seconds * kThousand);
    r["gpu_link_ms"] = exact_json(c.gpu_link_seconds * kThousand);
    r["gpu_path_ms"] = exact_json(c.gpu_path_seconds * kThousand);
    r["faster_path"] = c.gpu_path_seconds < c.cpu_path_seconds ? "gpu" : "cpu";
    r["crossover_gb_per_second"] = c.has_crossover ? exact_json(c.crossover_bytes_per_second / kGiga) : Json(nullptr);
    r["gpu_peak_bytes"] = exact_json(c.gpu_peak_bytes);
    // Figs. 10-14/10-15 as one timeline: each path's transfer and cast in the order they run.
    const Ratio cpu_link = c.cpu_link_seconds * kThousand, cpu_end = c.cpu_path_seconds * kThousand;
    const Ratio gpu_cast = c.gpu_cast_seconds * kThousand, gpu_end = c.gpu_path_seconds * kThousand;
    r["steps"] =
        Json::array({interval_json("CPU", "link", Ratio(0), cpu_link, 2), interval_json("CPU", "cast", cpu_link, cpu_end, 2),
                     interval_json("GPU", "cast", Ratio(0), gpu_cast, 2), interval_json("GPU", "link", gpu_cast, gpu_end, 2)});
    r["cpu_path_display"] = trimmed(cpu_end, 2);
    r["gpu_path_display"] = trimmed(gpu_end, 2);
    r["crossover_display"] = c.has_crossover ? Json(trimmed(c.crossover_bytes_per_second / kGiga, 1)) : Json(nullptr);
    return r;
}

constexpr ResultDecl kCastResult[] = {
    result::exact("bf16_bytes"),
    result::exact("fp32_bytes"),
    result::exact("touched_bytes"),
    result::exact("cpu_link_ms"),
    result::exact("cpu_cast_ms"),
    result::exact("cpu_path_ms"),
    result::exact("gpu_cast_ms"),
    result::exact("gpu_link_ms"),
    result::exact("gpu_path_ms"),
    result::text("faster_path"),
    result::nullable(result::exact("crossover_gb_per_second")),
    result::exact("gpu_peak_bytes"),
    result::list("steps", kIntervalItem),
    result::display("cpu_path_display"),
    result::display("gpu_path_display"),
    result::nullable(result::display("crossover_display")),
};
constexpr const char* kCastSamples[] = {
    R"({"op":"offload_cast"})",
    R"({"op":"offload_cast","link_gb_per_second":"450"})",
};

// ---- bucket_overlap --------------------------------------------------------

constexpr FieldDecl kBucketFields[] = {
    field::integer("gradient_bytes", 1, u128{1} << 50, "75497472"),
    field::integer("members", 2, 1u << 20, "4"),
    field::of_kind("link_gb_per_second", FieldKind::Decimal, "25"),
    field::of_kind("startup_ms", FieldKind::Decimal, "0.02"),
    field::integer("buckets", 1, 1024, "3"),
    field::of_kind("gap_ms", FieldKind::Decimal, "2"),
    field::of_kind("reduce_ms", FieldKind::Decimal, "3"),
    field::of_kind("compute_ms", FieldKind::Decimal, "5"),
    field::of_kind("link_busy_ms", FieldKind::Decimal, "4"),
};

Json op_bucket_overlap(const Json& req) {
    RequestFields f(req, kBucketFields);
    const Ratio bytes(f.integer_or("gradient_bytes"));
    const u128 members = f.integer_or("members");
    const Ratio link = ch10_fields::positive_or(f, "link_gb_per_second", "25") * kGiga;
    const Ratio startup = ch10_fields::non_negative_or(f, "startup_ms", "0.02") / kThousand;
    const u128 buckets = f.integer_or("buckets");
    const Ratio gap = ch10_fields::positive_or(f, "gap_ms", "2") / kThousand;
    const ch10::Ring whole = ch10::ring_all_reduce(bytes, members, link, startup);
    const ch10::Ring part = ch10::ring_all_reduce(bytes / Ratio(buckets), members, link, startup);
    Json r;
    r["moved_bytes"] = exact_json(whole.moved_bytes);
    r["whole_ms"] = exact_json(whole.seconds * kThousand);
    r["whole_fits_gap"] = whole.seconds <= gap;
    r["bucket_bytes"] = exact_json(bytes / Ratio(buckets));
    r["bucket_moved_bytes"] = exact_json(part.moved_bytes);
    r["bucket_ms"] = exact_json(part.seconds * kThousand);
    r["bucket_fits_gap"] = part.seconds <= gap;
    r["buckets_total_ms"] = exact_json(part.seconds * Ratio(buckets) * kThousand);
    // §10.3.3's smaller example: one reduce behind independent compute on a link another transfer holds first.
    const Ratio reduce = ch10_fields::positive_or(f, "reduce_ms", "3");
    const Ratio compute = ch10_fields::positive_or(f, "compute_ms", "5");
    const Ratio busy_ms = ch10_fields::non_negative_or(f, "link_busy_ms", "4");
    const ch10::BusyLinkReduce busy = ch10::busy_link_reduce(reduce, compute, busy_ms);
    r["busy_link_reduce_end_ms"] = exact_json(busy.end);
    r["busy_link_usable_ms"] = exact_json(busy.usable);
    r["busy_link_exposed_ms"] = exact_json(busy.exposed);
    // Figs. 10-25/10-26 as one timeline: the compute (lane 1), the reduce on
    // an idle link (2), and the same reduce behind the other transfer on a
    // busy one (3).
    r["busy_link_timeline"] =
        Json::array({interval_json("1", "compute", Ratio(0), compute, 3), interval_json("2", "reduce", Ratio(0), reduce, 3)});
    if (Ratio(0) < busy_ms) r["busy_link_timeline"].push_back(interval_json("3", "other", Ratio(0), busy_ms, 3));
    r["busy_link_timeline"].push_back(interval_json("3", "reduce", busy_ms, busy.end, 3));
    return r;
}

constexpr ResultDecl kBucketResult[] = {
    result::exact("moved_bytes"),
    result::exact("whole_ms"),
    result::flag("whole_fits_gap"),
    result::exact("bucket_bytes"),
    result::exact("bucket_moved_bytes"),
    result::exact("bucket_ms"),
    result::flag("bucket_fits_gap"),
    result::exact("buckets_total_ms"),
    result::exact("busy_link_reduce_end_ms"),
    result::exact("busy_link_usable_ms"),
    result::exact("busy_link_exposed_ms"),
    result::list("busy_link_timeline", kIntervalItem),
};
constexpr const char* kBucketSamples[] = {
    R"({"op":"bucket_overlap"})",
    R"({"op":"bucket_overlap","link_gb_per_second":"50","buckets":1})",
};

// ---- strong_scaling --------------------------------------------------------

constexpr FieldDecl kScalingFields[] = {
    field::integer("base_cards", 1, u128{1} << 24, "3072"),
    field::of_kind("base_step_seconds", FieldKind::Decimal, "23.66"),
    field::integer("cards", 1, u128{1} << 24, "12288"),
    field::of_kind("step_seconds", FieldKind::Decimal, "6.34"),
};

Json op_strong_scaling(const Json& req) {
    RequestFields f(req, kScalingFields);
    const u128 base_cards = f.integer_or("base_cards");
    const u128 cards = f.integer_or("cards");
    const Ratio base_step = ch10_fields::positive_or(f, "base_step_seconds", "23.66");
    const Ratio step = ch10_fields::positive_or(f, "step_seconds", "6.34");
    const ch10::Scaling s = ch10::strong_scaling(base_cards, base_step, cards, step);
    Json r;
    r["card_ratio"] = exact_json(Ratio(cards, base_cards));
    r["ideal_step_seconds"] = exact_json(s.ideal_step);
    r["speedup"] = exact_json(s.speedup);
    r["efficiency_percent"] = exact_json(s.efficiency * kHundred);
    r["extra_seconds"] = exact_json(s.extra);
    return r;
}

constexpr ResultDecl kScalingResult[] = {
    result::exact("card_ratio"),         result::exact("ideal_step_seconds"), result::exact("speedup"),
    result::exact("efficiency_percent"), result::exact("extra_seconds"),
};
constexpr const char* kScalingSamples[] = {
    R"({"op":"strong_scaling"})",
    R"({"op":"strong_scaling","base_cards":48,"base_step_seconds":"52.8","cards":96,"step_seconds":"26.7"})",
};

}  // namespace

const OpDef kOffloadCastOp = {"offload_cast", op_offload_cast, kCastFields, kCastResult, kCastSamples};
const OpDef kBucketOverlapOp = {"bucket_overlap", op_bucket_overlap, kBucketFields, kBucketResult, kBucketSamples};
const OpDef kStrongScalingOp = {"strong_scaling", op_strong_scaling, kScalingFields, kScalingResult, kScalingSamples};

}  // namespace tally::api
