#include "core/ch04/handoff.hpp"

namespace tally::ch04 {

Handoff handoff(u128 query_rows, u128 key_rows, const Ratio& value_bytes, u128 handoffs, const Ratio& deadline_us,
                const Ratio& port_gbps) {
    Handoff h;
    const Ratio per_us(1000);  // GB/s → bytes per μs
    h.tensor_bytes = Ratio(mul(query_rows, key_rows)) * value_bytes;
    h.direct_bytes = Ratio(handoffs) * h.tensor_bytes;
    h.outer_bytes = h.direct_bytes * Ratio(2);
    h.outer_gbps = h.outer_bytes / deadline_us / per_us;
    h.direct_gbps = h.direct_bytes / deadline_us / per_us;
    h.outer_us = h.outer_bytes / (port_gbps * per_us);
    h.outer_over_deadline = h.outer_us / deadline_us;
    return h;
}

}  // namespace tally::ch04
