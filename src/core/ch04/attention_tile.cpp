#include "core/ch04/attention_tile.hpp"

namespace tally::ch04 {

AttentionTile attention_tile(const AttentionTileShape& s, const AttentionTileRates& r) {
    AttentionTile t;
    t.flops = mul(mul(mul(4, s.query_rows), s.key_rows), s.head_dim);
    t.exps = mul(s.query_rows, s.key_rows);
    t.smem_bytes = Ratio(mul(add(s.query_rows, mul(2, s.key_rows)), s.head_dim)) * s.value_bytes;
    t.matrix_cycles = Ratio(t.flops) / r.matrix_flops_per_cycle;
    t.exp_cycles = Ratio(t.exps) / r.exps_per_cycle;
    t.smem_cycles = t.smem_bytes / r.smem_bytes_per_cycle;
    t.interval_cycles = t.matrix_cycles;
    if (t.interval_cycles < t.exp_cycles) {
        t.interval_cycles = t.exp_cycles;
        t.bound = "exp";
    }
    if (t.interval_cycles < t.smem_cycles) {
        t.interval_cycles = t.smem_cycles;
        t.bound = "smem";
    }
    return t;
}

}  // namespace tally::ch04
