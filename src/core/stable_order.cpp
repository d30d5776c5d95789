#include "stable_order.hpp"

namespace tally {

// Insertion sort: the lists are tens of items long, and it is stable and
// small.  An index moves left only past strictly greater keys.
std::vector<std::size_t> stable_order(const std::vector<u128>& keys) {
    std::vector<std::size_t> order(keys.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        const std::size_t index = i;
        std::size_t at = i;
        for (; at > 0 && keys[order[at - 1]] > keys[index]; --at) order[at] = order[at - 1];
        order[at] = index;
    }
    return order;
}

}  // namespace tally
