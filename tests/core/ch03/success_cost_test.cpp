// §3.2.2's cost of a success (Figure 3-9, the price example, Exercise 3-3)
// and §3.2.4's hand-off: c_dec + e·c_LLM, break-even e ≈ 0.58 %.
#include <doctest/doctest.h>

#include "core/ch03/success_cost.hpp"
#include "core/format.hpp"
#include "../support.hpp"

using namespace tally;
using namespace tally::test;

TEST_CASE("ch03 success cost: 2 against 2.5 units, and the 75 % a 1.5-unit method needs") {
    CHECK(ch03::cost_per_success(1, Ratio(1, 2)) == Ratio(2));
    CHECK(ch03::cost_per_success(2, Ratio(4, 5)) == Ratio(5, 2));
    // Figure 3-9: 100 attempts each, 50 and 80 pass.
    CHECK(Ratio(100) / Ratio(50) == ch03::cost_per_success(1, Ratio(1, 2)));
    CHECK(ch03::success_needed(1, Ratio(1, 2), Ratio(3, 2)) == Ratio(3, 4));
    // A tenth of the price, twenty times the tokens, 50 % → 80 %: 1.25 times the cost per success.
    const Ratio ratio = ch03::cost_per_success(Ratio(20) * Ratio(1, 10), Ratio(4, 5)) / ch03::cost_per_success(1, Ratio(1, 2));
    CHECK(ratio == Ratio(5, 4));
    // A method costing 3 per attempt would need 150 %: no success rate is enough.
    CHECK(Ratio(1) < ch03::success_needed(1, Ratio(1, 2), 3));
}

TEST_CASE("ch03 hand-off: 0.58 % break-even; 1 % and 5 % hand-offs and the p2/p1 they need") {
    const Ratio dec(81, 1000000), llm(13880, 1000000);
    const auto one = ch03::handoff(dec, llm, Ratio(1, 100));
    CHECK(fixed(one.break_even * Ratio(100), 2) == "0.58");
    CHECK(one.per_request == Ratio(2198, 10000000));  // 0.0002198 USD
    CHECK(fixed(one.success_ratio, 2) == "2.71");
    const auto five = ch03::handoff(dec, llm, Ratio(5, 100));
    CHECK(five.per_request == Ratio(775, 1000000));  // 0.000775 USD
    CHECK(fixed(five.success_ratio, 2) == "9.57");
    CHECK(ch03::handoff(dec, llm, 0).success_ratio == Ratio(1));
}

TEST_CASE("ch03 success_cost and handoff_cost ops") {
    const Json r = result(Json::parse(R"({"op":"success_cost","cost":"1","success":"0.5","new_cost":"2","new_success":"0.8"})"));
    CHECK(r["cost_per_success"] == 2);
    CHECK(r["new_cost_per_success"] == "2.5");
    CHECK(r["ratio"] == "1.25");
    CHECK(r["cheaper"] == false);
    CHECK(r["success_needed"] == 1);
    const Json needed = result(Json::parse(R"({"op":"success_cost","cost":"1","success":"0.5","new_cost":"1.5"})"));
    CHECK(needed["success_needed"] == "0.75");
    CHECK(needed["success_needed_display"] == "75.0%");
    CHECK_FALSE(needed.contains("ratio"));
    const Json h =
        result(Json::parse(R"({"op":"handoff_cost","decision_cost":"0.000081","llm_cost":"0.013880","handoff":"0.05"})"));
    CHECK(h["per_request"] == "0.000775");
    CHECK(h["break_even_display"] == "0.58%");
    CHECK(h["success_ratio_display"] == "9.57");
    CHECK(error_of(Json::parse(R"({"op":"success_cost","cost":"1","success":"1.2"})"))["code"] == "flow_fraction_too_large");
    CHECK(error_of(Json::parse(R"({"op":"success_cost","cost":"0","success":"0.5"})"))["field"] == "cost");
    CHECK(error_of(Json::parse(R"({"op":"success_cost","cost":"1","success":"0.5","new_success":"0.8"})"))["code"] ==
          "flow_new_cost_needed");
    CHECK(error_of(Json::parse(R"({"op":"handoff_cost","decision_cost":"1","llm_cost":"2","handoff":"1.5"})"))["field"] ==
          "handoff");
}
