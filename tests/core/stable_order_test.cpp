#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/stable_order.hpp"

using tally::u128;

TEST_CASE("stable_order: ascending keys, equal keys in their first order") {
    CHECK(tally::stable_order({}).empty());
    CHECK(tally::stable_order({7}) == std::vector<std::size_t>{0});
    CHECK(tally::stable_order({3, 1, 2, 1, 3, 0}) == std::vector<std::size_t>{5, 1, 3, 2, 0, 4});
    CHECK(tally::stable_order({u128{1} << 100, 5, u128{1} << 100}) == std::vector<std::size_t>{1, 0, 2});
}

TEST_CASE("sort_stably_by: moves items into key order, ties kept (catalog, forward rows)") {
    std::vector<std::pair<int, std::string>> items = {{2, "b"}, {1, "a"}, {2, "c"}, {0, "z"}, {1, "d"}};
    tally::sort_stably_by(items, [](const auto& it) { return u128(it.first); });
    const std::vector<std::pair<int, std::string>> expected = {{0, "z"}, {1, "a"}, {1, "d"}, {2, "b"}, {2, "c"}};
    CHECK(items == expected);
}
