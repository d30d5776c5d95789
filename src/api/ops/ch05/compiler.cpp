// quant_fusion_traffic (§5.4.4, Example 5-8, Figure 5-24): quantising the
// input apart from the matrix multiply, or inside every column block.
// activation_order (§5.4.3, Figure 5-22): SiLU after the sum of two partial
// sums a and −a, or on each before the sum.
#include "api/ops/ch05/ops.hpp"
#include "read.hpp"

#include "core/ch05/activation_order.hpp"
#include "core/ch05/quant_traffic.hpp"
#include "core/format.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kQuantFusionFields[] = {
    field::integer("rows", 1, kMaxDim, "4096"),    field::integer("inputs", 1, kMaxDim, "4096"),
    field::integer("outputs", 1, kMaxDim, "1536"), field::integer("tile_m", 1, 4096, "128"),
    field::integer("tile_n", 1, 4096, "128"),      field::integer("in_bytes", 1, 8, "2"),
    field::integer("q_bytes", 1, 8, "1"),          field::integer("w_bytes", 1, 8, "1"),
    field::integer("out_bytes", 1, 8, "2"),
};

Json op_quant_fusion_traffic(const Json& req) {
    RequestFields f(req, kQuantFusionFields);
    ch05::QuantTrafficShape s;
    s.M = f.integer_or("rows");
    s.K = f.integer_or("inputs");
    s.N = f.integer_or("outputs");
    s.m = f.integer_or("tile_m");
    s.n = f.integer_or("tile_n");
    s.in_bytes = f.integer_or("in_bytes");
    s.q_bytes = f.integer_or("q_bytes");
    s.w_bytes = f.integer_or("w_bytes");
    s.out_bytes = f.integer_or("out_bytes");
    const ch05::QuantTraffic t = ch05::quant_traffic(s);
    Json r;
    r["a_bytes"] = exact_json(t.a_bytes);
    r["quantized_bytes"] = exact_json(t.quantized_bytes);
    r["w_bytes"] = exact_json(t.w_bytes);
    r["c_bytes"] = exact_json(t.c_bytes);
    r["row_blocks"] = exact_json(t.row_blocks);
    r["column_blocks"] = exact_json(t.column_blocks);
    r["apart_rereads"] = exact_json(t.apart_rereads);
    r["fused_rereads"] = exact_json(t.fused_rereads);
    r["apart_input"] = exact_json(t.apart_input);
    r["fused_input"] = exact_json(t.fused_input);
    r["shared_bytes"] = exact_json(t.shared_bytes);
    r["apart_total"] = exact_json(t.apart_total);
    r["fused_total"] = exact_json(t.fused_total);
    r["apart_display"] = bytes_binary_text(Ratio(t.apart_total));
    r["fused_display"] = bytes_binary_text(Ratio(t.fused_total));
    r["fused_over_apart"] = exact_json(t.fused_over_apart);
    r["apart_per_column_block"] = exact_json(t.apart_per_column_block);
    r["fused_per_column_block"] = exact_json(t.fused_per_column_block);
    return r;
}

constexpr ResultDecl kQuantFusionResult[] = {
    result::exact("a_bytes"),
    result::exact("quantized_bytes"),
    result::exact("w_bytes"),
    result::exact("c_bytes"),
    result::exact("row_blocks"),
    result::exact("column_blocks"),
    result::exact("apart_rereads"),
    result::exact("fused_rereads"),
    result::exact("apart_input"),
    result::exact("fused_input"),
    result::exact("shared_bytes"),
    result::exact("apart_total"),
    result::exact("fused_total"),
    result::display("apart_display"),
    result::display("fused_display"),
    result::exact("fused_over_apart"),
    result::exact("apart_per_column_block"),
    result::exact("fused_per_column_block"),
};
constexpr const char* kQuantFusionSamples[] = {
    R"({"op":"quant_fusion_traffic"})",
    R"({"op":"quant_fusion_traffic","tile_n":1536})",
};

// ---- activation_order ------------------------------------------------------

constexpr unsigned kActivationPlaces = 6;

constexpr FieldDecl kActivationOrderFields[] = {
    field::of_kind("partial", FieldKind::Decimal, "1"),
};

Json op_activation_order(const Json& req) {
    RequestFields f(req, kActivationOrderFields);
    const Ratio a = ch05_fields::non_negative_or(f, "partial", "1");
    const ch05::ActivationOrder o = ch05::activation_order(a, kActivationPlaces);
    Json r;
    r["sum_then_silu"] = exact_json(o.sum_then_silu);
    r["sum_then_silu_display"] = fixed(o.sum_then_silu, 4);
    r["silu_then_sum"] = exact_json(o.silu_then_sum);
    r["silu_then_sum_display"] = fixed(o.silu_then_sum, 4);  // the book's "about 0.4621"
    return r;
}

constexpr ResultDecl kActivationOrderResult[] = {
    result::exact("sum_then_silu"),
    result::display("sum_then_silu_display"),
    result::exact("silu_then_sum"),
    result::display("silu_then_sum_display"),
};
constexpr const char* kActivationOrderSamples[] = {
    R"({"op":"activation_order"})",
    R"({"op":"activation_order","partial":"3"})",
};

}  // namespace

const OpDef kActivationOrderOp = {"activation_order", op_activation_order, kActivationOrderFields, kActivationOrderResult,
                                  kActivationOrderSamples};
const OpDef kQuantFusionTrafficOp = {"quant_fusion_traffic", op_quant_fusion_traffic, kQuantFusionFields, kQuantFusionResult,
                                     kQuantFusionSamples};

}  // namespace tally::api
