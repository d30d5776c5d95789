#include "core/ch05/attention_tiles.hpp"

#include <algorithm>

namespace tally::ch05 {

MaterializedAttention materialized_attention(u128 length, u128 head_dim, u128 in_bytes, u128 score_bytes) {
    MaterializedAttention m;
    m.tensor_bytes = mul(length, head_dim, in_bytes);
    m.score_bytes = mul(length, length, score_bytes);
    m.qkvo_traffic = mul(4, m.tensor_bytes);
    m.score_traffic = mul(4, m.score_bytes);
    m.total_traffic = add(m.qkvo_traffic, m.score_traffic);
    return m;
}

FlashTile flash_tile(u128 length, u128 head_dim, u128 kv_rows, u128 slots, u128 budget_bytes) {
    FlashTile t;
    t.fixed_bytes = mul(slots, 2, kv_rows, head_dim);
    t.per_row_bytes = add(mul(6, head_dim), add(mul(4, kv_rows), 12));
    if (t.fixed_bytes >= budget_bytes) return t;
    t.query_rows = std::min((budget_bytes - t.fixed_bytes) / t.per_row_bytes, length);
    if (t.query_rows == 0) return t;
    t.used_bytes = add(t.fixed_bytes, mul(t.query_rows, t.per_row_bytes));
    t.scans = ceil_div(length, t.query_rows);
    const u128 tensor = mul(2, length, head_dim);
    t.traffic_bytes = add(mul(2, tensor), mul(t.scans, 2, tensor));
    t.updates = mul(t.scans, ceil_div(length, kv_rows));
    return t;
}

OnlineSoftmax online_softmax(const std::vector<Ratio>& weights, const std::vector<Ratio>& values, std::size_t block) {
    OnlineSoftmax o;
    Ratio w_max, sum, weighted, all_w, all_wv;
    for (std::size_t start = 0; start < weights.size(); start += block) {
        const std::size_t end = std::min(weights.size(), start + block);
        Ratio block_max = weights[start];
        for (std::size_t i = start; i < end; ++i) block_max = std::max(block_max, weights[i]);
        SoftmaxStep s;
        s.w_max = start == 0 ? block_max : std::max(w_max, block_max);
        s.rescale = start == 0 ? Ratio(1) : w_max / s.w_max;
        sum = sum * s.rescale;
        weighted = weighted * s.rescale;
        for (std::size_t i = start; i < end; ++i) {
            const Ratio p = weights[i] / s.w_max;  // e^(s_i − m)
            sum = sum + p;
            weighted = weighted + p * values[i];
        }
        s.weight_sum = sum;
        s.weighted = weighted;
        s.output = weighted / sum;
        o.steps.push_back(s);
        w_max = s.w_max;
    }
    for (std::size_t i = 0; i < weights.size(); ++i) {
        all_w = all_w + weights[i];
        all_wv = all_wv + weights[i] * values[i];
    }
    o.direct = all_wv / all_w;
    return o;
}

}  // namespace tally::ch05
