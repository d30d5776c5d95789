// Chapter 4's ops about preparing operands and handing results on (§4.4.1,
// §4.6.2):
//   strided_tile       a sub-tile read row by row out of a wider matrix (Fig. 4-16)
//   im2col_traffic     a convolution unfolded into a matrix in HBM, against on chip (Fig. 4-29)
//   handoff_bandwidth  scores and probabilities between the matrix and the vector unit (Fig. 4-31)
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/device_rates.hpp"
#include "api/errors.hpp"
#include "api/ops/request_readers.hpp"
#include "core/ch04/handoff.hpp"
#include "core/ch04/im2col.hpp"
#include "core/ch04/strided_tile.hpp"
#include "core/format.hpp"
#include "core/messages.hpp"
#include "api/ops/unit_texts.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxImage = u128{1} << 16;

std::string gbps_text(const Ratio& gbps) { return trimmed(gbps, 1) + " GB/s"; }

// ---- strided_tile ----------------------------------------------------------

constexpr FieldDecl kStridedTileFields[] = {
    field::integer("tile_rows", 1, kMaxSide, "128"),
    field::integer("tile_cols", 1, kMaxSide, "128"),
    field::integer("matrix_cols", 1, kMaxSide, "4096"),
    field::of_kind("dtype", FieldKind::Text, "bf16"),
};

Json op_strided_tile(const Json& req) {
    RequestFields f(req, kStridedTileFields);
    const u128 rows = f.integer_or("tile_rows");
    const u128 cols = f.integer_or("tile_cols");
    const u128 matrix_cols = f.integer_or("matrix_cols");
    const Ratio value_bytes = ch04_fields::value_bytes(f);
    // A sub-tile's row lies inside one row of the matrix.
    if (cols > matrix_cols) {
        throw FieldError("tile_cols", msg::ch04_tile_wider_than_matrix,
                         {{"label", ch04_fields::label("tile_cols")}, {"matrix_cols", group_thousands(matrix_cols)}});
    }
    const ch04::StridedTile t = ch04::strided_tile(rows, cols, matrix_cols, value_bytes);
    Json r;
    r["row_bytes"] = exact_json(t.row_bytes);
    r["stride_bytes"] = exact_json(t.stride_bytes);
    r["payload_bytes"] = exact_json(t.payload_bytes);
    r["payload_display"] = bytes_binary_text(t.payload_bytes);
    r["span_bytes"] = exact_json(t.span_bytes);
    r["span_display"] = bytes_binary_text(t.span_bytes);
    r["skipped_bytes"] = exact_json(t.skipped_bytes);
    r["skipped_display"] = bytes_binary_text(t.skipped_bytes);
    r["payload_share"] = exact_json(t.payload_share);
    r["payload_share_display"] = fixed(t.payload_share * Ratio(100), 2) + "%";
    return r;
}

constexpr ResultDecl kStridedTileResult[] = {
    result::exact("row_bytes"),     result::exact("stride_bytes"),
    result::exact("payload_bytes"), result::display("payload_display"),
    result::exact("span_bytes"),    result::display("span_display"),
    result::exact("skipped_bytes"), result::display("skipped_display"),
    result::exact("payload_share"), result::display("payload_share_display"),
};
constexpr const char* kStridedTileSamples[] = {
    R"({"op":"strided_tile"})",
    R"({"op":"strided_tile","tile_rows":32,"tile_cols":4096,"matrix_cols":4096})",
};

// ---- im2col_traffic --------------------------------------------------------

constexpr FieldDecl kIm2colFields[] = {
    field::integer("input_height", 1, kMaxImage, "56"),      field::integer("input_width", 1, kMaxImage, "56"),
    field::integer("in_channels", 1, kMaxImage, "64"),       field::integer("kernel_size", 1, 64, "3"),
    field::integer("out_channels", 1, kMaxImage, "64"),      field::of_kind("dtype", FieldKind::Text, "bf16"),
    field::of_kind("bandwidth", FieldKind::Decimal, "1200"), field::of_kind("matrix_flops_per_cycle", FieldKind::Decimal, "8192"),
    field::integer("vector_bytes", 1, u128{1} << 20, "256"), fields::kGpu,
};

Json op_im2col_traffic(const Json& req) {
    RequestFields f(req, kIm2colFields);
    ch04::Im2colShape s;
    s.height = f.integer_or("input_height");
    s.width = f.integer_or("input_width");
    s.in_channels = f.integer_or("in_channels");
    s.kernel = f.integer_or("kernel_size");
    s.out_channels = f.integer_or("out_channels");
    s.value_bytes = ch04_fields::value_bytes(f);
    // One field per statement: the same refusal natively and in WASM.
    // The memory the unfolded copy goes through: sent, the memory bandwidth of
    // `gpu`, or Ascend 910's 1.2 TB/s (the chapter's card for im2col).
    const std::optional<Ratio> device_bandwidth = gpu_bandwidth_gb_per_second(f, ch04_fields::label("bandwidth"));
    const Ratio bandwidth = device_bandwidth ? *device_bandwidth : ch04_fields::positive_or(f, "bandwidth", "1200");
    const Ratio matrix_rate = ch04_fields::positive_or(f, "matrix_flops_per_cycle", "8192");
    const Ratio vector_bytes(f.integer_or("vector_bytes"));
    const ch04::Im2colTraffic t = ch04::im2col_traffic(s, bandwidth, matrix_rate, vector_bytes);
    Json r;
    r["rows"] = exact_json(t.rows);
    r["cols"] = exact_json(t.cols);
    r["input_bytes"] = exact_json(t.input_bytes);
    r["input_display"] = bytes_binary_text(t.input_bytes);
    r["unfolded_bytes"] = exact_json(t.unfolded_bytes);
    r["unfolded_display"] = bytes_binary_text(t.unfolded_bytes);
    r["expansion"] = exact_json(t.expansion);
    r["extra_bytes"] = exact_json(t.extra_bytes);
    r["extra_display"] = bytes_binary_text(t.extra_bytes);
    // What HBM moves when the unfolded copy goes through it: the input read, the copy written and read.
    r["explicit_bytes"] = exact_json(t.input_bytes + t.extra_bytes);
    r["explicit_display"] = bytes_binary_text(t.input_bytes + t.extra_bytes);
    r["bandwidth"] = exact_json(bandwidth);
    r["extra_us"] = exact_json(t.extra_us);
    r["extra_us_display"] = us_text(t.extra_us, 2);
    r["flops"] = exact_json(t.flops);
    r["flops_display"] = flops_text(Ratio(t.flops));
    r["matrix_cycles"] = exact_json(t.matrix_cycles);
    r["output_values"] = exact_json(t.output_values);
    r["vector_groups"] = exact_json(t.vector_groups);
    return r;
}

