#include "core/ch05/quant_traffic.hpp"

namespace tally::ch05 {

QuantTraffic quant_traffic(const QuantTrafficShape& s) {
    QuantTraffic t;
    t.a_bytes = mul(s.M, s.K, s.in_bytes);
    t.quantized_bytes = mul(s.M, s.K, s.q_bytes);
    t.w_bytes = mul(s.K, s.N, s.w_bytes);
    t.c_bytes = mul(s.M, s.N, s.out_bytes);
    t.row_blocks = ceil_div(s.M, s.m);
    t.column_blocks = ceil_div(s.N, s.n);
    t.apart_per_column_block = t.quantized_bytes;
    t.fused_per_column_block = t.a_bytes;
    t.apart_rereads = mul(t.column_blocks, t.quantized_bytes);
    t.fused_rereads = mul(t.column_blocks, t.a_bytes);
    t.apart_input = add(add(t.a_bytes, t.quantized_bytes), t.apart_rereads);
    t.fused_input = add(t.a_bytes, t.fused_rereads);
    t.shared_bytes = add(mul(t.row_blocks, t.w_bytes), t.c_bytes);
    t.apart_total = add(t.apart_input, t.shared_bytes);
    t.fused_total = add(t.fused_input, t.shared_bytes);
    t.fused_over_apart = Ratio(t.fused_total, t.apart_total);
    return t;
}

}  // namespace tally::ch05
