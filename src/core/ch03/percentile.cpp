#include "core/ch03/percentile.hpp"

#include <algorithm>

namespace tally::ch03 {

namespace {

// Bottom-up merge sort (up to 100,000 values, so not an insertion sort): a
// std::sort of Ratio costs the WASM module 1.2 KB of code, this a third.
void sort_values(std::vector<Ratio>& values) {
    std::vector<Ratio> buffer(values.size());
    for (size_t width = 1; width < values.size(); width *= 2) {
        for (size_t lo = 0; lo < values.size(); lo += 2 * width) {
            const size_t mid = std::min(lo + width, values.size());
            const size_t hi = std::min(lo + 2 * width, values.size());
            size_t a = lo, b = mid, out = lo;
            while (a < mid && b < hi) buffer[out++] = values[b] < values[a] ? values[b++] : values[a++];
            while (a < mid) buffer[out++] = values[a++];
            while (b < hi) buffer[out++] = values[b++];
        }
        values.swap(buffer);
    }
}

}  // namespace

u128 nearest_rank(u128 n, const Ratio& p) { return (p * Ratio(n)).ceil(); }

Percentile nearest_rank_percentile(std::vector<Ratio> values, const Ratio& p) {
    sort_values(values);
    Percentile out;
    out.rank = nearest_rank(values.size(), p);
    out.value = values[static_cast<size_t>(out.rank - 1)];
    out.sorted = std::move(values);
    return out;
}

}  // namespace tally::ch03
