#include "core/ch04/quant_bytes.hpp"

namespace tally::ch04 {

QuantBytes quant_bytes(u128 elements, u128 bits, u128 group, u128 scale_bytes) {
    QuantBytes q;
    q.data_bytes = Ratio(mul(elements, bits), 8);
    q.scales = group == 0 ? 0 : ceil_div(elements, group);
    q.scale_bytes = Ratio(mul(q.scales, scale_bytes));
    q.total_bytes = q.data_bytes + q.scale_bytes;
    q.bf16_bytes = Ratio(mul(elements, 2));
    q.bf16_over_total = q.bf16_bytes / q.total_bytes;
    return q;
}

}  // namespace tally::ch04
