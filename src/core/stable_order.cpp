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

void sort_integers(std::vector<u64>& values) {
    const std::vector<u128> keys(values.begin(), values.end());
    std::size_t at = 0;
    for (const std::size_t i : stable_order(keys)) values[at++] = static_cast<u64>(keys[i]);
}

}  // namespace tally
