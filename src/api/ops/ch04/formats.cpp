// Chapter 4's ops about how values are stored and tiled (§4.2.1, §4.2.4,
// §4.6.1):
//   quant_bytes     bytes of low-bit values with per-group scales (MX formats),
//                   and with a bandwidth (or a gpu's) the time to read them once
//   tile_padding    useful share of a matrix product padded to whole tiles
//   expert_padding  rows a mixture of experts executes once each expert is
//                   padded to whole tiles (Figures 4-9, 4-10)
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include <optional>

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch04/padding.hpp"
#include "core/ch04/quant_bytes.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "api/ops/unit_texts.hpp"

namespace tally::api {

namespace {

// Tensors up to 2^40 values, tiles and groups up to 2^20: every product
// stays far inside 128 bits.
constexpr u128 kMaxElements = u128{1} << 40;
constexpr u128 kMaxTile = u128{1} << 20;

std::string percent_text(const Ratio& share) { return fixed(share * Ratio(100), 2) + "%"; }

// ---- quant_bytes -----------------------------------------------------------

constexpr FieldDecl kQuantBytesFields[] = {
    field::integer("elements", 1, kMaxElements),     field::integer("bits", 1, 64),
    field::integer("group", 0, kMaxTile, "32"),      field::integer("scale_bytes", 0, 16, "1"),
    field::of_kind("bandwidth", FieldKind::Decimal), fields::kGpu,
};

Json op_quant_bytes(const Json& req) {
    RequestFields f(req, kQuantBytesFields);
    const u128 elements = f.integer("elements");
    const u128 bits = f.integer("bits");
    const u128 group = f.integer_or("group");
    const u128 scale_bytes = f.integer_or("scale_bytes");
    // A scale needs groups to belong to, and groups need a scale.
    if ((group == 0) != (scale_bytes == 0)) {
        const std::string field = group == 0 ? "group" : "scale_bytes";
        throw FieldError(field, msg::ch04_scale_needs_group, {{"label", ch04_fields::label(field)}});
    }
    const ch04::QuantBytes q = ch04::quant_bytes(elements, bits, group, scale_bytes);
    Json r;
    r["data_bytes"] = exact_json(q.data_bytes);
    r["scales"] = exact_json(q.scales);
    r["scale_bytes_total"] = exact_json(q.scale_bytes);
    r["total_bytes"] = exact_json(q.total_bytes);
    r["total_display"] = bytes_binary_text(q.total_bytes);
    r["bf16_bytes"] = exact_json(q.bf16_bytes);
    r["bf16_over_total"] = exact_json(q.bf16_over_total);
    r["bf16_over_total_display"] = fixed(q.bf16_over_total, 2);
    // Read once at a memory bandwidth (Fig. 4-27: 32 MiB of BF16 on an RTX 4090
    // against MXFP4 on an RTX 5090), when the request gives one or a gpu.
    const std::optional<Ratio> sent =
        f.has("bandwidth") ? std::optional<Ratio>(ch04_fields::positive(f, "bandwidth")) : std::nullopt;
    const DeviceRates device = device_rates(f, sent, std::nullopt, "bf16");
    r["gpu"] = device.gpu ? Json(device.gpu->id) : Json(nullptr);
    r["bandwidth"] = nullptr;
    r["read_us"] = nullptr;
    r["read_display"] = nullptr;
    r["bf16_read_us"] = nullptr;
    r["bf16_read_display"] = nullptr;
    if (sent || device.gpu) {
        const Ratio bytes_per_us = require_bandwidth(device, ch04_fields::label("bandwidth")) / Ratio(1000000);
        const Ratio read_us = q.total_bytes / bytes_per_us;
        const Ratio bf16_read_us = q.bf16_bytes / bytes_per_us;
        r["bandwidth"] = exact_json(bytes_per_us / Ratio(1000));
        r["read_us"] = exact_json(read_us);
        r["read_display"] = us_text(read_us, 2);
        r["bf16_read_us"] = exact_json(bf16_read_us);
        r["bf16_read_display"] = us_text(bf16_read_us, 2);
    }
    return r;
}

constexpr ResultDecl kQuantBytesResult[] = {
    result::exact("data_bytes"),
    result::exact("scales"),
    result::exact("scale_bytes_total"),
    result::exact("total_bytes"),
    result::display("total_display"),
    result::exact("bf16_bytes"),
    result::exact("bf16_over_total"),
    result::display("bf16_over_total_display"),
    result::nullable(result::text("gpu")),
    result::nullable(result::exact("bandwidth")),
    result::nullable(result::exact("read_us")),
    result::nullable(result::display("read_display")),
    result::nullable(result::exact("bf16_read_us")),
    result::nullable(result::display("bf16_read_display")),
};
constexpr const char* kQuantBytesSamples[] = {
    R"({"op":"quant_bytes","elements":16777216,"bits":4})",
    R"({"op":"quant_bytes","elements":16777216,"bits":8,"group":32,"scale_bytes":1})",
    R"({"op":"quant_bytes","elements":100,"bits":16,"group":0,"scale_bytes":0})",
    R"({"op":"quant_bytes","elements":16777216,"bits":4,"gpu":"rtx-5090"})",
};

// ---- tile_padding ----------------------------------------------------------

constexpr FieldDecl kTilePaddingFields[] = {
    field::integer("rows", 1, kMaxSide),
    field::integer("outputs", 1, kMaxSide),
    field::integer("inputs", 1, kMaxSide),
    field::integer("tile_rows", 1, kMaxTile, "16"),
    field::integer("tile_outputs", 1, kMaxTile, "16"),
    field::integer("tile_inputs", 1, kMaxTile, "16"),
};

Json op_tile_padding(const Json& req) {
    RequestFields f(req, kTilePaddingFields);
    const u128 m = f.integer("rows");
    const u128 n = f.integer("outputs");
    const u128 k = f.integer("inputs");
    const u128 tm = f.integer_or("tile_rows");
    const u128 tn = f.integer_or("tile_outputs");
    const u128 tk = f.integer_or("tile_inputs");
    const ch04::TilePadding t = ch04::tile_padding(m, n, k, tm, tn, tk);
    Json r;
    r["useful"] = exact_json(t.useful);
    r["executed"] = exact_json(t.executed);
    r["efficiency"] = exact_json(t.efficiency);
    r["efficiency_display"] = percent_text(t.efficiency);
    return r;
}

constexpr ResultDecl kTilePaddingResult[] = {result::exact("useful"), result::exact("executed"), result::exact("efficiency"),
                                             result::display("efficiency_display")};
constexpr const char* kTilePaddingSamples[] = {
    R"({"op":"tile_padding","rows":1,"outputs":16,"inputs":16})",
    R"({"op":"tile_padding","rows":100,"outputs":4096,"inputs":4096,"tile_rows":128,"tile_outputs":128,"tile_inputs":64})",
};

// ---- expert_padding --------------------------------------------------------

constexpr FieldDecl kExpertPaddingFields[] = {
    field::integer("batch", 1, u128{1} << 24),
    field::integer("top_k", 1, 1 << 16),
    field::integer("experts", 1, 1 << 20, "256"),
    field::integer("tile_rows", 1, kMaxTile, "16"),
    field::of_kind("dispatch", FieldKind::Text, "uniform"),
};

Json op_expert_padding(const Json& req) {
    RequestFields f(req, kExpertPaddingFields);
    const u128 tokens = f.integer("batch");
    const u128 top_k = f.integer("top_k");
    const u128 experts = f.integer_or("experts");
    const u128 tile_rows = f.integer_or("tile_rows");
    const std::string dispatch = f.text_or("dispatch");
    if (dispatch != "uniform" && dispatch != "concentrated") {
        throw FieldError("dispatch", msg::ch04_dispatch_unknown, {{"label", ch04_fields::label("dispatch")}});
    }
    if (experts < top_k) {
        throw FieldError("experts", msg::ch04_experts_below_top_k, {{"label", ch04_fields::label("experts")}});
    }
    const ch04::ExpertPadding e = ch04::expert_padding(tokens, top_k, experts, tile_rows, dispatch == "concentrated");
    Json r;
    r["dispatches"] = exact_json(e.dispatches);
    r["experts_used"] = exact_json(e.experts_used);
    r["executed_rows"] = exact_json(e.executed_rows);
    r["efficiency"] = exact_json(e.efficiency);
    r["efficiency_display"] = percent_text(e.efficiency);
    // One expert's share, on average over the experts that receive rows
    // (Fig. 4-9: 2 useful rows padded to a 16-row tile, or 64 in 4 full tiles).
    const Ratio used(e.experts_used);
    r["rows_per_expert"] = exact_json(Ratio(e.dispatches) / used);
    r["executed_per_expert"] = exact_json(Ratio(e.executed_rows) / used);
    r["padding_per_expert"] = exact_json(Ratio(e.executed_rows - e.dispatches) / used);
    return r;
}

constexpr ResultDecl kExpertPaddingResult[] = {result::exact("dispatches"),           result::exact("experts_used"),
                                               result::exact("executed_rows"),        result::exact("efficiency"),
                                               result::display("efficiency_display"), result::exact("rows_per_expert"),
                                               result::exact("executed_per_expert"),  result::exact("padding_per_expert")};
constexpr const char* kExpertPaddingSamples[] = {
    R"({"op":"expert_padding","batch":64,"top_k":8,"experts":256})",
    R"({"op":"expert_padding","batch":64,"top_k":8,"experts":256,"dispatch":"concentrated"})",
    R"({"op":"expert_padding","batch":3,"top_k":2,"experts":8,"tile_rows":4})",
};

}  // namespace

const OpDef kQuantBytesOp = {"quant_bytes", op_quant_bytes, kQuantBytesFields, kQuantBytesResult, kQuantBytesSamples};
const OpDef kTilePaddingOp = {"tile_padding", op_tile_padding, kTilePaddingFields, kTilePaddingResult, kTilePaddingSamples};
const OpDef kExpertPaddingOp = {"expert_padding", op_expert_padding, kExpertPaddingFields, kExpertPaddingResult,
                                kExpertPaddingSamples};

}  // namespace tally::api
