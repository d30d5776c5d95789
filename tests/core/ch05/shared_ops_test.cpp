// Issue 41's traps in chapter 3's shared ops, which chapter 5 reuses:
// `amdahl` printed seconds for Example 5-2's microseconds and had no limit
// for s → ∞ (§5.6.1's 1.25×); `break_even_tasks` could not take §5.5.3's
// 10-minute search (1/6 h has no short decimal).
#include <doctest/doctest.h>

#include "core/ch03/critical_path.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("amdahl: Example 5-2 in μs (35 → 20 μs, 1.75×) and §5.6.1's limit 1.25×") {
    const Json us = result(Json::parse(R"({"op":"amdahl","total":"35","part":"20","speedup":"4","time_unit":"us"})"));
    CHECK(us["total_after"] == 20);
    CHECK(us["total_after_display"] == "20.000 μs");
    CHECK(us["rest_display"] == "15.000 μs");
    CHECK(us["speedup"] == "1.75");
    const Json ms = result(Json::parse(R"({"op":"amdahl","total":"35","part":"20","speedup":"4","time_unit":"ms"})"));
    CHECK(ms["total_after_display"] == "20.000 ms");
    // Seconds stay the default (Example 3-2).
    CHECK(result(Json::parse(R"({"op":"amdahl","total":"35","part":"20","speedup":"4"})"))["total_after_display"] == "20.000 秒");
    const auto f20 = ch03::amdahl(1, Ratio(1, 5), 2);
    CHECK(f20.total_after == Ratio(9, 10));
    CHECK(*f20.limit_speedup == Ratio(5, 4));
    CHECK(ch03::amdahl(1, Ratio(1, 5), 10).total_after == Ratio(82, 100));
    CHECK_FALSE(ch03::amdahl(1, 1, 2).limit_speedup.has_value());  // the whole task sped up: no ceiling
    CHECK(result(Json::parse(R"({"op":"amdahl","total":"1","part":"1","speedup":"2"})"))["limit_speedup"].is_null());
    const Json bad = error_of(Json::parse(R"({"op":"amdahl","total":"35","part":"20","speedup":"4","time_unit":"hours"})"));
    CHECK(bad["field"] == "time_unit");
    CHECK(bad["code"] == "flow_time_unit");
}

TEST_CASE("break_even_tasks: 10 minutes of search against 5 μs per call is 1.2×10⁸ calls") {
    const Json r = result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"0.000005"})"));
    CHECK(r["break_even"] == 120000000);
    CHECK(r["extra_gpu_seconds"] == 600);
    // The hours form still works (Exercise 3-10), and the two forms exclude each other.
    CHECK(result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"100000","saving_seconds":"0.72"})"))["break_even"] ==
          500000000);
    const Json both = error_of(
        Json::parse(R"({"op":"break_even_tasks","extra_gpu_hours":"1","extra_gpu_seconds":"600","saving_seconds":"1"})"));
    CHECK(both["code"] == "flow_extra_cost_choice");
    CHECK(error_of(Json::parse(R"({"op":"break_even_tasks","saving_seconds":"1"})"))["code"] == "flow_extra_cost_choice");
}

TEST_CASE("break_even_tasks times the break-even: 1.2×10⁸ calls take 3.3 h at 10,000 per second, 14 days at 100") {
    const Json fast = result(Json::parse(
        R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"0.000005","tasks_per_second":"10000"})"));
    CHECK(fast["break_even_wall_seconds"] == 12000);
    const Json slow = result(Json::parse(
        R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"0.000005","tasks_per_second":"100"})"));
    CHECK(slow["break_even_wall_seconds"] == 1200000);  // 13.9 days
    CHECK_FALSE(result(Json::parse(R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"1"})"))
                    .contains("break_even_wall_seconds"));
    CHECK(error_of(Json::parse(
              R"({"op":"break_even_tasks","extra_gpu_seconds":"600","saving_seconds":"1","tasks_per_second":"0"})"))["field"] ==
          "tasks_per_second");
}
