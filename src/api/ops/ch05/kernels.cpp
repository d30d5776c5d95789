// Chapter 5's ops about one kernel's layout and its neighbours (§5.2.3–5.2.4, §5.3.1, §5.4.3):
//   bank_conflicts     rounds a warp's column read takes, plain, padded or swizzled (Figure 5-10)
//   split_reduction    RMSNorm row by row against rows cut into segments (Figure 5-11)
//   fusion_traffic     an elementwise chain's traffic and peak memory per kernel boundary (Example 5-4, Figure 5-15)
//   quant_scale_order  an FP8 E4M3 value with a row scale against its block's scale (Example 5-7)
#include <optional>

#include "api/ops/ch05/ops.hpp"
#include "display.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "api/positive_decimal.hpp"
#include "core/ch05/fusion_chain.hpp"
#include "core/ch05/memory_layout.hpp"
#include "core/ch05/quant_scale.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

using ch05_display::bytes_text;

// ---- bank_conflicts --------------------------------------------------------

constexpr FieldDecl kBankFields[] = {
    field::integer("rows", 1, 4096, "32"),
    field::integer("cols", 1, 4096, "32"),
    field::integer("banks", 1, 256, "32"),
    field::integer("pad_words", 1, 256),
    field::of_kind("layout", FieldKind::Text, "plain"),
};

Json op_bank_conflicts(const Json& req) {
    RequestFields f(req, kBankFields);
    const u128 rows = f.integer_or("rows"), cols = f.integer_or("cols"), banks = f.integer_or("banks");
    const std::string layout = f.text_or("layout");
    if (layout != "plain" && layout != "pad" && layout != "xor") {
        throw FieldError("layout", msg::ch05_layout_unknown,
                         {{"label", ch05_fields::label("layout")}, {"received", received_text(f.raw("layout"))}});
    }
    const bool xor_swizzle = layout == "xor";
    const u128 pad = layout == "pad" ? (f.has("pad_words") ? f.integer("pad_words") : 1) : 0;
    if (layout != "pad" && f.has("pad_words")) {
        throw FieldError("pad_words", msg::ch05_pad_needs_layout, {{"label", ch05_fields::label("pad_words")}});
    }
    if (xor_swizzle && (cols & (cols - 1)) != 0) {
        throw FieldError("cols", msg::ch05_xor_power_of_two, {{"label", ch05_fields::label("cols")}});
    }
    const ch05::BankRounds b = ch05::bank_rounds(rows, cols, 4, banks, 32, pad, xor_swizzle);
    Json r;
    r["column_rounds"] = exact_json(b.column_rounds);
    r["row_rounds"] = exact_json(b.row_rounds);
    r["stride_words"] = exact_json(b.stride_words);
    r["bytes"] = exact_json(b.bytes);
    r["stored_bytes"] = exact_json(b.padded_bytes);
    r["extra_percent"] = exact_json(b.extra_share * Ratio(100));
    return r;
}

constexpr ResultDecl kBankResult[] = {
    result::exact("column_rounds"), result::exact("row_rounds"),   result::exact("stride_words"),
    result::exact("bytes"),         result::exact("stored_bytes"), result::exact("extra_percent"),
};
constexpr const char* kBankSamples[] = {
    R"({"op":"bank_conflicts"})",
    R"({"op":"bank_conflicts","layout":"pad"})",
    R"({"op":"bank_conflicts","layout":"xor"})",
};

// ---- split_reduction -------------------------------------------------------

constexpr FieldDecl kSplitFields[] = {
    field::integer("rows", 1, u128{1} << 24, "1024"),
    field::integer("width", 1, u128{1} << 24, "4096"),
    field::integer("segments", 1, 4096, "8"),
    field::integer("in_bytes", 1, 8, "2"),
};

