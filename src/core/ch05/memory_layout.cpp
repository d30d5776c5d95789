#include "core/ch05/memory_layout.hpp"

#include <algorithm>
#include <map>

namespace tally::ch05 {

namespace {

// The most lanes whose word addresses fall on one bank.
template <typename Address>
u128 rounds(u128 lanes, u128 banks, Address address) {
    std::map<u128, u128> per_bank;
    u128 most = 0;
    for (u128 lane = 0; lane < lanes; ++lane) most = std::max(most, ++per_bank[address(lane) % banks]);
    return most;
}

}  // namespace

BankRounds bank_rounds(u128 rows, u128 cols, u128 word_bytes, u128 banks, u128 lanes, u128 pad_words, bool xor_swizzle) {
    BankRounds b;
    b.stride_words = add(cols, pad_words);
    const auto column = [&](u128 r) { return xor_swizzle ? r * b.stride_words + (0 ^ (r % cols)) : r * b.stride_words; };
    const auto row = [&](u128 c) { return c % cols; };
    b.column_rounds = rounds(std::min(lanes, rows), banks, column);
    b.row_rounds = rounds(std::min(lanes, cols), banks, row);
    b.bytes = mul(rows, cols, word_bytes);
    b.padded_bytes = mul(rows, b.stride_words, word_bytes);
    b.extra_share = Ratio(b.padded_bytes - b.bytes, b.bytes);
    return b;
}

SplitReduction split_reduction(u128 rows, u128 width, u128 segments, u128 in_bytes) {
    SplitReduction s;
    const u128 matrix = mul(rows, width, in_bytes);
    s.tasks_whole = rows;
    s.tasks_split = mul(rows, segments);
    s.partial_bytes = mul(s.tasks_split, 4);
    s.scale_bytes = mul(rows, 4);
    s.traffic_whole = mul(3, matrix);  // x, gamma once per row, y
    s.reread_bytes = matrix;
    s.handoff_bytes = mul(2, add(s.partial_bytes, s.scale_bytes));
    s.traffic_split = add(add(s.traffic_whole, s.reread_bytes), s.handoff_bytes);
    s.row_fp32_bytes = mul(width, 4);
    s.segment_fp32_bytes = mul(width / segments, 4);
    return s;
}

}  // namespace tally::ch05
