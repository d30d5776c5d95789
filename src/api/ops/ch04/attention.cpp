// Chapter 4's attention tile (§4.2.3, Example 4-1, Fig. 4-11, Lab 4-1): the
// cycles one tile takes on the matrix unit, the exponential unit and the
// shared-memory interface, and the interval a pipeline of tiles settles to.
// The rates default to the book's B200 SM (8,192 FLOPs, 16 exps and 128
// bytes a cycle); the speedups ask "what if this unit were k times faster".
#include "api/ops/ch04/ops.hpp"
#include "read.hpp"

#include "api/ops/request_readers.hpp"
#include "core/ch04/attention_tile.hpp"

namespace tally::api {

namespace {

constexpr u128 kMaxAttentionSide = u128{1} << 16;

constexpr FieldDecl kAttentionTileFields[] = {
    field::integer("query_rows", 1, kMaxAttentionSide, "128"),
    field::integer("key_rows", 1, kMaxAttentionSide, "128"),
    field::integer("head_dim", 1, kMaxAttentionSide, "128"),
    field::of_kind("dtype", FieldKind::Text, "bf16"),
    field::of_kind("matrix_flops_per_cycle", FieldKind::Decimal, "8192"),
    field::of_kind("exps_per_cycle", FieldKind::Decimal, "16"),
    field::of_kind("smem_bytes_per_cycle", FieldKind::Decimal, "128"),
    field::integer("matrix_speedup", 1, 1024, "1"),
    field::integer("exp_speedup", 1, 1024, "1"),
    field::integer("smem_speedup", 1, 1024, "1"),
};

Json op_attention_tile(const Json& req) {
    RequestFields f(req, kAttentionTileFields);
    ch04::AttentionTileShape shape;
    shape.query_rows = f.integer_or("query_rows");
    shape.key_rows = f.integer_or("key_rows");
    shape.head_dim = f.integer_or("head_dim");
    shape.value_bytes = ch04_fields::value_bytes(f);
    // One field per statement: the same refusal natively and in WASM.
    ch04::AttentionTileRates rates;
    rates.matrix_flops_per_cycle = ch04_fields::positive_or(f, "matrix_flops_per_cycle", "8192");
    rates.matrix_flops_per_cycle = rates.matrix_flops_per_cycle * Ratio(f.integer_or("matrix_speedup"));
    rates.exps_per_cycle = ch04_fields::positive_or(f, "exps_per_cycle", "16");
    rates.exps_per_cycle = rates.exps_per_cycle * Ratio(f.integer_or("exp_speedup"));
    rates.smem_bytes_per_cycle = ch04_fields::positive_or(f, "smem_bytes_per_cycle", "128");
    rates.smem_bytes_per_cycle = rates.smem_bytes_per_cycle * Ratio(f.integer_or("smem_speedup"));
    const ch04::AttentionTile t = ch04::attention_tile(shape, rates);
    Json r;
    r["flops"] = exact_json(t.flops);
    r["exps"] = exact_json(t.exps);
    r["smem_bytes"] = exact_json(t.smem_bytes);
    r["matrix_cycles"] = exact_json(t.matrix_cycles);
    r["exp_cycles"] = exact_json(t.exp_cycles);
    r["smem_cycles"] = exact_json(t.smem_cycles);
    r["interval_cycles"] = exact_json(t.interval_cycles);
    r["bound"] = t.bound;
    return r;
}

constexpr ResultDecl kAttentionTileResult[] = {
    result::exact("flops"),      result::exact("exps"),        result::exact("smem_bytes"),      result::exact("matrix_cycles"),
    result::exact("exp_cycles"), result::exact("smem_cycles"), result::exact("interval_cycles"), result::text("bound"),
};
constexpr const char* kAttentionTileSamples[] = {
    R"({"op":"attention_tile"})",
    R"({"op":"attention_tile","matrix_speedup":2,"exp_speedup":2})",
    R"({"op":"attention_tile","query_rows":128,"key_rows":256})",
};

}  // namespace

const OpDef kAttentionTileOp = {"attention_tile", op_attention_tile, kAttentionTileFields, kAttentionTileResult,
                                kAttentionTileSamples};

}  // namespace tally::api
