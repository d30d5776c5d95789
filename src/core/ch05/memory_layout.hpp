// How requests meet shared memory and how a row reduction splits
// (§5.2.3–5.2.4, Figures 5-10 and 5-11).
//   banks: a rows × cols matrix of 4-byte words in `banks` banks, each
//     serving one word per round.  A warp of 32 lanes reads one column (or
//     one row); the rounds are the most lanes that fall on one bank.  Rows
//     may be padded by some words, or stored swizzled (column c of row r at
//     column c ⊕ r).
//   split reduction (RMSNorm): one group per row, or each row cut into
//     segments whose partial sums are merged into a row scale before a
//     second pass re-reads the input.
#pragma once

#include "core/exact.hpp"

namespace tally::ch05 {

struct BankRounds {
    u128 column_rounds = 0, row_rounds = 0;
    u128 stride_words = 0;
    u128 bytes = 0, padded_bytes = 0;  // rows × cols words, and as stored
    Ratio extra_share;                 // (padded − bytes) / bytes
};

// rows, cols ≥ 1; banks ≥ 1; lanes ≥ 1 (a lane per row read); xor_swizzle
// needs cols a power of two ≥ lanes.
BankRounds bank_rounds(u128 rows, u128 cols, u128 word_bytes, u128 banks, u128 lanes, u128 pad_words, bool xor_swizzle);

struct SplitReduction {
    u128 tasks_whole = 0, tasks_split = 0;    // first-stage groups
    u128 partial_bytes = 0, scale_bytes = 0;  // FP32 partial sums, one scale per row
    u128 traffic_whole = 0;                   // read x, gamma per row, write y
    u128 reread_bytes = 0;                    // the second pass reads x again
    u128 handoff_bytes = 0;                   // partials and scales written and read
    u128 traffic_split = 0;
    u128 launches_whole = 1, launches_split = 3;  // partials, merge, normalise
    u128 row_fp32_bytes = 0, segment_fp32_bytes = 0;
};

// rows, width, segments ≥ 1; segments divides width.
SplitReduction split_reduction(u128 rows, u128 width, u128 segments, u128 in_bytes);

}  // namespace tally::ch05
