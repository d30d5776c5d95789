// Stable sorting of short lists (catalog entries, a forward call's line
// items) by an integer key.  std::stable_sort instantiated for each element
// type costs kilobytes of WASM apiece; here only the index order is sorted,
// by one non-template function, and each type just moves its items.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "exact.hpp"

namespace tally {

// Indices of `keys` in ascending key order, equal keys in their first order.
std::vector<std::size_t> stable_order(const std::vector<u128>& keys);

// Sorts integers in place (layer ids: short, and usually in order already,
// where the insertion sort is linear), without a std::sort instantiation.
void sort_integers(std::vector<u64>& values);

// Sorts `items` by key(item), keeping the order of equal keys.
template <class T, class Key>
void sort_stably_by(std::vector<T>& items, Key key) {
    std::vector<u128> keys;
    keys.reserve(items.size());
    for (const T& item : items) keys.push_back(key(item));
    std::vector<T> sorted;
    sorted.reserve(items.size());
    for (const std::size_t i : stable_order(keys)) sorted.push_back(std::move(items[i]));
    items = std::move(sorted);
}

}  // namespace tally
