#include "core/ch04/im2col.hpp"

namespace tally::ch04 {

Im2colTraffic im2col_traffic(const Im2colShape& s, const Ratio& bandwidth_gbps, const Ratio& matrix_flops_per_cycle,
                             const Ratio& vector_bytes) {
    Im2colTraffic t;
    t.rows = mul(s.height, s.width);
    t.cols = mul(mul(s.kernel, s.kernel), s.in_channels);
    t.input_bytes = Ratio(mul(t.rows, s.in_channels)) * s.value_bytes;
    t.unfolded_bytes = Ratio(mul(t.rows, t.cols)) * s.value_bytes;
    t.expansion = t.unfolded_bytes / t.input_bytes;
    t.extra_bytes = t.unfolded_bytes * Ratio(2);
    t.extra_us = t.extra_bytes / (bandwidth_gbps * Ratio(1000));  // GB/s → bytes per μs
    t.flops = mul(mul(mul(2, t.rows), t.cols), s.out_channels);
    t.matrix_cycles = Ratio(t.flops) / matrix_flops_per_cycle;
    t.output_values = mul(t.rows, s.out_channels);
    t.vector_groups = (Ratio(t.output_values) * s.value_bytes / vector_bytes).ceil();
    return t;
}

}  // namespace tally::ch04
