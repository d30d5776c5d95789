// §3.1.2's nearest-rank p95: rank ⌈0.95·n⌉ of the sorted observations.
#include <doctest/doctest.h>

#include "core/ch03/percentile.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch03 percentile: p95 of 4 observations is the largest, of 480 the 456th") {
    const Ratio p95(95, 100);
    CHECK(ch03::nearest_rank(4, p95) == 4);
    CHECK(ch03::nearest_rank(480, p95) == 456);
    CHECK(ch03::nearest_rank(20, p95) == 19);  // 0.95 × 20 = 19 exactly: no rounding up
    CHECK(ch03::nearest_rank(1, Ratio(1, 100)) == 1);
    const auto q = ch03::nearest_rank_percentile({Ratio(31, 10), Ratio(24, 10), Ratio(98, 10), Ratio(44, 10)}, p95);
    CHECK(q.rank == 4);
    CHECK(q.value == Ratio(98, 10));
    // The median of 1 … 480 by nearest rank is the 240th.
    std::vector<Ratio> many;
    for (u128 i = 480; i >= 1; --i) many.push_back(Ratio(i));
    CHECK(ch03::nearest_rank_percentile(many, Ratio(1, 2)).value == Ratio(240));
    CHECK(ch03::nearest_rank_percentile(many, p95).value == Ratio(456));
}

TEST_CASE("ch03 percentile: the sorted observations come out in order, repeats kept, for any length") {
    // Lengths around powers of two (the merge runs of every width, the last one short).
    for (u128 n : {u128{1}, u128{2}, u128{3}, u128{7}, u128{8}, u128{9}, u128{1000}, u128{1025}}) {
        std::vector<Ratio> values;
        // A scrambled order with each value twice: (37·i mod n) / 3 for i < n, then again.
        for (int twice = 0; twice < 2; ++twice) {
            for (u128 i = 0; i < n; ++i) values.push_back(Ratio(37 * i % n, 3));
        }
        const auto q = ch03::nearest_rank_percentile(values, Ratio(1));
        REQUIRE(q.sorted.size() == values.size());
        for (size_t k = 0; k < q.sorted.size(); ++k) CHECK(q.sorted[k] == Ratio(static_cast<u128>(k / 2), 3));
        CHECK(q.value == Ratio(n - 1, 3));
    }
}

TEST_CASE("ch03 percentile op: values or a count; refusals name the field") {
    const Json r = result(Json::parse(R"({"op":"percentile","values":["3.1","2.4","9.8","4.4"]})"));
    CHECK(r["rank"] == 4);
    CHECK(r["value"] == "9.8");
    CHECK(r["p"] == "0.95");
    const Json n = result(Json::parse(R"({"op":"percentile","count":480})"));
    CHECK(n["rank"] == 456);
    CHECK(n["value"].is_null());
    CHECK(result(Json::parse(R"({"op":"percentile","count":480,"p":"0.5"})"))["rank"] == 240);
    CHECK(error_of(Json::parse(R"({"op":"percentile"})"))["code"] == "flow_percentile_source");
    CHECK(error_of(Json::parse(R"({"op":"percentile","count":4,"values":["1"]})"))["code"] == "flow_percentile_source");
    const Json none = error_of(Json::parse(R"({"op":"percentile","values":[]})"));
    CHECK(none["code"] == "flow_list_empty");
    CHECK(none["field"] == "values");
    CHECK(error_of(Json::parse(R"({"op":"percentile","count":0})"))["field"] == "count");
    const Json zero_p = error_of(Json::parse(R"({"op":"percentile","count":4,"p":"0"})"));
    CHECK(zero_p["code"] == "flow_decimal_zero");
    CHECK(zero_p["field"] == "p");
    CHECK(error_of(Json::parse(R"({"op":"percentile","count":4,"p":"95"})"))["code"] == "flow_fraction_too_large");
    CHECK(error_of(Json::parse(R"({"op":"percentile","values":["1","-2"]})"))["field"] == "values[1]");
}
