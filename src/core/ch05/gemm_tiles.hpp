// One output tile of C = A·W per thread block (§5.2.1–5.2.2, Example 5-3,
// Table 5.2.2-a, Figures 5-8 and 5-9, §5.4.5, Experiment 5-1).  A is M×K,
// W is K×N, C is M×N.  A block keeps an m×k slice of A, a k×n slice of W
// (each `buffers` times: 2 for double buffering) and an m×n accumulator:
//   S = buffers·(b_in·m·k + b_in·k·n) + b_acc·m·n.
// Each column block re-reads all of A and each row block all of W, and C
// is written once:
//   V = b_in·M·K·⌈N/n⌉ + b_in·K·N·⌈M/m⌉ + b_out·M·N.
// Blocks resident on an SM: ⌊smem_per_sm / (S + reserve)⌋, none when S
// exceeds the per-block limit.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct GemmShape {
    u128 M = 0, K = 0, N = 0;  // C = A·W: A is M×K, W is K×N
    u128 m = 0, n = 0, k = 0;  // output tile m×n, K step k
    u128 in_bytes = 2, acc_bytes = 4, out_bytes = 2;
    u128 buffers = 1;  // copies of each input slice (2: double buffering)
};

struct GemmTiles {
    u128 a_slice_bytes = 0, w_slice_bytes = 0, acc_bytes = 0;
    u128 working_set_bytes = 0;                  // S
    u128 row_blocks = 0;                         // ⌈M/m⌉: times W is read
    u128 column_blocks = 0;                      // ⌈N/n⌉: times A is read
    u128 tiles = 0;                              // row_blocks × column_blocks
    u128 k_steps = 0;                            // ⌈K/k⌉: slices along the reduction
    u128 a_bytes = 0, w_bytes = 0, c_bytes = 0;  // each matrix once
    u128 a_traffic = 0, w_traffic = 0, c_traffic = 0;
    u128 traffic_bytes = 0;  // V
    u128 once_bytes = 0;     // every matrix read or written once
    u128 flops = 0;          // 2·M·K·N
    Ratio intensity;         // flops / V
};

// All sizes ≥ 1.
GemmTiles gemm_tiles(const GemmShape& s);

// Blocks of `working_set` bytes (plus `reserve` each) resident in
// `smem_per_sm` bytes; 0 when the set exceeds `per_block_limit` (0: no limit).
u128 resident_blocks(u128 working_set, u128 reserve, u128 smem_per_sm, u128 per_block_limit);

}  // namespace tally::ch05
