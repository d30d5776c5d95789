#include "core/ch10/reshard.hpp"

#include <algorithm>

namespace tally::ch10 {

Reshard reshard_rows(const ReshardShape& s) {
    Reshard r;
    r.matrix_bytes = mul(s.rows, s.columns, s.weight_bytes);
    r.old_rows = s.rows / s.old_ways;
    r.new_rows = s.rows / s.new_ways;
    r.old_shard_bytes = mul(r.old_rows, s.columns, s.weight_bytes);
    r.new_shard_bytes = mul(r.new_rows, s.columns, s.weight_bytes);
    r.state_bytes = mul(s.rows, s.columns, s.state_bytes_per_param);
    // Walk each new shard's global range and cut it where an old shard ends.
    for (u128 shard = 0; shard < s.new_ways; ++shard) {
        u128 row = shard * r.new_rows;
        const u128 end = row + r.new_rows;
        while (row < end) {
            const u128 old = row / r.old_rows;
            const u128 old_end = (old + 1) * r.old_rows;
            const u128 stop = std::min(end, old_end);
            r.pieces.push_back({shard, old, row, row - old * r.old_rows, stop - row});
            row = stop;
        }
    }
    return r;
}

}  // namespace tally::ch10
