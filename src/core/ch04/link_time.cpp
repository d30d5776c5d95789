#include "core/ch04/link_time.hpp"

namespace tally::ch04 {

LinkTime link_time(const Ratio& bytes, const Ratio& alpha_us, const Ratio& gbps) {
    LinkTime t;
    t.transfer_us = bytes / (gbps * Ratio(1000));
    t.time_us = alpha_us + t.transfer_us;
    t.crossover = alpha_us * gbps * Ratio(1000);
    t.bandwidth_bound = alpha_us < t.transfer_us;
    return t;
}

LinkRows link_rows(const Ratio& crossover_bytes, const Ratio& row_bytes) {
    LinkRows r;
    r.crossover_rows = crossover_bytes / row_bytes;
    r.first_bandwidth_bound_rows = add(r.crossover_rows.floor(), 1);
    return r;
}

}  // namespace tally::ch04
