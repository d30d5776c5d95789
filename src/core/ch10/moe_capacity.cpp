#include "moe_capacity.hpp"

namespace tally::ch10 {

Capacity moe_capacity(const std::vector<LoadGroup>& groups, const Ratio& capacity_factor) {
    Capacity c;
    for (const LoadGroup& g : groups) {
        c.experts = add(c.experts, g.experts);
        c.dispatches = add(c.dispatches, mul(g.experts, g.load));
    }
    c.capacity = (capacity_factor * Ratio(c.dispatches) / Ratio(c.experts)).floor();
    for (const LoadGroup& g : groups) {
        if (g.load > c.capacity)
            c.dropped = add(c.dropped, mul(g.experts, g.load - c.capacity));
        else
            c.padding = add(c.padding, mul(g.experts, c.capacity - g.load));
    }
    c.dropped_share = c.dispatches == 0 ? Ratio(0) : Ratio(c.dropped, c.dispatches);
    c.padding_share = c.capacity == 0 ? Ratio(0) : Ratio(c.padding, mul(c.experts, c.capacity));
    return c;
}

}  // namespace tally::ch10
