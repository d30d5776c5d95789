// Chapter 5's attention ops (§5.3.3):
//   attention_materialized  Q/K/V/O against the L×L scores and probabilities written out (Figure 5-18)
//   flash_tile              query rows a that fit beside a K/V block of b rows; scans, traffic, updates (Table 5.3.3-a)
//   online_softmax          block-by-block max, rescale, sums and output, exactly (Example 5-6, Experiment 5-3)
#include "api/ops/ch05/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch05/attention_tiles.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxLength = u128{1} << 24;

// ---- attention_materialized ------------------------------------------------

constexpr FieldDecl kMaterializedFields[] = {
    field::integer("length", 1, kMaxLength, "8192"),
    field::integer("head_dim", 1, 4096, "128"),
    field::integer("in_bytes", 1, 8, "2"),
    field::integer("score_bytes", 1, 8, "4"),
};

Json op_attention_materialized(const Json& req) {
    RequestFields f(req, kMaterializedFields);
    // One field per statement: the same refusal natively and in WASM.
    const u128 length = f.integer_or("length");
    const u128 head_dim = f.integer_or("head_dim");
    const u128 in_bytes = f.integer_or("in_bytes");
    const u128 score_bytes = f.integer_or("score_bytes");
    const ch05::MaterializedAttention m = ch05::materialized_attention(length, head_dim, in_bytes, score_bytes);
    Json r;
    r["tensor_bytes"] = exact_json(m.tensor_bytes);
    r["score_bytes"] = exact_json(m.score_bytes);
    r["qkvo_traffic"] = exact_json(m.qkvo_traffic);
    r["score_traffic"] = exact_json(m.score_traffic);
    r["total_traffic"] = exact_json(m.total_traffic);
    r["score_display"] = bytes_binary_text(Ratio(m.score_bytes));
    r["score_traffic_display"] = bytes_binary_text(Ratio(m.score_traffic));
    return r;
}

constexpr ResultDecl kMaterializedResult[] = {
    result::exact("tensor_bytes"),
    result::exact("score_bytes"),
    result::exact("qkvo_traffic"),
    result::exact("score_traffic"),
    result::exact("total_traffic"),
    result::display("score_display"),
    result::display("score_traffic_display"),
};
constexpr const char* kMaterializedSamples[] = {R"({"op":"attention_materialized"})"};

// ---- flash_tile ------------------------------------------------------------

constexpr FieldDecl kFlashTileFields[] = {
    field::integer("length", 1, kMaxLength, "8192"),
    field::integer("head_dim", 1, 4096, "128"),
    field::integer("kv_rows", 1, kMaxLength),
    field::integer("prefetch_slots", 0, 64, "0"),
    field::integer("block_limit", 1, u128{1} << 32, "101376"),
};

Json op_flash_tile(const Json& req) {
    RequestFields f(req, kFlashTileFields);
    const u128 length = f.integer_or("length"), d = f.integer_or("head_dim"), b = f.integer("kv_rows");
    const u128 slots = f.integer_or("prefetch_slots") + 1;
    const ch05::FlashTile t = ch05::flash_tile(length, d, b, slots, f.integer_or("block_limit"));
    if (t.query_rows == 0) {
        throw FieldError("kv_rows", msg::ch05_flash_no_room,
                         {{"label", ch05_fields::label("kv_rows")}, {"budget", group_thousands(f.integer_or("block_limit"))}});
    }
    Json r;
    r["query_rows"] = exact_json(t.query_rows);
    r["fixed_bytes"] = exact_json(t.fixed_bytes);
    r["per_row_bytes"] = exact_json(t.per_row_bytes);
    r["used_bytes"] = exact_json(t.used_bytes);
    r["scans"] = exact_json(t.scans);
    r["traffic_bytes"] = exact_json(t.traffic_bytes);
    r["traffic_display"] = bytes_binary_text(Ratio(t.traffic_bytes));
    r["updates"] = exact_json(t.updates);
    return r;
}

constexpr ResultDecl kFlashTileResult[] = {
    result::exact("query_rows"), result::exact("fixed_bytes"),   result::exact("per_row_bytes"),     result::exact("used_bytes"),
    result::exact("scans"),      result::exact("traffic_bytes"), result::display("traffic_display"), result::exact("updates"),
};
constexpr const char* kFlashTileSamples[] = {
    R"({"op":"flash_tile","kv_rows":1})",
    R"({"op":"flash_tile","kv_rows":64})",
    R"({"op":"flash_tile","kv_rows":64,"prefetch_slots":1})",
};

// ---- online_softmax --------------------------------------------------------

constexpr std::size_t kMaxScores = 1024;

