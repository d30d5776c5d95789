// Quantising an input apart from, or inside, the matrix multiply that reads
// it (§5.4.4, Example 5-8, Figure 5-24).  A is M×K in the input format, W
// is K×N in the quantised format, C is M×N; output tiles m×n make ⌈M/m⌉ row
// blocks and ⌈N/n⌉ column blocks, each reading what it needs on its own.
// Both ways first read A once for the row scales.
//   apart: write the quantised A once; every column block reads it.
//   fused: every column block reads the original A and quantises locally.
// Weights and output are the same for both: each row block reads W, C is
// written once.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct QuantTrafficShape {
    u128 M = 4096, K = 4096, N = 1536;
    u128 m = 128, n = 128;
    u128 in_bytes = 2, q_bytes = 1, w_bytes = 1, out_bytes = 2;
};

struct QuantTraffic {
    u128 a_bytes = 0, quantized_bytes = 0, w_bytes = 0, c_bytes = 0;
    u128 row_blocks = 0, column_blocks = 0;
    u128 apart_rereads = 0, fused_rereads = 0;  // what the column blocks read
    u128 apart_input = 0, fused_input = 0;      // input-side traffic
    u128 shared_bytes = 0;                      // weights per row block + output
    u128 apart_total = 0, fused_total = 0;
    Ratio fused_over_apart;
    u128 apart_per_column_block = 0, fused_per_column_block = 0;
};

QuantTraffic quant_traffic(const QuantTrafficShape& s);

}  // namespace tally::ch05
