// §3.2.4's tool chain (Figures 3-11 and 3-12, Exercise 3-4) and Example
// 3-2's Amdahl arithmetic.
#include <doctest/doctest.h>

#include "core/ch03/critical_path.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

namespace {

const std::vector<ch03::Stage> kToolTask = {{false, {2}}, {true, {6, 10}}, {false, {3}}};

Ratio thousandths(u128 n) { return Ratio(n, 1000); }
Ratio millionths(u128 n) { return Ratio(n, 1000000); }

}  // namespace

TEST_CASE("ch03 critical path: 21 s one after another, 15 s at once, 16 s of tool work either way") {
    const auto c = ch03::critical_path(kToolTask);
    CHECK(c.serial == Ratio(21));
    CHECK(c.parallel == Ratio(15));
    CHECK(c.tool_work == Ratio(16));
    CHECK(c.work == Ratio(21));
    // Exercise 3-4: 1 GiB held only while tools run: 16 and 10 GiB·s.
    CHECK(c.tool_wait_serial == Ratio(16));
    CHECK(c.tool_wait_parallel == Ratio(10));
}

TEST_CASE("ch03 Amdahl: Example 3-2's first round halved, 58.323 s and 1.31 times") {
    // The calculator's six-decimal trace (calculations/results/README.md):
    // 76.510279 s in all; halving the first round gives 58.322623 s, so the
    // first round took 2 × 18.187656 = 36.375312 s (printed 36.375).
    const auto a = ch03::amdahl(millionths(76510279), millionths(36375312), 2);
    CHECK(a.total_after == millionths(58322623));
    CHECK(fixed(a.total_after, 3) == "58.323");
    CHECK(fixed(a.speedup, 2) == "1.31");
    CHECK(fixed(a.share * Ratio(100), 1) == "47.5");
    CHECK(fixed(a.saved_share * Ratio(100), 1) == "23.8");
    CHECK(fixed(a.rest, 1) == "40.1");
    // From the printed 76.510 and 36.375 the new total is 58.3225, a tie at
    // three decimals: why the ledger takes the six-decimal trace.
    CHECK(ch03::amdahl(thousandths(76510), thousandths(36375), 2).total_after == Ratio(583225, 10000));
}

TEST_CASE("ch03 Amdahl: Exercise 3-4's first round ×4 saves 27.281 s, tools ×2 save 0.039 s") {
    const auto first = ch03::amdahl(thousandths(76510), thousandths(36375), 4);
    CHECK(fixed(first.saved, 3) == "27.281");
    CHECK(fixed(first.total_after, 3) == "49.229");
    const auto tools = ch03::amdahl(thousandths(76510), thousandths(78), 2);
    CHECK(tools.saved == thousandths(39));
    CHECK(tools.total_after == thousandths(76471));
    CHECK_FALSE(tools.slower);
}

TEST_CASE("ch03 Amdahl: a speed-up below 1 slows the task, and the saving is negative") {
    // The book's calculator on the measured task: the first round at half
    // speed takes 72.750 s instead of 36.375 s, so −36.375 s are "saved".
    const auto half = ch03::amdahl(thousandths(76510), thousandths(36375), Ratio(1, 2));
    CHECK(half.slower);
    CHECK(half.saved == thousandths(36375));
    CHECK(half.total_after == thousandths(112885));
    CHECK(fixed(half.speedup, 3) == "0.678");
    CHECK(ch03::amdahl(10, 4, Ratio(1, 2)).total_after == Ratio(14));
    // s = 1 changes nothing and is not "slower".
    const auto same = ch03::amdahl(10, 4, 1);
    CHECK_FALSE(same.slower);
    CHECK(same.saved == Ratio(0));
}