Json op_split_reduction(const Json& req) {
    RequestFields f(req, kSplitFields);
    const u128 width = f.integer_or("width"), segments = f.integer_or("segments");
    if (width % segments != 0) {
        throw FieldError("segments", msg::ch05_segments_divide,
                         {{"label", ch05_fields::label("segments")}, {"width", group_thousands(width)}});
    }
    const u128 rows = f.integer_or("rows");
    const u128 in_bytes = f.integer_or("in_bytes");
    const ch05::SplitReduction s = ch05::split_reduction(rows, width, segments, in_bytes);
    Json r;
    r["tasks_whole"] = exact_json(s.tasks_whole);
    r["tasks_split"] = exact_json(s.tasks_split);
    r["partial_bytes"] = exact_json(s.partial_bytes);
    r["scale_bytes"] = exact_json(s.scale_bytes);
    r["traffic_whole"] = exact_json(s.traffic_whole);
    r["reread_bytes"] = exact_json(s.reread_bytes);
    r["handoff_bytes"] = exact_json(s.handoff_bytes);
    r["traffic_split"] = exact_json(s.traffic_split);
    r["traffic_split_display"] = bytes_text(s.traffic_split);
    r["partial_display"] = bytes_text(s.partial_bytes);
    r["scale_display"] = bytes_text(s.scale_bytes);
    r["traffic_whole_display"] = bytes_text(s.traffic_whole);
    r["reread_display"] = bytes_text(s.reread_bytes);
    r["handoff_display"] = bytes_text(s.handoff_bytes);  // 72 KiB, the book's "about 0.1 MiB"
    r["launches_whole"] = exact_json(s.launches_whole);
    r["launches_split"] = exact_json(s.launches_split);
    r["row_fp32_bytes"] = exact_json(s.row_fp32_bytes);
    r["segment_fp32_bytes"] = exact_json(s.segment_fp32_bytes);
    r["row_fp32_display"] = bytes_text(s.row_fp32_bytes);
    r["segment_fp32_display"] = bytes_text(s.segment_fp32_bytes);
    return r;
}

constexpr ResultDecl kSplitResult[] = {
    result::exact("tasks_whole"),
    result::exact("tasks_split"),
    result::exact("partial_bytes"),
    result::exact("scale_bytes"),
    result::exact("traffic_whole"),
    result::exact("reread_bytes"),
    result::exact("handoff_bytes"),
    result::exact("traffic_split"),
    result::display("traffic_split_display"),
    result::exact("launches_whole"),
    result::exact("launches_split"),
    result::exact("row_fp32_bytes"),
    result::exact("segment_fp32_bytes"),
    result::display("partial_display"),
    result::display("scale_display"),
    result::display("traffic_whole_display"),
    result::display("reread_display"),
    result::display("handoff_display"),
    result::display("row_fp32_display"),
    result::display("segment_fp32_display"),
};
constexpr const char* kSplitSamples[] = {R"({"op":"split_reduction"})", R"({"op":"split_reduction","rows":1,"segments":16})"};

// ---- fusion_traffic --------------------------------------------------------

constexpr std::size_t kMaxStages = 10;  // 2^9 = 512 partitions listed at most

constexpr FieldDecl kFusionFields[] = {
    field::of_kind("stages", FieldKind::List),
    field::of_kind("cuts", FieldKind::List),
    field::integer("elements", 1, u128{1} << 40, "12582912"),
    field::of_kind("overhead_us", FieldKind::Decimal),
    field::of_kind("bandwidth", FieldKind::Decimal),
    fields::kGpu,
};

u128 small_bytes(const Json& v, const std::string& path) {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() > 16) {
        throw FieldError(path, msg::ch05_stage_bytes, {{"label", ch05_fields::label("stages")}, {"received", received_text(v)}});
    }
    return v.get<std::uint64_t>();
}

std::vector<ch05::ChainStage> read_stages(const RequestFields& f) {
    if (!f.has("stages")) throw FieldError("stages", msg::field_missing, {{"label", ch05_fields::label("stages")}});
    const Json& list = f.raw("stages");
    if (!list.is_array() || list.size() == 0 || list.size() > kMaxStages) {
        throw FieldError(
            "stages", msg::ch05_list_size,
            {{"label", ch05_fields::label("stages")}, {"max", std::to_string(kMaxStages)}, {"received", received_text(list)}});
    }
    std::vector<ch05::ChainStage> stages;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string path = "stages[" + std::to_string(i) + "]";
        const Json& s = list[i];
        if (!s.is_object() || !s.contains("output") || (s.contains("inputs") && !s["inputs"].is_array()) || s.size() > 2 ||
            (s.size() == 2 && !s.contains("inputs"))) {
            throw FieldError(path, msg::ch05_stage_shape,
                             {{"label", ch05_fields::label("stages")}, {"received", received_text(s)}});
        }
        ch05::ChainStage stage;
        stage.output_bytes = small_bytes(s["output"], path + ".output");
        if (s.contains("inputs")) {
            for (std::size_t j = 0; j < s["inputs"].size(); ++j) {
                stage.input_bytes.push_back(small_bytes(s["inputs"][j], path + ".inputs[" + std::to_string(j) + "]"));
            }
        }
        stages.push_back(stage);
    }
    return stages;
}

