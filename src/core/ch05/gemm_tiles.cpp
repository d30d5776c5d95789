#include "core/ch05/gemm_tiles.hpp"

namespace tally::ch05 {

GemmTiles gemm_tiles(const GemmShape& s) {
    GemmTiles t;
    t.a_slice_bytes = mul(s.in_bytes, s.m, s.k);
    t.w_slice_bytes = mul(s.in_bytes, s.k, s.n);
    t.acc_bytes = mul(s.acc_bytes, s.m, s.n);
    t.working_set_bytes = add(mul(s.buffers, add(t.a_slice_bytes, t.w_slice_bytes)), t.acc_bytes);
    t.row_blocks = ceil_div(s.M, s.m);
    t.column_blocks = ceil_div(s.N, s.n);
    t.tiles = mul(t.row_blocks, t.column_blocks);
    t.k_steps = ceil_div(s.K, s.k);
    t.a_bytes = mul(s.in_bytes, s.M, s.K);
    t.w_bytes = mul(s.in_bytes, s.K, s.N);
    t.c_bytes = mul(s.out_bytes, s.M, s.N);
    t.a_traffic = mul(t.a_bytes, t.column_blocks);
    t.w_traffic = mul(t.w_bytes, t.row_blocks);
    t.c_traffic = t.c_bytes;
    t.traffic_bytes = add(add(t.a_traffic, t.w_traffic), t.c_traffic);
    t.once_bytes = add(add(t.a_bytes, t.w_bytes), t.c_bytes);
    t.flops = mul(2, s.M, s.K, s.N);
    t.intensity = Ratio(t.flops, t.traffic_bytes);
    return t;
}

u128 resident_blocks(u128 working_set, u128 reserve, u128 smem_per_sm, u128 per_block_limit) {
    if (per_block_limit != 0 && working_set > per_block_limit) return 0;
    return smem_per_sm / add(working_set, reserve);
}

}  // namespace tally::ch05
