// Attention for one head (§5.3.3, Figures 5-18 … 5-20, Table 5.3.3-a,
// Example 5-6, Experiment 5-3).
//   materialised: Q, K, V, O of L×d in the input format, the score and
//     probability matrices S, P of L×L in FP32 written and read back.
//   FlashAttention tiles: a block of a query rows keeps its Q tile (2ad),
//     one K/V block of b rows per slot (2bd, one slot plus prefetch slots),
//     an a×b FP32 score tile (4ab), an FP32 output accumulator (4ad) and
//     three FP32 values per row (12a) within the per-block shared memory.
//     Each of the ⌈L/a⌉ query blocks scans K and V once; each scan makes
//     ⌈L/b⌉ state updates.
// Online softmax, exactly: scores enter as their exponentials w = e^s
// (rationals), so every rescale r = e^(m_old − m_new) = w_max_old / w_max_new
// is rational too.
#pragma once

#include <vector>

#include "core/exact.hpp"

namespace tally::ch05 {

struct MaterializedAttention {
    u128 tensor_bytes = 0;   // one of Q, K, V, O
    u128 score_bytes = 0;    // one of S, P
    u128 qkvo_traffic = 0;   // each read or written once
    u128 score_traffic = 0;  // S and P each written once and read once
    u128 total_traffic = 0;
};

MaterializedAttention materialized_attention(u128 length, u128 head_dim, u128 in_bytes, u128 score_bytes);

struct FlashTile {
    u128 fixed_bytes = 0;    // 2·b·d per K/V slot
    u128 per_row_bytes = 0;  // 2d + 4b + 4d + 12 per query row
    u128 query_rows = 0;     // a: the most rows that fit (0: not even one)
    u128 used_bytes = 0;
    u128 scans = 0;          // ⌈L/a⌉
    u128 traffic_bytes = 0;  // Q and O once, K and V once per scan
    u128 updates = 0;        // scans × ⌈L/b⌉
};

// length, head_dim, kv_rows ≥ 1; slots ≥ 1 (1 plus prefetch slots).
FlashTile flash_tile(u128 length, u128 head_dim, u128 kv_rows, u128 slots, u128 budget_bytes);

struct SoftmaxStep {
    Ratio w_max;       // e^m after the block
    Ratio rescale;     // r = e^(m_old − m_new); 1 for the first block
    Ratio weight_sum;  // ℓ
    Ratio weighted;    // u = Σ e^(s − m) v
    Ratio output;      // u / ℓ
};

struct OnlineSoftmax {
    std::vector<SoftmaxStep> steps;
    Ratio direct;  // Σ w v / Σ w in one pass
};

// weights > 0, values ≥ 0, same length; block ≥ 1.
OnlineSoftmax online_softmax(const std::vector<Ratio>& weights, const std::vector<Ratio>& values, std::size_t block);

}  // namespace tally::ch05