constexpr ResultDecl kIm2colResult[] = {
    result::exact("rows"),
    result::exact("cols"),
    result::exact("input_bytes"),
    result::display("input_display"),
    result::exact("unfolded_bytes"),
    result::display("unfolded_display"),
    result::exact("expansion"),
    result::exact("extra_bytes"),
    result::display("extra_display"),
    result::exact("explicit_bytes"),
    result::display("explicit_display"),
    result::exact("bandwidth"),
    result::exact("extra_us"),
    result::display("extra_us_display"),
    result::exact("flops"),
    result::display("flops_display"),
    result::exact("matrix_cycles"),
    result::exact("output_values"),
    result::exact("vector_groups"),
};
constexpr const char* kIm2colSamples[] = {
    R"({"op":"im2col_traffic"})",
    R"({"op":"im2col_traffic","kernel_size":1})",
    R"({"op":"im2col_traffic","gpu":"ascend-910"})",
};

// ---- handoff_bandwidth -----------------------------------------------------

constexpr FieldDecl kHandoffFields[] = {
    field::integer("query_rows", 1, kMaxImage, "128"),          field::integer("key_rows", 1, kMaxImage, "128"),
    field::of_kind("dtype", FieldKind::Text, "fp32"),           field::integer("handoffs", 1, 64, "2"),
    field::of_kind("deadline_us", FieldKind::Decimal, "1.024"), field::of_kind("port_bandwidth", FieldKind::Decimal, "94"),
};

Json op_handoff_bandwidth(const Json& req) {
    RequestFields f(req, kHandoffFields);
    const u128 query_rows = f.integer_or("query_rows");
    const u128 key_rows = f.integer_or("key_rows");
    const Ratio value_bytes = ch04_fields::value_bytes(f);
    const u128 handoffs = f.integer_or("handoffs");
    const Ratio deadline = ch04_fields::positive_or(f, "deadline_us", "1.024");
    const Ratio port = ch04_fields::positive_or(f, "port_bandwidth", "94");
    const ch04::Handoff h = ch04::handoff(query_rows, key_rows, value_bytes, handoffs, deadline, port);
    Json r;
    r["tensor_bytes"] = exact_json(h.tensor_bytes);
    r["tensor_display"] = bytes_binary_text(h.tensor_bytes);
    r["outer_bytes"] = exact_json(h.outer_bytes);
    r["outer_display"] = bytes_binary_text(h.outer_bytes);
    r["direct_bytes"] = exact_json(h.direct_bytes);
    r["direct_display"] = bytes_binary_text(h.direct_bytes);
    r["deadline_us"] = exact_json(deadline);
    r["outer_gbps"] = exact_json(h.outer_gbps);
    r["outer_gbps_display"] = gbps_text(h.outer_gbps);
    r["direct_gbps"] = exact_json(h.direct_gbps);
    r["direct_gbps_display"] = gbps_text(h.direct_gbps);
    r["port_bandwidth"] = exact_json(port);
    r["port_display"] = gbps_text(port);
    r["outer_us"] = exact_json(h.outer_us);
    r["outer_us_display"] = us_text(h.outer_us, 2);
    r["outer_over_deadline"] = exact_json(h.outer_over_deadline);
    return r;
}

constexpr ResultDecl kHandoffResult[] = {
    result::exact("tensor_bytes"),          result::display("tensor_display"),
    result::exact("outer_bytes"),           result::display("outer_display"),
    result::exact("direct_bytes"),          result::display("direct_display"),
    result::exact("deadline_us"),           result::exact("outer_gbps"),
    result::display("outer_gbps_display"),  result::exact("direct_gbps"),
    result::display("direct_gbps_display"), result::exact("port_bandwidth"),
    result::display("port_display"),        result::exact("outer_us"),
    result::display("outer_us_display"),    result::exact("outer_over_deadline"),
};
constexpr const char* kHandoffSamples[] = {
    R"({"op":"handoff_bandwidth"})",
    R"({"op":"handoff_bandwidth","dtype":"bf16"})",
};

}  // namespace

const OpDef kStridedTileOp = {"strided_tile", op_strided_tile, kStridedTileFields, kStridedTileResult, kStridedTileSamples};
const OpDef kIm2colTrafficOp = {"im2col_traffic", op_im2col_traffic, kIm2colFields, kIm2colResult, kIm2colSamples};
const OpDef kHandoffBandwidthOp = {"handoff_bandwidth", op_handoff_bandwidth, kHandoffFields, kHandoffResult, kHandoffSamples};

}  // namespace tally::api
