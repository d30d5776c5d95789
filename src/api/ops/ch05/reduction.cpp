// reduction_order (§5.2.4, Figure 5-13): the teaching row bf16(sin(i + 1))
// summed in 1 … 32 segments and in every merge order of one split, with its
// RMSNorm scale and first output, in emulated FP32; the BF16 conversion of
// the row is the reader's choice (the book's figure: truncation).
#include <cmath>

#include "api/ops/ch05/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "api/positive_decimal.hpp"
#include "core/ch05/reduction_order.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxWidth = 65536;
constexpr u128 kMaxMerge = 8;  // 8! = 40,320 orders

constexpr FieldDecl kReductionFields[] = {
    field::integer("width", 1, kMaxWidth, "4096"),
    field::of_kind("splits", FieldKind::List),
    field::integer("merge_segments", 1, kMaxMerge, "8"),
    field::of_kind("rounding", FieldKind::Text, "truncate"),
};

// Qwen3-8B's rms_norm_eps (its config.json), as FP32.
constexpr float kEps = 1e-6f;

std::string signed_text(const Ratio& magnitude, bool negative, unsigned places) {
    const std::string t = fixed(magnitude, places);
    return negative && t.find_first_not_of("0.") != std::string::npos ? "−" + t : t;
}

Json op_reduction_order(const Json& req) {
    RequestFields f(req, kReductionFields);
    const u128 width = f.integer_or("width");
    std::vector<u128> splits = {1, 2, 4, 8, 16, 32};
    if (f.has("splits")) splits = ch05_fields::integer_list(f, "splits", 16, 1, kMaxWidth);
    for (std::size_t i = 0; i < splits.size(); ++i) {
        if (width % splits[i] != 0) {
            throw FieldError("splits[" + std::to_string(i) + "]", msg::ch05_segments_divide,
                             {{"label", ch05_fields::label("splits")}, {"width", group_thousands(width)}});
        }
    }
    const u128 merge = f.integer_or("merge_segments");
    if (width % merge != 0) {
        throw FieldError("merge_segments", msg::ch05_segments_divide,
                         {{"label", ch05_fields::label("merge_segments")}, {"width", group_thousands(width)}});
    }
    const std::string rounding = f.text_or("rounding");
    if (rounding != "truncate" && rounding != "nearest") {
        throw FieldError("rounding", msg::ch05_rounding_unknown,
                         {{"label", ch05_fields::label("rounding")}, {"received", received_text(f.raw("rounding"))}});
    }
    const ch05::Bf16Rounding mode = rounding == "truncate" ? ch05::Bf16Rounding::Truncate : ch05::Bf16Rounding::NearestEven;
    std::vector<std::size_t> counts;
    for (u128 s : splits) counts.push_back(static_cast<std::size_t>(s));
    const ch05::ReductionOrder o = ch05::reduction_order(static_cast<std::size_t>(width), counts, kEps, mode);
    const ch05::MergeOrders m = ch05::merge_orders(o.row, static_cast<std::size_t>(merge));
    Json rows = Json::array();
    const ch05::SplitResult& first = o.splits.front();
    for (const ch05::SplitResult& s : o.splits) {
        const std::int64_t scale_steps = ch05::float_steps(first.scale, s.scale);
        const std::int64_t output_steps = ch05::float_steps(first.first_output, s.first_output);
        rows.push_back({{"id", std::to_string(s.segments)},
                        {"segment_width", exact_json(width / s.segments)},
                        {"sum", exact_json(ch05::magnitude_of(s.sum))},
                        {"distance_ulp", exact_json(s.distance_ulp)},
                        {"below", s.below},
                        {"distance_display", signed_text(s.distance_ulp, s.below, 1)},
                        {"scale", exact_json(ch05::magnitude_of(s.scale))},
                        {"first_output", exact_json(ch05::magnitude_of(s.first_output))},
                        {"scale_steps_from_first", exact_json(u128(std::llabs(scale_steps)))},
                        {"output_steps_from_first", exact_json(u128(std::llabs(output_steps)))}});
    }
    // The first split against the merge split: how far apart, in ULPs and relative to the exact sum.
    const ch05::ReductionOrder pair =
        ch05::reduction_order(static_cast<std::size_t>(width), {1, static_cast<std::size_t>(merge)}, kEps, mode);
    const Ratio one = ch05::magnitude_of(pair.splits[0].sum), split = ch05::magnitude_of(pair.splits[1].sum);
    const Ratio gap = one < split ? split - one : one - split;
    Json distinct = Json::array();
    for (float v : m.distinct) distinct.push_back(exact_json(ch05::magnitude_of(v)));
    // Addition is not associative: (1 + 2^-24) + 2^-24 = 1, 1 + (2^-24 + 2^-24) = 1 + 2^-23.
    const float tiny = std::ldexp(1.0f, -24);
    const float left_inner = ch05::keep_f32(1.0f + tiny);
    const float left = ch05::keep_f32(left_inner + tiny);
    const float right_inner = ch05::keep_f32(tiny + tiny);
    const float right = ch05::keep_f32(1.0f + right_inner);
    Json r;
    r["rounding"] = rounding;
    r["book_rounding"] = "truncate";
    r["exact_sum"] = exact_json(o.exact_sum);
    r["exact_display"] = fixed(o.exact_sum, 4);
    r["ulp"] = exact_json(o.ulp);
    r["splits"] = rows;
    r["gap_ulp"] = exact_json(gap / o.ulp);
    r["relative_gap"] = exact_json(gap / o.exact_sum);
    r["scale_gap_steps"] = exact_json(u128(std::llabs(ch05::float_steps(pair.splits[0].scale, pair.splits[1].scale))));
    r["output_gap_steps"] =
        exact_json(u128(std::llabs(ch05::float_steps(pair.splits[0].first_output, pair.splits[1].first_output))));
    r["merge_orders"] = exact_json(m.orders);
    r["merge_results"] = distinct;
    r["merge_distinct"] = exact_json(u128{m.distinct.size()});
    r["merge_spread_steps"] = exact_json(u128(std::llabs(m.spread_steps)));
    r["associativity_left"] = exact_json(ch05::magnitude_of(left));
    r["associativity_right"] = exact_json(ch05::magnitude_of(right));
    r["associativity_steps"] = exact_json(u128(std::llabs(ch05::float_steps(left, right))));
    return r;
}

