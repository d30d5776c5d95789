#include "core/ch03/percentile.hpp"

#include <algorithm>

namespace tally::ch03 {

u128 nearest_rank(u128 n, const Ratio& p) { return (p * Ratio(n)).ceil(); }

Percentile nearest_rank_percentile(std::vector<Ratio> values, const Ratio& p) {
    std::sort(values.begin(), values.end());
    Percentile out;
    out.rank = nearest_rank(values.size(), p);
    out.value = values[static_cast<size_t>(out.rank - 1)];
    out.sorted = std::move(values);
    return out;
}

}  // namespace tally::ch03
