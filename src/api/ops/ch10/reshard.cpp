// reshard_rows (§10.4.2, Figure 10-31): a checkpointed weight matrix split by
// rows over old_ways tensor-parallel shards, reread as new_ways shards — the
// bytes of the matrix and of each shard, every checkpointed state of it, and
// for each new shard the global rows it needs and the old shard they sit in.
#include "api/ops/ch10/ops.hpp"
#include "read.hpp"

#include "api/errors.hpp"
#include "core/ch10/reshard.hpp"
#include "core/messages.hpp"

namespace tally::api {

namespace {

constexpr FieldDecl kReshardFields[] = {
    field::integer("weight_rows", 1, 16777216, "12288"),
    field::integer("weight_columns", 1, 16777216, "4096"),
    field::integer("weight_bytes", 1, 8, "2"),
    field::integer("state_bytes_per_param", 1, 64, "14"),
    field::integer("old_ways", 1, 1024, "4"),
    field::integer("new_ways", 1, 1024, "8"),
};

Json op_reshard_rows(const Json& req) {
    RequestFields f(req, kReshardFields);
    ch10::ReshardShape s;
    s.rows = f.integer_or("weight_rows");
    s.columns = f.integer_or("weight_columns");
    s.weight_bytes = f.integer_or("weight_bytes");
    s.state_bytes_per_param = f.integer_or("state_bytes_per_param");
    s.old_ways = f.integer_or("old_ways");
    s.new_ways = f.integer_or("new_ways");
    // Shards of unequal height are a different layout; the chapter's split is even.
    for (const char* ways : {"old_ways", "new_ways"}) {
        const u128 n = f.integer_or(ways);
        if (s.rows % n != 0)
            throw FieldError(
                ways, msg::ch10_rows_split,
                {{"label", ch10_fields::label(ways)}, {"rows", std::to_string(static_cast<unsigned long long>(s.rows))}});
    }
    const ch10::Reshard r = ch10::reshard_rows(s);
    Json out;
    out["matrix_bytes"] = exact_json(r.matrix_bytes);
    out["old_rows"] = exact_json(r.old_rows);
    out["old_shard_bytes"] = exact_json(r.old_shard_bytes);
    out["new_rows"] = exact_json(r.new_rows);
    out["new_shard_bytes"] = exact_json(r.new_shard_bytes);
    out["state_bytes"] = exact_json(r.state_bytes);
    out["pieces"] = Json::array();
    for (const ch10::ReshardPiece& p : r.pieces) {
        out["pieces"].push_back({{"id", std::to_string(static_cast<unsigned long long>(p.new_shard)) + "@" +
                                            std::to_string(static_cast<unsigned long long>(p.old_shard))},
                                 {"new_shard", exact_json(p.new_shard)},
                                 {"old_shard", exact_json(p.old_shard)},
                                 {"row_start", exact_json(p.row_start)},
                                 {"row_end", exact_json(p.row_start + p.rows)},
                                 {"old_row_start", exact_json(p.old_row_start)},
                                 {"rows", exact_json(p.rows)}});
    }
    return out;
}

constexpr ResultDecl kPieceItem[] = {
    result::text("id"),       result::exact("new_shard"),     result::exact("old_shard"), result::exact("row_start"),
    result::exact("row_end"), result::exact("old_row_start"), result::exact("rows"),
};
constexpr ResultDecl kReshardResult[] = {
    result::exact("matrix_bytes"),    result::exact("old_rows"),    result::exact("old_shard_bytes"),   result::exact("new_rows"),
    result::exact("new_shard_bytes"), result::exact("state_bytes"), result::list("pieces", kPieceItem),
};
constexpr const char* kReshardSamples[] = {
    R"({"op":"reshard_rows"})",
    R"({"op":"reshard_rows","old_ways":6,"new_ways":4})",
};

}  // namespace

const OpDef kReshardRowsOp = {"reshard_rows", op_reshard_rows, kReshardFields, kReshardResult, kReshardSamples};

}  // namespace tally::api
