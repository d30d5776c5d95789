// Resharding a checkpointed matrix between tensor-parallel layouts (§10.4.2,
// Figure 10-31).  The matrix is split by rows: `old_ways` shards before,
// `new_ways` after.  Each new shard's rows are a global row range, and the
// old shards that hold that range are where a restart reads it from — the
// global row coordinate is what ties the two layouts together.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch10 {

struct ReshardShape {
    u128 rows = 12288;  // the split dimension (the gate projection's output rows)
    u128 columns = 4096;
    u128 weight_bytes = 2;            // bytes per weight value (BF16)
    u128 state_bytes_per_param = 14;  // BF16 weight + FP32 master + Adam m + v: 2 + 4 + 4 + 4
    u128 old_ways = 4;
    u128 new_ways = 8;
};

// One contiguous piece a new shard reads: `rows` rows starting at global row
// `row_start`, found in old shard `old_shard` at its local row `old_row_start`.
struct ReshardPiece {
    u128 new_shard = 0;
    u128 old_shard = 0;
    u128 row_start = 0;
    u128 old_row_start = 0;
    u128 rows = 0;
};

struct Reshard {
    u128 matrix_bytes = 0;  // rows · columns · weight_bytes
    u128 old_rows = 0;      // rows per old shard
    u128 old_shard_bytes = 0;
    u128 new_rows = 0;  // rows per new shard
    u128 new_shard_bytes = 0;
    u128 state_bytes = 0;              // every checkpointed state of the matrix: rows · columns · state_bytes_per_param
    std::vector<ReshardPiece> pieces;  // by new shard, then by global row
};

// The caller checks that both ways divide the rows.
Reshard reshard_rows(const ReshardShape& s);

}  // namespace tally::ch10
