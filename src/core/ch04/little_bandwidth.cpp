#include "core/ch04/little_bandwidth.hpp"

namespace tally::ch04 {

u128 in_flight_needed(const Ratio& gbps, const Ratio& latency_ns, const Ratio& transaction_bytes) {
    return (gbps * latency_ns / transaction_bytes).ceil();
}

LittleRate little_rate(const Ratio& gbps, const Ratio& latency_ns, const Ratio& transaction_bytes, u128 in_flight) {
    LittleRate r;
    r.little_gbps = Ratio(in_flight) * transaction_bytes / latency_ns;
    r.latency_bound = r.little_gbps < gbps;
    r.effective_gbps = r.latency_bound ? r.little_gbps : gbps;
    return r;
}

Ratio read_ms(const Ratio& bytes, const Ratio& gbps) { return bytes / (gbps * Ratio(1000000)); }

}  // namespace tally::ch04