Json kernels_json(const ch05::ChainPartition& p, u128 elements) {
    Json kernels = Json::array();
    for (const ch05::ChainKernel& k : p.kernels) {
        kernels.push_back({{"id", std::to_string(k.first + 1) + "-" + std::to_string(k.last + 1)},
                           {"read_bytes", exact_json(mul(k.read_bytes, elements))},
                           {"write_bytes", exact_json(mul(k.write_bytes, elements))},
                           {"live_bytes", exact_json(mul(k.live_bytes, elements))},
                           {"read_display", bytes_text(mul(k.read_bytes, elements))},
                           {"write_display", bytes_text(mul(k.write_bytes, elements))},
                           {"live_display", bytes_text(mul(k.live_bytes, elements))}});
    }
    return kernels;
}

// Lab 5-2: a fused kernel that costs a fixed overhead per call pays off once
// the time its saved traffic takes at the bandwidth exceeds that overhead.
// `elements` is one unit (one row of the chain); the answer counts units.
void fusion_breakeven(const RequestFields& f, u128 saved_bytes, Json& r) {
    const char* keys[] = {"saved_us", "saved_time_display", "breakeven_rows"};
    if (!f.has("overhead_us")) {
        for (const char* k : keys) r[k] = nullptr;
        return;
    }
    const Ratio overhead = ch05_fields::positive(f, "overhead_us");
    const std::optional<Ratio> sent_bw =
        f.has("bandwidth") ? std::optional<Ratio>(ch05_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates device = device_rates(f, sent_bw, std::nullopt, "bf16");
    const Ratio bytes_per_us = require_bandwidth(device, ch05_fields::label("bandwidth")) / Ratio(1000000);
    if (saved_bytes == 0) throw FieldError("stages", msg::ch05_fusion_saves_nothing, {{"label", ch05_fields::label("stages")}});
    const Ratio saved_us = Ratio(saved_bytes) / bytes_per_us;
    r["saved_us"] = exact_json(saved_us);
    r["saved_time_display"] = fixed(saved_us * Ratio(1000), 1) + " ns";
    r["breakeven_rows"] = exact_json((overhead / saved_us).floor() + 1);  // strictly more than the overhead
}

Json op_fusion_traffic(const Json& req) {
    RequestFields f(req, kFusionFields);
    const std::vector<ch05::ChainStage> stages = read_stages(f);
    const u128 elements = f.integer_or("elements");
    std::vector<std::size_t> cuts;
    if (f.has("cuts")) {
        const Json& list = f.raw("cuts");
        if (!list.is_array() || list.size() >= stages.size()) {
            throw FieldError("cuts", msg::ch05_cuts_invalid,
                             {{"label", ch05_fields::label("cuts")}, {"stages", std::to_string(stages.size())}});
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            const Json& v = list[i];
            if (!v.is_number_unsigned() || v.get<std::uint64_t>() < 1 || v.get<std::uint64_t>() >= stages.size()) {
                throw FieldError("cuts[" + std::to_string(i) + "]", msg::ch05_cuts_invalid,
                                 {{"label", ch05_fields::label("cuts")}, {"stages", std::to_string(stages.size())}});
            }
            cuts.push_back(static_cast<std::size_t>(v.get<std::uint64_t>()) - 1);  // "after stage 1" ends kernel 0
        }
    } else {
        for (std::size_t i = 0; i + 1 < stages.size(); ++i) cuts.push_back(i);  // every stage its own kernel
    }
    std::vector<std::size_t> all_cuts;
    for (std::size_t i = 0; i + 1 < stages.size(); ++i) all_cuts.push_back(i);
    const ch05::ChainPartition chosen = ch05::chain_partition(stages, cuts);
    const ch05::ChainPartition separate = ch05::chain_partition(stages, all_cuts);
    const ch05::ChainPartition fused = ch05::chain_partition(stages, {});
    // Every partition, by the bits of its cuts (bit i: cut after stage i + 1).
    Json partitions = Json::array();
    const u128 count = ch05::partition_count(stages.size());
    for (u128 mask = 0; mask < count; ++mask) {
        std::vector<std::size_t> c;
        std::string id;
        for (std::size_t i = 0; i + 1 < stages.size(); ++i) {
            if ((mask >> i) & 1) {
                c.push_back(i);
                id += (id.empty() ? "" : ",") + std::to_string(i + 1);
            }
        }
        const ch05::ChainPartition p = ch05::chain_partition(stages, c);
        partitions.push_back({{"id", id.empty() ? "fused" : id},
                              {"kernels", exact_json(u128{p.kernels.size()})},
                              {"traffic_bytes", exact_json(mul(p.traffic_per_element, elements))},
                              {"peak_bytes", exact_json(mul(p.peak_per_element, elements))},
                              {"traffic_display", bytes_text(mul(p.traffic_per_element, elements))},
                              {"peak_display", bytes_text(mul(p.peak_per_element, elements))}});
    }
    Json r;
    r["kernels"] = kernels_json(chosen, elements);
    r["traffic_bytes"] = exact_json(mul(chosen.traffic_per_element, elements));
    r["peak_bytes"] = exact_json(mul(chosen.peak_per_element, elements));
    r["separate_traffic_bytes"] = exact_json(mul(separate.traffic_per_element, elements));
    r["separate_peak_bytes"] = exact_json(mul(separate.peak_per_element, elements));
    r["fused_traffic_bytes"] = exact_json(mul(fused.traffic_per_element, elements));
    r["fused_peak_bytes"] = exact_json(mul(fused.peak_per_element, elements));
    r["saved_bytes"] = exact_json(mul(separate.traffic_per_element - fused.traffic_per_element, elements));
    r["fused_over_separate"] = exact_json(Ratio(fused.traffic_per_element, separate.traffic_per_element));
    r["separate_over_fused"] = exact_json(Ratio(separate.traffic_per_element, fused.traffic_per_element));
    r["partition_count"] = exact_json(count);
    r["partitions"] = partitions;
    const u128 saved = mul(separate.traffic_per_element - fused.traffic_per_element, elements);
    r["traffic_display"] = bytes_text(mul(chosen.traffic_per_element, elements));
    r["peak_display"] = bytes_text(mul(chosen.peak_per_element, elements));
    r["separate_traffic_display"] = bytes_text(mul(separate.traffic_per_element, elements));
    r["separate_peak_display"] = bytes_text(mul(separate.peak_per_element, elements));
    r["fused_traffic_display"] = bytes_text(mul(fused.traffic_per_element, elements));
    r["fused_peak_display"] = bytes_text(mul(fused.peak_per_element, elements));
    r["saved_display"] = bytes_text(saved);
    r["fused_over_separate_display"] = fixed(Ratio(fused.traffic_per_element, separate.traffic_per_element), 1);
    r["separate_over_fused_display"] =
        ch05_display::times_text(Ratio(separate.traffic_per_element, fused.traffic_per_element), 1);
    fusion_breakeven(f, saved, r);
    return r;
}

constexpr ResultDecl kKernelItem[] = {result::text("id"),
                                      result::exact("read_bytes"),
                                      result::exact("write_bytes"),
                                      result::exact("live_bytes"),
                                      result::display("read_display"),
                                      result::display("write_display"),
                                      result::display("live_display")};
constexpr ResultDecl kPartitionItem[] = {
    result::text("id"),          result::exact("kernels"),           result::exact("traffic_bytes"),
    result::exact("peak_bytes"), result::display("traffic_display"), result::display("peak_display")};
constexpr ResultDecl kFusionResult[] = {
    result::list("kernels", kKernelItem),
    result::exact("traffic_bytes"),
    result::exact("peak_bytes"),
    result::exact("separate_traffic_bytes"),
    result::exact("separate_peak_bytes"),
    result::exact("fused_traffic_bytes"),
    result::exact("fused_peak_bytes"),
    result::exact("saved_bytes"),
    result::exact("fused_over_separate"),
    result::exact("separate_over_fused"),
    result::exact("partition_count"),
    result::list("partitions", kPartitionItem),
    result::display("traffic_display"),
    result::display("peak_display"),
    result::display("separate_traffic_display"),
    result::display("separate_peak_display"),
    result::display("fused_traffic_display"),
    result::display("fused_peak_display"),
    result::display("saved_display"),
    result::display("fused_over_separate_display"),
    result::display("separate_over_fused_display"),
    result::nullable(result::exact("saved_us")),
    result::nullable(result::display("saved_time_display")),
    result::nullable(result::exact("breakeven_rows")),
};
constexpr const char* kFusionSamples[] = {
    R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2}]})",
    R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2},{"output":1}],"cuts":[2]})",
    R"({"op":"fusion_traffic","stages":[{"inputs":[2],"output":2},{"inputs":[2],"output":2},{"output":1}],"elements":12288,"overhead_us":"5","gpu":"rtx-pro-6000"})",
};

