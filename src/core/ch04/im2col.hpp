// A k × k convolution prepared for a matrix unit (§4.6.2, Fig. 4-29): with
// stride 1 and same padding an H × W × C_in input unfolds into an
// (H·W) × (k²·C_in) matrix, k² times the input, and the convolution becomes
// one matrix product with C_out outputs.  Written to HBM and read back, the
// unfolded copy costs 2·H·W·k²·C_in·b bytes that an on-chip unfold (Ascend's
// MTE img2col) never moves.  Ascend 910: 56 × 56 × 64 FP16, 3 × 3, 64 out →
// 0.383 MiB in, 3.445 MiB unfolded, 6.891 MiB written and read, ≈6.02 μs at
// 1.2 TB/s; 231.2 MFLOPs are 28,224 Cube cycles at 8,192 FLOPs a cycle, and
// the ReLU after it is 1,568 groups of a 256-byte vector.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct Im2colShape {
    u128 height = 56;
    u128 width = 56;
    u128 in_channels = 64;
    u128 kernel = 3;
    u128 out_channels = 64;
    Ratio value_bytes = Ratio(2);
};

struct Im2colTraffic {
    u128 rows = 0;           // H·W output positions
    u128 cols = 0;           // k²·C_in values per position
    Ratio input_bytes;       // H·W·C_in·b
    Ratio unfolded_bytes;    // rows·cols·b
    Ratio expansion;         // unfolded / input = k²
    Ratio extra_bytes;       // written once and read once: 2·unfolded
    Ratio extra_us;          // extra / bandwidth
    u128 flops = 0;          // 2·rows·cols·C_out
    Ratio matrix_cycles;     // flops / matrix FLOPs per cycle
    u128 output_values = 0;  // rows·C_out, each through the activation once
    u128 vector_groups = 0;  // ⌈output_values·b / vector bytes⌉
};

// Every side ≥ 1; bandwidth_gbps, matrix_flops_per_cycle, vector_bytes > 0.
Im2colTraffic im2col_traffic(const Im2colShape& s, const Ratio& bandwidth_gbps, const Ratio& matrix_flops_per_cycle,
                             const Ratio& vector_bytes);

}  // namespace tally::ch04
