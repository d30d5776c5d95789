#include "core/ch04/die_locality.hpp"

namespace tally::ch04 {

namespace {

// Bytes over GB/s, in μs: V / (1000·R).
Ratio transfer_us(const Ratio& bytes, const Ratio& gbps) { return bytes / (gbps * Ratio(1000)); }

}  // namespace

DieLocality die_locality(const Ratio& bytes_per_die, const Ratio& exchange_bytes, const Ratio& local_gbps,
                         const Ratio& link_gbps) {
    DieLocality d;
    d.link_bound = link_gbps < local_gbps;
    d.local_read_us = transfer_us(bytes_per_die, local_gbps);
    d.remote_read_us = transfer_us(bytes_per_die, d.link_bound ? link_gbps : local_gbps);
    d.gathered_us = d.local_read_us < d.remote_read_us ? d.remote_read_us : d.local_read_us;
    d.exchange_us = transfer_us(exchange_bytes, link_gbps);
    d.link_over_local = link_gbps / local_gbps;
    return d;
}

}  // namespace tally::ch04
