// Bytes of a tensor stored at b bits per value with one s-byte scale per
// group of g values (§4.2.4, §4.6.1: MXFP4, MXFP8, Figures 4-12, 4-27):
//   V = n·b/8 + ⌈n/g⌉·s,
// against the same values in BF16 (2 bytes each).  A tail group that is
// not full still carries its scale.
#pragma once

#include "core/exact.hpp"

namespace tally::ch04 {

struct QuantBytes {
    Ratio data_bytes;   // n·b/8
    u128 scales = 0;    // ⌈n/g⌉ (0 without scales)
    Ratio scale_bytes;  // scales × s
    Ratio total_bytes;
    Ratio bf16_bytes;       // 2n
    Ratio bf16_over_total;  // how many times smaller than BF16
};

// elements, bits ≥ 1; group = 0 means no scales (then scale_bytes must be 0).
QuantBytes quant_bytes(u128 elements, u128 bits, u128 group, u128 scale_bytes);

}  // namespace tally::ch04