// weight_k and value_k replace item k of `weights` and `values` (k = 1 … 4),
// so a page can scrub one score or one value as a plain field while the
// lists keep the rest of the example (Example 5-6: weights 1, 2, values 1, 3).
constexpr std::size_t kSlots = 4;
constexpr const char* kWeightSlots[kSlots] = {"weight_1", "weight_2", "weight_3", "weight_4"};
constexpr const char* kValueSlots[kSlots] = {"value_1", "value_2", "value_3", "value_4"};

constexpr FieldDecl kOnlineSoftmaxFields[] = {
    field::of_kind("weights", FieldKind::List),     field::of_kind("values", FieldKind::List),
    field::integer("block", 1, kMaxScores, "1"),    field::of_kind("weight_1", FieldKind::Decimal),
    field::of_kind("weight_2", FieldKind::Decimal), field::of_kind("weight_3", FieldKind::Decimal),
    field::of_kind("weight_4", FieldKind::Decimal), field::of_kind("value_1", FieldKind::Decimal),
    field::of_kind("value_2", FieldKind::Decimal),  field::of_kind("value_3", FieldKind::Decimal),
    field::of_kind("value_4", FieldKind::Decimal),
};

// Puts each given weight_k / value_k in place of item k; a k past the
// list's end is refused, since it would silently add a score.
void replace_slots(const RequestFields& f, std::vector<Ratio>& list, const char* const (&slots)[kSlots], const char* list_name,
                   bool zero_allowed) {
    for (std::size_t k = 0; k < kSlots; ++k) {
        if (!f.has(slots[k])) continue;
        if (k >= list.size()) {
            throw FieldError(slots[k], msg::ch05_slot_past_list,
                             {{"label", ch05_fields::label(slots[k])},
                              {"item", std::to_string(k + 1)},
                              {"list", list_name},
                              {"count", std::to_string(list.size())}});
        }
        list[k] = zero_allowed ? ch05_fields::non_negative(f, slots[k]) : ch05_fields::positive(f, slots[k]);
    }
}

Json op_online_softmax(const Json& req) {
    RequestFields f(req, kOnlineSoftmaxFields);
    std::vector<Ratio> weights = ch05_fields::decimal_list(f, "weights", kMaxScores, false);
    std::vector<Ratio> values = ch05_fields::decimal_list(f, "values", kMaxScores, true);
    if (values.size() != weights.size()) {
        throw FieldError(
            "values", msg::ch05_lengths_differ,
            {{"label", ch05_fields::label("values")}, {"other", "weights"}, {"count", std::to_string(weights.size())}});
    }
    replace_slots(f, weights, kWeightSlots, "weights", false);
    replace_slots(f, values, kValueSlots, "values", true);
    const ch05::OnlineSoftmax o = ch05::online_softmax(weights, values, static_cast<std::size_t>(f.integer_or("block")));
    Json steps = Json::array();
    for (std::size_t i = 0; i < o.steps.size(); ++i) {
        const ch05::SoftmaxStep& s = o.steps[i];
        steps.push_back({{"id", std::to_string(i + 1)},
                         {"max_weight", exact_json(s.w_max)},
                         {"max_display", "ln " + to_exact_text(s.w_max)},
                         {"rescale", exact_json(s.rescale)},
                         {"weight_sum", exact_json(s.weight_sum)},
                         {"weighted", exact_json(s.weighted)},
                         {"output", exact_json(s.output)},
                         {"output_display", trimmed(s.output, 4)}});
    }
    Json r;
    r["steps"] = steps;
    r["output"] = exact_json(o.steps.back().output);
    r["direct"] = exact_json(o.direct);
    r["agree"] = o.direct == o.steps.back().output;
    return r;
}

constexpr ResultDecl kSoftmaxStep[] = {
    result::text("id"),          result::exact("max_weight"), result::display("max_display"), result::exact("rescale"),
    result::exact("weight_sum"), result::exact("weighted"),   result::exact("output"),        result::display("output_display"),
};
constexpr ResultDecl kOnlineSoftmaxResult[] = {
    result::list("steps", kSoftmaxStep),
    result::exact("output"),
    result::exact("direct"),
    result::flag("agree"),
};
constexpr const char* kOnlineSoftmaxSamples[] = {
    R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"]})",
    R"({"op":"online_softmax","weights":["1","2","4"],"values":["1","3","5"]})",
    R"({"op":"online_softmax","weights":["1","2"],"values":["1","3"],"weight_2":"4","value_2":"5"})",
};

}  // namespace

const OpDef kAttentionMaterializedOp = {"attention_materialized", op_attention_materialized, kMaterializedFields,
                                        kMaterializedResult, kMaterializedSamples};
const OpDef kFlashTileOp = {"flash_tile", op_flash_tile, kFlashTileFields, kFlashTileResult, kFlashTileSamples};
const OpDef kOnlineSoftmaxOp = {"online_softmax", op_online_softmax, kOnlineSoftmaxFields, kOnlineSoftmaxResult,
                                kOnlineSoftmaxSamples};

}  // namespace tally::api
