#include "collectives.hpp"

namespace tally::ch10 {

Ring ring_all_reduce(const Ratio& bytes, u128 members, const Ratio& bytes_per_second, const Ratio& startup_seconds) {
    Ring r;
    r.moved_bytes = Ratio(2) * Ratio(members - 1, members) * bytes;
    r.seconds = r.moved_bytes / bytes_per_second + startup_seconds;
    return r;
}

Ratio exposed_reduce(const Ratio& reduce, const Ratio& compute, const Ratio& busy) {
    const Ratio free = busy < compute ? compute - busy : Ratio(0);
    return free < reduce ? reduce - free : Ratio(0);
}

Scaling strong_scaling(u128 base_cards, const Ratio& base_step, u128 cards, const Ratio& step) {
    Scaling s;
    s.ideal_step = base_step * Ratio(base_cards) / Ratio(cards);
    s.speedup = base_step / step;
    s.efficiency = s.speedup * Ratio(base_cards) / Ratio(cards);
    s.extra = s.ideal_step < step ? step - s.ideal_step : Ratio(0);
    return s;
}

BusyLinkReduce busy_link_reduce(const Ratio& reduce, const Ratio& compute, const Ratio& busy) {
    BusyLinkReduce r;
    r.end = busy + reduce;
    const Ratio left = busy < compute ? compute - busy : Ratio(0);
    r.usable = left < reduce ? left : reduce;
    r.exposed = compute < r.end ? r.end - compute : Ratio(0);
    return r;
}

}  // namespace tally::ch10