// ---- quant_scale_order -----------------------------------------------------

constexpr std::size_t kMaxBlocks = 4096;

constexpr FieldDecl kQuantScaleFields[] = {
    field::of_kind("block_maxima", FieldKind::List),
    field::of_kind("element", FieldKind::Decimal),
    field::integer("element_block", 1, kMaxBlocks, "1"),
};

Json scaled_json(const ch05::ScaledValue& v) {
    return {{"scale", exact_json(v.scale)},
            {"scaled", exact_json(v.scaled)},
            {"stored", exact_json(v.stored)},
            {"restored", exact_json(v.restored)},
            {"error", exact_json(v.error)},
            {"restored_below", v.restored_below},
            {"relative_error_percent", exact_json(v.relative_error * Ratio(100))}};
}

Json op_quant_scale_order(const Json& req) {
    RequestFields f(req, kQuantScaleFields);
    const std::vector<Ratio> maxima = ch05_fields::decimal_list(f, "block_maxima", kMaxBlocks, false);
    const u128 block = f.integer_or("element_block");
    if (block > maxima.size()) {
        throw FieldError("element_block", msg::ch05_block_index,
                         {{"label", ch05_fields::label("element_block")}, {"blocks", std::to_string(maxima.size())}});
    }
    const Ratio block_max = maxima[static_cast<std::size_t>(block - 1)];
    const Ratio x = f.has("element") ? ch05_fields::non_negative(f, "element") : block_max;
    if (block_max < x) {
        throw FieldError("element", msg::ch05_element_above_max,
                         {{"label", ch05_fields::label("element")}, {"max", trimmed(block_max, 6)}});
    }
    Ratio row_max = maxima[0];
    for (const Ratio& m : maxima) row_max = std::max(row_max, m);
    const ch05::ScaledValue by_row = ch05::quantize_with_scale(x, row_max);
    const ch05::ScaledValue by_block = ch05::quantize_with_scale(x, block_max);
    const bool row_above = by_block.restored < by_row.restored;
    Json r;
    r["row_max"] = exact_json(row_max);
    r["row_scale"] = scaled_json(by_row);
    r["block_scale"] = scaled_json(by_block);
    r["difference"] = exact_json(row_above ? by_row.restored - by_block.restored : by_block.restored - by_row.restored);
    return r;
}

constexpr ResultDecl kQuantScaleResult[] = {
    result::exact("row_max"),
    result::object("row_scale"),
    result::object("block_scale"),
    result::exact("difference"),
};
constexpr const char* kQuantScaleSamples[] = {
    R"({"op":"quant_scale_order","block_maxima":["1","10"]})",
    R"({"op":"quant_scale_order","block_maxima":["1","10"],"element":"10","element_block":2})",
};

}  // namespace

const OpDef kBankConflictsOp = {"bank_conflicts", op_bank_conflicts, kBankFields, kBankResult, kBankSamples};
const OpDef kSplitReductionOp = {"split_reduction", op_split_reduction, kSplitFields, kSplitResult, kSplitSamples};
const OpDef kFusionTrafficOp = {"fusion_traffic", op_fusion_traffic, kFusionFields, kFusionResult, kFusionSamples};
const OpDef kQuantScaleOrderOp = {"quant_scale_order", op_quant_scale_order, kQuantScaleFields, kQuantScaleResult,
                                  kQuantScaleSamples};

}  // namespace tally::api
