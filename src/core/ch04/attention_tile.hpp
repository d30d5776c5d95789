// One attention tile through three units that work side by side (§4.2.3,
// Example 4-1, Fig. 4-11, after FlashAttention-4's analysis of one B200 SM):
// the matrix unit does QKᵀ and PV, the exponential unit Softmax's exps, and
// the shared-memory interface delivers the Q, K and V tiles.  Tiles follow one
// another through the three as a pipeline, so in steady state one tile
// finishes every max(T_matrix, T_exp, T_smem) cycles.
//   FLOPs  4·q·k·d     (QKᵀ and PV, 2 FLOPs per multiply-add)
//   exps   q·k
//   bytes  (q + 2k)·d·b  (a Q tile of q rows, K and V tiles of k rows, b bytes a value)
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct AttentionTileShape {
    u128 query_rows = 128;
    u128 key_rows = 128;
    u128 head_dim = 128;
    Ratio value_bytes{2};  // bytes of one value (FP4: 1/2)
};
struct AttentionTileRates {
    Ratio matrix_flops_per_cycle{8192};
    Ratio exps_per_cycle{16};
    Ratio smem_bytes_per_cycle{128};
};
struct AttentionTile {
    u128 flops = 0, exps = 0;
    Ratio smem_bytes;
    Ratio matrix_cycles, exp_cycles, smem_cycles;
    Ratio interval_cycles;         // the slowest of the three
    const char* bound = "matrix";  // "matrix", "exp" or "smem": which sets the interval (the first listed on a tie)
};
AttentionTile attention_tile(const AttentionTileShape& shape, const AttentionTileRates& rates);

}  // namespace tally::ch04