TEST_CASE("Amdahl with added serial time: Exercise 8-8's decode ÷ 4 plus 8 s of preparation, 70.5 s and 1.42 times") {
    // 100 s task, decode 50 s run four times faster, 8 s of draft
    // preparation on the critical path: 50 + 12.5 + 8 = 70.5 s.
    const auto prep = ch03::amdahl(100, 50, 4, 8);
    CHECK(prep.total_after == Ratio(141, 2));
    CHECK(prep.speedup == Ratio(200, 141));
    CHECK(fixed(prep.speedup, 2) == "1.42");
    CHECK(prep.saved == Ratio(59, 2));
    CHECK(prep.limit_speedup == Ratio(100, 58));
    // 37.5 s of preparation eats the whole saving: back to 100 s, not slower.
    const auto even = ch03::amdahl(100, 50, 4, Ratio(75, 2));
    CHECK(even.total_after == Ratio(100));
    CHECK_FALSE(even.slower);
    CHECK(ch03::amdahl(100, 50, 4, 40).slower);
    // No added time is the law as before.
    CHECK(ch03::amdahl(100, 50, 4, 0).total_after == ch03::amdahl(100, 50, 4).total_after);
}

TEST_CASE("ch03 critical_path and amdahl ops") {
    const Json r = result(Json::parse(
        R"({"op":"critical_path","stages":[{"kind":"model","seconds":["2"]},{"kind":"tool","seconds":["6","10"]},{"kind":"model","seconds":["3"]}],"state_bytes":"1073741824"})"));
    CHECK(r["serial"] == 21);
    CHECK(r["parallel"] == 15);
    CHECK(r["saved"] == 6);
    CHECK(r["tool_work"] == 16);
    CHECK(r["state_time_serial_display"] == "16 GiB·s");
    CHECK(r["state_time_parallel_display"] == "10 GiB·s");
    const Json kind = error_of(Json::parse(R"({"op":"critical_path","stages":[{"kind":"wait","seconds":["2"]}]})"));
    CHECK(kind["code"] == "flow_stage_kind");
    CHECK(kind["field"] == "stages[0].kind");
    CHECK(error_of(Json::parse(R"({"op":"critical_path","stages":[{"seconds":[]}]})"))["field"] == "stages[0].seconds");
    const Json a = result(Json::parse(R"({"op":"amdahl","total":"76.510","part":"36.375","speedup":"4"})"));
    CHECK(a["total_after_display"] == "49.229 秒");
    CHECK(a["saved"] == "27.28125");
    CHECK(a["saved_signed"] == "27.28125");
    CHECK(a["rest_display"] == "40.135 秒");  // Example 3-2's "still spent", with its unit
    CHECK(a["slower"] == false);
    const Json half = result(Json::parse(R"({"op":"amdahl","total":"76.510","part":"36.375","speedup":"0.5"})"));
    CHECK(half["slower"] == true);
    CHECK(half["saved_signed"] == "-36.375");
    CHECK(half["saved_display"] == "−36.375 秒");
    CHECK_FALSE(half.contains("saved"));
    CHECK(half["lost"] == "36.375");
    CHECK(half["total_after_display"] == "112.885 秒");
    CHECK(half["saved_percent_display"] == "−47.5%");
    const Json over = error_of(Json::parse(R"({"op":"amdahl","total":"10","part":"11","speedup":"2"})"));
    CHECK(over["code"] == "flow_part_exceeds_total");
    CHECK(over["field"] == "part");
    CHECK(error_of(Json::parse(R"({"op":"amdahl","total":"10","part":"1","speedup":"0"})"))["field"] == "speedup");
    const Json prep = result(Json::parse(R"({"op":"amdahl","total":"100","part":"50","speedup":"4","added":"8"})"));
    CHECK(prep["total_after"] == "70.5");
    CHECK(prep["total_after_display"] == "70.500 秒");
    CHECK(prep["speedup_display"] == "1.42");
    CHECK(prep["saved"] == "29.5");
    // Omitting `added` and sending "0" give the same answer.
    CHECK(result(Json::parse(R"({"op":"amdahl","total":"100","part":"50","speedup":"4","added":"0"})")) ==
          result(Json::parse(R"({"op":"amdahl","total":"100","part":"50","speedup":"4"})")));
    const Json minus = error_of(Json::parse(R"({"op":"amdahl","total":"100","part":"50","speedup":"4","added":"-1"})"));
    CHECK(minus["field"] == "added");
    CHECK(error_of(Json::parse(R"({"op":"amdahl","total":"100","part":"50","speedup":"4","added":"x"})"))["field"] == "added");
}