constexpr ResultDecl kSplitRow[] = {
    result::text("id"),
    result::exact("segment_width"),
    result::exact("sum"),
    result::exact("distance_ulp"),
    result::flag("below"),
    result::display("distance_display"),
    result::exact("scale"),
    result::exact("first_output"),
    result::exact("scale_steps_from_first"),
    result::exact("output_steps_from_first"),
};
constexpr ResultDecl kReductionResult[] = {
    result::text("rounding"),
    result::text("book_rounding"),
    result::exact("exact_sum"),
    result::display("exact_display"),
    result::exact("ulp"),
    result::list("splits", kSplitRow),
    result::exact("gap_ulp"),
    result::exact("relative_gap"),
    result::exact("scale_gap_steps"),
    result::exact("output_gap_steps"),
    result::exact("merge_orders"),
    result::exact_list("merge_results"),
    result::exact("merge_distinct"),
    result::exact("merge_spread_steps"),
    result::exact("associativity_left"),
    result::exact("associativity_right"),
    result::exact("associativity_steps"),
};
constexpr const char* kReductionSamples[] = {
    R"({"op":"reduction_order"})",
    R"({"op":"reduction_order","rounding":"nearest"})",
    R"({"op":"reduction_order","width":512,"splits":[1,4],"merge_segments":4})",
};

}  // namespace

const OpDef kReductionOrderOp = {"reduction_order", op_reduction_order, kReductionFields, kReductionResult, kReductionSamples};

}  // namespace tally::api
