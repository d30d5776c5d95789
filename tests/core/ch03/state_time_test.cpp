// §3.1.2's state × time (Figure 3-3: 1 GiB for 10 s = 10 GiB·s) and Little's
// law for tasks waiting on tools (Exercise 3-2: 2 tasks/s × 10 s × 1 GiB).
#include <doctest/doctest.h>

#include "core/ch03/state_time.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {
const Ratio kGiB(u128{1} << 30);
}

TEST_CASE("ch03 state time: 1 GiB held 10 s is 10 GiB·s") {
    const auto one = ch03::state_time({{kGiB, 10}});
    CHECK(one.area == kGiB * Ratio(10));
    // A state that grows: the area is the sum of the rectangles.
    const auto steps = ch03::state_time({{kGiB, 4}, {kGiB * Ratio(2), 3}, {0, 5}});
    CHECK(steps.area == kGiB * Ratio(10));
    CHECK(steps.seconds == Ratio(12));
    CHECK(steps.peak == kGiB * Ratio(2));
}

TEST_CASE("ch03 steady state: 20 tasks and 20 GiB waiting, 60 and 60 GiB at 30 s") {
    const auto ten = ch03::steady_state(2, 10, kGiB);
    CHECK(ten.tasks == Ratio(20));
    CHECK(ten.bytes == kGiB * Ratio(20));
    const auto thirty = ch03::steady_state(2, 30, kGiB);
    CHECK(thirty.tasks == Ratio(60));
    CHECK(thirty.bytes == kGiB * Ratio(60));
}

TEST_CASE("ch03 state_time and steady_state ops") {
    const Json a = result(Json::parse(R"({"op":"state_time","segments":[{"bytes":"1073741824","seconds":"10"}]})"));
    CHECK(a["area"] == 10737418240ULL);
    CHECK(a["area_display"] == "10 GiB·s");
    const Json s = result(Json::parse(R"({"op":"steady_state","rate":"2","wait_seconds":"30","state_bytes":"1073741824"})"));
    CHECK(s["tasks"] == 60);
    CHECK(s["bytes_display"] == "60 GiB");
    // Figure 3-3's one task follows τ: 1 GiB held 30 s is 30 GiB·s.
    CHECK(s["task_area_display"] == "30 GiB·s");
    const Json bad = error_of(Json::parse(R"({"op":"state_time","segments":[{"bytes":"1","seconds":"-1"}]})"));
    CHECK(bad["field"] == "segments[0].seconds");
    CHECK(bad["code"] == "flow_decimal_negative");
    const Json missing = error_of(Json::parse(R"({"op":"steady_state","rate":"2"})"));
    CHECK(missing["field"] == "wait_seconds");
    CHECK(missing["code"] == "flow_value_missing");
}
